// Package prooftest sets up the proof fixtures' artifacts for tests (iris,
// the LeNet-class networks): the real setup (circuit, Groth16 keys,
// verifier compiled with solc-js), once per test binary and fixture.
package prooftest

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/proof/circuit"
)

// IrisRepo is the repo_id the iris artifacts are laid out under.
const IrisRepo = "local/infernode/iris"

// Fixture is a model in workloads/proof/testdata with the setup options
// docs/proof.md gives it.
type Fixture struct {
	Name  string // the manifest's model id
	File  string // in testdata, or an absolute path
	Fixed circuit.Options
	// Samples, when set, are the inputs setup chooses the fixed point
	// from (proof setup --calibrate) instead of Fixed.
	Samples func(testing.TB) [][]float64
	// Lookups is setup's --lookups (auto when empty).
	Lookups string
	// PublicInputs is setup's --public-inputs (auto when empty).
	PublicInputs string
	// Dir, when set, is a lasting artifact directory: SetUp reuses the
	// setup there when its manifest is for the same model file (sha256),
	// else sets up there; Cleanup leaves it. A benchmark re-runs its
	// proofs without a new setup this way (PROOF_BENCH_DIR).
	Dir string
}

// The fixtures. LeNet's options: 8-bit inputs and activations, 10-bit
// weights, inputs |x| < 2 (pixels in [0, 1]): 10 bits a pixel, 25 pixels
// a public input.
var (
	IrisFixture = Fixture{Name: "iris", File: "iris.onnx"}
	LenetAvg    = Fixture{Name: "lenet_avg", File: "lenet_avg.onnx", Fixed: LenetOptions, PublicInputs: "packed"}
	LenetMax    = Fixture{Name: "lenet_max", File: "lenet_max.onnx", Fixed: LenetOptions, PublicInputs: "packed"}
	// LenetDefault is the max-pooling network set up with no options at
	// all (image defaults; its 35 input words hashed).
	LenetDefault = Fixture{Name: "lenet_default", File: "lenet_max.onnx"}
	// LenetCalibratedHashed is LenetCalibrated with its 7 input words
	// hashed (--public-inputs hashed).
	LenetCalibratedHashed = Fixture{Name: "lenet_calibrated_hashed", File: "lenet_max.onnx", PublicInputs: "hashed", Samples: func(t testing.TB) [][]float64 { return ReadLenet(t).Images() }}
	// LenetCalibrated is the max-pooling network set up with --calibrate
	// on the test images.
	LenetCalibrated = Fixture{Name: "lenet_calibrated", File: "lenet_max.onnx", Samples: func(t testing.TB) [][]float64 { return ReadLenet(t).Images() }}
	// ResidualSmall is testdata/resnet_small.onnx with no fixed-point
	// options: the image defaults.
	ResidualSmall = Fixture{Name: "resnet_small", File: "resnet_small.onnx", PublicInputs: "packed"}
	// ResidualLookups is the same network with its ReLUs range-checked by
	// lookups (--lookups on): one BSB22 commitment, a 384-byte proof.
	ResidualLookups = Fixture{Name: "resnet_small_lookups", File: "resnet_small.onnx", Lookups: "on", PublicInputs: "packed"}
	// ResidualHashed is the network with lookups and its 9 input words
	// hashed: the layout of a ResNet-20 by default (one commitment, one
	// input hash, the logits' words).
	ResidualHashed = Fixture{Name: "resnet_small_hashed", File: "resnet_small.onnx", Lookups: "on", PublicInputs: "hashed"}

	LenetOptions = circuit.Options{ScaleBits: 8, WeightBits: 10, InputRangeBits: 1}
)

type setUp struct {
	kept bool
	once sync.Once
	dir  string
	man  *artifact.Manifest
	err  error
}

var (
	mu   sync.Mutex
	sets = map[string]*setUp{}
)

// Testdata is the path of a file in workloads/proof/testdata.
func Testdata(name string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", name)
}

// IrisONNX is the path of workloads/proof/testdata/iris.onnx.
func IrisONNX() string { return Testdata(IrisFixture.File) }

// Iris runs proof setup on the iris model once per test binary (SetUp).
func Iris(t testing.TB) (string, *artifact.Manifest) {
	t.Helper()
	return SetUp(t, IrisFixture)
}

// SetUp runs proof setup on f once per test binary and returns the
// artifact directory (shared: tests must not write to it) and its
// manifest. It needs node and solc-js (`make tools`).
func SetUp(t testing.TB, f Fixture) (string, *artifact.Manifest) {
	t.Helper()
	mu.Lock()
	s := sets[f.Name]
	if s == nil {
		s = &setUp{kept: f.Dir != ""}
		sets[f.Name] = s
	}
	mu.Unlock()
	s.once.Do(func() {
		file := f.File
		if !filepath.IsAbs(file) {
			file = Testdata(file)
		}
		if f.Dir != "" {
			if s.man = reusable(f.Dir, file, f.PublicInputs); s.man != nil {
				s.dir = f.Dir
				return
			}
		}
		var sc artifact.Solc
		if sc, s.err = artifact.FindSolc("", os.Getenv); s.err != nil {
			return
		}
		if f.Dir != "" {
			s.dir, s.err = f.Dir, os.MkdirAll(f.Dir, 0o755)
		} else {
			s.dir, s.err = os.MkdirTemp("", "infernode-proof-"+f.Name+"-*")
		}
		if s.err != nil {
			return
		}
		opt := artifact.SetupOptions{ModelID: f.Name, Solc: sc, Fixed: f.Fixed, Lookups: f.Lookups, PublicInputs: f.PublicInputs}
		if f.Samples != nil {
			opt.Calibrate = f.Samples(t)
		}
		s.man, s.err = artifact.Setup(context.Background(), file, s.dir, opt)
	})
	require.NoError(t, s.err, "proof setup of the %s fixture", f.Name)
	return s.dir, s.man
}

// reusable is the manifest in dir when it is a complete setup of the model
// file (nil otherwise).
func reusable(dir, file, mode string) *artifact.Manifest {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	mb, err := os.ReadFile(filepath.Join(dir, artifact.ManifestFile))
	if err != nil {
		return nil
	}
	var man artifact.Manifest
	if json.Unmarshal(mb, &man) != nil || man.ModelSHA256 != artifact.Sum(raw) || man.Format != artifact.Format {
		return nil
	}
	if (mode == artifact.PublicPacked || mode == artifact.PublicHashed) && man.PublicInputMode != mode {
		return nil
	}
	return &man
}

// Cleanup removes the shared directories; call it from TestMain after the
// tests ran.
func Cleanup() {
	mu.Lock()
	defer mu.Unlock()
	for _, s := range sets {
		if s.dir != "" && !s.kept {
			_ = os.RemoveAll(s.dir)
		}
	}
}

// Main runs a package's tests and then Cleanup: a TestMain for packages
// that use Iris.
func Main(m *testing.M) {
	code := m.Run()
	Cleanup()
	os.Exit(code)
}

// ArtifactDir returns a fresh ARTIFACT_DIRECTORY holding a copy of the iris
// artifacts as repo (e.g. IrisRepo), which a test may damage.
func ArtifactDir(t testing.TB, repo string) string {
	t.Helper()
	return ArtifactDirOf(t, IrisFixture, repo)
}

// ArtifactDirOf is ArtifactDir for any fixture.
func ArtifactDirOf(t testing.TB, f Fixture, repo string) string {
	t.Helper()
	src, _ := SetUp(t, f)
	root := t.TempDir()
	dst := filepath.Join(root, filepath.FromSlash(repo), "default")
	require.NoError(t, os.MkdirAll(dst, 0o755))
	for _, name := range append([]string{artifact.ManifestFile}, artifact.Files...) {
		if f.Dir != "" {
			// A lasting setup (gigabytes for ResNet-20) is linked, not
			// copied: such a fixture's tests do not damage files.
			require.NoError(t, os.Symlink(filepath.Join(src, name), filepath.Join(dst, name)))
			continue
		}
		require.NoError(t, copyFile(filepath.Join(src, name), filepath.Join(dst, name)))
	}
	return root
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// HostileCopy copies the artifact set in dir, lets patch rewrite its
// proving key, and updates the manifest's hash as a publisher would.
func HostileCopy(t *testing.T, dir string, patch func(pk []byte)) string {
	t.Helper()
	out := t.TempDir()
	for _, name := range append([]string{artifact.ManifestFile}, artifact.Files...) {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(out, name), b, 0o644))
	}
	pk, err := os.ReadFile(filepath.Join(out, artifact.ProvingFile))
	require.NoError(t, err)
	patch(pk)
	require.NoError(t, os.WriteFile(filepath.Join(out, artifact.ProvingFile), pk, 0o644))
	mb, err := os.ReadFile(filepath.Join(out, artifact.ManifestFile))
	require.NoError(t, err)
	var man map[string]any
	require.NoError(t, json.Unmarshal(mb, &man))
	man["files"].(map[string]any)[artifact.ProvingFile] = artifact.Sum(pk)
	mb, err = json.Marshal(man)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(out, artifact.ManifestFile), mb, 0o644))
	return out
}
