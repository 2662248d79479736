// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Subscription} from "./Subscription.sol";
import {IComputeConsumer, IDelegator} from "./consumer/Interfaces.sol";
import {Wallet} from "./payments/Wallet.sol";
import {WalletFactory} from "./payments/WalletFactory.sol";
import {IVerifier} from "./payments/IVerifier.sol";

/// @title Coordinator
/// @notice Keeps compute subscriptions, checks deliveries by nodes and calls
/// the subscription owner back with `(taskId, output, proof)` (SPEC §6).
/// Payments, proof verification and lazy delivery follow the Infernet SDK v1
/// semantics without its protocol fee: funds move between factory Wallets
/// within their allowances, a verifier's verdict pays the node or slashes its
/// collateral, and lazy outputs are kept in `inbox`.
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

    /// @notice How long a verifier has to finalize a proof request; after
    /// that its verdict no longer counts and the node is paid (the node may
    /// then finalize itself).
    uint32 public constant PROOF_VERIFICATION_WINDOW = 1 weeks;

    /// @notice The factory whose Wallets pay and get paid (deployed by this
    /// contract's constructor).
    WalletFactory public immutable WALLET_FACTORY;

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
    /// A paying subscription's `wallet`, or a delivery's `nodeWallet`, is not
    /// a Wallet of `WALLET_FACTORY`.
    error InvalidWallet(address wallet);
    /// The subscription's verifier does not take its payment token.
    error UnsupportedVerifierToken(address verifier, address token);
    /// The verifier's fee is more than the subscription pays.
    error VerifierFeeTooHigh(uint256 fee, uint256 paymentAmount);
    /// No proof verification is pending for this (subscription, interval, node).
    error ProofRequestNotFound(uint32 subscriptionId, uint32 interval, address node);
    /// Only the subscription's verifier may finalize (or the node, once the
    /// verification window has passed).
    error UnauthorizedVerifier(address caller);
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
    /// @notice A delivery's proof was sent to the subscription's verifier;
    /// the consumer's payment is in escrow and the node's collateral locked.
    event ProofRequested(uint32 indexed id, uint32 interval, address indexed node, address verifier);
    /// @notice A proof request was finalized: `valid` paid the node,
    /// otherwise its collateral went to the consumer. `active` is false when
    /// the window had passed (the node was paid whatever the verdict).
    event ProofVerified(
        uint32 indexed id, uint32 interval, address indexed node, bool active, address verifier, bool valid
    );

    // --- state ------------------------------------------------------------

    /// @notice Number of subscriptions created; ids run from 1 to this.
    uint32 public subscriptionCount;

    mapping(uint32 => Subscription) private _subscriptions;
    mapping(bytes32 => uint16) private _responseCount; // keccak(id, interval)
    mapping(bytes32 => bool) private _responded; // keccak(id, interval, node)
    mapping(bytes32 => uint32) private _delegateIds; // keccak(owner, nonce)
    mapping(bytes32 => ProofRequest) private _proofRequests; // keccak(id, interval, node)
    mapping(bytes32 => LazyResult) private _inbox; // keccak(taskId, node)

    /// A pending proof verification.
    struct ProofRequest {
        uint32 expiry; // end of the verification window (0: none pending)
        address nodeWallet; // holds the node's collateral, receives the payment
        uint256 escrow; // consumer's payment held for the node (paymentAmount - verifier fee)
    }

    /// An output kept for a lazy subscription.
    struct LazyResult {
        bytes output;
        bytes proof;
    }

    constructor() EIP712("InferenceCoordinator", "1") {
        WALLET_FACTORY = new WalletFactory(address(this));
    }

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

    /// @notice The output and proof `node` delivered for `taskId` of a lazy
    /// subscription (empty when none).
    function inbox(bytes32 taskId_, address node) external view returns (bytes memory output, bytes memory proof) {
        LazyResult storage r = _inbox[keccak256(abi.encode(taskId_, node))];
        return (r.output, r.proof);
    }

    /// @notice The pending proof verification of `node`'s delivery (expiry 0: none).
    function proofRequest(uint32 subscriptionId, uint32 interval, address node)
        external
        view
        returns (uint32 expiry, address nodeWallet, uint256 escrow)
    {
        ProofRequest storage r = _proofRequests[keccak256(abi.encode(subscriptionId, interval, node))];
        return (r.expiry, r.nodeWallet, r.escrow);
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
    /// response, settles the payment (to `nodeWallet`, a factory Wallet; any
    /// address when the subscription pays nothing) or starts the proof
    /// verification, and calls the owner back with exactly `maxGasLimit` gas.
    function deliverCompute(
        uint32 subscriptionId,
        uint32 deliveryInterval,
        bytes calldata input,
        bytes calldata output,
        bytes calldata proof,
        address nodeWallet
    ) external nonReentrant {
        input; // delivered for the record (calldata); the owner gets output and proof
        _deliver(subscriptionId, deliveryInterval, output, proof, nodeWallet);
    }

    /// @notice The verifier's verdict on `node`'s proof for `interval`:
    /// valid pays the node from escrow and releases its collateral; invalid
    /// returns the escrow to the consumer and slashes the collateral to the
    /// consumer's wallet. After the window the node is paid whatever the
    /// verdict, and the node itself may finalize.
    /// @dev Not nonReentrant: an atomic verifier calls it from inside
    /// `requestProofVerification` during a delivery. The request is deleted
    /// before any funds move, so it cannot be finalized twice.
    function finalizeProofVerification(uint32 subscriptionId, uint32 interval, address node, bool valid) external {
        bytes32 key = keccak256(abi.encode(subscriptionId, interval, node));
        ProofRequest memory req = _proofRequests[key];
        if (req.expiry == 0) revert ProofRequestNotFound(subscriptionId, interval, node);
        Subscription storage sub = _subscriptions[subscriptionId];
        bool active = block.timestamp < req.expiry;
        if (msg.sender != sub.verifier && (active || msg.sender != node)) revert UnauthorizedVerifier(msg.sender);
        delete _proofRequests[key];

        uint256 collateral = sub.paymentAmount;
        if (collateral != 0) {
            address token = sub.paymentToken;
            Wallet consumer = Wallet(payable(sub.wallet));
            Wallet nodeWallet = Wallet(payable(req.nodeWallet));
            if (valid || !active) {
                consumer.cTransferLocked(sub.owner, token, req.nodeWallet, req.escrow);
                nodeWallet.cUnlock(node, token, collateral);
            } else {
                consumer.cUnlock(sub.owner, token, req.escrow);
                nodeWallet.cTransferLocked(node, token, address(consumer), collateral);
            }
        }
        emit ProofVerified(subscriptionId, interval, node, active, msg.sender, valid);
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
        bytes calldata proof,
        address nodeWallet
    ) external nonReentrant {
        input;
        uint32 id = _createDelegatee(nonce, expiry, sub, v, r, s);
        _deliver(id, deliveryInterval, output, proof, nodeWallet);
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
        if (sub.paymentAmount != 0 && !WALLET_FACTORY.isValidWallet(sub.wallet)) revert InvalidWallet(sub.wallet);
        id = ++subscriptionCount;
        _subscriptions[id] = sub;
        emit SubscriptionCreated(id, keccak256(bytes(sub.containerId)), sub.owner);
    }

    function _interval(uint32 activeAt, uint32 period) private view returns (uint256) {
        return period == 0 ? 1 : (block.timestamp - activeAt) / period + 1;
    }

    function _deliver(
        uint32 subscriptionId,
        uint32 deliveryInterval,
        bytes calldata output,
        bytes calldata proof,
        address nodeWallet
    ) private {
        (address owner, uint32 gasLimit) = _record(subscriptionId, deliveryInterval);
        Subscription storage sub = _subscriptions[subscriptionId];
        _settle(subscriptionId, deliveryInterval, sub, proof, nodeWallet);
        bytes32 id = taskId(subscriptionId, deliveryInterval);
        bytes memory data;
        if (sub.lazy) {
            LazyResult storage r = _inbox[keccak256(abi.encode(id, msg.sender))];
            r.output = output;
            r.proof = proof;
            data = abi.encodeCall(IComputeConsumer.receiveCompute, (id, "", ""));
        } else {
            data = abi.encodeCall(IComputeConsumer.receiveCompute, (id, output, proof));
        }
        bool ok = _callback(owner, gasLimit, data);
        if (!ok) emit CallbackFailed(subscriptionId, deliveryInterval, msg.sender, id);
        emit ComputeDelivered(subscriptionId, deliveryInterval, msg.sender, id);
    }

    /// Pays the node for a delivery, or, with a verifier, pays the verifier's
    /// fee, escrows the rest, locks the node's collateral (`paymentAmount`)
    /// and asks for verification. Every transfer is within an allowance: the
    /// consumer's Wallet for the subscription owner, the node's Wallet for
    /// the node (`msg.sender`).
    function _settle(
        uint32 subscriptionId,
        uint32 deliveryInterval,
        Subscription storage sub,
        bytes calldata proof,
        address nodeWallet
    ) private {
        uint256 amount = sub.paymentAmount;
        address verifier = sub.verifier;
        if (amount == 0 && verifier == address(0)) return;
        address token = sub.paymentToken;
        if (amount != 0 && !WALLET_FACTORY.isValidWallet(nodeWallet)) revert InvalidWallet(nodeWallet);
        Wallet consumer = Wallet(payable(sub.wallet));
        if (verifier == address(0)) {
            consumer.cTransfer(sub.owner, token, nodeWallet, amount);
            return;
        }
        uint256 escrow;
        if (amount != 0) {
            if (!IVerifier(verifier).isSupportedToken(token)) revert UnsupportedVerifierToken(verifier, token);
            uint256 verifierFee = IVerifier(verifier).fee(token);
            if (verifierFee > amount) revert VerifierFeeTooHigh(verifierFee, amount);
            if (verifierFee != 0) consumer.cTransfer(sub.owner, token, IVerifier(verifier).getWallet(), verifierFee);
            escrow = amount - verifierFee;
            consumer.cLock(sub.owner, token, escrow);
            Wallet(payable(nodeWallet)).cLock(msg.sender, token, amount);
        }
        _proofRequests[keccak256(abi.encode(subscriptionId, deliveryInterval, msg.sender))] =
            ProofRequest(uint32(block.timestamp) + PROOF_VERIFICATION_WINDOW, nodeWallet, escrow);
        emit ProofRequested(subscriptionId, deliveryInterval, msg.sender, verifier);
        IVerifier(verifier).requestProofVerification(subscriptionId, deliveryInterval, msg.sender, proof);
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
