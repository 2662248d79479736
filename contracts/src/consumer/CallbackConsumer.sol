// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {BaseConsumer} from "./BaseConsumer.sol";
import {Subscription} from "../Subscription.sol";

/// @title CallbackConsumer
/// @notice One-shot requests: one interval (`frequency 1, period 0`),
/// delivered as soon as a node sees it.
abstract contract CallbackConsumer is BaseConsumer {
    /// @notice Requests one computation.
    /// @return subscriptionId the Coordinator's id; the callback's taskId is
    /// `COORDINATOR.taskId(subscriptionId, 1)`.
    function _requestCompute(
        string memory containerId,
        bytes memory inputs,
        uint16 redundancy,
        uint48 maxGasPrice,
        uint32 maxGasLimit
    ) internal returns (uint32 subscriptionId) {
        Subscription memory sub;
        sub.owner = address(this);
        sub.activeAt = uint32(block.timestamp);
        sub.frequency = 1;
        sub.redundancy = redundancy;
        sub.maxGasPrice = maxGasPrice;
        sub.maxGasLimit = maxGasLimit;
        sub.containerId = containerId;
        sub.inputs = inputs;
        return COORDINATOR.createSubscription(sub);
    }

    /// @notice Requests one computation that pays `paymentAmount` of
    /// `paymentToken` (zero address: native coin) from `wallet`, a factory
    /// Wallet that allows this contract to spend it; `verifier` non-zero has
    /// the proof checked; `lazy` keeps the output in the Coordinator's
    /// `inbox` and calls back with the task id and empty bytes.
    function _requestPaidCompute(
        string memory containerId,
        bytes memory inputs,
        uint16 redundancy,
        uint48 maxGasPrice,
        uint32 maxGasLimit,
        Payment memory payment
    ) internal returns (uint32 subscriptionId) {
        Subscription memory sub;
        sub.owner = address(this);
        sub.activeAt = uint32(block.timestamp);
        sub.frequency = 1;
        sub.redundancy = redundancy;
        sub.maxGasPrice = maxGasPrice;
        sub.maxGasLimit = maxGasLimit;
        sub.containerId = containerId;
        sub.inputs = inputs;
        sub.lazy = payment.lazy;
        sub.verifier = payment.verifier;
        sub.paymentAmount = payment.amount;
        sub.paymentToken = payment.token;
        sub.wallet = payment.wallet;
        return COORDINATOR.createSubscription(sub);
    }

    /// How a request pays, who verifies it and whether it is lazy.
    struct Payment {
        address token;
        uint256 amount;
        address wallet;
        address verifier;
        bool lazy;
    }
}
