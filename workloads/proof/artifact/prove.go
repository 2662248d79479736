package artifact

import (
	"fmt"
	"math/big"

	"github.com/consensys/gnark/backend"
	"github.com/consensys/gnark/backend/groth16"
	"github.com/consensys/gnark/backend/solidity"
	"github.com/consensys/gnark/frontend"
	"golang.org/x/crypto/sha3"

	"github.com/infernode/infernode/workloads/proof/circuit"
)

// ProofSize is a proof's size: the points A, B, C in EIP-197 encoding, the
// bytes the Solidity verifier takes. A circuit with lookups
// (FixedPoint.LookupBits) adds its commitment and the commitment's proof
// of knowledge, two more points: CommittedProofSize.
const (
	ProofSize          = 256
	CommittedProofSize = ProofSize + 128
)

// Proof is one proof and what it proves.
type Proof struct {
	// Proof is the proof the verifier takes: ProofSize bytes, or
	// CommittedProofSize with lookups.
	Proof []byte
	// Input and Logits are the quantized input and the logits (signed
	// integers at the manifest's scales).
	Input, Logits []*big.Int
	// Public are the public inputs as field elements: Input then Logits,
	// packed (circuit.Packing); a hashed input is one element, the hash of
	// InputWords.
	Public []*big.Int
	// InputWords are the packed input's words (what a hashed input's
	// public element is the hash of).
	InputWords []*big.Int
	// Calldata is a complete call of the verifier's verifyProof; it
	// succeeds exactly when the proof is valid for Public.
	Calldata []byte
}

// Prove proves that the model maps the quantized input xq to its logits,
// and checks the proof with the verifying key before returning it.
func (s *Set) Prove(xq []*big.Int) (*Proof, error) {
	y := s.model.Eval(xq)
	public := s.model.Public(xq, y)
	w, err := frontend.NewWitness(circuit.Assignment(public, s.model.Secret(xq)), circuit.Field)
	if err != nil {
		return nil, fmt.Errorf("build witness: %w", err)
	}
	proof, err := groth16.Prove(s.ccs, s.pk, w, solidity.WithProverTargetSolidityVerifier(backend.GROTH16))
	if err != nil {
		return nil, fmt.Errorf("prove: %w", err)
	}
	pub, err := w.Public()
	if err != nil {
		return nil, fmt.Errorf("public witness: %w", err)
	}
	if err := groth16.Verify(proof, s.vk, pub, solidity.WithVerifierTargetSolidityVerifier(backend.GROTH16)); err != nil {
		return nil, fmt.Errorf("the new proof does not verify (the artifacts do not belong together?): %w", err)
	}
	sp, ok := proof.(interface{ MarshalSolidity() []byte })
	if !ok {
		return nil, fmt.Errorf("encode proof: %T has no Solidity encoding", proof)
	}
	p := &Proof{Proof: sp.MarshalSolidity(), Input: xq, Logits: y, Public: public, InputWords: s.model.In.Pack(xq)}
	p.Calldata = Calldata(s.Manifest.Verifier.Function, p.Proof, p.Public)
	return p, nil
}

// Calldata encodes a call of fn = verifyProof(bytes,uint256[N]).
func Calldata(fn string, proof []byte, public []*big.Int) []byte {
	n := len(public)
	out := make([]byte, 0, 4+32*(n+2)+len(proof))
	out = append(out, selector(fn)...)
	out = append(out, word(big.NewInt(int64(32*(n+1))))...) // offset of the bytes
	for _, v := range public {
		out = append(out, word(v)...)
	}
	out = append(out, word(big.NewInt(int64(len(proof))))...)
	out = append(out, proof...)
	if pad := len(proof) % 32; pad != 0 {
		out = append(out, make([]byte, 32-pad)...)
	}
	return out
}

func word(v *big.Int) []byte { return v.FillBytes(make([]byte, 32)) }

func selector(fn string) []byte {
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte(fn))
	return h.Sum(nil)[:4]
}

func selectorHex(fn string) string { return fmt.Sprintf("%x", selector(fn)) }
