// Package wltest holds the test helpers the workload packages share: model
// caches laid out from fixtures, hosted storages that are offline on
// loopback, and requests to a workload's POST /service_output. Nothing here
// reaches beyond 127.0.0.1.
package wltest

import (
	"encoding/hex"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/protocol"
)

// Server serves h on loopback until the test ends.
func Server(t testing.TB, h http.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

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
	return modelstore.Config{CacheDir: dir, HubBaseURL: dead, ArweaveGateway: dead, AllowedRepos: []string{"*"}}
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

// LinkModel makes the file at path (a large generated model) the file of
// modelID in the cache dir by a symbolic link, without copying it.
func LinkModel(t testing.TB, dir, modelID, path string) {
	t.Helper()
	id, err := protocol.ParseModelID(modelID)
	require.NoError(t, err)
	p := id.CachePath(dir)
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.Symlink(path, p))
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

// ErrorReply posts body to base's POST /service_output, requires the reply
// to have status and an {"error": msg} body, and returns msg.
func ErrorReply(t testing.TB, base, body string, status int) string {
	t.Helper()
	got, _, b := Post(t, base, body)
	require.Equal(t, status, got, string(b))
	var reply protocol.ErrorReply
	require.NoError(t, json.Unmarshal(b, &reply), string(b))
	return reply.Error
}

// OnChain posts body (a request for destination 0) to base's POST
// /service_output, requires a 200 on-chain reply whose raw_input is
// rawInput and whose processed_input, processed_output and proof are
// empty, and returns raw_output's bytes.
func OnChain(t testing.TB, base, body string, rawInput []byte) []byte {
	t.Helper()
	status, _, b := Post(t, base, body)
	require.Equal(t, http.StatusOK, status, string(b))
	var out protocol.OnChainOutput
	require.NoError(t, json.Unmarshal(b, &out))
	require.Equal(t, hex.EncodeToString(rawInput), out.RawInput)
	require.Empty(t, out.ProcessedInput)
	require.Empty(t, out.ProcessedOutput)
	require.Empty(t, out.Proof)
	raw, err := hex.DecodeString(out.RawOutput)
	require.NoError(t, err)
	return raw
}

// Resources is base's GET /service-resources, which must answer 200.
func Resources(t testing.TB, base string) protocol.ServiceResources {
	t.Helper()
	var res protocol.ServiceResources
	getJSON(t, base+protocol.PathResources, &res)
	return res
}

// Support is base's GET /service-resources?model_id=modelID, which must
// answer 200.
func Support(t testing.TB, base, modelID string) protocol.ModelSupport {
	t.Helper()
	var sup protocol.ModelSupport
	getJSON(t, base+protocol.PathResources+"?model_id="+url.QueryEscape(modelID), &sup)
	return sup
}

func getJSON(t testing.TB, u string, v any) {
	t.Helper()
	resp, err := http.Get(u)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NoError(t, json.NewDecoder(resp.Body).Decode(v))
}
