package artifact

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/consensys/gnark/backend/groth16"
	"github.com/consensys/gnark/backend/solidity"

	"github.com/infernode/infernode/workloads/proof/circuit"
)

// SetupOptions configure Setup.
type SetupOptions struct {
	// ModelID goes into the manifest (default: the ONNX file's name).
	ModelID string
	// Fixed tunes the fixed point (zero: the defaults).
	Fixed circuit.Options
	// Solc compiles Verifier.sol.
	Solc Solc
	// Log receives progress (nil: discarded).
	Log *slog.Logger
	// ErrorLow and ErrorHigh bound the random inputs on which setup
	// measures the fixed point's error (both zero: the whole input range).
	ErrorLow, ErrorHigh float64
	// Calibrate: sample inputs from which setup chooses the fixed point
	// (circuit.Calibrate) instead of Fixed; the error is then reported on
	// them.
	Calibrate [][]float64
	// Lookups: "on", "off", or "auto"/"" (on when the circuit with bit
	// decompositions has AutoLookupConstraints or more and lookups at
	// least halve it).
	Lookups string
	// PublicInputs: PublicPacked, PublicHashed, or "auto"/"" (hashed
	// for inputs of more than AutoHashedWords packed words).
	PublicInputs string
}

// AutoLookupConstraints is where --lookups auto switches lookups on: below
// it a proof takes seconds and the commitment's extra ~110k gas outweighs
// the time saved (LeNet, iris); above it (ResNet-20: 4.8M) the prover's
// time and memory dominate.
const AutoLookupConstraints = 1 << 20

// floatErrorInputs is how many random inputs setup's error report uses.
const floatErrorInputs = 16

// Setup compiles the ONNX model at onnxPath into a circuit, runs the
// Groth16 setup, exports and compiles the Solidity verifier, and writes the
// artifact directory out (created if needed; files already there are
// replaced). The manifest is written last, so a directory with a manifest
// is complete.
func Setup(ctx context.Context, onnxPath, out string, opt SetupOptions) (*Manifest, error) {
	log := opt.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	raw, err := os.ReadFile(onnxPath)
	if err != nil {
		return nil, fmt.Errorf("read model: %w", err)
	}
	var (
		model *circuit.Model
		fe    FloatError
		cal   *Calibration
	)
	if opt.Calibrate != nil {
		start := time.Now()
		m, c, err := circuit.Calibrate(raw, opt.Calibrate)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", onnxPath, err)
		}
		model = m
		fe = FloatError{On: "calibration samples", Inputs: c.Samples, Low: c.Min, High: c.Max, MaxAbs: c.MaxErr, MaxLogit: c.MaxLogit, ArgmaxAgree: c.ArgmaxAgree}
		cal = &Calibration{Samples: c.Samples, Tried: c.Tried, Why: c.Why}
		log.Info("fixed point calibrated", "scale_bits", c.Options.ScaleBits, "weight_bits", c.Options.WeightBits,
			"input_range_bits", c.Options.InputRangeBits, "input_non_negative", c.Options.NonNegative, "why", c.Why, "took", time.Since(start).Round(time.Millisecond))
	} else {
		m, err := circuit.Compile(raw, opt.Fixed)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", onnxPath, err)
		}
		model = m
		fe = FloatError{Inputs: floatErrorInputs, Low: opt.ErrorLow, High: opt.ErrorHigh}
		if fe.Low == 0 && fe.High == 0 {
			fe.High = math.Ldexp(1, model.InputBits-model.ScaleBits)
			fe.Low = -fe.High
			if model.NonNegative {
				fe.Low = 0
			}
		}
		fe.MaxAbs, fe.MaxLogit, fe.ArgmaxAgree = model.FloatError(fe.Inputs, fe.Low, fe.High)
	}
	if err := chooseLookups(model, opt.Lookups, log); err != nil {
		return nil, fmt.Errorf("%s: %w", onnxPath, err)
	}
	switch opt.PublicInputs {
	case PublicHashed:
		model.Hashed = true
	case PublicPacked:
	case "", "auto":
		model.Hashed = model.In.Words > AutoHashedWords
	default:
		return nil, fmt.Errorf("public inputs %q: want packed, hashed or auto", opt.PublicInputs)
	}
	mode := PublicPacked
	if model.Hashed {
		mode = PublicHashed
	}
	log.Info("public inputs", "mode", mode, "input_words", model.In.Words, "public_inputs", model.PublicWords(),
		"why", fmt.Sprintf("inputs of more than %d packed words are hashed by default (--public-inputs packed|hashed to choose)", AutoHashedWords))
	log.Info("model compiled", "layers", model.Describe(), "max_bits", model.MaxBits)
	log.Info("fixed point against the float model", "on", fe.On, "inputs", fe.Inputs, "from", fe.Low, "to", fe.High,
		"max_logit_error", fe.MaxAbs, "max_logit", fe.MaxLogit, "argmax_agrees", fmt.Sprintf("%d/%d", fe.ArgmaxAgree, fe.Inputs))
	// The float model is as large as the quantized one (a ResNet-20's
	// rows: over a GB): compiling the circuit needs only the latter.
	model.DropFloat()
	debug.FreeOSMemory()
	ccs, err := circuit.Build(model)
	if err != nil {
		return nil, err
	}
	costs := model.Costs()
	for _, c := range costs {
		log.Info("constraints", "step", c.Layer, "outputs", c.Outputs, "constraints", c.Constraints)
	}
	log.Info("circuit built", "constraints", ccs.GetNbConstraints(), "public_inputs", model.PublicWords())
	// The manifest's model facts now: the compiled model (hundreds of MB
	// for a ResNet) is dead after this, and the key generation needs the
	// memory most: give the garbage (calibration's too) back first.
	pin, pout := model.In, model.Out
	fn := fmt.Sprintf("verifyProof(bytes,uint256[%d])", model.PublicWords())
	inVec := PublicVec{Name: model.InputName, Shape: model.InputShape, Offset: 0, Count: pin.Words, Values: pin.Values, Bits: pin.Bits, PerWord: pin.PerWord, ScaleLog2: model.ScaleBits, Unsigned: pin.Unsigned}
	if model.Hashed {
		inVec.Count, inVec.Hashed, inVec.Words = 1, true, pin.Words
	}
	man := &Manifest{
		Format: Format, ProofSystem: ProofSystem, ModelID: opt.ModelID, ModelSHA256: Sum(raw), Layers: model.Describe(),
		FixedPoint: FixedPoint{ScaleBits: model.ScaleBits, WeightBits: model.WeightBits, InputRangeBits: model.InputBits - model.ScaleBits,
			InputNonNegative: model.NonNegative, ReluBits: model.ReluBits, OutputScaleLog2: model.OutScale, SoftmaxDropped: model.Softmax,
			LookupBits: model.LookupBits},
		FloatError:      fe,
		Calibration:     cal,
		PublicInputMode: mode,
		Public: []PublicVec{
			inVec,
			{Name: "logits", Shape: model.OutputShape, Offset: inVec.Count, Count: pout.Words, Values: pout.Values, Bits: pout.Bits, PerWord: pout.PerWord, ScaleLog2: model.OutScale},
		},
		Constraints:      ccs.GetNbConstraints(),
		LayerConstraints: costs,
		Verifier: Verifier{Contract: "Verifier", Function: fn, Selector: "0x" + selectorHex(fn),
			BatchFunction: BatchFunction, BatchSelector: "0x" + selectorHex(BatchFunction), EVMVersion: EVMVersion},
		Files: map[string]string{},
	}
	debug.FreeOSMemory()
	start := time.Now()
	pk, vk, err := groth16.Setup(ccs)
	if err != nil {
		return nil, fmt.Errorf("groth16 setup: %w", err)
	}
	log.Info("groth16 keys generated", "took", time.Since(start).Round(time.Millisecond))
	start = time.Now()
	var sol bytes.Buffer
	batch, err := batchSolidity(vk)
	if err != nil {
		return nil, err
	}
	if err := vk.ExportSolidity(&sol, solidity.WithPragmaVersion("^0.8.24"), solidity.WithFunctions(strings.NewReader(batch))); err != nil {
		return nil, fmt.Errorf("export Solidity verifier: %w", err)
	}
	compiled, err := opt.Solc.Compile(ctx, sol.Bytes(), "Verifier")
	if err != nil {
		return nil, fmt.Errorf("compile Verifier.sol: %w", err)
	}
	log.Info("verifier compiled", "compiler", compiled.Version, "bytes", len(compiled.Bytecode)/2, "took", time.Since(start).Round(time.Millisecond))

	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", out, err)
	}
	_ = os.Remove(filepath.Join(out, ManifestFile))
	man.Verifier.Compiler = "solc-js " + compiled.Version
	if man.ModelID == "" {
		man.ModelID = filepath.Base(onnxPath)
	}
	writers := map[string]func(io.Writer) error{
		ModelFile:     func(w io.Writer) error { _, err := w.Write(raw); return err },
		CircuitFile:   func(w io.Writer) error { _, err := ccs.WriteTo(w); return err },
		ProvingFile:   func(w io.Writer) error { _, err := pk.WriteRawTo(w); return err },
		VerifyingFile: func(w io.Writer) error { _, err := vk.WriteRawTo(w); return err },
		SolidityFile:  func(w io.Writer) error { _, err := w.Write(sol.Bytes()); return err },
		BytecodeFile:  func(w io.Writer) error { _, err := io.WriteString(w, "0x"+compiled.Bytecode); return err },
	}
	for _, name := range Files {
		sum, err := writeFile(filepath.Join(out, name), writers[name])
		if err != nil {
			return nil, err
		}
		man.Files[name] = sum
	}
	b, err := json.MarshalIndent(man, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode manifest: %w", err)
	}
	if _, err := writeFile(filepath.Join(out, ManifestFile), func(w io.Writer) error { _, err := w.Write(append(b, '\n')); return err }); err != nil {
		return nil, err
	}
	return man, nil
}

// chooseLookups switches model's range checks to lookups as mode says.
func chooseLookups(model *circuit.Model, mode string, log *slog.Logger) error {
	if mode == "off" || model.LookupBits > 0 {
		return nil
	}
	plain := 0
	for _, c := range model.Costs() {
		plain += c.Constraints
	}
	bits, with := model.BestLookupBits()
	switch {
	case bits == 0 && mode == "on":
		return fmt.Errorf("lookups do not apply to this model (no ReLU, or a rescale beyond 2^%d)", circuit.MaxLookupBits)
	case bits == 0:
		return nil
	case mode != "on" && (plain < AutoLookupConstraints || 2*with > plain):
		log.Info("range checks by bit decomposition", "constraints", plain, "with_lookups", with, "why", fmt.Sprintf("lookups pay from %d constraints (--lookups on to force)", AutoLookupConstraints))
		return nil
	}
	if err := model.WithLookups(bits); err != nil {
		return err
	}
	log.Info("range checks by lookup", "table_bits", bits, "constraints_before", plain, "why", "one BSB22 commitment: a 384-byte proof and ~110k more gas to verify, for a smaller circuit")
	return nil
}

// writeFile writes path through a temporary file and a rename, returning
// the content's sha256.
func writeFile(path string, write func(io.Writer) error) (string, error) {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return "", fmt.Errorf("encode %s: %w", filepath.Base(path), err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".setup-*")
	if err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	return Sum(buf.Bytes()), nil
}
