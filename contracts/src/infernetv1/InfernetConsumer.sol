// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IInfernetCoordinator, IInfernetRegistry} from "./IInfernet.sol";

/// @title InfernetBaseConsumer
/// @notice A consumer of the Infernet SDK v1 Coordinator, with the same
/// external interface as the SDK's BaseConsumer: the Coordinator calls
/// `rawReceiveCompute` on delivery and nodes call `getContainerInputs` for a
/// subscription's inputs.
abstract contract InfernetBaseConsumer {
    IInfernetCoordinator internal immutable COORDINATOR;
    address internal immutable INBOX;

    /// @notice rawReceiveCompute was called by someone other than the Coordinator.
    error NotCoordinator();

    constructor(address registry) {
        COORDINATOR = IInfernetCoordinator(IInfernetRegistry(registry).COORDINATOR());
        INBOX = IInfernetRegistry(registry).INBOX();
    }

    /// @notice A delivery: `redundancy` is this node's rank in the interval
    /// (1 = first); lazy subscriptions get empty input/output/proof and the
    /// Inbox `containerId` and `index` of the stored result instead.
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
    ) internal virtual;

    /// @notice The container input of a subscription's interval; nodes call
    /// it (eth_call) before computing.
    function getContainerInputs(uint32 subscriptionId, uint32 interval, uint32 timestamp, address caller)
        external
        view
        virtual
        returns (bytes memory);

    /// @notice The Coordinator's callback.
    function rawReceiveCompute(
        uint32 subscriptionId,
        uint32 interval,
        uint16 redundancy,
        address node,
        bytes calldata input,
        bytes calldata output,
        bytes calldata proof,
        bytes32 containerId,
        uint256 index
    ) external {
        if (msg.sender != address(COORDINATOR)) revert NotCoordinator();
        _receiveCompute(subscriptionId, interval, redundancy, node, input, output, proof, containerId, index);
    }
}

/// @title InfernetCallbackConsumer
/// @notice One-shot requests (frequency 1, period 0, never lazy), as the
/// SDK's CallbackConsumer: the request's input is kept here and served to
/// nodes through getContainerInputs.
abstract contract InfernetCallbackConsumer is InfernetBaseConsumer {
    mapping(uint32 => bytes) internal requestInputs;

    /// @notice Requests one computation of `containerId` on `inputs`.
    function _requestCompute(
        string memory containerId,
        bytes memory inputs,
        uint16 redundancy,
        address paymentToken,
        uint256 paymentAmount,
        address wallet,
        address verifier
    ) internal returns (uint32 subscriptionId) {
        subscriptionId = COORDINATOR.createSubscription(
            containerId, 1, 0, redundancy, false, paymentToken, paymentAmount, wallet, verifier
        );
        requestInputs[subscriptionId] = inputs;
    }

    function getContainerInputs(uint32 subscriptionId, uint32, uint32, address)
        external
        view
        virtual
        override
        returns (bytes memory)
    {
        return requestInputs[subscriptionId];
    }
}

/// @title InfernetSubscriptionConsumer
/// @notice Recurring subscriptions, as the SDK's SubscriptionConsumer; the
/// inheriting contract serves inputs through getContainerInputs.
abstract contract InfernetSubscriptionConsumer is InfernetBaseConsumer {
    function _createComputeSubscription(
        string memory containerId,
        uint32 frequency,
        uint32 period,
        uint16 redundancy,
        bool lazy,
        address paymentToken,
        uint256 paymentAmount,
        address wallet,
        address verifier
    ) internal returns (uint32) {
        return COORDINATOR.createSubscription(
            containerId, frequency, period, redundancy, lazy, paymentToken, paymentAmount, wallet, verifier
        );
    }

    function _cancelComputeSubscription(uint32 subscriptionId) internal {
        COORDINATOR.cancelSubscription(subscriptionId);
    }
}

/// @title InfernetDelegator
/// @notice Names the signer whose EIP-712 signatures create subscriptions
/// owned by this contract (createSubscriptionDelegatee checks `getSigner()`).
abstract contract InfernetDelegator {
    address private signer;

    constructor(address signer_) {
        signer = signer_;
    }

    function _updateSigner(address newSigner) internal {
        signer = newSigner;
    }

    function getSigner() external view returns (address) {
        return signer;
    }
}
