// Package prooftest sets up the iris fixture's proof artifacts for tests:
// the real setup (circuit, Groth16 keys, verifier compiled with solc-js),
// once per test binary.
package prooftest

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/proof/artifact"
)

// IrisRepo is the repo_id the iris artifacts are laid out under.
const IrisRepo = "local/infernode/iris"

var (
	once   sync.Once
	dir    string
	man    *artifact.Manifest
	setErr error
)

// IrisONNX is the path of workloads/proof/testdata/iris.onnx.
func IrisONNX() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", "iris.onnx")
}

// Iris runs proof setup on the iris model once per test binary and returns
// the artifact directory (shared: tests must not write to it) and its
// manifest. It needs node and solc-js (`make tools`).
func Iris(t testing.TB) (string, *artifact.Manifest) {
	t.Helper()
	once.Do(func() {
		var sc artifact.Solc
		if sc, setErr = artifact.FindSolc("", os.Getenv); setErr != nil {
			return
		}
		if dir, setErr = os.MkdirTemp("", "infernode-proof-iris-*"); setErr != nil {
			return
		}
		man, setErr = artifact.Setup(context.Background(), IrisONNX(), dir, artifact.SetupOptions{ModelID: "iris", Solc: sc})
	})
	require.NoError(t, setErr, "proof setup of the iris fixture")
	return dir, man
}

// Cleanup removes the shared directory; call it from TestMain after the
// tests ran.
func Cleanup() {
	if dir != "" {
		_ = os.RemoveAll(dir)
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
	src, _ := Iris(t)
	root := t.TempDir()
	dst := filepath.Join(root, filepath.FromSlash(repo), "default")
	require.NoError(t, os.MkdirAll(dst, 0o755))
	for _, name := range append([]string{artifact.ManifestFile}, artifact.Files...) {
		b, err := os.ReadFile(filepath.Join(src, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dst, name), b, 0o644))
	}
	return root
}
