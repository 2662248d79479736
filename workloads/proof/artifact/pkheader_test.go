package artifact_test

import (
	"context"
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/proof/prooftest"
)

// A hosted artifact set whose proving key declares a 2^40-point FFT domain,
// or a list of 2^31 points, its manifest's hash updated to match, is a
// *CorruptError (the workload's 4xx) before anything is allocated for it;
// the process lives on and opens the honest set.
func TestHostileProvingKeyRefusedBeforeAllocation(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup (Groth16 and solc-js)")
	}
	dir, _ := prooftest.Iris(t)
	// The domain's header: cardinality, five Fr constants, a flag; then
	// three G1 points (raw: 64 bytes each) before the first list's length.
	const firstList = 8 + 5*32 + 1 + 3*64
	for _, tc := range []struct {
		name  string
		patch func(pk []byte)
		want  string
	}{
		{"domain 2^40", func(pk []byte) { binary.BigEndian.PutUint64(pk, 1<<40) }, "FFT domain has 1099511627776 points"},
		{"domain not a power of two", func(pk []byte) { binary.BigEndian.PutUint64(pk, 3) }, "not a power of two"},
		{"list of 2^31 points", func(pk []byte) { binary.BigEndian.PutUint32(pk[firstList:], 1<<31) }, "a list of 2147483648 points"},
		{"truncated", func(pk []byte) { binary.BigEndian.PutUint32(pk[firstList:], 0) }, "byte"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := artifact.Open(context.Background(), artifact.ReadDir(prooftest.HostileCopy(t, dir, tc.patch)))
			require.True(t, artifact.IsCorrupt(err), "%v", err)
			require.ErrorContains(t, err, artifact.ProvingFile)
			require.ErrorContains(t, err, tc.want)
		})
	}
	_, err := artifact.Open(context.Background(), artifact.ReadDir(dir))
	require.NoError(t, err, "the honest set still opens")
}
