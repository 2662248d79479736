// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SubscriptionConsumer} from "../src/consumer/SubscriptionConsumer.sol";
import {BaseConsumer} from "../src/consumer/BaseConsumer.sol";
import {Delegator} from "../src/consumer/Delegator.sol";
import {Subscription} from "../src/Subscription.sol";

/// @title TestConsumer
/// @notice A consumer with knobs for the Coordinator's tests (not deployed
/// by infernode): raw subscriptions, cancel, signer changes, a callback that
/// records its gas, can revert or try to re-enter the Coordinator.
contract TestConsumer is SubscriptionConsumer, Delegator {
    enum Mode {
        Record,
        Revert,
        Reenter,
        BurnAll
    }

    Mode public mode;
    uint256 public lastGas;
    bytes32 public lastTaskId;
    bytes public lastOutput;
    uint256 public calls;
    bool public reenterFailed;
    bytes public reenterReason;

    constructor(address coordinator, address signer) BaseConsumer(coordinator) Delegator(signer) {}

    function setMode(Mode m) external {
        mode = m;
    }

    function setSigner(address signer) external {
        _updateSigner(signer);
    }

    /// Passes `sub` to the Coordinator unchanged (any field, any owner).
    function createRaw(Subscription calldata sub) external returns (uint32) {
        return COORDINATOR.createSubscription(sub);
    }

    function cancel(uint32 subscriptionId) external {
        _cancelComputeSubscription(subscriptionId);
    }

    function _receiveCompute(bytes32 taskId, bytes calldata output, bytes calldata proof) internal override {
        uint256 g = gasleft();
        if (mode == Mode.Revert) revert("TestConsumer: revert");
        if (mode == Mode.BurnAll) {
            while (true) {}
        }
        if (mode == Mode.Reenter) {
            try COORDINATOR.deliverCompute(1, 1, "", output, proof, address(0)) {}
            catch (bytes memory reason) {
                reenterFailed = true;
                reenterReason = reason;
            }
        }
        lastGas = g;
        lastTaskId = taskId;
        lastOutput = output;
        calls++;
    }
}
