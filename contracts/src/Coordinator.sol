// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Subscription} from "./Subscription.sol";
import {IComputeConsumer, IDelegator} from "./consumer/Interfaces.sol";

/// @title Coordinator
/// @notice Keeps compute subscriptions, checks deliveries by nodes and calls
/// the subscription owner back with `(taskId, output, proof)` (SPEC §6).
/// @dev Payments, verifiers and lazy delivery are not specified yet: a
/// subscription asking for them is rejected at creation.
contract Coordinator is EIP712, ReentrancyGuardTransient {
    /// @notice EIP-712 type hash of `Subscription`.
    bytes32 public constant SUBSCRIPTION_TYPEHASH = keccak256(
        "Subscription(address owner,uint32 activeAt,uint32 period,uint32 frequency,uint16 redundancy,uint48 maxGasPrice,uint32 maxGasLimit,string containerId,bytes inputs,bool lazy,address verifier,uint256 paymentAmount,address paymentToken,address wallet)"
    );

    /// @notice EIP-712 type hash of `DelegateSubscription`.
    bytes32 public constant DELEGATE_SUBSCRIPTION_TYPEHASH = keccak256(
        "DelegateSubscription(uint32 nonce,uint32 expiry,Subscription sub)Subscription(address owner,uint32 activeAt,uint32 period,uint32 frequency,uint16 redundancy,uint48 maxGasPrice,uint32 maxGasLimit,string containerId,bytes inputs,bool lazy,address verifier,uint256 paymentAmount,address paymentToken,address wallet)"
    );

    /// @notice Gas kept back for the callback CALL itself (cold account
    /// access, stack work) when checking the callback gets `maxGasLimit`.
    uint256 public constant CALLBACK_CALL_RESERVE = 5_000;

    /// @notice `activeAt` of a cancelled subscription.
    uint32 public constant CANCELLED = type(uint32).max;

    // --- errors -----------------------------------------------------------

    /// createSubscription called by someone other than `sub.owner`.
    error OwnerMismatch(address owner, address caller);
    /// A subscription's owner is the zero address.
    error ZeroOwner();
    /// `frequency` is 0: the subscription would never be deliverable.
    error InvalidFrequency();
    /// `redundancy` is 0: no node could deliver.
    error InvalidRedundancy();
    /// `maxGasLimit` is 0: the callback could not run.
    error InvalidMaxGasLimit();
    /// `containerId` is empty.
    error EmptyContainerId();
    /// `activeAt` is `type(uint32).max`, the cancelled marker.
    error InvalidActiveAt();
    /// `lazy` is true: lazy delivery is not specified yet.
    error LazyNotSupported();
    /// `verifier` is set: proof verification is not specified yet.
    error VerifierNotSupported();
    /// `paymentAmount`, `paymentToken` or `wallet` is set: payments are not specified yet.
    error PaymentsNotSupported();
    /// No subscription has this id.
    error SubscriptionNotFound(uint32 subscriptionId);
    /// Caller is not the subscription's owner.
    error NotSubscriptionOwner(uint32 subscriptionId, address caller);
    /// The subscription was cancelled.
    error SubscriptionIsCancelled(uint32 subscriptionId);
    /// `block.timestamp < activeAt`.
    error SubscriptionNotActive(uint32 subscriptionId, uint32 activeAt);
    /// The current interval is past `frequency`.
    error SubscriptionCompleted(uint32 subscriptionId);
    /// The delivered interval is not the current one.
    error IntervalMismatch(uint32 expected, uint32 delivered);
    /// `tx.gasprice > maxGasPrice`.
    error GasPriceExceeded(uint256 gasPrice, uint256 maxGasPrice);
    /// This node already delivered this interval.
    error NodeAlreadyResponded(uint32 subscriptionId, uint32 interval, address node);
    /// `redundancy` nodes already delivered this interval.
    error IntervalRedundancyReached(uint32 subscriptionId, uint32 interval);
    /// Not enough gas left to give the callback exactly `maxGasLimit`.
    error InsufficientGasForCallback(uint256 required, uint256 available);
    /// The delegated signature's expiry has passed (`block.timestamp >= expiry`).
    error SignatureExpired(uint32 expiry);
    /// The signature does not recover to an address (bad v, r or s).
    error InvalidSignature();
    /// The signature's s is in the upper half order (malleable).
    error InvalidSignatureS(bytes32 s);
    /// The signature was not made by the owner's `getSigner()`.
    error SignerMismatch(address expected, address recovered);
    /// The owner does not answer `getSigner()`.
    error OwnerHasNoSigner(address owner);

    // --- events -----------------------------------------------------------

    /// @notice A subscription was created. `containerIdHash` is
    /// `keccak256(bytes(containerId))` so nodes can filter for their pipelines.
    event SubscriptionCreated(uint32 indexed id, bytes32 indexed containerIdHash, address indexed owner);
    /// @notice A subscription was cancelled by its owner.
    event SubscriptionCancelled(uint32 indexed id, bytes32 indexed containerIdHash, address indexed owner);
    /// @notice A node delivered an interval and the owner was called back.
    event ComputeDelivered(uint32 indexed id, uint32 interval, address indexed node, bytes32 taskId);
    /// @notice The owner's callback reverted or ran out of gas; the delivery
    /// still counts (the node did the work).
    event CallbackFailed(uint32 indexed id, uint32 interval, address indexed node, bytes32 taskId);

    // --- state ------------------------------------------------------------

    /// @notice Number of subscriptions created; ids run from 1 to this.
    uint32 public subscriptionCount;

    mapping(uint32 => Subscription) private _subscriptions;
    mapping(bytes32 => uint16) private _responseCount; // keccak(id, interval)
    mapping(bytes32 => bool) private _responded; // keccak(id, interval, node)
    mapping(bytes32 => uint32) private _delegateIds; // keccak(owner, nonce)

    constructor() EIP712("InferenceCoordinator", "1") {}

    // --- subscriptions ----------------------------------------------------

    /// @notice Creates a subscription owned by the caller (`sub.owner` must
    /// be `msg.sender`).
    function createSubscription(Subscription calldata sub) external returns (uint32) {
        if (sub.owner != msg.sender) revert OwnerMismatch(sub.owner, msg.sender);
        return _create(sub);
    }

    /// @notice Cancels a subscription: no interval can be delivered after this.
    function cancelSubscription(uint32 subscriptionId) external {
        Subscription storage sub = _subscriptions[subscriptionId];
        address owner = sub.owner;
        if (owner == address(0)) revert SubscriptionNotFound(subscriptionId);
        if (owner != msg.sender) revert NotSubscriptionOwner(subscriptionId, msg.sender);
        if (sub.activeAt == CANCELLED) revert SubscriptionIsCancelled(subscriptionId);
        sub.activeAt = CANCELLED;
        emit SubscriptionCancelled(subscriptionId, keccak256(bytes(sub.containerId)), owner);
    }

    /// @notice Returns a subscription (all zero when it does not exist).
    function getSubscription(uint32 subscriptionId) external view returns (Subscription memory) {
        return _subscriptions[subscriptionId];
    }

    /// @notice The interval deliverable now, or 0 when none is (not found,
    /// cancelled, not active yet, or past `frequency`).
    function currentInterval(uint32 subscriptionId) external view returns (uint32) {
        Subscription storage sub = _subscriptions[subscriptionId];
        if (sub.owner == address(0) || sub.activeAt == CANCELLED || block.timestamp < sub.activeAt) return 0;
        uint256 interval = _interval(sub.activeAt, sub.period);
        return interval > sub.frequency ? 0 : uint32(interval);
    }

    /// @notice Whether `node` delivered `interval` of a subscription.
    function nodeResponded(uint32 subscriptionId, uint32 interval, address node) external view returns (bool) {
        return _responded[keccak256(abi.encode(subscriptionId, interval, node))];
    }

    /// @notice How many nodes delivered `interval` of a subscription.
    function responseCount(uint32 subscriptionId, uint32 interval) external view returns (uint16) {
        return _responseCount[keccak256(abi.encode(subscriptionId, interval))];
    }

    /// @notice `keccak256(abi.encode(block.chainid, coordinator, subscriptionId, interval))`.
    function taskId(uint32 subscriptionId, uint32 interval) public view returns (bytes32) {
        return keccak256(abi.encode(block.chainid, address(this), subscriptionId, interval));
    }

    // --- delegated subscriptions -----------------------------------------

    /// @notice The id of the subscription created for `(owner, nonce)`, or 0.
    function delegateSubscriptionId(address owner, uint32 nonce) external view returns (uint32) {
        return _delegateIds[keccak256(abi.encode(owner, nonce))];
    }

    /// @notice The EIP-712 digest the owner's signer signs for a delegated subscription.
    function delegateDigest(uint32 nonce, uint32 expiry, Subscription calldata sub) public view returns (bytes32) {
        return _hashTypedDataV4(
            keccak256(abi.encode(DELEGATE_SUBSCRIPTION_TYPEHASH, nonce, expiry, hashSubscription(sub)))
        );
    }

    /// @notice The EIP-712 struct hash of a `Subscription`.
    function hashSubscription(Subscription calldata sub) public pure returns (bytes32) {
        // Two halves: every member encodes to one 32-byte word, so the
        // concatenation equals abi.encode of all of them (and avoids a deep stack).
        return keccak256(
            bytes.concat(
                abi.encode(
                    SUBSCRIPTION_TYPEHASH,
                    sub.owner,
                    sub.activeAt,
                    sub.period,
                    sub.frequency,
                    sub.redundancy,
                    sub.maxGasPrice,
                    sub.maxGasLimit
                ),
                abi.encode(
                    keccak256(bytes(sub.containerId)),
                    keccak256(sub.inputs),
                    sub.lazy,
                    sub.verifier,
                    sub.paymentAmount,
                    sub.paymentToken,
                    sub.wallet
                )
            )
        );
    }

    /// @notice Creates a subscription from a signature of the owner's
    /// `getSigner()`. A replay of `(owner, nonce)` returns the existing id
    /// and never creates a second subscription.
    function createSubscriptionDelegatee(
        uint32 nonce,
        uint32 expiry,
        Subscription calldata sub,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external nonReentrant returns (uint32) {
        return _createDelegatee(nonce, expiry, sub, v, r, s);
    }

    // --- delivery ---------------------------------------------------------

    /// @notice Delivers `interval` of a subscription: records the node's
    /// response and calls the owner back with exactly `maxGasLimit` gas.
    function deliverCompute(
        uint32 subscriptionId,
        uint32 deliveryInterval,
        bytes calldata input,
        bytes calldata output,
        bytes calldata proof
    ) external nonReentrant {
        input; // delivered for the record (calldata); the owner gets output and proof
        _deliver(subscriptionId, deliveryInterval, output, proof);
    }

    /// @notice Creates (or finds) a delegated subscription and delivers it in
    /// one transaction.
    function deliverComputeDelegatee(
        uint32 nonce,
        uint32 expiry,
        Subscription calldata sub,
        uint8 v,
        bytes32 r,
        bytes32 s,
        uint32 deliveryInterval,
        bytes calldata input,
        bytes calldata output,
        bytes calldata proof
    ) external nonReentrant {
        input;
        uint32 id = _createDelegatee(nonce, expiry, sub, v, r, s);
        _deliver(id, deliveryInterval, output, proof);
    }

    // --- internals --------------------------------------------------------

    function _createDelegatee(
        uint32 nonce,
        uint32 expiry,
        Subscription calldata sub,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) private returns (uint32) {
        bytes32 key = keccak256(abi.encode(sub.owner, nonce));
        uint32 existing = _delegateIds[key];
        if (existing != 0) return existing;
        if (block.timestamp >= expiry) revert SignatureExpired(expiry);

        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecover(delegateDigest(nonce, expiry, sub), v, r, s);
        if (err == ECDSA.RecoverError.InvalidSignatureS) revert InvalidSignatureS(s);
        if (err != ECDSA.RecoverError.NoError) revert InvalidSignature();

        if (sub.owner == address(0)) revert ZeroOwner();
        address expected = _signerOf(sub.owner);
        if (recovered != expected) revert SignerMismatch(expected, recovered);

        uint32 id = _create(sub);
        _delegateIds[key] = id;
        return id;
    }

    function _signerOf(address owner) private view returns (address) {
        if (owner.code.length == 0) revert OwnerHasNoSigner(owner);
        try IDelegator(owner).getSigner() returns (address signer) {
            return signer;
        } catch {
            revert OwnerHasNoSigner(owner);
        }
    }

    function _create(Subscription calldata sub) private returns (uint32 id) {
        if (sub.owner == address(0)) revert ZeroOwner();
        if (sub.frequency == 0) revert InvalidFrequency();
        if (sub.redundancy == 0) revert InvalidRedundancy();
        if (sub.maxGasLimit == 0) revert InvalidMaxGasLimit();
        if (bytes(sub.containerId).length == 0) revert EmptyContainerId();
        if (sub.activeAt == CANCELLED) revert InvalidActiveAt();
        if (sub.lazy) revert LazyNotSupported();
        if (sub.verifier != address(0)) revert VerifierNotSupported();
        if (sub.paymentAmount != 0 || sub.paymentToken != address(0) || sub.wallet != address(0)) {
            revert PaymentsNotSupported();
        }
        id = ++subscriptionCount;
        _subscriptions[id] = sub;
        emit SubscriptionCreated(id, keccak256(bytes(sub.containerId)), sub.owner);
    }

    function _interval(uint32 activeAt, uint32 period) private view returns (uint256) {
        return period == 0 ? 1 : (block.timestamp - activeAt) / period + 1;
    }

    function _deliver(uint32 subscriptionId, uint32 deliveryInterval, bytes calldata output, bytes calldata proof)
        private
    {
        (address owner, uint32 gasLimit) = _record(subscriptionId, deliveryInterval);
        bytes32 id = taskId(subscriptionId, deliveryInterval);
        bool ok = _callback(owner, gasLimit, abi.encodeCall(IComputeConsumer.receiveCompute, (id, output, proof)));
        if (!ok) emit CallbackFailed(subscriptionId, deliveryInterval, msg.sender, id);
        emit ComputeDelivered(subscriptionId, deliveryInterval, msg.sender, id);
    }

    /// Checks that the caller may deliver `deliveryInterval` now and records
    /// its response (effects before the callback; every entry point is
    /// also nonReentrant).
    function _record(uint32 subscriptionId, uint32 deliveryInterval)
        private
        returns (address owner, uint32 maxGasLimit)
    {
        Subscription storage sub = _subscriptions[subscriptionId];
        owner = sub.owner;
        if (owner == address(0)) revert SubscriptionNotFound(subscriptionId);
        uint32 activeAt = sub.activeAt;
        if (activeAt == CANCELLED) revert SubscriptionIsCancelled(subscriptionId);
        if (block.timestamp < activeAt) revert SubscriptionNotActive(subscriptionId, activeAt);
        uint256 interval = _interval(activeAt, sub.period);
        if (interval > sub.frequency) revert SubscriptionCompleted(subscriptionId);
        if (interval != deliveryInterval) revert IntervalMismatch(uint32(interval), deliveryInterval);
        if (tx.gasprice > sub.maxGasPrice) revert GasPriceExceeded(tx.gasprice, sub.maxGasPrice);

        bytes32 nodeKey = keccak256(abi.encode(subscriptionId, deliveryInterval, msg.sender));
        if (_responded[nodeKey]) revert NodeAlreadyResponded(subscriptionId, deliveryInterval, msg.sender);
        bytes32 intervalKey = keccak256(abi.encode(subscriptionId, deliveryInterval));
        uint16 count = _responseCount[intervalKey];
        if (count >= sub.redundancy) revert IntervalRedundancyReached(subscriptionId, deliveryInterval);

        _responded[nodeKey] = true;
        _responseCount[intervalKey] = count + 1;
        maxGasLimit = sub.maxGasLimit;
    }

    /// Calls `target` with exactly `gasLimit` gas, reverting when less would
    /// reach it (EIP-150 passes at most 63/64 of what is left). The return
    /// data is never copied, so a callback cannot grief with a huge reply.
    function _callback(address target, uint256 gasLimit, bytes memory data) private returns (bool ok) {
        uint256 available = gasleft();
        if (available < CALLBACK_CALL_RESERVE) revert InsufficientGasForCallback(gasLimit, available);
        uint256 usable = available - CALLBACK_CALL_RESERVE;
        if (usable - usable / 64 < gasLimit) revert InsufficientGasForCallback(gasLimit, available);
        assembly ("memory-safe") {
            ok := call(gasLimit, target, 0, add(data, 0x20), mload(data), 0, 0)
        }
    }
}
