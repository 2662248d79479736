// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {
    InfernetBaseConsumer,
    InfernetCallbackConsumer,
    InfernetSubscriptionConsumer,
    InfernetDelegator
} from "../../src/infernetv1/InfernetConsumer.sol";

/// @title InfernetTestRecorder
/// @notice Records every rawReceiveCompute a test consumer receives, and can
/// be told to revert in it (to test that a failed callback fails the delivery).
abstract contract InfernetTestRecorder is InfernetBaseConsumer {
    struct Delivery {
        uint32 subscriptionId;
        uint32 interval;
        uint16 redundancy;
        address node;
        bytes input;
        bytes output;
        bytes proof;
        bytes32 containerId;
        uint256 index;
    }

    Delivery[] private _deliveries;
    bool public failCallbacks;

    error CallbackFailed();

    function setFailCallbacks(bool fail) external {
        failCallbacks = fail;
    }

    function deliveryCount() external view returns (uint256) {
        return _deliveries.length;
    }

    function delivery(uint256 i) external view returns (Delivery memory) {
        return _deliveries[i];
    }

    function _receiveCompute(
        uint32 subscriptionId,
        uint32 interval,
        uint16 redundancy,
        address node,
        bytes calldata input,
        bytes calldata output,
        bytes calldata proof,
        bytes32 containerId,
        uint256 index
    ) internal override {
        if (failCallbacks) revert CallbackFailed();
        _deliveries.push(Delivery(subscriptionId, interval, redundancy, node, input, output, proof, containerId, index));
    }
}

/// @title InfernetTestCallbackConsumer
/// @notice One-shot requests through the SDK's CallbackConsumer shape; the
/// request's input is served by getContainerInputs. `lazy` requests (which
/// the SDK's CallbackConsumer never makes) go to createSubscription directly.
contract InfernetTestCallbackConsumer is InfernetCallbackConsumer, InfernetTestRecorder {
    constructor(address registry) InfernetBaseConsumer(registry) {}

    function request(
        string calldata containerId,
        bytes calldata input,
        uint16 redundancy,
        address paymentToken,
        uint256 paymentAmount,
        address wallet,
        address verifier,
        bool lazy
    ) external returns (uint32 subscriptionId) {
        if (!lazy) {
            return _requestCompute(containerId, input, redundancy, paymentToken, paymentAmount, wallet, verifier);
        }
        subscriptionId =
            COORDINATOR.createSubscription(containerId, 1, 0, redundancy, true, paymentToken, paymentAmount, wallet, verifier);
        requestInputs[subscriptionId] = input;
    }
}

/// @title InfernetTestSubscriptionConsumer
/// @notice Recurring subscriptions; getContainerInputs serves the
/// subscription's input followed by the interval as 4 big-endian bytes, so
/// every interval has its own input.
contract InfernetTestSubscriptionConsumer is InfernetSubscriptionConsumer, InfernetTestRecorder {
    mapping(uint32 => bytes) public inputs;

    constructor(address registry) InfernetBaseConsumer(registry) {}

    function subscribe(
        string calldata containerId,
        bytes calldata input,
        uint32 frequency,
        uint32 period,
        uint16 redundancy,
        bool lazy,
        address paymentToken,
        uint256 paymentAmount,
        address wallet,
        address verifier
    ) external returns (uint32 subscriptionId) {
        subscriptionId = _createComputeSubscription(
            containerId, frequency, period, redundancy, lazy, paymentToken, paymentAmount, wallet, verifier
        );
        inputs[subscriptionId] = input;
    }

    function cancel(uint32 subscriptionId) external {
        _cancelComputeSubscription(subscriptionId);
    }

    function getContainerInputs(uint32 subscriptionId, uint32 interval, uint32, address)
        external
        view
        override
        returns (bytes memory)
    {
        return abi.encodePacked(inputs[subscriptionId], interval);
    }
}

/// @title InfernetTestDelegatedConsumer
/// @notice Owns subscriptions its signer signs off-chain (SDK Delegator):
/// nodes create them with createSubscriptionDelegatee. getContainerInputs
/// serves `input` followed by the interval as 4 big-endian bytes.
contract InfernetTestDelegatedConsumer is InfernetBaseConsumer, InfernetDelegator, InfernetTestRecorder {
    bytes public input;

    constructor(address registry, address signer) InfernetBaseConsumer(registry) InfernetDelegator(signer) {}

    function setSigner(address signer) external {
        _updateSigner(signer);
    }

    function setInput(bytes calldata input_) external {
        input = input_;
    }

    function getContainerInputs(uint32, uint32 interval, uint32, address)
        external
        view
        override
        returns (bytes memory)
    {
        return abi.encodePacked(input, interval);
    }
}
