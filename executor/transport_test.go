package executor

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/propagation"
)

// countingServer serves handler on loopback and counts the connections it
// accepted.
func countingServer(t *testing.T, handler http.HandlerFunc) (*httptest.Server, *atomic.Int64) {
	var conns atomic.Int64
	srv := httptest.NewUnstartedServer(handler)
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, &conns
}

func get(t *testing.T, hc *http.Client, ctx context.Context, url string) (string, error) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(`{"x":1}`))
	require.NoError(t, err)
	resp, err := hc.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

func TestTransportReusesConnections(t *testing.T) {
	tests := []struct {
		name    string
		handler http.HandlerFunc
		want    string
		reused  bool
	}{
		{"content-length reply", func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			w.Write(b)
		}, `{"x":1}`, true},
		{"chunked reply", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte("a"))
			w.(http.Flusher).Flush()
			w.Write([]byte("b"))
		}, "ab", true},
		{"empty reply", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }, "", true},
		{"server asks to close", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Connection", "close")
			w.Write([]byte("bye"))
		}, "bye", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv, conns := countingServer(t, tc.handler)
			hc := NewHTTPClient(4)
			for range 5 {
				got, err := get(t, hc, context.Background(), srv.URL)
				require.NoError(t, err)
				require.Equal(t, tc.want, got)
			}
			if tc.reused {
				require.EqualValues(t, 1, conns.Load(), "one connection for sequential calls")
			} else {
				require.EqualValues(t, 5, conns.Load())
			}
		})
	}
}

// TestTransportServerClosedIdle: a container that closes idle connections
// (a keep-alive timeout) costs a redial, not a failed call.
func TestTransportServerClosedIdle(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) }))
	srv.Config.IdleTimeout = 20 * time.Millisecond
	srv.Start()
	defer srv.Close()
	hc := NewHTTPClient(4)
	tr := hc.Transport.(*transport)
	tr.probeAfter = 0 // probe on every reuse
	for range 3 {
		got, err := get(t, hc, context.Background(), srv.URL)
		require.NoError(t, err)
		require.Equal(t, "ok", got)
		time.Sleep(300 * time.Millisecond) // the server closes the idle connection (after 20ms)
	}
}

func TestTransportCancelAndDeadline(t *testing.T) {
	release := make(chan struct{})
	srv, conns := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
		w.Write([]byte("late"))
	})
	defer close(release)
	hc := NewHTTPClient(4)

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := get(t, hc, ctx, srv.URL)
	require.ErrorIs(t, err, context.DeadlineExceeded)

	ctx, cancel = context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	_, err = get(t, hc, ctx, srv.URL)
	require.ErrorIs(t, err, context.Canceled)

	// A cancelled exchange's connection is not reused.
	require.EqualValues(t, 2, conns.Load())
	require.Empty(t, hc.Transport.(*transport).idle[strings.TrimPrefix(srv.URL, "http://")])
}

func TestTransportBodyClosedEarlyClosesTheConnection(t *testing.T) {
	srv, conns := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(strings.Repeat("x", 64<<10)))
	})
	hc := NewHTTPClient(4)
	for range 2 {
		resp, err := hc.Post(srv.URL, "application/json", strings.NewReader("{}"))
		require.NoError(t, err)
		_, err = resp.Body.Read(make([]byte, 10))
		require.NoError(t, err)
		require.NoError(t, resp.Body.Close())
		_, err = resp.Body.Read(make([]byte, 10))
		require.ErrorIs(t, err, io.EOF, "a closed body reads EOF")
	}
	require.EqualValues(t, 2, conns.Load(), "a half-read reply's connection is dropped")
}

func TestTransportRefusedAndFallback(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close()
	hc := NewHTTPClient(4)
	_, err = get(t, hc, context.Background(), "http://"+addr)
	require.Error(t, err)
	require.ErrorIs(t, err, syscall.ECONNREFUSED)

	// https goes through net/http's transport.
	tls := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("secure")) }))
	defer tls.Close()
	fb := tls.Client().Transport.(*http.Transport)
	hc = &http.Client{Transport: newTransport(fb, 4, time.Minute)}
	got, err := get(t, hc, context.Background(), tls.URL)
	require.NoError(t, err)
	require.Equal(t, "secure", got)
}

func TestTransportPost(t *testing.T) {
	srv, conns := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		switch string(b) {
		case "chunked":
			w.Write([]byte("a"))
			w.(http.Flusher).Flush()
			w.Write([]byte("b"))
		case "big":
			w.Write([]byte(strings.Repeat("x", 100)))
		case "fail":
			http.Error(w, "nope", http.StatusTeapot)
		default:
			w.Header().Set("X-Got", r.Method+" "+r.URL.Path+" "+r.Header.Get("Content-Type")+" "+r.Header.Get("Authorization"))
			w.Write([]byte(r.Method + " " + r.URL.Path + " " + r.Header.Get("Authorization") + " " + string(b)))
		}
	})
	tr := NewHTTPClient(4).Transport.(*transport)
	tg, ok := tr.targetFor(srv.URL, "/service_output")
	require.True(t, ok)
	tests := []struct {
		body, want string
		status     int
		err        string
	}{
		{body: `{"x":1}`, status: 200, want: `POST /service_output Bearer t {"x":1}`},
		{body: "chunked", status: 200, want: "ab"},
		{body: "fail", status: http.StatusTeapot, want: "nope\n"},
		{body: "big", err: errTooLarge.Error()},
		{body: `{"x":2}`, status: 200, want: `POST /service_output Bearer t {"x":2}`},
	}
	for _, tc := range tests {
		status, got, _, err := tr.post(context.Background(), tg, []header{{"Authorization", "Bearer t"}}, []byte(tc.body), replyRead{limit: 64})
		if tc.err != "" {
			require.ErrorContains(t, err, tc.err)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, tc.status, status)
		require.Equal(t, tc.want, string(got))
	}
	require.EqualValues(t, 2, conns.Load(), "the connection is reused, except after the reply that was too large")

	_, ok = tr.targetFor("https://example.invalid", "/service_output")
	require.False(t, ok, "https is left to net/http")
	_, ok = extraHeaders(context.Background(), propagation.TraceContext{}, "bad\r\nX-Injected: 1")
	require.False(t, ok, "a value with a line break is left to net/http's checks")
}

func TestConnAlive(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := ln.Accept()
		if err == nil {
			accepted <- c
		}
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer c.Close()
	srv := <-accepted

	start := time.Now()
	require.True(t, connAlive(c), "an open, quiet connection")
	require.Less(t, time.Since(start), 100*time.Millisecond, "the check does not wait")
	_, err = srv.Write([]byte("x"))
	require.NoError(t, err)
	require.Eventually(t, func() bool { return !connAlive(c) }, 5*time.Second, time.Millisecond, "stray bytes: out of step")

	c2, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer c2.Close()
	go func() {
		if s, err := ln.Accept(); err == nil {
			s.Close()
		}
	}()
	require.Eventually(t, func() bool { return !connAlive(c2) }, 5*time.Second, time.Millisecond, "closed by the server")
}

// TestTransportLeavesProxiedCallsToNetHTTP: a container reached through a
// proxy (HTTP_PROXY) keeps going through it.
func TestTransportLeavesProxiedCallsToNetHTTP(t *testing.T) {
	var proxiedCalls atomic.Int64
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		proxiedCalls.Add(1)
		w.Write([]byte("via proxy " + r.URL.String()))
	}))
	defer proxy.Close()
	pu, err := url.Parse(proxy.URL)
	require.NoError(t, err)
	fb := &http.Transport{Proxy: http.ProxyURL(pu)}
	tr := newTransport(fb, 4, time.Minute)
	_, ok := tr.targetFor("http://container.invalid:3000", "/service_output")
	require.False(t, ok, "the fast path is not used for a proxied container")
	got, err := get(t, &http.Client{Transport: tr}, context.Background(), "http://container.invalid:3000/service_output")
	require.NoError(t, err)
	require.Equal(t, "via proxy http://container.invalid:3000/service_output", got)
	require.EqualValues(t, 1, proxiedCalls.Load())
}

func TestTransportSend(t *testing.T) {
	srv, conns := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		switch string(b) {
		case "chunked":
			w.Write([]byte("a"))
			w.(http.Flusher).Flush()
			w.Write([]byte("b"))
			return
		case "big":
			w.Write([]byte(strings.Repeat("x", 100)))
			return
		}
		w.Header().Set("X-Got", r.Header.Get("Content-Type")+" "+r.Header.Get("Authorization")+" "+r.Header.Get("Content-Length"))
		w.WriteHeader(http.StatusCreated)
		w.Write([]byte(r.Method + " " + r.URL.RequestURI() + " "))
		w.Write(b)
	})
	tr := NewHTTPClient(4).Transport.(*transport)
	b, ok := tr.baseFor(srv.URL + "/prefix/")
	require.True(t, ok)
	big := make([]byte, 1<<20) // past the connection's buffer: one writev of head and parts
	for i := range big {
		big[i] = byte(i)
	}
	tests := []struct {
		method, path string
		parts        [][]byte
		limit        int64
		want         string
		err          string
	}{
		{method: "POST", path: "/v2/models/m/infer?model_id=a%2Fb", parts: [][]byte{[]byte(`{"h":1}`), []byte("ab"), nil, []byte("c")},
			want: `POST /prefix/v2/models/m/infer?model_id=a%2Fb {"h":1}abc`},
		{method: "POST", path: "/big", parts: [][]byte{[]byte(`{}`), big[:1000], big[1000:]}, want: "POST /prefix/big {}" + string(big)},
		{method: "GET", path: "/v2/models/m", want: "GET /prefix/v2/models/m "},
		{method: "POST", path: "/x", parts: [][]byte{[]byte("chunked")}, want: "ab"},
		{method: "POST", path: "/x", parts: [][]byte{[]byte("big")}, limit: 64, err: "reply too large"},
		{method: "POST", path: "/again", parts: [][]byte{[]byte("1")}, want: "POST /prefix/again 1"},
	}
	hs := http.Header{"Content-Type": {"application/octet-stream"}}
	for _, tc := range tests {
		limit := tc.limit
		if limit == 0 {
			limit = 2 << 20
		}
		r, err := tr.send(context.Background(), b, tc.method, tc.path, hs, []header{{"Authorization", "Bearer t"}}, tc.parts, replyRead{limit: limit})
		if tc.err != "" {
			require.ErrorContains(t, err, tc.err)
			continue
		}
		require.NoError(t, err, tc.path)
		require.Equal(t, tc.want, string(r.body), tc.path)
		if tc.path != "/x" {
			n := 0
			for _, p := range tc.parts {
				n += len(p)
			}
			cl := ""
			if tc.method == "POST" {
				cl = strconv.Itoa(n)
			}
			require.Equal(t, http.StatusCreated, r.status)
			require.Equal(t, strings.TrimSpace("application/octet-stream Bearer t "+cl), r.header.Get("X-Got"))
		}
	}
	require.EqualValues(t, 2, conns.Load(), "the connection is reused, except after the reply that was too large")

	for _, u := range []string{"https://example.invalid", "http://u:p@example.invalid", "http://example.invalid/?q=1"} {
		_, ok = tr.baseFor(u)
		require.False(t, ok, "%s is left to net/http", u)
	}
	require.False(t, sendable("/a b", nil, nil), "a path with a space")
	require.False(t, sendable("/a", http.Header{"X": {"a\r\nY: b"}}, nil), "a header value with a line break")
	require.False(t, sendable("/a", http.Header{"Content-Length": {"1"}}, nil), "a header send writes itself")
	require.False(t, sendable("/a", http.Header{"X": {"1", "2"}}, nil), "a repeated header")
	require.True(t, sendable("/a?b=c", http.Header{"Content-Type": {"application/json"}}, []header{{"traceparent", "00-1-2-01"}}))
}
