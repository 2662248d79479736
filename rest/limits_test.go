package rest

import (
	"bytes"
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"
)

// A 680 KB batch of 340,000 tiny items is refused on its bytes: the items
// are counted before anything is allocated for them.
func TestBatchTooLargeIsRejectedCheaply(t *testing.T) {
	body := []byte("[" + strings.Repeat("{},", 340_000-1) + "{}]")
	require.Greater(t, len(body), 680_000)
	allocs := testing.AllocsPerRun(3, func() {
		_, jerr := decodeBatch(body, DefaultMaxBatchItems)
		require.NotNil(t, jerr)
		require.Equal(t, "Batch too large", jerr.Message)
	})
	require.Less(t, allocs, 10.0, "rejecting a large batch must not allocate per item")

	// Within the limit, every item is found, whitespace and nesting included.
	items, jerr := decodeBatch([]byte(` [ {"a":[1,{"b":"]"}]} , "x\"]" ,3 ] `), 3)
	require.Nil(t, jerr)
	require.Equal(t, []string{`{"a":[1,{"b":"]"}]}`, `"x\"]"`, `3`}, []string{string(items[0]), string(items[1]), string(items[2])})
	items, jerr = decodeBatch([]byte(`[]`), 3)
	require.Nil(t, jerr)
	require.Empty(t, items)
}

// Invented method names share one label value: /metrics cannot grow with them.
func TestMetricLabelsFromAFixedSet(t *testing.T) {
	reg := prometheus.NewRegistry()
	h := New(newFakeBackend(), Options{Logger: quietLogger(nil), Registry: reg})
	for _, m := range []string{"FOO", "BAR1", "X-INVENTED", "get"} {
		call(t, h, m, "/api/jobs", remote, "")
		call(t, h, m, "/nope/"+m, remote, "")
	}
	rec := call(t, h, "GET", "/metrics", remote, "")
	body := rec.Body.String()
	require.NotContains(t, body, "FOO")
	require.NotContains(t, body, "INVENTED")
	require.NotContains(t, body, `method="get"`)
	require.Contains(t, body, `infernode_http_requests_total{method="_OTHER",route="unmatched",status="405"} 4`)
	require.Contains(t, body, `infernode_http_requests_total{method="_OTHER",route="unmatched",status="404"} 4`)
}

func TestMethodNotAllowedSaysWhatIs(t *testing.T) {
	h := New(newFakeBackend(), Options{Logger: quietLogger(nil)})
	for path, allow := range map[string]string{
		"/api/jobs": "POST, GET, HEAD", "/api/status": "PUT", "/api/jobs/batch": "POST", "/health": "GET, HEAD",
	} {
		rec := call(t, h, "DELETE", path, remote, "")
		require.Equal(t, 405, rec.Code, path)
		require.Equal(t, allow, rec.Header().Get("Allow"), path)
		require.JSONEq(t, `{"error":"Method not allowed"}`, rec.Body.String())
	}
	rec := call(t, h, "FOO", "/nope", remote, "")
	require.Equal(t, 404, rec.Code)
}

// A trusted proxy's X-Forwarded-For that cannot be read is refused: the
// caller is not taken for the proxy (here loopback, which may PUT status).
func TestUnreadableForwardedForIsRefused(t *testing.T) {
	f := newFakeBackend()
	h := New(f, Options{Logger: quietLogger(nil), TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}})
	for _, xff := range []string{"not-an-ip", "203.0.113.5, garbage", "", "203.0.113.5,,127.0.0.1", "fe80::1%eth0"} {
		req := newRequest("PUT", "/api/status", strings.NewReader(`{"id":"x","status":"running"}`))
		req.RemoteAddr = local
		req.Header.Set("X-Forwarded-For", xff)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		require.Equal(t, 400, rec.Code, "%q: %s", xff, rec.Body.String())
		require.Contains(t, rec.Body.String(), `"field":"X-Forwarded-For"`)
	}
	require.Empty(t, f.statuses, "nothing reached the backend")

	// Readable ones still work, ports included; without the header the
	// request is the proxy's own.
	for xff, status := range map[string]int{"203.0.113.5": 403, "203.0.113.5:4711": 403, "[2001:db8::1]:80": 403, "127.0.0.1": 200} {
		req := newRequest("PUT", "/api/status", strings.NewReader(`{"id":"x","status":"running"}`))
		req.RemoteAddr = local
		req.Header.Set("X-Forwarded-For", xff)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		require.Equal(t, status, rec.Code, "%q: %s", xff, rec.Body.String())
	}
}

// Waits beyond Options.MaxWaits are answered at once, counted and logged.
func TestWaitsAreBounded(t *testing.T) {
	f := newFakeBackend()
	f.holdWaits = true
	reg := prometheus.NewRegistry()
	var logs syncBuffer
	h := New(f, Options{Logger: slog.New(slog.NewTextHandler(&logs, nil)), Registry: reg, MaxWaits: 2})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	held := make(chan struct{}, 2)
	for range 2 {
		go func() {
			req := newRequest("GET", "/api/jobs?id=a&wait=60s", nil).WithContext(ctx)
			req.RemoteAddr = remote
			h.ServeHTTP(httptest.NewRecorder(), req)
			held <- struct{}{}
		}()
	}
	require.Eventually(t, func() bool { f.mu.Lock(); defer f.mu.Unlock(); return len(f.waits) == 2 }, time.Minute, time.Millisecond)
	// The third is not held (holdWaits would block it until ctx ends).
	rec := call(t, h, "GET", "/api/jobs?id=a&wait=60s", remote, "")
	require.Equal(t, 200, rec.Code)
	require.Equal(t, 1.0, limitedCount(t, reg, "waits"))
	require.Contains(t, logs.String(), "wait limit reached")
	cancel()
	<-held
	<-held
	f.mu.Lock()
	require.Len(t, f.waits, 2)
	f.mu.Unlock()
}

// syncBuffer is a buffer safe for the server's concurrent log lines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// LimitListener keeps at most max connections open; the next waits in
// Accept until one closes, and the hit is counted.
func TestLimitListener(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	reg := prometheus.NewRegistry()
	ln := LimitListener(inner, 2, nil, reg)
	defer ln.Close()
	var conns []net.Conn
	for range 3 {
		c, err := net.Dial("tcp", inner.Addr().String())
		require.NoError(t, err)
		defer c.Close()
	}
	for range 2 {
		c, err := ln.Accept()
		require.NoError(t, err)
		conns = append(conns, c)
	}
	third := make(chan net.Conn)
	go func() {
		c, err := ln.Accept()
		if err == nil {
			third <- c
		}
	}()
	require.Eventually(t, func() bool {
		return limitedCount(t, reg, "connections") == 1
	}, time.Minute, time.Millisecond)
	select {
	case <-third:
		t.Fatal("a third connection was accepted while two were open")
	default:
	}
	require.NoError(t, conns[0].Close())
	c := <-third
	require.NoError(t, c.Close())
	require.NoError(t, conns[1].Close())

	// Close ends a waiting Accept.
	ln2 := LimitListener(must(net.Listen("tcp", "127.0.0.1:0")), 1, nil, nil)
	d, err := net.Dial("tcp", ln2.Addr().String())
	require.NoError(t, err)
	defer d.Close()
	_, err = ln2.Accept()
	require.NoError(t, err)
	errc := make(chan error)
	go func() { _, err := ln2.Accept(); errc <- err }()
	require.NoError(t, ln2.Close())
	require.ErrorIs(t, <-errc, net.ErrClosed)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

var _ http.Handler = New(newFakeBackend(), Options{})

// limitedCount reads infernode_http_limited_total{limit=limit} from reg.
func limitedCount(t testing.TB, reg *prometheus.Registry, limit string) float64 {
	mfs, err := reg.Gather()
	require.NoError(t, err)
	for _, mf := range mfs {
		if mf.GetName() != "infernode_http_limited_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			if m.GetLabel()[0].GetValue() == limit {
				return m.GetCounter().GetValue()
			}
		}
	}
	return 0
}
