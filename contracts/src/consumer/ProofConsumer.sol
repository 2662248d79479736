// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {CallbackConsumer} from "./CallbackConsumer.sol";
import {BaseConsumer} from "./BaseConsumer.sol";

/// @title ProofConsumer
/// @notice An example consumer of the proof workload (docs/proof.md): it
/// requests proofs of inference and, in its callback, checks each delivered
/// proof with the model's deployed verifier (the `verifier.bin` of the
/// model's `proof setup`). The proof workload delivers as `proof` the
/// complete calldata of `verifyProof(bytes,uint256[N])`, so the check is one
/// staticcall, which succeeds exactly when the proof is valid.
/// @dev A production consumer must also compare the public inputs in the
/// calldata (after the selector: an offset word, then the quantized input,
/// then the logits) with the input it asked about; this example records the
/// verdict and the output only.
contract ProofConsumer is CallbackConsumer {
    /// @notice Gas the Coordinator gives each callback: the Groth16 check
    /// costs about 0.23 M gas, storing the output the rest; at most 1 M so
    /// that a default node serves it unpaid (chain.unpaid.max_gas).
    uint32 public constant CALLBACK_GAS_LIMIT = 1_000_000;
    uint48 public constant MAX_GAS_PRICE = type(uint48).max;

    /// @notice The model's verifier and its verifyProof selector (the
    /// manifest's verifier.selector).
    address public immutable VERIFIER;
    bytes4 public immutable SELECTOR;

    struct Result {
        bool delivered;
        bool verified;
        bytes output;
    }

    mapping(bytes32 => Result) private _results;
    uint256 public verifiedCount;
    uint256 public rejectedCount;

    /// @notice A proof was delivered and checked.
    event ProofChecked(bytes32 indexed taskId, bool verified, bytes output);

    constructor(address coordinator, address verifier, bytes4 selector) BaseConsumer(coordinator) {
        VERIFIER = verifier;
        SELECTOR = selector;
    }

    /// @notice Requests a proof from `containerId` for `input`
    /// (abi.encode(string repo_id, bytes input_tensor, bytes output_tensor)).
    function request(string calldata containerId, bytes calldata input) external returns (bytes32 taskId) {
        uint32 id = _requestCompute(containerId, input, 1, MAX_GAS_PRICE, CALLBACK_GAS_LIMIT);
        return COORDINATOR.taskId(id, 1);
    }

    /// @notice What was delivered for `taskId`.
    function results(bytes32 taskId) external view returns (bool delivered, bool verified, bytes memory output) {
        Result storage r = _results[taskId];
        return (r.delivered, r.verified, r.output);
    }

    function _receiveCompute(bytes32 taskId, bytes calldata output, bytes calldata proof) internal override {
        bool ok = proof.length >= 4 && bytes4(proof[:4]) == SELECTOR;
        if (ok) {
            (ok,) = VERIFIER.staticcall(proof);
        }
        _results[taskId] = Result(true, ok, output);
        if (ok) {
            verifiedCount++;
        } else {
            rejectedCount++;
        }
        emit ProofChecked(taskId, ok, output);
    }
}
