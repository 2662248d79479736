// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Coordinator} from "../Coordinator.sol";
import {IComputeConsumer} from "./Interfaces.sol";

/// @title BaseConsumer
/// @notice Receives compute results from one Coordinator. Inherit it (through
/// CallbackConsumer or SubscriptionConsumer) and implement `_receiveCompute`.
abstract contract BaseConsumer is IComputeConsumer {
    /// receiveCompute was called by someone other than the Coordinator.
    error NotCoordinator(address caller);

    /// @notice The Coordinator this consumer trusts for callbacks.
    Coordinator public immutable COORDINATOR;

    constructor(address coordinator) {
        COORDINATOR = Coordinator(coordinator);
    }

    /// @inheritdoc IComputeConsumer
    function receiveCompute(bytes32 taskId, bytes calldata output, bytes calldata proof) external {
        if (msg.sender != address(COORDINATOR)) revert NotCoordinator(msg.sender);
        _receiveCompute(taskId, output, proof);
    }

    /// @inheritdoc IComputeConsumer
    /// @dev Override to compute inputs on demand for subscriptions created
    /// with empty `inputs`. The default is empty bytes.
    function getContainerInputs(uint32, uint32, uint32, address) external view virtual returns (bytes memory) {
        return "";
    }

    /// @notice Handles a delivered result. Runs with the subscription's
    /// `maxGasLimit` gas; a revert here does not undo the delivery.
    function _receiveCompute(bytes32 taskId, bytes calldata output, bytes calldata proof) internal virtual;
}
