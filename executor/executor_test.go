package executor

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
)

// recorder is a container protocol server that records what it received.
type recorder struct {
	mu   sync.Mutex
	reqs []Request
	auth []string
}

func (r *recorder) handler(reply func(w http.ResponseWriter, req Request)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, hr *http.Request) {
		if hr.URL.Path != "/service_output" || hr.Method != http.MethodPost {
			w.WriteHeader(http.StatusOK) // readiness probes
			return
		}
		var req Request
		if err := json.NewDecoder(hr.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		r.mu.Lock()
		r.reqs = append(r.reqs, req)
		r.auth = append(r.auth, hr.Header.Get("Authorization"))
		r.mu.Unlock()
		reply(w, req)
	})
}

func echoReply(w http.ResponseWriter, req Request) {
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"output": %s}`, req.Data)
}

// fixture starts one loopback server per container and returns an
// executor over an unmanaged runtime for them.
type fixture struct {
	exec *Executor
	rec  map[string]*recorder
}

type fake struct {
	cfg     Container
	handler func(r *recorder) http.Handler
}

func newFixture(t *testing.T, fakes ...fake) *fixture {
	t.Helper()
	f := &fixture{rec: map[string]*recorder{}}
	var cfgs []Container
	for _, fk := range fakes {
		r := &recorder{}
		srv := httptest.NewServer(fk.handler(r))
		t.Cleanup(srv.Close)
		c := fk.cfg
		c.URL = srv.URL
		if c.Timeout == 0 {
			c.Timeout = (5 * time.Second)
		}
		cfgs = append(cfgs, c)
		f.rec[c.ID] = r
	}
	rt := NewUnmanaged(cfgs, UnmanagedOptions{})
	require.NoError(t, rt.Start(context.Background()))
	t.Cleanup(func() { _ = rt.Stop(context.Background()) })
	e, err := New(Options{Runtime: rt, Containers: cfgs})
	require.NoError(t, err)
	f.exec = e
	return f
}

func replying(reply func(w http.ResponseWriter, req Request)) func(r *recorder) http.Handler {
	return func(r *recorder) http.Handler { return r.handler(reply) }
}

func TestRunChain(t *testing.T) {
	f := newFixture(t,
		fake{Container{ID: "a", Bearer: "secret"}, replying(echoReply)},
		fake{Container{ID: "b"}, replying(echoReply)},
		fake{Container{ID: "c"}, replying(echoReply)},
	)
	res, err := f.exec.Run(context.Background(), Input{
		Containers: []string{"a", "b", "c"}, Source: job.OffChain, Destination: job.OnChain,
		Data: json.RawMessage(`{"x":1}`), RequiresProof: true,
	})
	require.NoError(t, err)
	require.Len(t, res, 3)
	require.JSONEq(t, `{"output":{"x":1}}`, string(res[0].Output))
	require.JSONEq(t, `{"output":{"output":{"x":1}}}`, string(res[1].Output))
	require.JSONEq(t, `{"output":{"output":{"output":{"x":1}}}}`, string(res[2].Output))

	a, b, c := f.rec["a"].reqs[0], f.rec["b"].reqs[0], f.rec["c"].reqs[0]
	require.Equal(t, Request{Source: job.OffChain, Destination: job.OffChain, Data: json.RawMessage(`{"x":1}`), RequiresProof: true}, a)
	require.Equal(t, job.OffChain, b.Source)
	require.Equal(t, job.OffChain, b.Destination, "only the last container sees the real destination")
	require.JSONEq(t, string(res[0].Output), string(b.Data), "container i+1 gets container i's output")
	require.Equal(t, job.OnChain, c.Destination)
	require.True(t, b.RequiresProof && c.RequiresProof)
	require.Equal(t, "Bearer secret", f.rec["a"].auth[0])
	require.Equal(t, "", f.rec["b"].auth[0])
}

func TestRunErrors(t *testing.T) {
	refused := func() string { // a loopback port with nothing listening
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		addr := l.Addr().String()
		require.NoError(t, l.Close())
		return "http://" + addr
	}()
	for _, tc := range []struct {
		name  string
		reply func(w http.ResponseWriter, req Request)
		want  string
	}{
		{"500 with JSON error", func(w http.ResponseWriter, _ Request) {
			w.WriteHeader(500)
			io.WriteString(w, `{"error": "model exploded"}`)
		}, "model exploded"},
		{"400 with text", func(w http.ResponseWriter, _ Request) { http.Error(w, "bad input: x", 400) }, "bad input: x"},
		{"502 empty", func(w http.ResponseWriter, _ Request) { w.WriteHeader(502) }, "container replied 502 Bad Gateway"},
		{"not JSON", func(w http.ResponseWriter, _ Request) { io.WriteString(w, "hello") }, "output is not JSON: hello"},
		{"code number", func(w http.ResponseWriter, _ Request) { io.WriteString(w, `{"code": 500, "error": "quota"}`) }, "quota"},
		{"code string", func(w http.ResponseWriter, _ Request) { io.WriteString(w, `{"code": "429"}`) }, `container returned code 429: {"code": "429"}`},
		{"timeout", func(w http.ResponseWriter, _ Request) { time.Sleep(300 * time.Millisecond) }, "container timed out after 100ms"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t,
				fake{Container{ID: "first"}, replying(echoReply)},
				fake{Container{ID: "bad", Timeout: (100 * time.Millisecond)}, replying(tc.reply)},
				fake{Container{ID: "never"}, replying(echoReply)},
			)
			res, err := f.exec.Run(context.Background(), Input{Containers: []string{"first", "bad", "never"}, Data: json.RawMessage(`1`)})
			var ce *ContainerError
			require.ErrorAs(t, err, &ce)
			require.Equal(t, "bad", ce.Container)
			require.Equal(t, tc.want, ce.Message)
			require.Len(t, res, 2, "the chain stops at the first error")
			require.Equal(t, job.ContainerResult{Container: "bad", Error: tc.want}, res[1])
			require.Empty(t, f.rec["never"].reqs)
		})
	}
	t.Run("code 200 is success", func(t *testing.T) {
		f := newFixture(t, fake{Container{ID: "a"}, replying(func(w http.ResponseWriter, _ Request) {
			io.WriteString(w, `{"code": "200", "output": 1}`)
		})})
		res, err := f.exec.Run(context.Background(), Input{Containers: []string{"a"}})
		require.NoError(t, err)
		require.JSONEq(t, `{"code":"200","output":1}`, string(res[0].Output))
	})
	t.Run("refused", func(t *testing.T) {
		cfg := []Container{{ID: "gone", URL: refused, Timeout: (time.Second)}}
		e, err := New(Options{Runtime: startedRuntime(cfg), Containers: cfg})
		require.NoError(t, err)
		_, err = e.Run(context.Background(), Input{Containers: []string{"gone"}})
		var ce *ContainerError
		require.ErrorAs(t, err, &ce)
		require.Equal(t, "container unreachable: connection refused", ce.Message)
	})
	t.Run("cancelled job carries its cause", func(t *testing.T) {
		f := newFixture(t, fake{Container{ID: "slow"}, replying(func(w http.ResponseWriter, r Request) { time.Sleep(time.Second) })})
		ctx, cancel := context.WithCancelCause(context.Background())
		time.AfterFunc(50*time.Millisecond, func() { cancel(fmt.Errorf("job timed out after 50ms")) })
		_, err := f.exec.Run(ctx, Input{Containers: []string{"slow"}})
		var ce *ContainerError
		require.ErrorAs(t, err, &ce)
		require.Equal(t, "cancelled: job timed out after 50ms", ce.Message)
	})
}

// startedRuntime is a started unmanaged runtime whose containers need not
// be reachable: it skips Start's wait.
func startedRuntime(cfg []Container) *Unmanaged {
	u := NewUnmanaged(cfg, UnmanagedOptions{})
	u.started = true
	return u
}

func TestStream(t *testing.T) {
	step := make(chan struct{})
	f := newFixture(t,
		fake{Container{ID: "slow", Timeout: (time.Second)}, func(r *recorder) http.Handler {
			return r.handler(func(w http.ResponseWriter, req Request) {
				w.Header().Set("Content-Type", "text/plain; charset=utf-8")
				w.WriteHeader(http.StatusOK)
				w.(http.Flusher).Flush()
				for i := 0; i < 3; i++ {
					select { // the test asks for each chunk after reading the previous one
					case <-step:
					case <-time.After(10 * time.Second):
						return
					}
					fmt.Fprintf(w, "chunk%d;", i)
					w.(http.Flusher).Flush()
				}
			})
		}},
		fake{Container{ID: "plain"}, replying(func(w http.ResponseWriter, req Request) {
			w.Header()["Content-Type"] = nil
			w.Write([]byte("raw bytes"))
		})},
		fake{Container{ID: "stall", Timeout: (150 * time.Millisecond)}, func(*recorder) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != "/service_output" {
					return
				}
				w.Write([]byte("first"))
				w.(http.Flusher).Flush()
				<-r.Context().Done() // until the node gives up on the stream
			})
		}},
		fake{Container{ID: "steady", Timeout: (600 * time.Millisecond)}, replying(func(w http.ResponseWriter, req Request) {
			for i := 0; i < 16; i++ { // 16 x 50ms: longer in total than the idle timeout
				fmt.Fprintf(w, "%d", i)
				w.(http.Flusher).Flush()
				time.Sleep(50 * time.Millisecond)
			}
		})},
		fake{Container{ID: "fail"}, replying(func(w http.ResponseWriter, req Request) {
			http.Error(w, "no stream for you", http.StatusServiceUnavailable)
		})},
	)

	t.Run("bytes arrive as sent", func(t *testing.T) {
		s, err := f.exec.Stream(context.Background(), Input{Containers: []string{"slow"}, Data: json.RawMessage(`{"p":1}`)})
		require.NoError(t, err)
		defer s.Body.Close()
		require.Equal(t, "text/plain; charset=utf-8", s.ContentType)
		buf := make([]byte, 64)
		for i := 0; i < 3; i++ {
			step <- struct{}{}
			n, err := s.Body.Read(buf)
			if err != io.EOF || i < 2 {
				require.NoError(t, err)
			}
			require.Equal(t, fmt.Sprintf("chunk%d;", i), string(buf[:n]), "chunk %d is readable before the next is sent", i)
		}
		rest, err := io.ReadAll(s.Body)
		require.NoError(t, err)
		require.Empty(t, rest)
		req := f.rec["slow"].reqs[0]
		require.Equal(t, job.Stream, req.Destination)
		require.JSONEq(t, `{"p":1}`, string(req.Data))
	})
	t.Run("default content type", func(t *testing.T) {
		s, err := f.exec.Stream(context.Background(), Input{Containers: []string{"plain"}})
		require.NoError(t, err)
		defer s.Body.Close()
		require.Equal(t, "application/octet-stream", s.ContentType)
		b, err := io.ReadAll(s.Body)
		require.NoError(t, err)
		require.Equal(t, "raw bytes", string(b))
	})
	t.Run("idle timeout", func(t *testing.T) {
		s, err := f.exec.Stream(context.Background(), Input{Containers: []string{"stall"}})
		require.NoError(t, err)
		defer s.Body.Close()
		b, err := io.ReadAll(s.Body)
		require.Equal(t, "first", string(b))
		var ce *ContainerError
		require.ErrorAs(t, err, &ce)
		require.Equal(t, "stream idle for 150ms", ce.Message)
	})
	t.Run("idle, not total", func(t *testing.T) {
		s, err := f.exec.Stream(context.Background(), Input{Containers: []string{"steady"}})
		require.NoError(t, err)
		defer s.Body.Close()
		b, err := io.ReadAll(s.Body)
		require.NoError(t, err)
		require.Equal(t, "0123456789101112131415", string(b))
	})
	t.Run("container error", func(t *testing.T) {
		_, err := f.exec.Stream(context.Background(), Input{Containers: []string{"fail"}})
		var ce *ContainerError
		require.ErrorAs(t, err, &ce)
		require.Equal(t, "no stream for you", ce.Message)
		require.Equal(t, 503, ce.Status)
	})
}

func TestResources(t *testing.T) {
	var gotQuery, gotAuth string
	var mu sync.Mutex
	res := func(body string, status int) func(r *recorder) http.Handler {
		return func(*recorder) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != "/service-resources" {
					return
				}
				mu.Lock()
				if q := r.URL.Query().Get("model_id"); q != "" && status == 200 && body[0] == '{' {
					gotQuery, gotAuth = r.URL.RawQuery, r.Header.Get("Authorization")
				}
				mu.Unlock()
				w.WriteHeader(status)
				io.WriteString(w, body)
			})
		}
	}
	f := newFixture(t,
		fake{Container{ID: "ok", Bearer: "tok"}, res(`{"supported": true}`, 200)},
		fake{Container{ID: "fails"}, res(`{"error":"x"}`, 500)},
		fake{Container{ID: "text"}, res(`not json`, 200)},
		fake{Container{ID: "hangs"}, func(*recorder) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/service-resources" {
					<-r.Context().Done()
				}
			})
		}},
	)
	f.exec.resTO = 200 * time.Millisecond
	got := f.exec.Resources(context.Background(), "local/org/model:file.onnx")
	require.Equal(t, map[string]json.RawMessage{"ok": json.RawMessage(`{"supported":true}`)}, got)
	require.Equal(t, "model_id=local%2Forg%2Fmodel%3Afile.onnx", gotQuery)
	require.Equal(t, "Bearer tok", gotAuth)
}

func TestUnmanagedRuntime(t *testing.T) {
	// A container that starts listening only after Start began waiting.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	cfg := []Container{{ID: "late", URL: "http://" + addr}, {ID: "ported", Port: string("1")}}
	cfg[1].Port = string(strings.Split(addr, ":")[1])

	u := NewUnmanaged(cfg, UnmanagedOptions{ProbeInterval: 20 * time.Millisecond})
	_, err = u.Endpoint("late")
	require.ErrorContains(t, err, "not ready")
	srv := &http.Server{Handler: http.NotFoundHandler()} // any HTTP answer counts
	go func() {
		time.Sleep(150 * time.Millisecond)
		l, err := net.Listen("tcp", addr)
		if err == nil {
			_ = srv.Serve(l)
		}
	}()
	require.NoError(t, u.Start(context.Background()))
	ep, err := u.Endpoint("ported")
	require.NoError(t, err)
	require.Equal(t, Endpoint{URL: "http://127.0.0.1:" + cfg[1].Port}, ep)
	_, err = u.Endpoint("nope")
	require.ErrorContains(t, err, "unknown container")
	require.Equal(t, []ContainerState{{ID: "late", Ready: true, State: "running"}, {ID: "ported", Ready: true, State: "running"}}, u.States())

	require.NoError(t, srv.Close())
	require.Eventually(t, func() bool { return !u.States()[0].Ready }, 5*time.Second, 10*time.Millisecond)
	require.Equal(t, "unreachable", u.States()[0].State)
	require.NoError(t, u.Stop(context.Background()))

	u = NewUnmanaged(cfg[:1], UnmanagedOptions{StartTimeout: 200 * time.Millisecond})
	err = u.Start(context.Background())
	require.ErrorContains(t, err, "container late at http://"+addr+" did not answer HTTP within 200ms")
	require.ErrorContains(t, err, "give it longer with containers[].ready_timeout")

	// A container's own ready_timeout wins over the runtime's.
	own := cfg[0]
	own.ReadyTimeout = (100 * time.Millisecond)
	u = NewUnmanaged([]Container{own}, UnmanagedOptions{StartTimeout: time.Minute})
	err = u.Start(context.Background())
	require.ErrorContains(t, err, "container late at http://"+addr+" did not answer HTTP within 100ms")
}

// chanHandler sends each log record's message on a channel.
type chanHandler struct{ msgs chan string }

func (h chanHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h chanHandler) Handle(_ context.Context, r slog.Record) error {
	select {
	case h.msgs <- r.Message:
	default:
	}
	return nil
}
func (h chanHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h chanHandler) WithGroup(string) slog.Handler      { return h }

// TestUnmanagedStartSaysItWaits: while a container does not answer, Start
// logs that it is still waiting (serve is otherwise silent for up to the
// start timeout), and returns once the container answers.
func TestUnmanagedStartSaysItWaits(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	msgs := make(chan string, 16)
	u := NewUnmanaged([]Container{{ID: "late", URL: "http://" + addr}},
		UnmanagedOptions{Logger: slog.New(chanHandler{msgs}), ProgressInterval: time.Millisecond, StartTimeout: 5 * time.Minute})
	started := make(chan error, 1)
	go func() { started <- u.Start(context.Background()) }()
	require.Equal(t, "waiting for container to answer HTTP", <-msgs)

	l, err = net.Listen("tcp", addr)
	require.NoError(t, err)
	srv := &http.Server{Handler: http.NotFoundHandler()}
	go func() { _ = srv.Serve(l) }()
	defer srv.Close()
	require.NoError(t, <-started)
	require.NoError(t, u.Stop(context.Background()))
}
