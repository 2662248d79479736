// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IVerifier} from "../src/payments/IVerifier.sol";
import {Coordinator} from "../src/Coordinator.sol";

/// @title TestVerifier
/// @notice An `IVerifier` for tests (not deployed by infernode). A proof is
/// valid when it equals `keccak256("valid")`'s 32 bytes. Atomic mode
/// finalizes inside `requestProofVerification`; optimistic mode records the
/// request and `finalize` answers later.
contract TestVerifier is IVerifier {
    Coordinator public immutable COORDINATOR;
    bool public atomic;
    address public wallet;
    mapping(address => bool) public supported;
    mapping(address => uint256) public fees;
    uint256 public requests;

    error NotCoordinator(address caller);

    constructor(address coordinator, bool atomic_, address wallet_) {
        COORDINATOR = Coordinator(coordinator);
        atomic = atomic_;
        wallet = wallet_;
    }

    function setToken(address token, bool ok, uint256 fee_) external {
        supported[token] = ok;
        fees[token] = fee_;
    }

    function getWallet() external view returns (address) {
        return wallet;
    }

    function isSupportedToken(address token) external view returns (bool) {
        return supported[token];
    }

    function fee(address token) external view returns (uint256) {
        return fees[token];
    }

    /// @notice Whether `proof` is what this verifier accepts.
    function isValid(bytes calldata proof) public pure returns (bool) {
        return keccak256(proof) == keccak256(abi.encode(keccak256("valid")));
    }

    function requestProofVerification(uint32 subscriptionId, uint32 interval, address node, bytes calldata proof)
        external
    {
        if (msg.sender != address(COORDINATOR)) revert NotCoordinator(msg.sender);
        requests++;
        if (atomic) COORDINATOR.finalizeProofVerification(subscriptionId, interval, node, isValid(proof));
    }

    /// @notice Optimistic mode: the verdict, given later.
    function finalize(uint32 subscriptionId, uint32 interval, address node, bool valid) external {
        COORDINATOR.finalizeProofVerification(subscriptionId, interval, node, valid);
    }
}
