// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {CallbackConsumer} from "./consumer/CallbackConsumer.sol";
import {SubscriptionConsumer} from "./consumer/SubscriptionConsumer.sol";
import {Delegator} from "./consumer/Delegator.sol";
import {BaseConsumer} from "./consumer/BaseConsumer.sol";

/// @title ExampleConsumer
/// @notice The example requester deployed by `infernode deploy` and
/// `infernode dev` (SPEC §6): one-shot requests, recurring subscriptions and
/// delegated subscriptions signed by `getSigner()`; it stores every result.
contract ExampleConsumer is CallbackConsumer, SubscriptionConsumer, Delegator {
    /// @notice Gas the Coordinator gives each callback: a default node serves
    /// unpaid deliveries asking at most 1 M (chain.unpaid.max_gas). Storing
    /// the result costs about 0.75 M gas per KiB on mainnet rules (Osaka)
    /// and about 3.6 M per KiB on go-ethereum's dev fork set (EIP-8037 state
    /// gas), so 1 M holds a result of about 1 KiB on Osaka and 150 B on the
    /// dev fork set (docs/gas.md); ask for lazy delivery for larger ones.
    uint32 public constant CALLBACK_GAS_LIMIT = 1_000_000;
    /// @notice Highest gas price nodes may deliver at (wei); the example
    /// accepts any price a uint48 can hold.
    uint48 public constant MAX_GAS_PRICE = type(uint48).max;

    struct Result {
        bytes output;
        bytes proof;
    }

    mapping(bytes32 => Result) private _results;
    uint256 private _deliveries;

    /// @notice A node delivered a result.
    event ResultReceived(bytes32 indexed taskId, bytes output, bytes proof);

    constructor(address coordinator, address signer) BaseConsumer(coordinator) Delegator(signer) {}

    /// @notice Requests one computation of `containerId` on `input`.
    function request(string calldata containerId, bytes calldata input, uint16 redundancy)
        external
        returns (bytes32 taskId)
    {
        uint32 id = _requestCompute(containerId, input, redundancy, MAX_GAS_PRICE, CALLBACK_GAS_LIMIT);
        return COORDINATOR.taskId(id, 1);
    }

    /// @notice Requests one computation paid with `paymentAmount` of
    /// `paymentToken` (zero: native coin) from `wallet` (a factory Wallet
    /// whose owner approved this contract as spender), optionally checked by
    /// `verifier` and delivered lazily (SPEC §6).
    function requestPaid(
        string calldata containerId,
        bytes calldata input,
        uint16 redundancy,
        address paymentToken,
        uint256 paymentAmount,
        address wallet,
        address verifier,
        bool lazy
    ) external returns (bytes32 taskId) {
        uint32 id = _requestPaidCompute(
            containerId,
            input,
            redundancy,
            MAX_GAS_PRICE,
            CALLBACK_GAS_LIMIT,
            Payment(paymentToken, paymentAmount, wallet, verifier, lazy)
        );
        return COORDINATOR.taskId(id, 1);
    }

    /// @notice Subscribes to `frequency` computations, one every `period`
    /// seconds from now (period 0: a single interval). Empty `inputs` make
    /// nodes call `getContainerInputs`.
    function subscribe(
        string calldata containerId,
        bytes calldata inputs,
        uint32 frequency,
        uint32 period,
        uint16 redundancy
    ) external returns (uint32 subscriptionId) {
        return _createComputeSubscription(
            containerId, inputs, frequency, period, redundancy, MAX_GAS_PRICE, CALLBACK_GAS_LIMIT
        );
    }

    /// @notice The last result delivered for `taskId` (empty if none).
    function results(bytes32 taskId) external view returns (bytes memory output, bytes memory proof) {
        Result storage r = _results[taskId];
        return (r.output, r.proof);
    }

    /// @notice How many results were delivered in total.
    function deliveries() external view returns (uint256) {
        return _deliveries;
    }

    /// @notice Inputs for subscriptions created with empty `inputs`:
    /// `abi.encode(subscriptionId, interval, timestamp, caller)`.
    function getContainerInputs(uint32 subscriptionId, uint32 interval, uint32 timestamp, address caller)
        external
        pure
        override
        returns (bytes memory)
    {
        return abi.encode(subscriptionId, interval, timestamp, caller);
    }

    function _receiveCompute(bytes32 taskId, bytes calldata output, bytes calldata proof) internal override {
        _results[taskId] = Result(output, proof);
        _deliveries++;
        emit ResultReceived(taskId, output, proof);
    }
}
