package service

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/proof/circuit"
	"github.com/infernode/infernode/workloads/protocol"
)

// Result is the off-chain reply (docs/proof.md).
type Result struct {
	GnarkProof   string        `json:"gnark_proof"`
	Output       tensor.Tensor `json:"output"`
	Input        tensor.Tensor `json:"input"`
	PublicInputs []string      `json:"public_inputs"`
	ProofSystem  string        `json:"proof_system"`
	VerifyKey    string        `json:"verify_key"`
	Calldata     string        `json:"calldata"`
	// PublicInputMode: "packed" or "hashed" (the manifest's); with
	// hashed, InputWords are the packed input's words whose SHA-256 is the
	// first public input (what ProofInputs.inputHash computes from the
	// consumer's own values).
	PublicInputMode string   `json:"public_input_mode,omitempty"`
	InputWords      []string `json:"input_words,omitempty"`
	// Probabilities is softmax(output) when the model's final Softmax was
	// left out of the circuit.
	Probabilities *tensor.Tensor `json:"probabilities,omitempty"`
	RepoID        string         `json:"repo_id"`
	ModelID       string         `json:"model_id"`
}

// outputTolerance: a given output_data must match what the fixed-point
// model produces within this (absolute, plus as much relative); the
// documented fixed-point error of the bundled models is far below it.
const outputTolerance = 1e-3

// Prove decodes nothing: it proves in, returning the reply and the proof.
func (s *Service) Prove(ctx context.Context, in input) (*Result, *artifact.Proof, error) {
	if _, err := repoID(in.RepoID); err != nil {
		return nil, nil, protocol.Invalid(in.field+".repo_id", "%v; use {storage}/{owner}/{name}[/{version}], e.g. local/acme/iris", err)
	}
	set, err := s.Artifacts(ctx, in.RepoID)
	if err != nil {
		return nil, nil, s.loadError(in, err)
	}
	m := set.Model()
	man := set.Manifest
	inShape := man.Public[0].Shape
	if !slices.Equal(in.In.Shape, inShape) {
		return nil, nil, protocol.Invalid(in.field+".witness_data.input_data", "shape %v does not match the model's input shape %v", in.In.Shape, inShape)
	}
	x, err := in.In.Float64s()
	if err != nil {
		return nil, nil, protocol.Invalid(in.field+".witness_data.input_data", "%v", err)
	}
	xq, err := m.QuantizeInput(x)
	if err != nil {
		return nil, nil, protocol.Invalid(in.field+".witness_data.input_data", "%v", err)
	}
	y, err := m.EvalChecked(xq)
	if err != nil {
		return nil, nil, protocol.Invalid(in.field+".witness_data.input_data", "%v", err)
	}
	logits := circuit.Floats(y, m.OutScale)
	var probs []float64
	if m.Softmax {
		probs = circuit.Softmax(logits)
	}
	if in.Out != nil {
		if err := checkOutput(*in.Out, man.Public[1].Shape, logits, probs); err != nil {
			return nil, nil, protocol.Invalid(in.field+".witness_data.output_data", "%v", err)
		}
	}
	if s.mem != nil {
		need := min(ProofMemory(man.Constraints), s.budget)
		if err := s.mem.Acquire(ctx, need); err != nil {
			return nil, nil, fmt.Errorf("waiting for proving memory: %w", err)
		}
		defer s.mem.Release(need)
	}
	select {
	case s.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, nil, fmt.Errorf("waiting for a proving slot: %w", ctx.Err())
	}
	p, err := set.Prove(xq)
	<-s.sem
	if err != nil {
		return nil, nil, fmt.Errorf("repo_id %s: %w", in.RepoID, err)
	}
	res := &Result{
		GnarkProof:  "0x" + hex.EncodeToString(p.Proof),
		Output:      tensor.FromFloat64(man.Public[1].Shape, logits),
		Input:       tensor.FromFloat64(inShape, circuit.Floats(xq, m.ScaleBits)),
		ProofSystem: artifact.ProofSystem,
		VerifyKey:   "0x" + hex.EncodeToString(set.VerifyingKey()),
		Calldata:    "0x" + hex.EncodeToString(p.Calldata),
		RepoID:      in.RepoID,
		ModelID:     man.ModelID,
	}
	for _, v := range p.Public {
		res.PublicInputs = append(res.PublicInputs, fmt.Sprintf("0x%064x", v))
	}
	res.PublicInputMode = man.PublicInputMode
	if m.Hashed {
		for _, v := range p.InputWords {
			res.InputWords = append(res.InputWords, fmt.Sprintf("0x%064x", v))
		}
	}
	if probs != nil {
		t := tensor.FromFloat64(man.Public[1].Shape, probs)
		res.Probabilities = &t
	}
	return res, p, nil
}

// loadError tells the caller's mistake (no such repository) from the
// operator's (missing or corrupt files).
func (s *Service) loadError(in input, err error) error {
	hosted := false
	if id, perr := repoID(in.RepoID); perr == nil {
		hosted = id.Storage != protocol.StorageLocal
	}
	switch {
	case errors.Is(err, errNoArtifacts), errors.Is(err, modelstore.ErrNotAllowed):
		return protocol.Invalid(in.field+".repo_id", "%v", err)
	case hosted && artifact.IsCorrupt(err):
		// A hosted repository is the client's choice and its publisher's
		// files: theirs to fix, not the operator's.
		return protocol.Invalid(in.field+".repo_id", "the hosted artifacts of %s do not load: %v", in.RepoID, err)
	case errors.Is(err, modelstore.ErrNotFound) || errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("repo_id %s: artifacts are incomplete: %w; run proof setup again", in.RepoID, err)
	}
	return fmt.Errorf("repo_id %s: %w", in.RepoID, err)
}

// checkOutput compares a claimed output with the logits (and, for a model
// ending in Softmax, with its probabilities).
func checkOutput(claim tensor.Tensor, shape []int, logits, probs []float64) error {
	if !slices.Equal(claim.Shape, shape) {
		return fmt.Errorf("shape %v does not match the model's output shape %v", claim.Shape, shape)
	}
	v, err := claim.Float64s()
	if err != nil {
		return err
	}
	close := func(want []float64) bool {
		if want == nil {
			return false
		}
		for i := range want {
			if math.Abs(v[i]-want[i]) > outputTolerance*(1+math.Abs(want[i])) {
				return false
			}
		}
		return true
	}
	if close(logits) || close(probs) {
		return nil
	}
	what := fmt.Sprintf("logits %s", fmtFloats(logits))
	if probs != nil {
		what += fmt.Sprintf(" (softmax %s)", fmtFloats(probs))
	}
	return fmt.Errorf("the model does not produce %s for this input: it produces %s; send null to prove what it produces", fmtFloats(v), what)
}

func fmtFloats(v []float64) string {
	parts := make([]string, len(v))
	for i, f := range v {
		parts[i] = strconv.FormatFloat(f, 'g', 7, 64)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func (s *Service) output(w http.ResponseWriter, r *http.Request) {
	req, err := protocol.DecodeRequest(r.Body)
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	if req.Destination == protocol.Stream {
		protocol.WriteError(w, s.log, protocol.Invalid("destination", "%s does not stream; use 0 (on-chain) or 1 (off-chain)", ID))
		return
	}
	in, raw, err := protocol.DecodeInput(req, decodeABI, func(d json.RawMessage) (input, error) { return decodeJSON(d, req.Destination) })
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	res, p, err := s.Prove(r.Context(), in)
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	if req.Destination == protocol.OnChain {
		out, err := protocol.EncodeTensorABI(res.Output)
		if err != nil {
			protocol.WriteError(w, s.log, fmt.Errorf("encode output: %w", err))
			return
		}
		// The proof bytes are the verifier's calldata: a consumer checks
		// them with one staticcall to the deployed verifier.bin.
		protocol.WriteJSON(w, http.StatusOK, protocol.OnChainOutput{RawInput: protocol.Hex(raw), RawOutput: protocol.Hex(out), Proof: protocol.Hex(p.Calldata)})
		return
	}
	protocol.WriteJSON(w, http.StatusOK, res)
}
