package artifact_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/proof/artifact"
)

// A manifest larger than MaxManifestBytes is corrupt, whatever it holds.
func TestManifestIsBounded(t *testing.T) {
	big := []byte(`{"format":"` + strings.Repeat("x", artifact.MaxManifestBytes) + `"}`)
	_, err := artifact.Open(context.Background(), func(_ context.Context, name string) ([]byte, error) {
		require.Equal(t, artifact.ManifestFile, name, "nothing read past the manifest")
		return big, nil
	})
	var ce *artifact.CorruptError
	require.ErrorAs(t, err, &ce)
	require.Equal(t, artifact.ManifestFile, ce.File)
	require.Contains(t, ce.Msg, "more than a manifest's 65536")
}
