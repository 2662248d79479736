package artifact

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"

	"github.com/consensys/gnark-crypto/ecc"
	"github.com/consensys/gnark/backend/groth16"
	"github.com/consensys/gnark/constraint"

	"github.com/infernode/infernode/workloads/proof/circuit"
)

// CorruptError is an artifact file that does not match the manifest, or
// does not decode.
type CorruptError struct {
	File string
	Msg  string
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("artifact %s is corrupt: %s; run proof setup again or restore the file", e.File, e.Msg)
}

// Set is an opened artifact directory, ready to prove. It is immutable and
// safe for concurrent use.
type Set struct {
	Manifest *Manifest
	model    *circuit.Model
	ccs      constraint.ConstraintSystem
	pk       groth16.ProvingKey
	vk       groth16.VerifyingKey
	vkRaw    []byte
}

// Model is the fixed-point model the circuit computes.
func (s *Set) Model() *circuit.Model { return s.model }

// VerifyingKey is verifying.key's bytes.
func (s *Set) VerifyingKey() []byte { return slices.Clone(s.vkRaw) }

// Read returns one artifact file's bytes; Open calls it for the manifest
// and then for each file the manifest lists.
type Read func(ctx context.Context, name string) ([]byte, error)

// ReadDir reads artifact files from a directory.
func ReadDir(dir string) Read {
	return func(_ context.Context, name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, name)) }
}

// Open reads the manifest and every artifact through read, checks each
// file's sha256 against the manifest, and decodes the circuit and keys.
// The manifest's read error comes back as it is, the others' wrapped with
// the file's name (a missing file stays fs.ErrNotExist); a file that does
// not match is a *CorruptError.
func Open(ctx context.Context, read Read) (*Set, error) {
	mb, err := read(ctx, ManifestFile)
	if err != nil {
		return nil, err
	}
	man, err := parseManifest(mb)
	if err != nil {
		return nil, &CorruptError{File: ManifestFile, Msg: err.Error()}
	}
	// One file at a time, each checked, decoded and let go before the
	// next: a ResNet's circuit and proving key are hundreds of MB each, and
	// holding every file's bytes beside the decoded keys would add them to
	// the peak.
	read1 := func(name string) ([]byte, error) {
		b, err := read(ctx, name)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		if got := Sum(b); got != man.Files[name] {
			return nil, &CorruptError{File: name, Msg: fmt.Sprintf("sha256 %s, the manifest says %s", got, man.Files[name])}
		}
		return b, nil
	}
	for _, name := range []string{SolidityFile, BytecodeFile} { // not used here, but part of the set
		if _, err := read1(name); err != nil {
			return nil, err
		}
	}
	onnx, err := read1(ModelFile)
	if err != nil {
		return nil, err
	}
	s := &Set{Manifest: man}
	opts := man.FixedPoint.Options()
	opts.Hashed = len(man.Public) > 0 && man.Public[0].Hashed
	s.model, err = circuit.Compile(onnx, opts)
	if err != nil {
		return nil, &CorruptError{File: ModelFile, Msg: err.Error()}
	}
	s.model.DropFloat() // a set proves: it evaluates the integer model only
	if len(man.Public) != 2 || man.Public[0].Packing() != s.model.In || man.Public[1].Packing() != s.model.Out ||
		man.Public[1].Offset != s.model.PublicWords()-s.model.Out.Words || man.FixedPoint.OutputScaleLog2 != s.model.OutScale {
		return nil, &CorruptError{File: ManifestFile, Msg: "its public inputs or scales do not match model.onnx"}
	}
	if s.vkRaw, err = read1(VerifyingFile); err != nil {
		return nil, err
	}
	s.vk = groth16.NewVerifyingKey(ecc.BN254)
	if _, err := s.vk.ReadFrom(bytes.NewReader(s.vkRaw)); err != nil {
		return nil, &CorruptError{File: VerifyingFile, Msg: err.Error()}
	}
	if err := s.readCircuit(read1); err != nil {
		return nil, err
	}
	if err := s.readProvingKey(read1); err != nil {
		return nil, err
	}
	debug.FreeOSMemory() // the files' bytes: the set stays loaded for many proofs
	return s, nil
}

// readCircuit decodes circuit.r1cs (its bytes are garbage on return).
func (s *Set) readCircuit(read1 func(string) ([]byte, error)) error {
	b, err := read1(CircuitFile)
	if err != nil {
		return err
	}
	s.ccs = groth16.NewCS(ecc.BN254)
	if _, err := s.ccs.ReadFrom(bytes.NewReader(b)); err != nil {
		return &CorruptError{File: CircuitFile, Msg: err.Error()}
	}
	if s.ccs.GetNbPublicVariables()-1 != s.model.PublicWords() {
		return &CorruptError{File: CircuitFile, Msg: "its public inputs do not match model.onnx"}
	}
	return nil
}

// readProvingKey decodes proving.key (its bytes are garbage on return).
func (s *Set) readProvingKey(read1 func(string) ([]byte, error)) error {
	b, err := read1(ProvingFile)
	if err != nil {
		return err
	}
	// The hash says only that the publisher wrote this key: its header's
	// sizes are checked before gnark allocates what they declare.
	if err := checkProvingKey(b, s.ccs.GetNbConstraints(), s.ccs.GetNbPublicVariables()); err != nil {
		return &CorruptError{File: ProvingFile, Msg: err.Error()}
	}
	// The proving key's hash is checked above; skipping the subgroup
	// checks of its many points saves most of the load time.
	s.pk = groth16.NewProvingKey(ecc.BN254)
	if _, err := s.pk.UnsafeReadFrom(bytes.NewReader(b)); err != nil {
		return &CorruptError{File: ProvingFile, Msg: err.Error()}
	}
	return nil
}

// IsCorrupt reports whether err is a *CorruptError.
func IsCorrupt(err error) bool {
	var ce *CorruptError
	return errors.As(err, &ce)
}
