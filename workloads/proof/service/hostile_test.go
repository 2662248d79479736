package service_test

import (
	"encoding/binary"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/proof/prooftest"
	"github.com/infernode/infernode/workloads/proof/service"
)

// A hostile artifact repository served by a hub the test runs: its proving
// key declares a 2^40-point FFT domain, its manifest's hash updated as a
// publisher would. Requested through the workload's service, it is a 400
// naming the file and what is wrong, and the workload lives: the honest
// repository on the same hub proves next.
func TestHostileArtifactFromHub(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup (Groth16 and solc-js)")
	}
	dir, _ := prooftest.Iris(t)
	hostile := prooftest.HostileCopy(t, dir, func(pk []byte) { binary.BigEndian.PutUint64(pk, 1<<40) })
	hub := wltest.Hub(t, map[string]string{"acme/hostile": hostile, "acme/honest": dir})
	s, err := service.New(service.Config{Store: modelstore.Config{CacheDir: t.TempDir(), HubBaseURL: hub,
		AllowedRepos: []string{"huggingface/acme/hostile", "huggingface/acme/honest"}}})
	require.NoError(t, err)
	base := wltest.Server(t, s).URL

	msg := wltest.ErrorReply(t, base, seedRequest("huggingface/acme/hostile", wltest.IrisTensor, "null"), http.StatusBadRequest)
	require.Contains(t, msg, "proving.key")
	require.Contains(t, msg, "FFT domain has 1099511627776 points")

	status, _, body := wltest.Post(t, base, seedRequest("huggingface/acme/honest", wltest.IrisTensor, "null"))
	require.Equal(t, http.StatusOK, status, "the workload lives on: %s", body)
	require.Contains(t, string(body), `"proof_system":"groth16-bn254"`)
}
