package artifact

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/consensys/gnark/backend/groth16"
	groth16bn254 "github.com/consensys/gnark/backend/groth16/bn254"
	"golang.org/x/crypto/sha3"
)

// BatchFunction is the batch check every verifier.bin exposes beside
// verifyProof: each element one result's calldata exactly as verifyProof
// takes it (selector included, canonical ABI encoding), true only if every
// proof verifies.
const BatchFunction = "verifyBatch(bytes[])"

// The batch check (batchSolidity) is the standard batched Groth16 check:
// with random r_i, Π e(r_i·A_i, B_i) · e(Σ r_i·C_i, -δ) · e((Σ r_i)·α, -β)
// · e(Σ r_i·L_i, -γ) = 1, k + 3 pairings for k proofs instead of 4k, where
// Σ r_i·L_i is one multi-scalar multiplication of the verifying key's
// points by Σ_i r_i·x_ij (the public inputs folded first). With a
// commitment (lookups) L_i also holds the commitment D_i and its hash, and
// the commitments' proofs of knowledge are folded with independent ρ_i
// into the same product: e(Σ ρ_i·D_i, G_σ⁻) · e(Σ ρ_i·PoK_i, G), k + 5
// pairings. The r_i and ρ_i are Fiat-Shamir: hashes of every calldata of
// the batch (BatchRandomness), so a prover cannot choose proofs after
// them. A batch holding a bad proof passes only if the random
// combination cancels, with probability about 2^-128 per try.

// BatchRandomness is what verifyBatch draws for calldatas: seed =
// keccak256(abi.encode(calldatas)), r_i = keccak256(seed, i) >> 128 and
// ρ_i = keccak256(seed, i, 1) >> 128 (each 0 read as 1): 128-bit scalars,
// fixed by the whole batch.
func BatchRandomness(calldatas [][]byte) (r, rho []*big.Int) {
	seed := keccak(batchArgs(calldatas))
	for i := range calldatas {
		idx := word(big.NewInt(int64(i)))
		r = append(r, scalar128(keccak(seed, idx)))
		rho = append(rho, scalar128(keccak(seed, idx, word(big.NewInt(1)))))
	}
	return r, rho
}

func scalar128(h []byte) *big.Int {
	v := new(big.Int).SetBytes(h[:16])
	if v.Sign() == 0 {
		v.SetInt64(1)
	}
	return v
}

func keccak(parts ...[]byte) []byte {
	h := sha3.NewLegacyKeccak256()
	for _, p := range parts {
		h.Write(p)
	}
	return h.Sum(nil)
}

// BatchCalldata encodes a call of verifyBatch(bytes[]) with calldatas.
func BatchCalldata(calldatas [][]byte) []byte {
	return append(selector(BatchFunction), batchArgs(calldatas)...)
}

// batchArgs is abi.encode(bytes[] calldatas).
func batchArgs(calldatas [][]byte) []byte {
	out := word(big.NewInt(32))
	out = append(out, word(big.NewInt(int64(len(calldatas))))...)
	at := 32 * len(calldatas)
	var tail []byte
	for _, c := range calldatas {
		out = append(out, word(big.NewInt(int64(at+len(tail))))...)
		tail = append(tail, word(big.NewInt(int64(len(c))))...)
		tail = append(tail, c...)
		if pad := len(c) % 32; pad != 0 {
			tail = append(tail, make([]byte, 32-pad)...)
		}
	}
	return append(out, tail...)
}

// batchSolidity is verifyBatch and its helpers, inserted into gnark's
// exported verifier (solidity.WithFunctions): it uses the contract's own
// constants (the verifying key) and its verifyProof selector.
func batchSolidity(vk groth16.VerifyingKey) (string, error) {
	bvk, ok := vk.(*groth16bn254.VerifyingKey)
	if !ok {
		return "", fmt.Errorf("batch verifier: verifying key %T is not BN254's", vk)
	}
	commits := len(bvk.PublicAndCommitmentCommitted)
	if commits > 1 {
		return "", fmt.Errorf("batch verifier: %d commitments (gnark's Solidity verifier takes at most one)", commits)
	}
	if commits == 1 && len(bvk.PublicAndCommitmentCommitted[0]) > 0 {
		return "", fmt.Errorf("batch verifier: the commitment covers public inputs, which the batch hash does not handle")
	}
	numPublic := len(bvk.G1.K) - 1
	nw := numPublic - commits
	proofLen := ProofSize
	if commits == 1 {
		proofLen = CommittedProofSize
	}
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	p(`    // ---- Batches (infernode's proof setup adds these; docs/proof.md) ----`)
	p(``)
	p(`    uint256 constant BATCH_N = %d; // public inputs of verifyProof`, nw)
	p(`    uint256 constant BATCH_PROOF = %d; // proof bytes`, proofLen)
	p(`    uint256 constant BATCH_LEN = %d; // a canonical verifyProof calldata`, 4+32*(nw+1)+32+proofLen)
	p(`    uint256 constant BATCH_EXTRA = %d; // pairings besides one a proof`, 3+2*commits)
	p(`    uint256 constant BATCH_PO = %d; // where the proof's bytes start in a calldata`, 68+32*nw)
	p(`
    /// @notice The Fiat-Shamir scalars of a batch: seed = keccak256(abi.encode(calldatas)),
    /// r[i] = keccak256(seed, i) >> 128, rho[i] = keccak256(seed, i, 1) >> 128 (0 read as 1).
    function batchRandomness(bytes[] calldata calldatas) public pure returns (uint256[] memory r, uint256[] memory rho) {
        bytes32 seed = keccak256(abi.encode(calldatas));
        r = new uint256[](calldatas.length);
        rho = new uint256[](calldatas.length);
        for (uint256 i = 0; i < calldatas.length; i++) {
            r[i] = uint256(keccak256(abi.encode(seed, i))) >> 128;
            rho[i] = uint256(keccak256(abi.encode(seed, i, uint256(1)))) >> 128;
            if (r[i] == 0) r[i] = 1;
            if (rho[i] == 0) rho[i] = 1;
        }
    }

    function batch_mul(uint256 x, uint256 y, uint256 s) internal view returns (uint256 rx, uint256 ry, bool ok) {
        assembly ("memory-safe") {
            let f := mload(0x40)
            mstore(f, x)
            mstore(add(f, 0x20), y)
            mstore(add(f, 0x40), s)
            ok := staticcall(gas(), PRECOMPILE_MUL, f, 0x60, f, 0x40)
            rx := mload(f)
            ry := mload(add(f, 0x20))
        }
    }

    /// acc[at], acc[at+1] += (x, y) · s
    function batch_muladd(uint256[] memory acc, uint256 at, uint256 x, uint256 y, uint256 s) internal view returns (bool ok) {
        assembly ("memory-safe") {
            let f := mload(0x40)
            mstore(f, x)
            mstore(add(f, 0x20), y)
            mstore(add(f, 0x40), s)
            ok := staticcall(gas(), PRECOMPILE_MUL, f, 0x60, add(f, 0x40), 0x40)
            let a := add(acc, mul(add(at, 1), 0x20))
            mstore(f, mload(a))
            mstore(add(f, 0x20), mload(add(a, 0x20)))
            ok := and(ok, staticcall(gas(), PRECOMPILE_ADD, f, 0x80, a, 0x40))
        }
    }

    function batch_word(bytes calldata c, uint256 at) internal pure returns (uint256 w) {
        assembly ("memory-safe") {
            w := calldataload(add(c.offset, at))
        }
    }

    /// Folds calldata c, the i-th of the batch, into the pairing input and the
    /// accumulators: s (Σ r·x per public input, then Σ r·h with a commitment,
    /// then Σ r) and acc (Σ r·C, Σ r·D, Σ rho·D, Σ rho·PoK).
    function batch_fold(bytes calldata c, uint256 i, uint256 ri, uint256 rhoi, uint256[] memory pairs, uint256[] memory s, uint256[] memory acc)
        internal view returns (bool)
    {
        if (c.length != BATCH_LEN || bytes4(c[:4]) != this.verifyProof.selector || batch_word(c, 4) != 32 * (BATCH_N + 1)
            || batch_word(c, 36 + 32 * BATCH_N) != BATCH_PROOF) {
            return false;
        }
        return batch_inputs(c, ri, s) && batch_points(c, i, ri, pairs, acc) && batch_commit(c, ri, rhoi, s, acc);
    }

    function batch_inputs(bytes calldata c, uint256 ri, uint256[] memory s) internal pure returns (bool) {
        for (uint256 j = 0; j < BATCH_N; j++) {
            uint256 x = batch_word(c, 36 + 32 * j);
            if (x >= R) {
                return false;
            }
            s[j] = addmod(s[j], mulmod(ri, x, R), R);
        }
        s[s.length - 1] = addmod(s[s.length - 1], ri, R);
        return true;
    }

    /// pairs[6i..6i+5] = (r·A, B); acc[0..1] += r·C.
    function batch_points(bytes calldata c, uint256 i, uint256 ri, uint256[] memory pairs, uint256[] memory acc) internal view returns (bool ok) {
        uint256 at = 6 * i;
        (pairs[at], pairs[at + 1], ok) = batch_mul(batch_word(c, BATCH_PO), batch_word(c, BATCH_PO + 0x20), ri);
        for (uint256 j = 0; j < 4; j++) {
            pairs[at + 2 + j] = batch_word(c, BATCH_PO + 0x40 + 0x20 * j);
        }
        ok = ok && batch_muladd(acc, 0, batch_word(c, BATCH_PO + 0xc0), batch_word(c, BATCH_PO + 0xe0), ri);
    }

    /// The commitment: s[BATCH_N] += r·hash(D); acc[2..3] += r·D; acc[4..5] += rho·D; acc[6..7] += rho·PoK.
    function batch_commit(bytes calldata c, uint256 ri, uint256 rhoi, uint256[] memory s, uint256[] memory acc) internal view returns (bool ok) {`)
	if commits == 1 {
		p(`        uint256 h = uint256(%s(c[BATCH_PO + 0x100:BATCH_PO + 0x140])) %% R;
        s[BATCH_N] = addmod(s[BATCH_N], mulmod(ri, h, R), R);
        ok = batch_muladd(acc, 2, batch_word(c, BATCH_PO + 0x100), batch_word(c, BATCH_PO + 0x120), ri);
        ok = ok && batch_muladd(acc, 4, batch_word(c, BATCH_PO + 0x100), batch_word(c, BATCH_PO + 0x120), rhoi);
        ok = ok && batch_muladd(acc, 6, batch_word(c, BATCH_PO + 0x140), batch_word(c, BATCH_PO + 0x160), rhoi);`, "keccak256")
	} else {
		p(`        (c, ri, rhoi, s, acc); // no commitment to fold
        ok = true;`)
	}
	p(`    }

    /// @notice Whether every element of calldatas, each one result's calldata
    /// exactly as verifyProof takes it, is a valid proof: one random linear
    /// combination of their pairing equations (k + %d pairings for k proofs).
    /// False for an empty batch or any element that is not a canonical
    /// verifyProof call of this verifier.
    function verifyBatch(bytes[] calldata calldatas) public view returns (bool) {
        uint256 k = calldatas.length;
        if (k == 0) {
            return false;
        }
        (uint256[] memory r, uint256[] memory rho) = batchRandomness(calldatas);
        uint256[] memory pairs = new uint256[](6 * (k + BATCH_EXTRA));
        uint256[] memory s = new uint256[](BATCH_N + %d);
        uint256[] memory acc = new uint256[](8);
        for (uint256 i = 0; i < k; i++) {
            if (!batch_fold(calldatas[i], i, r[i], rho[i], pairs, s, acc)) {
                return false;
            }
        }
        return batch_pairing(pairs, s, acc, 6 * k);
    }

    /// The verifying key's side of the batch, then the pairing check.
    function batch_pairing(uint256[] memory pairs, uint256[] memory s, uint256[] memory acc, uint256 b) internal view returns (bool ok) {
        uint256 rs = s[s.length - 1];
        // Σ r·L = (Σ r)·CONSTANT + Σ_j s_j·PUB_j (+ Σ r·D)
        uint256[] memory l = new uint256[](2);
        ok = batch_muladd(l, 0, CONSTANT_X, CONSTANT_Y, rs);`, 3+2*commits, 1+commits)
	for j := 0; j < numPublic; j++ {
		p(`        ok = ok && batch_muladd(l, 0, PUB_%d_X, PUB_%d_Y, s[%d]);`, j, j, j)
	}
	if commits == 1 {
		p(`        ok = ok && batch_muladd(l, 0, acc[2], acc[3], 1);`)
	}
	p(`        (uint256 ax, uint256 ay, bool okA) = batch_mul(ALPHA_X, ALPHA_Y, rs);
        ok = ok && okA;
        uint256[6][%d] memory tail = [
            [acc[0], acc[1], DELTA_NEG_X_1, DELTA_NEG_X_0, DELTA_NEG_Y_1, DELTA_NEG_Y_0],
            [ax, ay, BETA_NEG_X_1, BETA_NEG_X_0, BETA_NEG_Y_1, BETA_NEG_Y_0],
            [l[0], l[1], GAMMA_NEG_X_1, GAMMA_NEG_X_0, GAMMA_NEG_Y_1, GAMMA_NEG_Y_0]`, 3+2*commits)
	if commits == 1 {
		p(`            , [acc[4], acc[5], PEDERSEN_GSIGMANEG_X_1, PEDERSEN_GSIGMANEG_X_0, PEDERSEN_GSIGMANEG_Y_1, PEDERSEN_GSIGMANEG_Y_0]
            , [acc[6], acc[7], PEDERSEN_G_X_1, PEDERSEN_G_X_0, PEDERSEN_G_Y_1, PEDERSEN_G_Y_0]`)
	}
	p(`        ];
        for (uint256 t = 0; t < BATCH_EXTRA; t++) {
            for (uint256 j = 0; j < 6; j++) {
                pairs[b + 6 * t + j] = tail[t][j];
            }
        }
        if (!ok) {
            return false;
        }
        assembly ("memory-safe") {
            let f := mload(0x40)
            ok := staticcall(gas(), PRECOMPILE_VERIFY, add(pairs, 0x20), mul(mload(pairs), 0x20), f, 0x20)
            ok := and(ok, mload(f))
        }
    }`)
	return b.String(), nil
}
