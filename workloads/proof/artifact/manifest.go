// Package artifact is the proof workload's artifact directory: Setup writes
// it (the model publisher's step: circuit, Groth16 keys, Solidity verifier,
// manifest), Open reads it back with every file checked against the
// manifest's sha256, and an opened *Set proves.
//
// Layout of a directory (docs/proof.md):
//
//	manifest.json   what is below, with sha256 of every file
//	model.onnx      the model the circuit was built from
//	circuit.r1cs    the compiled circuit (gnark R1CS, BN254)
//	proving.key     Groth16 proving key (gnark raw encoding)
//	verifying.key   Groth16 verifying key (gnark raw encoding)
//	Verifier.sol    the Solidity verifier gnark exports for that key
//	verifier.bin    its creation bytecode, 0x-hex, no constructor arguments
//
// Trust: Groth16's setup samples secret randomness ("toxic waste"); whoever
// knows it can forge a proof of any output. Setup draws it from crypto/rand
// and never writes it anywhere, so a publisher who runs setup themselves
// can trust their own keys, and nobody else can forge. A consumer who did
// not run setup must trust the publisher; a multi-party ceremony (gnark's
// groth16/bn254/mpcsetup) would spread that trust over many participants,
// any one of whom staying honest is enough (docs/proof.md).
package artifact

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/infernode/infernode/workloads/proof/circuit"

	"github.com/infernode/infernode/workloads/proof/onchain"
)

// Format is the manifest's format tag. Format 4 added hashed inputs
// (public_input_mode, public_inputs[].hashed and words); format 3 added a
// non-negative input (fixed_point.input_non_negative,
// public_inputs[].unsigned: values packed without an offset) and the
// calibration; format 2 and 3 manifests read the same (every vector
// signed, packed).
const Format = "infernode-proof/4"

// formats are the tags Open reads.
var formats = []string{"infernode-proof/2", "infernode-proof/3", Format}

// Public input modes (setup's --public-inputs).
const (
	// PublicPacked: the input's packed words are public inputs.
	PublicPacked = "packed"
	// PublicHashed: the input is one public input, the SHA-256 of its
	// packed words (32 bytes each, big-endian) reduced into the field.
	PublicHashed = "hashed"
)

// AutoHashedWords: --public-inputs auto hashes inputs of more packed words
// than this (a public input word costs about 6,700 gas to verify; the hash
// about 26k constraints per two words).
const AutoHashedWords = 8

// ProofSystem is the proof system of every artifact set.
const ProofSystem = "groth16-bn254"

// MaxManifestBytes bounds the manifest (a few hundred bytes in practice):
// a larger one is corrupt, and not read.
const MaxManifestBytes = 64 << 10

// File names in an artifact directory.
const (
	ManifestFile  = "manifest.json"
	ModelFile     = "model.onnx"
	CircuitFile   = "circuit.r1cs"
	ProvingFile   = "proving.key"
	VerifyingFile = "verifying.key"
	SolidityFile  = "Verifier.sol"
	BytecodeFile  = onchain.BytecodeFile
)

// Files are the artifact files a manifest lists.
var Files = []string{ModelFile, CircuitFile, VerifyingFile, ProvingFile, SolidityFile, BytecodeFile}

// Manifest is manifest.json.
type Manifest struct {
	Format      string `json:"format"`
	ProofSystem string `json:"proof_system"`
	// ModelID names the model (setup's --model-id, by default the ONNX
	// file's name); ModelSHA256 is model.onnx's digest.
	ModelID     string     `json:"model_id"`
	ModelSHA256 string     `json:"model_sha256"`
	Layers      string     `json:"layers"`
	FixedPoint  FixedPoint `json:"fixed_point"`
	// FloatError is setup's measurement of the fixed point against the
	// float model.
	FloatError FloatError `json:"float_error"`
	// Calibration: how setup --calibrate chose the fixed point (absent
	// when it was given).
	Calibration *Calibration `json:"calibration,omitempty"`
	// PublicInputMode: PublicPacked or PublicHashed (empty before format
	// 4: packed).
	PublicInputMode string      `json:"public_input_mode,omitempty"`
	Public          []PublicVec `json:"public_inputs"`
	Constraints     int         `json:"constraints"`
	// LayerConstraints splits Constraints by step of the circuit.
	LayerConstraints []circuit.LayerCost `json:"layer_constraints"`
	Verifier         Verifier            `json:"verifier"`
	// Files maps each artifact file to its sha256 (hex).
	Files map[string]string `json:"files"`
}

// FixedPoint is the circuit's number representation: an input or
// activation v is the integer v·2^ScaleBits, rounded, a weight w the
// integer w·2^WeightBits; inputs must satisfy |x| < 2^InputRangeBits; the
// logits are at 2^OutputScaleLog2.
type FixedPoint struct {
	ScaleBits      int `json:"scale_bits"`
	WeightBits     int `json:"weight_bits"`
	InputRangeBits int `json:"input_range_bits"`
	// InputNonNegative: inputs also satisfy x >= 0, and the input's
	// values are packed without the 2^(bits-1) offset (format 3).
	InputNonNegative bool `json:"input_non_negative,omitempty"`
	OutputScaleLog2  int  `json:"output_scale_log2"`
	// ReluBits: per ReLU layer, the bits its input is checked to when
	// calibration chose fewer than the static bound (format 3).
	ReluBits []int `json:"relu_bits,omitempty"`
	// SoftmaxDropped: the ONNX graph's final Softmax is not in the circuit.
	SoftmaxDropped bool `json:"softmax_dropped"`
	// LookupBits: the ReLUs' range checks are lookups in a table of
	// 2^LookupBits values under one BSB22 commitment (the proof is then
	// 384 bytes); absent: bit decompositions.
	LookupBits int `json:"lookup_bits,omitempty"`
}

// PublicVec is one vector of the public inputs: Values signed integers at
// 2^ScaleLog2, packed into Count field elements from Offset. Value j is
// stored as v + 2^(Bits-1), which lies in [0, 2^Bits), at bit
// Bits·(j mod PerWord) of element Offset + j/PerWord (docs/proof.md).
type PublicVec struct {
	Name      string `json:"name"`
	Shape     []int  `json:"shape"`
	Offset    int    `json:"offset"`
	Count     int    `json:"count"`
	Values    int    `json:"values"`
	Bits      int    `json:"bits"`
	PerWord   int    `json:"per_word"`
	ScaleLog2 int    `json:"scale_log2"`
	// Unsigned: values are non-negative and stored as v itself, in
	// [0, 2^Bits).
	Unsigned bool `json:"unsigned,omitempty"`
	// Hashed: the vector's Words packed words are not public inputs
	// themselves: its one public input (Count 1) is the SHA-256 of the
	// words, 32 bytes each big-endian, reduced into the field.
	Hashed bool `json:"hashed,omitempty"`
	Words  int  `json:"words,omitempty"`
}

// Packing is the circuit's view of v.
func (v PublicVec) Packing() circuit.Packing {
	words := v.Count
	if v.Hashed {
		words = v.Words
	}
	return circuit.Packing{Values: v.Values, Bits: v.Bits, PerWord: v.PerWord, Words: words, Unsigned: v.Unsigned}
}

// FloatError compares the fixed-point model with the float one on Inputs
// random inputs drawn uniformly from [Low, High) (or, with On
// "calibration samples", on the samples, Low and High their extremes):
// the largest absolute
// difference of a logit (MaxAbs), the largest logit magnitude (MaxLogit)
// and on how many of the inputs the argmax agrees.
type FloatError struct {
	On          string  `json:"on,omitempty"`
	Inputs      int     `json:"inputs"`
	Low         float64 `json:"low"`
	High        float64 `json:"high"`
	MaxAbs      float64 `json:"max_abs"`
	MaxLogit    float64 `json:"max_logit"`
	ArgmaxAgree int     `json:"argmax_agree"`
}

// Calibration records what setup --calibrate chose from how many samples,
// and why (the fixed point itself is FixedPoint).
type Calibration struct {
	Samples int    `json:"samples"`
	Tried   int    `json:"tried"`
	Why     string `json:"why"`
}

// Verifier describes the Solidity verifier.
type Verifier struct {
	Contract string `json:"contract"`
	Function string `json:"function"`
	Selector string `json:"selector"`
	// BatchFunction and BatchSelector: verifyBatch(bytes[]), every proof
	// of a batch checked at once (format 4; absent before).
	BatchFunction string `json:"batch_function,omitempty"`
	BatchSelector string `json:"batch_selector,omitempty"`
	Compiler      string `json:"compiler"`
	EVMVersion    string `json:"evm_version"`
}

// Sum is the hex sha256 of b.
func Sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// parseManifest decodes and checks a manifest.
func parseManifest(b []byte) (*Manifest, error) {
	if len(b) > MaxManifestBytes {
		return nil, fmt.Errorf("%s is %d bytes, more than a manifest's %d", ManifestFile, len(b), MaxManifestBytes)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s is not valid JSON: %w", ManifestFile, err)
	}
	if !slices.Contains(formats, m.Format) {
		return nil, fmt.Errorf("%s: format %q, want %q (made by another version of proof setup?)", ManifestFile, m.Format, Format)
	}
	if m.ProofSystem != ProofSystem {
		return nil, fmt.Errorf("%s: proof system %q, want %q", ManifestFile, m.ProofSystem, ProofSystem)
	}
	for _, f := range Files {
		if len(m.Files[f]) != 64 {
			return nil, fmt.Errorf("%s lists no sha256 for %s; run proof setup again", ManifestFile, f)
		}
	}
	return &m, nil
}

// Options are the compile options that reproduce the model's circuit.
func (f FixedPoint) Options() circuit.Options {
	return circuit.Options{ScaleBits: f.ScaleBits, WeightBits: f.WeightBits, InputRangeBits: f.InputRangeBits, RangeSet: true, NonNegative: f.InputNonNegative, ReluBits: f.ReluBits, LookupBits: f.LookupBits}
}
