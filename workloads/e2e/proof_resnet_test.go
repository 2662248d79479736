package e2e_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/proof/prooftest"
)

// BenchmarkProveResNet20 (make bench-proof; minutes, outside make test):
// the CIFAR-10 ResNet-20 built by testdata/resnet.py with Debian's PyTorch
// (seeded weights; 8 test images optimised toward classes 0 to 7), set up
// with --calibrate on its test images, then INFERNODE_BENCH_IMAGES of them
// (default all 8) proved through the node and checked as
// TestResidualProofThroughNodeVerifiedOnAnvil does (argmax equal to
// PyTorch's, every changed input value, logit and proof word rejected),
// verification at most 380,000 gas (hashed input). Reports the constraints, setup time,
// proving key size, the proof jobs' median wall time and the process's
// peak RSS.
//
// PROOF_BENCH_DIR=DIR keeps the exported model and the setup in DIR: a
// later run with the same model (sha256) skips the setup and measures the
// proofs alone (delete DIR after changing the circuit's code).
// PROOF_BENCH_PROFILE=DIR writes CPU and heap profiles of the setup and of
// the proofs there (setup.cpu.pprof, setup.heap.pprof, prove.cpu.pprof,
// prove.heap.pprof). PROOF_BENCH_PUBLIC_INPUTS=packed|hashed chooses
// setup's --public-inputs (default auto: hashed, 74 input words; at most
// 380,000 gas, packed 1.2M) to compare the two.
func BenchmarkProveResNet20(b *testing.B) {
	dir, kept := os.Getenv("PROOF_BENCH_DIR"), true
	if dir == "" {
		dir, kept = b.TempDir(), false
	}
	onnx, data := filepath.Join(dir, "resnet20.onnx"), filepath.Join(dir, "resnet20.json")
	if _, err := os.Stat(data); err != nil {
		out, err := exec.Command("/usr/bin/python3", prooftest.Testdata("resnet.py"), dir, "resnet20").CombinedOutput()
		require.NoError(b, err, "%s\n(export needs Debian's python3-torch and python3-onnx: bash .ci/realmodels.sh)", out)
	}
	f := prooftest.ReadResidual(b, data)
	n := len(f.Images)
	if v, err := strconv.Atoi(os.Getenv("INFERNODE_BENCH_IMAGES")); err == nil && v > 0 {
		n = min(v, len(f.Images))
	}
	mode := os.Getenv("PROOF_BENCH_PUBLIC_INPUTS")
	fx := prooftest.Fixture{Name: "resnet20", File: onnx, PublicInputs: mode, Samples: func(testing.TB) [][]float64 { return f.Images }}
	if kept {
		fx.Dir = filepath.Join(dir, "setup")
		if mode != "" {
			fx.Dir += "-" + mode
		}
	}
	maxGas := uint64(380_000)
	if mode == artifact.PublicPacked {
		maxGas = 1_200_000
	}
	profiles := os.Getenv("PROOF_BENCH_PROFILE")
	stop := profile(b, profiles, "setup")
	start := time.Now()
	setupDir, man := prooftest.SetUp(b, fx)
	setup := time.Since(start)
	stop()
	st, err := os.Stat(filepath.Join(setupDir, artifact.ProvingFile))
	require.NoError(b, err)
	why := ""
	if man.Calibration != nil {
		why = man.Calibration.Why
	}
	b.Logf("resnet20: %d parameters; setup %v (calibration included; 0 when reused from %s): %d constraints, proving key %.1f MB; fixed point %+v; %s; peak RSS so far %.2f GB",
		f.Params, setup.Round(time.Second), fx.Dir, man.Constraints, float64(st.Size())/1e6, man.FixedPoint, why, peakRSS(b))
	stop = profile(b, profiles, "prove")
	for b.Loop() {
		walls := proofsOnAnvil(b, fx, f.Images[:n], f.Shape, f.Logits, maxGas)
		b.ReportMetric(walls[len(walls)/2].Seconds(), "s/proof-p50")
	}
	stop()
	b.ReportMetric(float64(man.Constraints), "constraints")
	b.ReportMetric(setup.Seconds(), "s/setup")
	b.ReportMetric(float64(st.Size())/1e6, "MB/proving-key")
	b.ReportMetric(peakRSS(b), "GB/peak-RSS")
}

// profile starts a CPU profile into dir/name.cpu.pprof (nothing when dir
// is empty); the returned func stops it and writes dir/name.heap.pprof.
func profile(b *testing.B, dir, name string) func() {
	if dir == "" {
		return func() {}
	}
	require.NoError(b, os.MkdirAll(dir, 0o755))
	cpu, err := os.Create(filepath.Join(dir, name+".cpu.pprof"))
	require.NoError(b, err)
	require.NoError(b, pprof.StartCPUProfile(cpu))
	return func() {
		pprof.StopCPUProfile()
		require.NoError(b, cpu.Close())
		heap, err := os.Create(filepath.Join(dir, name+".heap.pprof"))
		require.NoError(b, err)
		require.NoError(b, pprof.Lookup("allocs").WriteTo(heap, 0))
		require.NoError(b, heap.Close())
	}
}

// peakRSS is this process's peak resident set (VmHWM), in GB.
func peakRSS(b *testing.B) float64 {
	raw, err := os.ReadFile("/proc/self/status")
	require.NoError(b, err)
	for line := range strings.SplitSeq(string(raw), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 64)
			require.NoError(b, err)
			return kb * 1024 / 1e9
		}
	}
	b.Fatal("no VmHWM in /proc/self/status")
	return 0
}
