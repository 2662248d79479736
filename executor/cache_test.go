package executor

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/respcache"
)

// cachedExecutor is an executor over one loopback container h, marked
// "cache" when cached, with a response cache on a real Pebble store.
func cachedExecutor(t testing.TB, h http.Handler, cached bool) *Executor {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	st, err := storage.Open(t.TempDir(), storage.Options{})
	require.NoError(t, err)
	c, err := respcache.Open(respcache.Options{Store: st.Table(storage.TableCache), MaxBytes: 1 << 20})
	require.NoError(t, err)
	t.Cleanup(func() { c.Close(); _ = st.Close() })
	cfgs := []Container{{ID: "m", URL: srv.URL, Cache: cached, Timeout: (10 * time.Second)}}
	rt := NewUnmanaged(cfgs, UnmanagedOptions{})
	require.NoError(t, rt.Start(context.Background()))
	t.Cleanup(func() { _ = rt.Stop(context.Background()) })
	e, err := New(Options{Runtime: rt, Containers: cfgs, Cache: c})
	require.NoError(t, err)
	return e
}

// counting answers /service_output with echoReply and OIP inferences with
// a fixed reply (400 for a body "bad"), counting the calls.
func counting(calls *atomic.Int32) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/service_output":
			calls.Add(1)
			var req Request
			if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			if string(req.Data) == `"fail"` {
				http.Error(w, `{"error":"failed"}`, http.StatusInternalServerError)
				return
			}
			echoReply(w, req)
		case "/v2/models/m/infer":
			calls.Add(1)
			b, _ := io.ReadAll(r.Body)
			if string(b) == "bad" {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusBadRequest)
				fmt.Fprint(w, `{"error":"bad"}`)
				return
			}
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Header().Set(headerLength, "7")
			fmt.Fprintf(w, `{"n":1}%d`, len(b))
		default:
			w.WriteHeader(http.StatusOK)
		}
	})
}

func TestCacheCall(t *testing.T) {
	var calls atomic.Int32
	e := cachedExecutor(t, counting(&calls), true)
	require.Equal(t, []string{"m"}, e.CachedContainers())
	ctx := context.Background()
	run := func(data string, dst job.Location, proof bool) string {
		res, err := e.Run(ctx, Input{Containers: []string{"m"}, Source: job.OffChain, Destination: dst, Data: json.RawMessage(data), RequiresProof: proof})
		require.NoError(t, err)
		return string(res[0].Output)
	}
	out := run(`{"a":1,"b":[1,2]}`, job.OffChain, false)
	require.Equal(t, int32(1), calls.Load())
	for _, same := range []string{`{"a":1,"b":[1,2]}`, "{ \"b\": [1, 2],\n \"a\": 1 }"} {
		require.Equal(t, out, run(same, job.OffChain, false), same)
	}
	require.Equal(t, int32(1), calls.Load(), "the same input in another spelling is a hit")
	// What changes the output is part of the key.
	run(`{"a":1.0,"b":[1,2]}`, job.OffChain, false)
	run(`{"a":1,"b":[1,2]}`, job.OnChain, false)
	run(`{"a":1,"b":[1,2]}`, job.OffChain, true)
	require.Equal(t, int32(4), calls.Load())
	// Failures are not kept.
	for range 2 {
		_, err := e.Run(ctx, Input{Containers: []string{"m"}, Data: json.RawMessage(`"fail"`)})
		require.Error(t, err)
	}
	require.Equal(t, int32(6), calls.Load())
}

func TestCacheForward(t *testing.T) {
	var calls atomic.Int32
	e := cachedExecutor(t, counting(&calls), true)
	ctx := context.Background()
	forward := func(body, hl string) ForwardReply {
		h := http.Header{}
		if hl != "" {
			h.Set(headerLength, hl)
		}
		r, err := e.Forward(ctx, "m", ForwardCall{Method: http.MethodPost, Path: "/v2/models/m/infer", Header: h, Body: []byte(body)})
		require.NoError(t, err)
		return r
	}
	first := forward(`{"inputs":[]}`+"\x01\x02", "13")
	require.Equal(t, http.StatusOK, first.Status)
	again := forward(`{ "inputs": [] }`+"\x01\x02", "16")
	require.Equal(t, int32(1), calls.Load(), "the same binary request with another JSON spelling is a hit")
	require.Equal(t, first.Status, again.Status)
	require.Equal(t, first.Body, again.Body)
	require.Equal(t, "7", again.Header.Get(headerLength))
	require.Equal(t, "application/octet-stream", again.Header.Get("Content-Type"))
	forward(`{"inputs":[]}`+"\x01\x03", "13") // other tensor bytes
	require.Equal(t, int32(2), calls.Load())
	// The gRPC door's form of the first request (its header in Body, its
	// tensors in Tail) has the same key.
	h := http.Header{headerLength: {"13"}}
	r, err := e.Forward(ctx, "m", ForwardCall{Method: http.MethodPost, Path: "/v2/models/m/infer", Header: h,
		Body: []byte(`{"inputs":[]}`), Tail: [][]byte{{1}, {}, {2}}})
	require.NoError(t, err)
	require.Equal(t, int32(2), calls.Load(), "a hit")
	require.Equal(t, first.Body, r.Body)
	// Error replies are passed on, never kept.
	for range 2 {
		require.Equal(t, http.StatusBadRequest, forward("bad", "").Status)
	}
	require.Equal(t, int32(4), calls.Load())
	// Only inferences are cached.
	for range 2 {
		_, err := e.Forward(ctx, "m", ForwardCall{Method: http.MethodGet, Path: "/v2/models/m"})
		require.NoError(t, err)
	}
	require.Equal(t, int32(4), calls.Load())
}

// TestForwardTail: a call's Tail reaches the container after its Body, as
// one body with its whole length.
func TestForwardTail(t *testing.T) {
	var calls atomic.Int32
	e := cachedExecutor(t, counting(&calls), false)
	tail := make([]byte, 1<<20)
	r, err := e.Forward(context.Background(), "m", ForwardCall{Method: http.MethodPost, Path: "/v2/models/m/infer",
		Header: http.Header{headerLength: {"2"}}, Body: []byte("{}"), Tail: [][]byte{tail, {1, 2, 3}}})
	require.NoError(t, err)
	require.Equal(t, `{"n":1}`+strconv.Itoa(2+len(tail)+3), string(r.Body), "the container read the whole body")

	// The same through net/http's transport (an executor given another
	// client).
	srv := httptest.NewServer(counting(&calls))
	t.Cleanup(srv.Close)
	cfgs := []Container{{ID: "m", URL: srv.URL, Timeout: 10 * time.Second}}
	rt := NewUnmanaged(cfgs, UnmanagedOptions{})
	require.NoError(t, rt.Start(context.Background()))
	t.Cleanup(func() { _ = rt.Stop(context.Background()) })
	e, err = New(Options{Runtime: rt, Containers: cfgs, HTTPClient: &http.Client{}})
	require.NoError(t, err)
	r, err = e.Forward(context.Background(), "m", ForwardCall{Method: http.MethodPost, Path: "/v2/models/m/infer",
		Header: http.Header{headerLength: {"2"}}, Body: []byte("{}"), Tail: [][]byte{tail, {1, 2, 3}}})
	require.NoError(t, err)
	require.Equal(t, `{"n":1}`+strconv.Itoa(2+len(tail)+3), string(r.Body))
}

func TestCacheOnlyMarkedContainers(t *testing.T) {
	var calls atomic.Int32
	e := cachedExecutor(t, counting(&calls), false)
	require.Empty(t, e.CachedContainers())
	for range 2 {
		_, err := e.Call(context.Background(), "m", Request{Data: json.RawMessage(`1`)})
		require.NoError(t, err)
	}
	require.Equal(t, int32(2), calls.Load())
}

// BenchmarkCacheHit is a cached container call answered from the response
// cache on a real Pebble store: the whole cost of a hit inside the node
// (key hashing with canonical JSON, the index, the store read).
func BenchmarkCacheHit(b *testing.B) {
	for _, size := range []int{64, 4 << 10, 64 << 10} {
		b.Run(fmt.Sprintf("input=%dB", size), func(b *testing.B) {
			var calls atomic.Int32
			e := cachedExecutor(b, counting(&calls), true)
			data := benchInput(size)
			req := Request{Source: job.OffChain, Destination: job.OffChain, Data: data}
			_, err := e.Call(context.Background(), "m", req)
			require.NoError(b, err)
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			b.ResetTimer()
			for b.Loop() {
				if _, err := e.Call(context.Background(), "m", req); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			require.Equal(b, int32(1), calls.Load())
		})
	}
}

// benchInput is a JSON object of about n bytes: a tensor request.
func benchInput(n int) json.RawMessage {
	vals := make([]float32, 0, n/10)
	for i := 0; len(vals)*10 < n; i++ {
		vals = append(vals, float32(i)*0.123)
	}
	b, _ := json.Marshal(map[string]any{"model_id": "local/x/y:model.onnx", "inputs": map[string]any{
		"x": map[string]any{"values": vals, "shape": []int{len(vals)}, "dtype": 1}}})
	return b
}

// Everything that stands for a container's version is in its keys.
func TestCacheSalt(t *testing.T) {
	base := Container{ID: "m", Image: "infernode/onnx:latest", Command: "--addr :3000", Env: map[string]string{"A": "1", "B": "2"}}
	salt := cacheSalt(base, "sha256:aaa")
	require.Equal(t, salt, cacheSalt(base, "sha256:aaa"))
	other := func(edit func(*Container)) Container {
		c := base
		c.Env = map[string]string{"A": "1", "B": "2"}
		edit(&c)
		return c
	}
	for name, s := range map[string][32]byte{
		"image id": cacheSalt(base, "sha256:bbb"),
		"image":    cacheSalt(other(func(c *Container) { c.Image = "infernode/onnx:v2" }), "sha256:aaa"),
		"id":       cacheSalt(other(func(c *Container) { c.ID = "n" }), "sha256:aaa"),
		"command":  cacheSalt(other(func(c *Container) { c.Command = "" }), "sha256:aaa"),
		"env":      cacheSalt(other(func(c *Container) { c.Env["B"] = "3" }), "sha256:aaa"),
		"env name": cacheSalt(other(func(c *Container) { c.Env = map[string]string{"A": "1", "C": "2"} }), "sha256:aaa"),
	} {
		require.NotEqual(t, salt, s, name)
	}
}

// A body for net/http's transport, which may write it after Forward
// returned, is the call's own copy: Tail is the caller's again at once.
func TestForwardBodyOwnsTail(t *testing.T) {
	tail := []byte{1, 2, 3}
	call := ForwardCall{Body: []byte("{}"), Tail: [][]byte{tail, {4}}}
	b := call.body()
	require.Equal(t, []byte("{}\x01\x02\x03\x04"), b)
	tail[0] = 9
	require.Equal(t, byte(1), b[2], "the body does not alias Tail")
	body := []byte("{}")
	require.Same(t, &body[0], &(&ForwardCall{Body: body}).body()[0], "a call without Tail sends Body as it is")
}
