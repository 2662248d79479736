package e2e_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/proof/prooftest"
)

// BenchmarkProveResNet20 (make bench-proof; minutes, outside make test):
// the CIFAR-10 ResNet-20 built by testdata/resnet.py with Debian's PyTorch
// (seeded weights), set up with --calibrate on its test images, then
// INFERNODE_BENCH_IMAGES of them (default 3) proved through the node and
// checked as TestResidualProofThroughNodeVerifiedOnAnvil does, verification
// at most 1.2M gas. Reports the constraints, setup time, proving key size
// and the proof jobs' median wall time.
func BenchmarkProveResNet20(b *testing.B) {
	dir := b.TempDir()
	out, err := exec.Command("/usr/bin/python3", prooftest.Testdata("resnet.py"), dir, "resnet20").CombinedOutput()
	require.NoError(b, err, "%s\n(export needs Debian's python3-torch and python3-onnx: bash .ci/realmodels.sh)", out)
	f := prooftest.ReadResidual(b, filepath.Join(dir, "resnet20.json"))
	n := 3
	if v, err := strconv.Atoi(os.Getenv("INFERNODE_BENCH_IMAGES")); err == nil && v > 0 {
		n = min(v, len(f.Images))
	}
	fx := prooftest.Fixture{Name: "resnet20", File: filepath.Join(dir, "resnet20.onnx"), Samples: func(testing.TB) [][]float64 { return f.Images }}
	start := time.Now()
	setupDir, man := prooftest.SetUp(b, fx)
	setup := time.Since(start)
	st, err := os.Stat(filepath.Join(setupDir, artifact.ProvingFile))
	require.NoError(b, err)
	b.Logf("resnet20: %d parameters; setup %v (calibration included): %d constraints, proving key %.1f MB; fixed point %+v; %s",
		f.Params, setup.Round(time.Second), man.Constraints, float64(st.Size())/1e6, man.FixedPoint, man.Calibration.Why)
	for b.Loop() {
		walls := proofsOnAnvil(b, fx, f.Images[:n], f.Shape, f.Logits, 1_200_000)
		b.ReportMetric(walls[len(walls)/2].Seconds(), "s/proof-p50")
	}
	b.ReportMetric(float64(man.Constraints), "constraints")
	b.ReportMetric(setup.Seconds(), "s/setup")
	b.ReportMetric(float64(st.Size())/1e6, "MB/proving-key")
}
