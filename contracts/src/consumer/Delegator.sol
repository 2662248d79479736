// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IDelegator} from "./Interfaces.sol";

/// @title Delegator
/// @notice Names the off-chain signer whose EIP-712 signatures may create
/// delegated subscriptions owned by this contract.
abstract contract Delegator is IDelegator {
    address private _signer;

    /// @notice Emitted when the signer changes.
    event SignerUpdated(address indexed signer);

    constructor(address signer) {
        _updateSigner(signer);
    }

    /// @inheritdoc IDelegator
    function getSigner() external view returns (address) {
        return _signer;
    }

    /// @notice Replaces the signer; new delegated subscriptions must be
    /// signed by it (existing ones stay).
    function _updateSigner(address signer) internal {
        _signer = signer;
        emit SignerUpdated(signer);
    }
}
