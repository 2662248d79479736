// Command proof is the proof workload (docs/proof.md): zero-knowledge proofs,
// Groth16 on BN254 with gnark, that a model produced its logits from an
// input.
//
//	proof setup --onnx FILE --out DIR [--model-id ID] [--solc DIR]
//	            [--scale-bits N] [--weight-bits N] [--input-range-bits N]
//	            [--input-non-negative] [--calibrate SAMPLES.json] [--error-range LOW,HIGH]
//	            [--lookups auto|on|off] [--public-inputs auto|packed|hashed]
//	proof [--addr :3000]
//
// setup is the model publisher's step: it compiles the ONNX model into a
// circuit, runs the Groth16 setup and writes the artifact directory
// (manifest, circuit, keys, Solidity verifier and its bytecode). Whoever
// runs setup could forge proofs, so publishers run it themselves
// (docs/proof.md). Without "setup" it serves the container protocol.
//
// Environment: ARTIFACT_DIRECTORY (artifact sets at
// {dir}/{storage}/{owner}/{name}/{version or "default"}/, default
// $TMPDIR/infernode/proof), HUB_TOKEN, HUB_BASE_URL, ARWEAVE_GATEWAY_URL,
// MODEL_DOWNLOADS, MODEL_MAX_LOADED, MODEL_CACHE_MAX_BYTES, PROOF_MEMORY_MB; for setup, SOLCJS (the solc-js package directory) and NODE.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/consensys/gnark/logger"

	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/proof/circuit"
	"github.com/infernode/infernode/workloads/proof/service"
	"github.com/infernode/infernode/workloads/protocol"
)

// usage is what -h prints: both commands and the environment.
const usage = `proof: zero-knowledge proofs (Groth16 on BN254, gnark) that a model produced its logits (docs/proof.md)

usage:
  proof setup --onnx FILE --out DIR [flags]   compile the model into a circuit, make the keys and the
                                              Solidity verifier (the model publisher's step; -h for its flags)
  proof [--addr :3000]                        serve the container protocol (POST /service_output)

environment (serving):
  ARTIFACT_DIRECTORY   artifact sets at {dir}/{storage}/{owner}/{name}/{version or "default"}/
                       (default $TMPDIR/infernode/proof)
  HUB_TOKEN            token for private hub repositories
  HUB_BASE_URL, ARWEAVE_GATEWAY_URL   where hosted artifacts are downloaded from
  MODEL_DOWNLOADS      "off": a job never downloads artifacts (the operator puts them in place)
  MODEL_ALLOWED_REPOS  hosted repositories a job may name, {storage}/{owner}/{name}, comma-separated,
                       or * (default: none; local artifact sets are always served)
  MODEL_MAX_LOADED     how many opened artifact sets stay in memory (default 8)
  PROOF_MEMORY_MB      memory concurrent proofs may use together (default: no bound beyond the CPU count)
environment (setup):
  SOLCJS               the solc-js package directory (default contracts/node_modules/solc here or above)
  NODE                 the node executable (default node on PATH)
`

func main() {
	logger.Disable() // gnark's own console logs; ours are slog
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "setup":
			os.Exit(setup(os.Args[2:]))
		case "-h", "-help", "--help", "help":
			fmt.Print(usage)
			os.Exit(0)
		}
	}
	protocol.Main(service.ID, func(_ context.Context, getenv func(string) string, log *slog.Logger) (http.Handler, error) {
		cfg := service.ConfigFromEnv(getenv)
		cfg.Logger = log
		return service.New(cfg)
	})
}

func setup(args []string) int {
	fs := flag.NewFlagSet("proof setup", flag.ContinueOnError)
	onnx := fs.String("onnx", "", "the ONNX model (Gemm, MatMul, Add, Relu, Conv, AveragePool, MaxPool, GlobalAveragePool, Flatten, Reshape, BatchNormalization; a final Softmax is left out)")
	out := fs.String("out", "", "the artifact directory to write")
	modelID := fs.String("model-id", "", "the model's name in the manifest (default: the ONNX file's name)")
	solc := fs.String("solc", "", "the solc-js package directory (default: $SOLCJS, else contracts/node_modules/solc here or above)")
	scale := fs.Int("scale-bits", 0, fmt.Sprintf("fixed point: inputs and activations are integers times 2^-N (default %d; an image model: %d)", circuit.DefaultScaleBits, circuit.ImageDefaults.ScaleBits))
	weight := fs.Int("weight-bits", 0, fmt.Sprintf("fixed point: weights are integers times 2^-N (default: --scale-bits; an image model: %d)", circuit.ImageDefaults.WeightBits))
	inRange := fs.Int("input-range-bits", 0, fmt.Sprintf("inputs must satisfy |x| < 2^N (default %d; an image model: %d)", circuit.DefaultInputRangeBits, circuit.ImageDefaults.InputRangeBits))
	nonNeg := fs.Bool("input-non-negative", false, "inputs also satisfy x >= 0 (saves a bit a value in the public inputs)")
	calibrate := fs.String("calibrate", "", "choose the fixed point from sample inputs in FILE (JSON: an array of samples, or {\"inputs\": [...]}; a sample is the input's values, nested arrays flattened row-major, a tensor {values, shape, dtype}, or a request's data as a client sends it): the fewest bits that keep the float model's top-1 on every sample")
	errRange := fs.String("error-range", "", "LOW,HIGH: the range of the random inputs on which setup reports the fixed point's error (default: the whole input range)")
	lookups := fs.String("lookups", "auto", "range-check the ReLUs by lookups (a log-derivative argument under one commitment: fewer constraints, a faster prover, ~110k more gas to verify): on, off, or auto (on from "+fmt.Sprint(artifact.AutoLookupConstraints)+" constraints)")
	publicInputs := fs.String("public-inputs", "auto", fmt.Sprintf("how the input enters the verifier: packed (its packed words, each a public input: ~6,700 gas a word), hashed (one public input, the SHA-256 of the packed words computed in the circuit: ~26k constraints per 64 bytes; a consumer checks it with ProofInputs.inputHash), or auto (hashed above %d words)", artifact.AutoHashedWords))
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *publicInputs != "auto" && *publicInputs != artifact.PublicPacked && *publicInputs != artifact.PublicHashed {
		fmt.Fprintf(os.Stderr, "proof setup: --public-inputs %q: want auto, packed or hashed\n", *publicInputs)
		return 2
	}
	if *lookups != "auto" && *lookups != "on" && *lookups != "off" {
		fmt.Fprintf(os.Stderr, "proof setup: --lookups %q: want auto, on or off\n", *lookups)
		return 2
	}
	if *onnx == "" || *out == "" || fs.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "proof setup: --onnx FILE and --out DIR are required; see proof setup -h")
		return 2
	}
	fixed := circuit.Options{ScaleBits: *scale, WeightBits: *weight, InputRangeBits: *inRange, NonNegative: *nonNeg}
	fs.Visit(func(f *flag.Flag) { fixed.RangeSet = fixed.RangeSet || f.Name == "input-range-bits" })
	var samples [][]float64
	if *calibrate != "" {
		if *scale != 0 || *weight != 0 || fixed.RangeSet || *nonNeg {
			fmt.Fprintln(os.Stderr, "proof setup: --calibrate chooses the fixed point: give it without --scale-bits, --weight-bits, --input-range-bits and --input-non-negative")
			return 2
		}
		var err error
		if samples, err = artifact.ReadSamples(*calibrate); err != nil {
			fmt.Fprintln(os.Stderr, "proof setup: --calibrate:", err)
			return 2
		}
	}
	var lo, hi float64
	if *errRange != "" {
		if _, err := fmt.Sscanf(*errRange, "%g,%g", &lo, &hi); err != nil || lo >= hi {
			fmt.Fprintf(os.Stderr, "proof setup: --error-range %q: want LOW,HIGH with LOW < HIGH, e.g. 0,1\n", *errRange)
			return 2
		}
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sc, err := artifact.FindSolc(*solc, os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "proof setup:", err)
		return 1
	}
	start := time.Now()
	man, err := artifact.Setup(ctx, *onnx, *out, artifact.SetupOptions{ModelID: *modelID, Solc: sc, Log: log,
		Fixed: fixed, Calibrate: samples, ErrorLow: lo, ErrorHigh: hi, Lookups: *lookups, PublicInputs: *publicInputs})
	if err != nil {
		fmt.Fprintln(os.Stderr, "proof setup:", err)
		return 1
	}
	log.Info("setup done", "dir", *out, "model_id", man.ModelID, "constraints", man.Constraints,
		"verifier", man.Verifier.Function, "took", time.Since(start).Round(time.Millisecond))
	fmt.Fprintln(os.Stderr, "Whoever ran this setup could forge proofs for this model: publish the artifacts only if you ran it yourself (docs/proof.md).")
	return 0
}
