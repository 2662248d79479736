package executor

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/ratelimit"
	"github.com/infernode/infernode/respcache"
)

// caseReader answers an infer with the model_id it read as Go's
// encoding/json reads it (case-insensitively, the last of two spellings
// winning), as the onnx workload does: model "a" answers [2], "b" [-2].
func caseReader(calls *atomic.Int32) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			return // readiness
		}
		calls.Add(1)
		var req struct {
			Parameters struct {
				ModelID string `json:"model_id"`
			} `json:"parameters"`
		}
		_ = json.NewDecoder(r.Body).Decode(&req)
		w.Header().Set("Content-Type", "application/json")
		if req.Parameters.ModelID == "a" {
			io.WriteString(w, `[2]`)
		} else {
			io.WriteString(w, `[-2]`)
		}
	})
}

// TestCacheCollision: two bodies the container reads differently but that
// one canonical form would join (model_id and MODEL_ID in two orders) are
// not cached: each gets its own answer, every time.
func TestCacheCollision(t *testing.T) {
	var calls atomic.Int32
	e := cachedExecutor(t, caseReader(&calls), true)
	infer := func(body string) string {
		r, err := e.Forward(context.Background(), "m", ForwardCall{Method: http.MethodPost, Path: "/v2/models/m/infer", Body: []byte(body)})
		require.NoError(t, err)
		defer r.Release()
		return string(r.Body)
	}
	ab := `{"parameters":{"model_id":"b","MODEL_ID":"a"},"inputs":[]}`
	ba := `{"parameters":{"MODEL_ID":"a","model_id":"b"},"inputs":[]}`
	for range 2 {
		require.Equal(t, "[2]", infer(ab), "MODEL_ID last: model a")
		require.Equal(t, "[-2]", infer(ba), "model_id last: model b")
	}
	require.Equal(t, int32(4), calls.Load(), "not cached: the container read each body")
	// The same for a job's data.
	_, ok := callKey([32]byte{}, "", Request{Data: json.RawMessage(`{"model_id":"a","MODEL_ID":"b"}`)})
	require.False(t, ok)
	_, ok = callKey([32]byte{}, "", Request{Data: json.RawMessage(`{"model_id":"a","input":{"X":1,"x":2}}`)})
	require.False(t, ok, "nested objects too")
	_, ok = callKey([32]byte{}, "", Request{Data: json.RawMessage(`{"model_id":"a","MODEL":"b"}`)})
	require.True(t, ok)
}

// TestCacheMovedContainer: an unmanaged container (same id, same image
// reference) pointed at a new server is asked again, never answered with
// the old server's outputs.
func TestCacheMovedContainer(t *testing.T) {
	st, err := storage.Open(t.TempDir(), storage.Options{})
	require.NoError(t, err)
	c, err := respcache.Open(respcache.Options{Store: st.Table(storage.TableCache), MaxBytes: 1 << 20})
	require.NoError(t, err)
	t.Cleanup(func() { c.Close(); _ = st.Close() })
	answer := func(s string, calls *atomic.Int32) *httptest.Server {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost {
				return // readiness
			}
			calls.Add(1)
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, s)
		}))
		t.Cleanup(srv.Close)
		return srv
	}
	var oldCalls, newCalls atomic.Int32
	run := func(url string) string {
		cfgs := []Container{{ID: "m", Image: "infernode/onnx:latest", URL: url, Cache: true, Timeout: 10 * time.Second}}
		rt := NewUnmanaged(cfgs, UnmanagedOptions{})
		require.NoError(t, rt.Start(context.Background()))
		defer rt.Stop(context.Background())
		e, err := New(Options{Runtime: rt, Containers: cfgs, Cache: c})
		require.NoError(t, err)
		r, err := e.Forward(context.Background(), "m", ForwardCall{Method: http.MethodPost, Path: "/v2/models/m/infer", Body: []byte(`{"inputs":[]}`)})
		require.NoError(t, err)
		defer r.Release()
		return string(r.Body)
	}
	old := answer(`"old"`, &oldCalls)
	require.Equal(t, `"old"`, run(old.URL))
	require.Equal(t, `"old"`, run(old.URL))
	require.Equal(t, int32(1), oldCalls.Load(), "a hit while the container stays")
	moved := answer(`"new"`, &newCalls)
	require.Equal(t, `"new"`, run(moved.URL), "the restarted node asks the new server")
	require.Equal(t, int32(1), newCalls.Load())
}

// TestCacheScopes: an entry made in one scope (one client's) answers only
// that scope: another client's probe of the same input is a miss, the
// shared scope (on-chain deliveries) its own.
func TestCacheScopes(t *testing.T) {
	var calls atomic.Int32
	e := cachedExecutor(t, counting(&calls), true)
	infer := func(scope string) {
		ctx := WithCacheScope(context.Background(), scope)
		r, err := e.Forward(ctx, "m", ForwardCall{Method: http.MethodPost, Path: "/v2/models/m/infer", Body: []byte(`{"inputs":[1]}`)})
		require.NoError(t, err)
		r.Release()
		_, err = e.Run(ctx, Input{Containers: []string{"m"}, Data: json.RawMessage(`{"x":1}`), CacheScope: scope})
		require.NoError(t, err)
	}
	infer("client:A")
	require.Equal(t, int32(2), calls.Load())
	infer("client:A")
	require.Equal(t, int32(2), calls.Load(), "A's own entries answer A")
	entries := cacheEntries(t, e)
	for range 3 {
		infer("client:B")
	}
	require.Equal(t, int32(4), calls.Load(), "B's probe of A's inputs misses (once: then B's own entries answer B)")
	infer("")
	require.Equal(t, int32(6), calls.Load(), "the shared scope is apart from both")
	require.Equal(t, entries+4, cacheEntries(t, e), "B and the shared scope made entries of their own")
}

func cacheEntries(t *testing.T, e *Executor) int {
	t.Helper()
	return e.cache.Len()
}

// TestCacheMemoryWithinReplyBudget: replies stored in the cache and hits
// read from it are charged to the reply budget: 8 callers at once with
// 4 MiB replies never hold more than the budget, some are refused (Node
// busy) rather than held outside it, and everything is given back.
func TestCacheMemoryWithinReplyBudget(t *testing.T) {
	const size = 4 << 20
	budget := ratelimit.NewBytes(24 << 20)
	reply := strings.Repeat("x", size)
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			return // readiness
		}
		calls.Add(1)
		b, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", itoa(len(reply)))
		io.WriteString(w, reply[:len(reply)-len(b)]+string(b))
	}))
	t.Cleanup(srv.Close)
	st, err := storage.Open(t.TempDir(), storage.Options{})
	require.NoError(t, err)
	c, err := respcache.Open(respcache.Options{Store: st.Table(storage.TableCache), MaxBytes: 256 << 20, Budget: budget})
	require.NoError(t, err)
	t.Cleanup(func() { c.Close(); _ = st.Close() })
	cfgs := []Container{{ID: "m", URL: srv.URL, Cache: true, Timeout: 10 * time.Second}}
	rt := NewUnmanaged(cfgs, UnmanagedOptions{})
	require.NoError(t, rt.Start(context.Background()))
	t.Cleanup(func() { _ = rt.Stop(context.Background()) })
	e, err := New(Options{Runtime: rt, Containers: cfgs, Cache: c, ReplyBudget: budget})
	require.NoError(t, err)

	var peak atomic.Int64
	stop := make(chan struct{})
	var watch sync.WaitGroup
	watch.Add(1)
	go func() {
		defer watch.Done()
		for {
			peak.Store(max(peak.Load(), budget.Held()))
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Microsecond):
			}
		}
	}()
	var wg sync.WaitGroup
	var ok, busy atomic.Int32
	for i := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := `{"i":` + itoa(i%4) + `}` // 4 inputs: misses, then hits
			r, err := e.Forward(context.Background(), "m", ForwardCall{Method: http.MethodPost, Path: "/v2/models/m/infer", Body: []byte(body)})
			if err != nil {
				require.ErrorIs(t, err, ErrReplyBudget)
				busy.Add(1)
				return
			}
			require.Len(t, r.Body, size)
			time.Sleep(time.Millisecond) // the front door writing it
			r.Release()
			ok.Add(1)
		}()
	}
	wg.Wait()
	c.Close() // the writes in flight committed
	close(stop)
	watch.Wait()
	require.LessOrEqual(t, peak.Load(), budget.Max())
	require.Zero(t, budget.Held(), "all given back")
	require.Positive(t, ok.Load())
	t.Logf("32 cached infers with 4 MiB replies, 8+ at once: %d answered, %d busy; %d container calls; peak held %d MiB of %d",
		ok.Load(), busy.Load(), calls.Load(), peak.Load()>>20, budget.Max()>>20)
}

func itoa(i int) string { return strconv.Itoa(i) }
