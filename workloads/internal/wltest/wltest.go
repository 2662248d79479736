// Package wltest holds the test helpers the workload packages share: model
// caches laid out from fixtures, hosted storages that are offline on
// loopback, and requests to a workload's POST /service_output. Nothing here
// reaches beyond 127.0.0.1.
package wltest

import (
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/protocol"
)

// DeadURL is a loopback address nothing listens on, so a test never reaches
// a real hosted storage or provider.
func DeadURL(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	u := "http://" + ln.Addr().String()
	require.NoError(t, ln.Close())
	return u
}

// OfflineStore is a store on the cache dir whose hosted storages (hub and
// gateway) are offline.
func OfflineStore(t testing.TB, dir string) modelstore.Config {
	t.Helper()
	dead := DeadURL(t)
	return modelstore.Config{CacheDir: dir, HubBaseURL: dead, ArweaveGateway: dead}
}

// CacheWith lays the fixture file out as the local model modelID in a fresh
// cache directory, which it returns.
func CacheWith(t testing.TB, fixture, modelID string) string {
	t.Helper()
	dir := t.TempDir()
	AddModel(t, dir, modelID, ReadFixture(t, fixture))
	return dir
}

// AddModel writes raw as the file of modelID in the cache dir.
func AddModel(t testing.TB, dir, modelID string, raw []byte) {
	t.Helper()
	id, err := protocol.ParseModelID(modelID)
	require.NoError(t, err)
	p := id.CachePath(dir)
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, raw, 0o644))
}

// ReadFixture reads a fixture file.
func ReadFixture(t testing.TB, path string) []byte {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	return raw
}

// Post sends body as a workload request to base's POST /service_output and
// returns the reply's status, header and body.
func Post(t testing.TB, base, body string) (int, http.Header, []byte) {
	t.Helper()
	return PostTo(t, base+protocol.PathOutput, body)
}

// PostTo is Post to a full URL.
func PostTo(t testing.TB, url, body string) (int, http.Header, []byte) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, resp.Header, b
}

// PostOK is one benchmark request: body to base's POST /service_output with
// client, the reply read and dropped; an error or anything but 200 fails b.
func PostOK(b testing.TB, client *http.Client, base, body string) {
	resp, err := client.Post(base+protocol.PathOutput, "application/json", strings.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b.Fatal(resp.Status)
	}
}
