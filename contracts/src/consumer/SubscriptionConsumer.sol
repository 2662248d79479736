// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {BaseConsumer} from "./BaseConsumer.sol";
import {Subscription} from "../Subscription.sol";

/// @title SubscriptionConsumer
/// @notice Recurring subscriptions: `frequency` intervals of `period`
/// seconds from now. Empty `inputs` make nodes call `getContainerInputs`.
abstract contract SubscriptionConsumer is BaseConsumer {
    /// @notice Creates a recurring subscription starting at this block.
    function _createComputeSubscription(
        string memory containerId,
        bytes memory inputs,
        uint32 frequency,
        uint32 period,
        uint16 redundancy,
        uint48 maxGasPrice,
        uint32 maxGasLimit
    ) internal returns (uint32 subscriptionId) {
        Subscription memory sub;
        sub.owner = address(this);
        sub.activeAt = uint32(block.timestamp);
        sub.period = period;
        sub.frequency = frequency;
        sub.redundancy = redundancy;
        sub.maxGasPrice = maxGasPrice;
        sub.maxGasLimit = maxGasLimit;
        sub.containerId = containerId;
        sub.inputs = inputs;
        return COORDINATOR.createSubscription(sub);
    }

    /// @notice Cancels one of this contract's subscriptions.
    function _cancelComputeSubscription(uint32 subscriptionId) internal {
        COORDINATOR.cancelSubscription(subscriptionId);
    }
}
