package inferencepb_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// protocVersion is the generated files' record of the protoc that wrote
// them: the code does not depend on it, so another protoc release is not
// staleness.
var protocVersion = regexp.MustCompile(`(?m)^// \tprotoc +v.*$`)

// TestGeneratedUpToDate regenerates the Go code of grpc_predict_v2.proto
// with protoc and the pinned plugins (gen.sh) into a temporary directory and
// fails when the committed files differ: run `make proto` and commit.
func TestGeneratedUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs protoc and go install (external programs); skipped under -short")
	}
	_, err := exec.LookPath("protoc")
	require.NoError(t, err, "protoc is needed: apt-get install protobuf-compiler (make tools installs it)")
	out := t.TempDir()
	logs, err := exec.Command("bash", "gen.sh", out).CombinedOutput()
	require.NoError(t, err, "gen.sh failed:\n%s", logs)
	for _, f := range []string{"grpc_predict_v2.pb.go", "grpc_predict_v2_grpc.pb.go"} {
		fresh, err := os.ReadFile(filepath.Join(out, f))
		require.NoError(t, err)
		committed, err := os.ReadFile(f)
		require.NoError(t, err)
		require.Equal(t, protocVersion.ReplaceAllString(string(fresh), ""), protocVersion.ReplaceAllString(string(committed), ""),
			"oipgrpc/inferencepb/%s is stale: run `make proto` and commit", f)
	}
}
