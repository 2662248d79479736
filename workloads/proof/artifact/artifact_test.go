package artifact_test

import (
	"context"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/proof/prooftest"
)

func TestMain(m *testing.M) { prooftest.Main(m) }

func irisInput() []float64 {
	var x []float64
	for _, v := range wltest.IrisInput() {
		x = append(x, float64(v))
	}
	return x
}

func TestSetupOpenProve(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup (Groth16 and solc-js)")
	}
	dir, man := prooftest.Iris(t)
	require.Equal(t, "verifyProof(bytes,uint256[2])", man.Verifier.Function, "4 inputs in one word, 3 logits in another")
	require.Equal(t, 16, man.FixedPoint.ScaleBits)
	require.True(t, man.FixedPoint.SoftmaxDropped)
	for _, name := range artifact.Files {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		require.Equal(t, artifact.Sum(b), man.Files[name], name)
	}
	set, err := artifact.Open(context.Background(), artifact.ReadDir(dir))
	require.NoError(t, err)
	xq, err := set.Model().QuantizeInput(irisInput())
	require.NoError(t, err)
	p, err := set.Prove(xq)
	require.NoError(t, err)
	require.Len(t, p.Proof, artifact.ProofSize)
	require.Len(t, p.Public, 2)
	require.Len(t, p.Calldata, 4+32*4+256)
}

func TestOpenMissing(t *testing.T) {
	_, err := artifact.Open(context.Background(), artifact.ReadDir(t.TempDir()))
	require.ErrorIs(t, err, os.ErrNotExist)
}

func TestFindSolcAbsent(t *testing.T) {
	env := func(v map[string]string) func(string) string { return func(k string) string { return v[k] } }
	_, err := artifact.FindSolc(t.TempDir(), env(nil))
	require.ErrorContains(t, err, "(no soljson.js there); pass --solc DIR")
	_, err = artifact.FindSolc("", env(map[string]string{"NODE": "/nonexistent/node"}))
	require.ErrorContains(t, err, "install Node.js or set NODE")
	t.Chdir(t.TempDir())
	_, err = artifact.FindSolc("", env(nil))
	if err != nil { // found beside the test binary is possible only in odd layouts
		require.ErrorContains(t, err, "solc-js not found in contracts/node_modules/solc here or above")
	}
}

// BenchmarkSetupIris: the whole `proof setup` of iris (circuit, Groth16
// setup, verifier export and solc-js compile, files).
func BenchmarkSetupIris(b *testing.B) {
	sc, err := artifact.FindSolc("", os.Getenv)
	require.NoError(b, err)
	for b.Loop() {
		_, err := artifact.Setup(context.Background(), prooftest.IrisONNX(), b.TempDir(), artifact.SetupOptions{Solc: sc})
		require.NoError(b, err)
	}
}

// BenchmarkProveIris: one proof of the iris model (witness, Groth16 prove,
// the self-check against the verifying key, calldata).
func BenchmarkProveIris(b *testing.B) {
	dir, _ := prooftest.Iris(b)
	set, err := artifact.Open(context.Background(), artifact.ReadDir(dir))
	require.NoError(b, err)
	xq, err := set.Model().QuantizeInput(irisInput())
	require.NoError(b, err)
	for b.Loop() {
		_, err := set.Prove(xq)
		require.NoError(b, err)
	}
}

// BenchmarkProveLenet: one proof of each LeNet-class network on its first
// test image (witness, Groth16 prove, the self-check, calldata).
func BenchmarkProveLenet(b *testing.B) {
	f := prooftest.ReadLenet(b)
	for _, fx := range []prooftest.Fixture{prooftest.LenetAvg, prooftest.LenetMax} {
		b.Run(fx.Name, func(b *testing.B) {
			dir, _ := prooftest.SetUp(b, fx)
			set, err := artifact.Open(context.Background(), artifact.ReadDir(dir))
			require.NoError(b, err)
			xq, err := set.Model().QuantizeInput(prooftest.Image(f.Pixels[0]))
			require.NoError(b, err)
			for b.Loop() {
				_, err := set.Prove(xq)
				require.NoError(b, err)
			}
		})
	}
}

// TestBatchRandomness: the batch's Fiat-Shamir scalars are 128-bit and
// nonzero, distinct within a batch, and every one of them changes when any
// byte of any calldata changes, when the calldatas are reordered, or when
// one is added: a prover cannot fix a proof after seeing them.
func TestBatchRandomness(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	limit := new(big.Int).Lsh(big.NewInt(1), 128)
	for trial := range 50 {
		k := 1 + rng.IntN(16)
		cds := make([][]byte, k)
		for i := range cds {
			cds[i] = make([]byte, 4+rng.IntN(600))
			for j := range cds[i] {
				cds[i][j] = byte(rng.Uint32())
			}
		}
		r, rho := artifact.BatchRandomness(cds)
		require.Len(t, r, k)
		require.Len(t, rho, k)
		seen := map[string]bool{}
		for i := range k {
			for _, v := range []*big.Int{r[i], rho[i]} {
				require.Positive(t, v.Sign(), "trial %d: a zero scalar", trial)
				require.Negative(t, v.Cmp(limit), "trial %d: 128 bits", trial)
				require.False(t, seen[v.String()], "trial %d: a repeated scalar", trial)
				seen[v.String()] = true
			}
		}
		changed := func(name string, other [][]byte) {
			r2, rho2 := artifact.BatchRandomness(other)
			for i := range min(len(r2), k) {
				require.NotEqual(t, r[i], r2[i], "trial %d, %s: r[%d] unchanged", trial, name, i)
				require.NotEqual(t, rho[i], rho2[i], "trial %d, %s: rho[%d] unchanged", trial, name, i)
			}
		}
		flip := make([][]byte, k)
		for i := range cds {
			flip[i] = slices.Clone(cds[i])
		}
		i := rng.IntN(k)
		flip[i][rng.IntN(len(flip[i]))] ^= byte(1 << rng.IntN(8))
		changed("one bit flipped", flip)
		changed("one calldata more", append(slices.Clone(cds), []byte{1, 2, 3, 4}))
		if k > 1 && !slices.Equal(cds[0], cds[1]) {
			sw := slices.Clone(cds)
			sw[0], sw[1] = sw[1], sw[0]
			changed("reordered", sw)
		}
	}
}
