// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {InfernetBaseConsumer, InfernetCallbackConsumer, InfernetDelegator} from "./InfernetConsumer.sol";

/// @title InfernetExampleConsumer
/// @notice The example consumer `infernode deploy --infernet-v1` and
/// `infernode dev --infernet-v1` put beside the Infernet SDK v1, in the
/// shape of the Infernet tutorials' consumers: it requests a computation and
/// stores what the node delivered. Its signer (`getSigner()`) may also sign
/// delegated subscriptions it owns.
contract InfernetExampleConsumer is InfernetCallbackConsumer, InfernetDelegator {
    struct Result {
        uint32 interval;
        address node;
        bytes input;
        bytes output;
        bytes proof;
    }

    /// @notice The latest delivery per subscription.
    mapping(uint32 => Result) private _results;
    uint256 private _deliveries;

    /// @notice A node delivered a result.
    event ResultReceived(uint32 indexed subscriptionId, uint32 interval, address indexed node, bytes output, bytes proof);

    constructor(address registry, address signer) InfernetBaseConsumer(registry) InfernetDelegator(signer) {}

    /// @notice Requests one unpaid computation of `containerId` (comma-joined
    /// ids of a pipeline) on `input`.
    function request(string calldata containerId, bytes calldata input, uint16 redundancy)
        external
        returns (uint32 subscriptionId)
    {
        return _requestCompute(containerId, input, redundancy, address(0), 0, address(0), address(0));
    }

    /// @notice Requests one computation paid with `paymentAmount` of
    /// `paymentToken` (zero: native coin) from `wallet`, a WalletFactory
    /// Wallet whose owner approved this contract as spender, optionally
    /// checked by `verifier`.
    function requestPaid(
        string calldata containerId,
        bytes calldata input,
        uint16 redundancy,
        address paymentToken,
        uint256 paymentAmount,
        address wallet,
        address verifier
    ) external returns (uint32 subscriptionId) {
        return _requestCompute(containerId, input, redundancy, paymentToken, paymentAmount, wallet, verifier);
    }

    /// @notice The latest result of a subscription.
    function results(uint32 subscriptionId)
        external
        view
        returns (uint32 interval, address node, bytes memory input, bytes memory output, bytes memory proof)
    {
        Result storage r = _results[subscriptionId];
        return (r.interval, r.node, r.input, r.output, r.proof);
    }

    /// @notice How many deliveries this consumer received.
    function deliveries() external view returns (uint256) {
        return _deliveries;
    }

    function _receiveCompute(
        uint32 subscriptionId,
        uint32 interval,
        uint16,
        address node,
        bytes calldata input,
        bytes calldata output,
        bytes calldata proof,
        bytes32,
        uint256
    ) internal override {
        _results[subscriptionId] = Result(interval, node, input, output, proof);
        _deliveries++;
        emit ResultReceived(subscriptionId, interval, node, output, proof);
    }
}
