package wltest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/protocol"
)

func TestCacheWithLaysOutALocalModel(t *testing.T) {
	fixture := filepath.Join(t.TempDir(), "m.bin")
	require.NoError(t, os.WriteFile(fixture, []byte("weights"), 0o644))
	dir := CacheWith(t, fixture, "local/acme/m/v1:sub/m.bin")
	got, err := os.ReadFile(filepath.Join(dir, "local", "acme", "m", "v1", "sub", "m.bin"))
	require.NoError(t, err)
	require.Equal(t, "weights", string(got))

	// The offline store finds it, and reports the hub offline.
	s, err := modelstore.New(OfflineStore(t, dir))
	require.NoError(t, err)
	id, err := protocol.ParseModelID("local/acme/m/v1:sub/m.bin")
	require.NoError(t, err)
	_, err = s.Fetch(context.Background(), id)
	require.NoError(t, err)
	hub, err := protocol.ParseModelID("huggingface/acme/m:m.bin")
	require.NoError(t, err)
	_, err = s.Fetch(context.Background(), hub)
	require.ErrorIs(t, err, modelstore.ErrUnavailableOffline)
}

func TestPost(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != protocol.PathOutput || r.Method != http.MethodPost {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("X-Seen", r.Header.Get("Content-Type"))
		w.WriteHeader(http.StatusTeapot)
		_, _ = w.Write([]byte("body"))
	}))
	defer srv.Close()
	status, hdr, body := Post(t, srv.URL, `{}`)
	require.Equal(t, http.StatusTeapot, status)
	require.Equal(t, "application/json", hdr.Get("X-Seen"))
	require.Equal(t, "body", string(body))

	_, err := http.Get(DeadURL(t))
	require.Error(t, err, "nothing listens at a dead URL")
}
