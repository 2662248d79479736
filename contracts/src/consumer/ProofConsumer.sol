// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {CallbackConsumer} from "./CallbackConsumer.sol";
import {BaseConsumer} from "./BaseConsumer.sol";
import {ProofInputs} from "./ProofInputs.sol";

/// @title ProofConsumer
/// @notice An example consumer of the proof workload (docs/proof.md): it
/// requests proofs of inference and, in its callback, checks each delivered
/// proof with the model's deployed verifier (the `verifier.bin` of the
/// model's `proof setup`). The proof workload delivers as `proof` the
/// complete calldata of `verifyProof(bytes,uint256[N])`, so the check is one
/// staticcall, which succeeds exactly when the proof is valid.
/// @dev `requestInput` is the way a consumer should ask: it sends its own
/// quantized input and, in the callback, accepts a proof only when the
/// proof's public inputs are that input (ProofInputs). `request` takes any
/// encoded input and checks the proof only, for inputs the consumer does not
/// keep.
contract ProofConsumer is CallbackConsumer {
    /// @notice Gas the Coordinator gives each callback: the Groth16 check
    /// costs 0.23 M gas (iris) to 0.42 M (a 28×28 image), storing the output
    /// the rest; at most 1 M so that a default node serves it unpaid
    /// (chain.unpaid.max_gas).
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
    /// @notice For requestInput's tasks: keccak256 of the packed input words,
    /// and how many there are.
    mapping(bytes32 => bytes32) private _inputHash;
    mapping(bytes32 => uint256) private _inputWords;
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

    /// @notice Requests a proof from `containerId` of model `repoId` for the
    /// input `input` / 2^scaleBits of shape `shape` (the manifest's
    /// scale_bits; `bits` is its input's bits per packed value, `unsigned`
    /// whether the input is packed unsigned: the manifest's public_inputs[0]).
    /// The callback accepts only a proof whose public inputs are exactly
    /// `input`.
    function requestInput(
        string calldata containerId,
        string calldata repoId,
        int256[] calldata input,
        uint32[] calldata shape,
        uint8 scaleBits,
        uint8 bits,
        bool unsigned
    ) external returns (bytes32 taskId) {
        taskId = _requestInput(containerId, repoId, input, shape, scaleBits);
        uint256[] memory words = ProofInputs.pack(input, bits, unsigned);
        _inputHash[taskId] = keccak256(abi.encodePacked(words));
        _inputWords[taskId] = words.length;
    }

    /// @notice requestInput for a model whose input is hashed (the
    /// manifest's public_input_mode "hashed"): the callback accepts only a
    /// proof whose first public input is ProofInputs.inputHash of `input`.
    function requestHashedInput(
        string calldata containerId,
        string calldata repoId,
        int256[] calldata input,
        uint32[] calldata shape,
        uint8 scaleBits,
        uint8 bits,
        bool unsigned
    ) external returns (bytes32 taskId) {
        taskId = _requestInput(containerId, repoId, input, shape, scaleBits);
        _inputHash[taskId] = keccak256(abi.encodePacked(ProofInputs.inputHash(input, bits, unsigned)));
        _inputWords[taskId] = 1;
    }

    function _requestInput(string calldata containerId, string calldata repoId, int256[] calldata input, uint32[] calldata shape, uint8 scaleBits)
        private
        returns (bytes32)
    {
        bytes memory data = abi.encode(repoId, ProofInputs.tensor(input, shape, scaleBits), bytes(""));
        uint32 id = _requestCompute(containerId, data, 1, MAX_GAS_PRICE, CALLBACK_GAS_LIMIT);
        return COORDINATOR.taskId(id, 1);
    }

    /// @notice ProofInputs.inputHash: the public input a hashed proof of
    /// `input` carries first.
    function inputHash(int256[] calldata input, uint8 bits, bool unsigned) external pure returns (uint256) {
        return ProofInputs.inputHash(input, bits, unsigned);
    }

    /// @notice Whether verifier calldata `proof` of a hashed-input model is
    /// about `input`.
    function hashedInputMatches(bytes calldata proof, int256[] calldata input, uint8 bits, bool unsigned) external pure returns (bool) {
        return ProofInputs.hashedInputMatches(proof, input, bits, unsigned);
    }

    /// @notice Whether verifier calldata `proof` is about `input` (packed
    /// with `bits` bits a value, `unsigned` or not): the check requestInput's
    /// callback makes.
    function inputMatches(bytes calldata proof, int256[] calldata input, uint8 bits, bool unsigned) external pure returns (bool) {
        return ProofInputs.inputMatches(proof, input, bits, unsigned);
    }

    /// @notice What was delivered for `taskId`.
    function results(bytes32 taskId) external view returns (bool delivered, bool verified, bytes memory output) {
        Result storage r = _results[taskId];
        return (r.delivered, r.verified, r.output);
    }

    function _receiveCompute(bytes32 taskId, bytes calldata output, bytes calldata proof) internal override {
        bool ok = proof.length >= 4 && bytes4(proof[:4]) == SELECTOR;
        uint256 n = _inputWords[taskId];
        if (ok && n > 0) {
            // The public inputs start after the selector and the offset word.
            ok = proof.length >= 36 + 32 * n && keccak256(proof[36:36 + 32 * n]) == _inputHash[taskId];
        }
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
