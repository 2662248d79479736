// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title ProofInputs
/// @notice Helpers for consumers of the proof workload (docs/proof.md): they
/// check that a delivered proof is about the consumer's own input.
/// @dev The proof workload delivers as `proof` the calldata of the model's
/// `verifyProof(bytes proof, uint256[N] input)`: the selector, an offset
/// word, then the N public inputs. The quantized input comes first, packed:
/// value j (a signed integer, the input times 2^scale_bits) is stored as
/// v + 2^(bits-1) in `bits` bits at bit bits·(j mod perWord) of word
/// j / perWord, perWord = 253 / bits (a non-negative input the manifest marks
/// `unsigned` is stored as v itself); the logits follow, packed the same way
/// with their own `bits`. `bits`, `scale_bits` and the offsets are in the
/// model's manifest.json (`public_inputs`). A *hashed* input (the manifest's
/// `public_input_mode` "hashed", `public_inputs[0].hashed`) is one public
/// input instead: the SHA-256 of the packed words, 32 bytes each big-endian,
/// reduced into the field (`inputHash`); the logits then start at public
/// input 1.
library ProofInputs {
    /// @notice Bits of a public input that hold packed values.
    uint256 internal constant WORD_BITS = 253;

    /// @notice BN254's scalar field, where the public inputs live.
    uint256 internal constant FIELD = 21888242871839275222246405745257275088548364400416034343698204186575808495617;

    /// @notice The public input of a hashed input: sha256 (the 0x02
    /// precompile) of `values` packed as the circuit packs them, reduced into
    /// the field.
    function inputHash(int256[] memory values, uint256 bits, bool unsigned) internal pure returns (uint256) {
        return uint256(sha256(abi.encodePacked(pack(values, bits, unsigned)))) % FIELD;
    }

    /// @notice Whether the proof's first public input is the hash of
    /// `values` (a hashed input): the proof is about this input.
    function hashedInputMatches(bytes calldata proof, int256[] memory values, uint256 bits, bool unsigned) internal pure returns (bool) {
        return publicInput(proof, 0) == inputHash(values, bits, unsigned);
    }

    /// @notice `values` packed as the proof's public inputs hold them.
    function pack(int256[] memory values, uint256 bits) internal pure returns (uint256[] memory words) {
        return pack(values, bits, false);
    }

    /// @notice `values` packed as the proof's public inputs hold them; an
    /// `unsigned` vector (the manifest's `public_inputs[].unsigned`: a
    /// non-negative input) is stored as v itself, without the 2^(bits-1)
    /// offset.
    function pack(int256[] memory values, uint256 bits, bool unsigned) internal pure returns (uint256[] memory words) {
        uint256 per = WORD_BITS / bits;
        words = new uint256[]((values.length + per - 1) / per);
        int256 off = unsigned ? int256(0) : int256(1 << (bits - 1));
        for (uint256 j = 0; j < values.length; j++) {
            int256 u = values[j] + off;
            require(u >= 0 && uint256(u) < (1 << bits), "ProofInputs: value outside the packed range");
            words[j / per] |= uint256(u) << (bits * (j % per));
        }
    }

    /// @notice Public input `i` of verifier calldata `proof`.
    function publicInput(bytes calldata proof, uint256 i) internal pure returns (uint256 w) {
        uint256 at = 4 + 32 * (1 + i);
        require(proof.length >= at + 32, "ProofInputs: calldata too short");
        w = uint256(bytes32(proof[at:at + 32]));
    }

    /// @notice Whether the proof's first public inputs are exactly `values`
    /// packed with `bits` bits each: the proof is about this input.
    function inputMatches(bytes calldata proof, int256[] memory values, uint256 bits) internal pure returns (bool) {
        return inputMatches(proof, values, bits, false);
    }

    /// @notice inputMatches for a vector packed `unsigned` or not.
    function inputMatches(bytes calldata proof, int256[] memory values, uint256 bits, bool unsigned) internal pure returns (bool) {
        uint256[] memory words = pack(values, bits, unsigned);
        for (uint256 i = 0; i < words.length; i++) {
            if (publicInput(proof, i) != words[i]) {
                return false;
            }
        }
        return true;
    }

    /// @notice Value `j` of the vector packed from public input `offset`
    /// with `bits` bits each (the logits: the manifest's second
    /// public_inputs entry).
    function unpack(bytes calldata proof, uint256 offset, uint256 bits, uint256 j) internal pure returns (int256) {
        uint256 per = WORD_BITS / bits;
        uint256 u = (publicInput(proof, offset + j / per) >> (bits * (j % per))) & ((1 << bits) - 1);
        return int256(u) - int256(1 << (bits - 1));
    }

    /// @notice The on-chain tensor (float64, dtype 2) of `values` / 2^scaleBits
    /// with `shape`: the request input whose quantization is exactly
    /// `values` (each |value| < 2^53).
    function tensor(int256[] memory values, uint32[] memory shape, uint256 scaleBits) internal pure returns (bytes memory) {
        bytes memory raw = new bytes(8 * values.length);
        for (uint256 j = 0; j < values.length; j++) {
            uint64 f = toFloat64(values[j], scaleBits);
            for (uint256 b = 0; b < 8; b++) {
                raw[8 * j + b] = bytes1(uint8(f >> (8 * b))); // little-endian
            }
        }
        return abi.encode(uint8(2), shape, raw);
    }

    /// @notice The IEEE 754 binary64 bits of v / 2^scaleBits (exact for
    /// |v| < 2^53).
    function toFloat64(int256 v, uint256 scaleBits) internal pure returns (uint64) {
        if (v == 0) {
            return 0;
        }
        uint64 sign = v < 0 ? uint64(1) << 63 : 0;
        uint256 a = v < 0 ? uint256(-v) : uint256(v);
        require(a < (1 << 53), "ProofInputs: value beyond float64's exact integers");
        uint256 e = 0; // floor(log2 a)
        while ((a >> (e + 1)) != 0) {
            e++;
        }
        uint256 mantissa = (a << (52 - e)) & ((1 << 52) - 1);
        uint256 exponent = 1023 + e - scaleBits; // scaleBits well below 1023
        return sign | uint64(exponent << 52) | uint64(mantissa);
    }
}
