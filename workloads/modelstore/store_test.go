package modelstore_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/protocol"
)

func mustID(t *testing.T, s string) protocol.ModelID {
	t.Helper()
	id, err := protocol.ParseModelID(s)
	require.NoError(t, err)
	return id
}

// hostedServer plays both hosted storages' download APIs.
func hostedServer(t *testing.T, token string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("GET /acme/iris/resolve/{rev}/{file...}", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if token != "" && r.Header.Get("Authorization") != "Bearer "+token {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if r.PathValue("file") != "iris.onnx" && r.PathValue("file") != "sub/w.bin" {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write([]byte("hub:" + r.PathValue("rev") + ":" + r.PathValue("file")))
	})
	mux.HandleFunc("GET /TX123/{file...}", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = w.Write([]byte("arweave:" + r.PathValue("file")))
	})
	mux.HandleFunc("GET /broken/iris/resolve/main/iris.onnx", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
	})
	srv := wltest.Server(t, mux)
	return srv, &hits
}

func TestFetchHostedAndCache(t *testing.T) {
	srv, hits := hostedServer(t, "sekret")
	dir := t.TempDir()
	s, err := modelstore.New(modelstore.Config{AllowedRepos: []string{"*"}, CacheDir: dir, HubBaseURL: srv.URL + "/", HubToken: "sekret", ArweaveGateway: srv.URL})
	require.NoError(t, err)
	ctx := context.Background()

	tests := []struct {
		id, rel, content string
	}{
		{"huggingface/acme/iris:iris.onnx", "huggingface/acme/iris/default/iris.onnx", "hub:main:iris.onnx"},
		{"huggingface/acme/iris/v2:sub/w.bin", "huggingface/acme/iris/v2/sub/w.bin", "hub:v2:sub/w.bin"},
		{"arweave/0xowner/iris/TX123:iris.torch", "arweave/0xowner/iris/TX123/iris.torch", "arweave:iris.torch"},
	}
	for _, tc := range tests {
		p, err := s.Fetch(ctx, mustID(t, tc.id))
		require.NoError(t, err)
		require.Equal(t, filepath.Join(dir, filepath.FromSlash(tc.rel)), p)
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		require.Equal(t, tc.content, string(b))
	}
	require.EqualValues(t, 3, hits.Load())
	// A second fetch is served from the cache.
	_, err = s.Fetch(ctx, mustID(t, "huggingface/acme/iris:iris.onnx"))
	require.NoError(t, err)
	require.EqualValues(t, 3, hits.Load())
	// No temporary files are left behind.
	entries, err := os.ReadDir(filepath.Join(dir, "huggingface/acme/iris/default"))
	require.NoError(t, err)
	require.Len(t, entries, 1)

	models := s.List("onnx")
	require.Len(t, models, 3)
	repos := []string{}
	for _, m := range models {
		repos = append(repos, m.Repository)
	}
	require.ElementsMatch(t, []string{"huggingface/acme/iris", "huggingface/acme/iris/v2", "arweave/0xowner/iris/TX123"}, repos)
}

func TestFetchErrors(t *testing.T) {
	srv, _ := hostedServer(t, "sekret")
	// A port with nothing listening: the storage is offline.
	dead := wltest.DeadURL(t)

	ctx := context.Background()
	tests := []struct {
		name, id string
		cfg      modelstore.Config
		is       error
		msg      string
	}{
		{"local missing", "local/acme/iris:iris.onnx", modelstore.Config{}, modelstore.ErrNotFound, "put the file there"},
		{"hub offline", "huggingface/acme/iris:iris.onnx", modelstore.Config{HubBaseURL: dead}, modelstore.ErrUnavailableOffline, "huggingface is unavailable offline"},
		{"arweave offline", "arweave/o/iris/TX123:f", modelstore.Config{ArweaveGateway: dead}, modelstore.ErrUnavailableOffline, "arweave is unavailable offline"},
		{"hub 404", "huggingface/acme/iris:nope.onnx", modelstore.Config{HubBaseURL: srv.URL, HubToken: "sekret"}, modelstore.ErrNotFound, "answered 404"},
		{"hub 5xx", "huggingface/broken/iris:iris.onnx", modelstore.Config{HubBaseURL: srv.URL}, modelstore.ErrUnavailableOffline, "answered 502"},
		{"hub needs token", "huggingface/acme/iris:iris.onnx", modelstore.Config{HubBaseURL: srv.URL}, nil, "set HUB_TOKEN"},
		{"arweave needs version", "arweave/o/iris:f", modelstore.Config{ArweaveGateway: srv.URL}, nil, "needs a version"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.cfg.CacheDir = t.TempDir()
			tc.cfg.AllowedRepos = []string{"*"}
			s, err := modelstore.New(tc.cfg)
			require.NoError(t, err)
			_, err = s.Fetch(ctx, mustID(t, tc.id))
			require.ErrorContains(t, err, tc.msg)
			if tc.is != nil {
				require.ErrorIs(t, err, tc.is)
			}
			require.NotContains(t, err.Error(), tc.cfg.CacheDir, "errors reach clients: no server paths")
		})
	}
}

func TestNewValidates(t *testing.T) {
	_, err := modelstore.New(modelstore.Config{})
	require.ErrorContains(t, err, "CACHE_DIR")
	_, err = modelstore.New(modelstore.Config{AllowedRepos: []string{"*"}, CacheDir: t.TempDir(), HubBaseURL: "ftp://x"})
	require.ErrorContains(t, err, "HUB_BASE_URL")
	cfg := modelstore.ConfigFromEnv("/c", func(k string) string {
		return map[string]string{"HUB_TOKEN": "t", "HUB_BASE_URL": "http://h", "MODEL_DOWNLOADS": "off"}[k]
	})
	require.Equal(t, modelstore.Config{CacheDir: "/c", HubToken: "t", HubBaseURL: "http://h", Downloads: "off"}, cfg)

	for _, tc := range []struct {
		env map[string]string
		msg string
		max int
	}{
		{map[string]string{}, "", modelstore.DefaultMaxLoaded},
		{map[string]string{"MODEL_MAX_LOADED": "3", "MODEL_DOWNLOADS": "on"}, "", 3},
		{map[string]string{"MODEL_DOWNLOADS": "maybe"}, `MODEL_DOWNLOADS "maybe": write "on"`, 0},
		{map[string]string{"MODEL_MAX_LOADED": "0"}, `MODEL_MAX_LOADED "0": write a whole number of models, at least 1`, 0},
		{map[string]string{"MODEL_MAX_LOADED": "x"}, `MODEL_MAX_LOADED "x"`, 0},
	} {
		s, err := modelstore.New(modelstore.ConfigFromEnv(t.TempDir(), func(k string) string { return tc.env[k] }))
		if tc.msg != "" {
			require.ErrorContains(t, err, tc.msg)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, tc.max, s.MaxLoaded())
	}
}

// With MODEL_DOWNLOADS=off a job's fetch of a hosted model that is not
// cached is refused (nothing downloaded, the error says what the operator
// does); the operator's Download still fetches it, and from then on the
// cached file is served.
func TestDownloadsOff(t *testing.T) {
	srv, hits := hostedServer(t, "")
	dir := t.TempDir()
	s, err := modelstore.New(modelstore.Config{AllowedRepos: []string{"*"}, CacheDir: dir, HubBaseURL: srv.URL, Downloads: modelstore.DownloadsOff})
	require.NoError(t, err)
	ctx := context.Background()
	id := mustID(t, "huggingface/acme/iris:iris.onnx")
	_, err = s.Fetch(ctx, id)
	require.ErrorIs(t, err, modelstore.ErrNotCached)
	require.ErrorContains(t, err, "does not download models (MODEL_DOWNLOADS=off); the operator puts the file at huggingface/acme/iris/default/iris.onnx")
	require.NotContains(t, err.Error(), dir)
	require.Zero(t, hits.Load())

	_, err = s.Fetch(ctx, mustID(t, "local/acme/iris:iris.onnx"))
	require.ErrorIs(t, err, modelstore.ErrNotFound, "a local model is what it was")

	p, err := s.Download(ctx, id)
	require.NoError(t, err)
	require.EqualValues(t, 1, hits.Load())
	q, err := s.Fetch(ctx, id)
	require.NoError(t, err)
	require.Equal(t, p, q)
	require.EqualValues(t, 1, hits.Load())
}

// A registry keeps at most MaxLoaded models: loading one more drops the
// least recently used one, never a preloaded one; a dropped model loads
// again when asked for.
func TestRegistryBoundsLoadedModels(t *testing.T) {
	dir := t.TempDir()
	ids := map[string]protocol.ModelID{}
	for _, n := range []string{"p", "a", "b", "c"} {
		ids[n] = mustID(t, "local/acme/"+n+":m")
		wltest.AddModel(t, dir, ids[n].String(), []byte(n))
	}
	s, err := modelstore.New(modelstore.Config{CacheDir: dir, MaxLoaded: 3})
	require.NoError(t, err)
	var loads atomic.Int32
	r := modelstore.NewRegistry(s, func(raw []byte) (string, error) { loads.Add(1); return string(raw), nil })
	ctx := context.Background()
	get := func(n string) {
		t.Helper()
		m, err := r.Get(ctx, ids[n])
		require.NoError(t, err)
		require.Equal(t, n, m)
	}
	_, err = r.Preload(ctx, ids["p"])
	require.NoError(t, err)
	get("a")
	get("b")
	get("a") // b is now the least recently used
	get("c")
	require.Equal(t, []protocol.ModelID{ids["p"], ids["a"], ids["c"]}, r.Loaded())
	get("b") // a was used before c: a goes
	require.Equal(t, []protocol.ModelID{ids["p"], ids["c"], ids["b"]}, r.Loaded())
	require.EqualValues(t, 5, loads.Load(), "p, a, b, c, b again")
	// /resources questions load cached models too, within the same bound.
	require.True(t, r.Support(ctx, ids["a"].String()).Supported)
	require.Len(t, r.Loaded(), 3)
	require.Contains(t, r.Loaded(), ids["p"], "the preloaded model stays")
}

// A /service-resources?model_id= question never downloads a hosted model,
// and no answer shows the server's paths; a job (Get) still downloads.
func TestSupportNeverDownloads(t *testing.T) {
	srv, hits := hostedServer(t, "")
	dir := t.TempDir()
	s, err := modelstore.New(modelstore.Config{AllowedRepos: []string{"*"}, CacheDir: dir, HubBaseURL: srv.URL})
	require.NoError(t, err)
	r := modelstore.NewRegistry(s, func(raw []byte) (string, error) { return string(raw), nil })
	ctx := context.Background()
	sup := r.Support(ctx, "huggingface/acme/iris:iris.onnx")
	require.False(t, sup.Supported)
	require.Contains(t, sup.Error, "not in the cache")
	require.Zero(t, hits.Load(), "nothing downloaded")
	sup = r.Support(ctx, "local/acme/iris:iris.onnx")
	require.Contains(t, sup.Error, "local/acme/iris/default/iris.onnx in the cache directory")
	require.NotContains(t, sup.Error, dir)

	_, err = r.Get(ctx, mustID(t, "huggingface/acme/iris:iris.onnx"))
	require.NoError(t, err)
	require.EqualValues(t, 1, hits.Load())
	require.Equal(t, protocol.ModelSupport{Supported: true}, r.Support(ctx, "huggingface/acme/iris:iris.onnx"))

}

func TestRegistry(t *testing.T) {
	dir := t.TempDir()
	id := mustID(t, "local/acme/echo:model.txt")
	wltest.AddModel(t, dir, id.String(), []byte("hello"))
	s, err := modelstore.New(modelstore.Config{CacheDir: dir})
	require.NoError(t, err)
	var loads atomic.Int32
	r := modelstore.NewRegistry(s, func(raw []byte) (string, error) {
		loads.Add(1)
		if string(raw) != "hello" {
			return "", errors.New("not a model")
		}
		return strings.ToUpper(string(raw)), nil
	})
	ctx := context.Background()
	for range 3 {
		m, err := r.Get(ctx, id)
		require.NoError(t, err)
		require.Equal(t, "HELLO", m)
	}
	require.EqualValues(t, 1, loads.Load())
	require.Equal(t, []protocol.ModelID{id}, r.Loaded())
	require.Equal(t, protocol.ModelSupport{Supported: true}, r.Support(ctx, id.String()))
	sup := r.Support(ctx, "local/acme/other:x")
	require.False(t, sup.Supported)
	require.Contains(t, sup.Error, "not found")
	sup = r.Support(ctx, "bogus")
	require.False(t, sup.Supported)
	require.Contains(t, sup.Error, "model id")
	require.Len(t, r.MLModels("t"), 1)
}

func TestRegistryConcurrentFirstUse(t *testing.T) {
	dir := t.TempDir()
	id := mustID(t, "local/acme/m:f")
	wltest.AddModel(t, dir, id.String(), []byte("x"))
	s, err := modelstore.New(modelstore.Config{CacheDir: dir})
	require.NoError(t, err)
	var loads atomic.Int32
	r := modelstore.NewRegistry(s, func(raw []byte) (*int, error) {
		loads.Add(1)
		v := len(raw)
		return &v, nil
	})
	var wg sync.WaitGroup
	got := make([]*int, 16)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m, err := r.Get(context.Background(), id)
			require.NoError(t, err)
			got[i] = m
		}()
	}
	wg.Wait()
	require.EqualValues(t, 1, loads.Load(), "one load for concurrent first requests")
	for _, m := range got {
		require.Same(t, got[0], m)
	}
}

// sizedServer serves hub files of size bytes at /acme/{name}/resolve/main/f.bin.
func sizedServer(t *testing.T, size int) *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /acme/{name}/resolve/main/f.bin", func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(strings.Repeat("x", size)))
	})
	return wltest.Server(t, mux)
}

// Downloads stay under MODEL_CACHE_MAX_BYTES: the least recently used
// download goes first; the operator's local files neither count nor go.
func TestCacheIsBoundedLeastRecentlyUsedFirst(t *testing.T) {
	srv := sizedServer(t, 100)
	dir := t.TempDir()
	local := filepath.Join(dir, "local", "op", "big", "default", "m.onnx")
	require.NoError(t, os.MkdirAll(filepath.Dir(local), 0o755))
	require.NoError(t, os.WriteFile(local, make([]byte, 1000), 0o644))
	s, err := modelstore.New(modelstore.ConfigFromEnv(dir, func(k string) string {
		return map[string]string{"HUB_BASE_URL": srv.URL, "MODEL_CACHE_MAX_BYTES": "250", "MODEL_ALLOWED_REPOS": "huggingface/acme/m1, huggingface/acme/m2,huggingface/acme/m3"}[k]
	}))
	require.NoError(t, err)
	ctx := context.Background()
	fetch := func(name string) (string, error) {
		return s.Fetch(ctx, mustID(t, "huggingface/acme/"+name+":f.bin"))
	}
	p1, err := fetch("m1")
	require.NoError(t, err)
	p2, err := fetch("m2")
	require.NoError(t, err)
	// Both used long ago, m1 before m2; then m1 is used again.
	old := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(p1, old, old))
	require.NoError(t, os.Chtimes(p2, old.Add(time.Minute), old.Add(time.Minute)))
	_, err = fetch("m1")
	require.NoError(t, err)

	p3, err := fetch("m3")
	require.NoError(t, err)
	require.FileExists(t, p1, "used most recently: kept")
	require.NoFileExists(t, p2, "least recently used: evicted")
	require.FileExists(t, p3)
	require.FileExists(t, local, "the operator's file is never evicted")

	// A file larger than the whole cache is refused, and nothing is left.
	big := sizedServer(t, 300)
	s2, err := modelstore.New(modelstore.Config{AllowedRepos: []string{"*"}, CacheDir: t.TempDir(), HubBaseURL: big.URL, MaxCacheBytes: 250})
	require.NoError(t, err)
	_, err = s2.Fetch(ctx, mustID(t, "huggingface/acme/huge:f.bin"))
	require.ErrorContains(t, err, "larger than 250 bytes")
	require.ErrorContains(t, err, "MODEL_CACHE_MAX_BYTES")

	_, err = modelstore.New(modelstore.ConfigFromEnv(dir, func(k string) string {
		return map[string]string{"MODEL_CACHE_MAX_BYTES": "10GB"}[k]
	}))
	require.ErrorContains(t, err, `MODEL_CACHE_MAX_BYTES "10GB": write a size in bytes`)
}

// A downloaded file that fails to load is deleted, so the next request
// fetches it afresh; an operator's local file is left alone.
func TestFileThatFailsToLoadIsDeleted(t *testing.T) {
	srv := sizedServer(t, 10)
	dir := t.TempDir()
	s, err := modelstore.New(modelstore.Config{AllowedRepos: []string{"*"}, CacheDir: dir, HubBaseURL: srv.URL})
	require.NoError(t, err)
	r := modelstore.NewRegistry(s, func(raw []byte) (int, error) { return 0, errors.New("not a model") })
	ctx := context.Background()
	id := mustID(t, "huggingface/acme/bad:f.bin")
	_, err = r.Get(ctx, id)
	require.ErrorContains(t, err, "not a model")
	_, cached := s.Cached(id)
	require.False(t, cached, "the bad download is gone")

	local := mustID(t, "local/op/bad:m.onnx")
	p := local.CachePath(dir)
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte("junk"), 0o644))
	_, err = r.Get(ctx, local)
	require.ErrorContains(t, err, "not a model")
	require.FileExists(t, p, "the operator's file stays")
}
