package rest

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/ratelimit"
)

// batchOf is a batch body of n jobs for the fake's echo container.
func batchOf(n int) string {
	items := make([]string, n)
	for i := range items {
		items[i] = `{"containers":["echo"],"data":{}}`
	}
	return "[" + strings.Join(items, ",") + "]"
}

// A batch pays one token per job: against a limit of 5 per period, batches
// buy no more jobs than single requests would, and a batch larger than the
// bucket is refused for good (no Retry-After) naming the limit.
func TestRateLimitChargesEveryJobOfABatch(t *testing.T) {
	h := New(newFakeBackend(), Options{Logger: quietLogger(nil), RateLimit: 5, RatePeriod: time.Hour})
	accepted := 0
	for range 10 {
		rec := call(t, h, "POST", "/api/jobs/batch", remote, batchOf(2))
		if rec.Code == http.StatusOK {
			accepted += 2
			continue
		}
		require.Equal(t, http.StatusTooManyRequests, rec.Code, rec.Body.String())
		require.NotEmpty(t, rec.Header().Get("Retry-After"))
	}
	require.Equal(t, 4, accepted, "two batches of two, then the fifth token is spent on a refused request")

	h = New(newFakeBackend(), Options{Logger: quietLogger(nil), RateLimit: 5, RatePeriod: time.Hour})
	rec := call(t, h, "POST", "/api/jobs/batch", remote, batchOf(6))
	require.Equal(t, http.StatusTooManyRequests, rec.Code)
	require.Empty(t, rec.Header().Get("Retry-After"), "a batch above the bucket can never pass")
	require.JSONEq(t, `{"error":"Too many requests","params":{"limit":"server.rate_limit","num_requests":5,"period":3600,"items":6}}`, rec.Body.String())
	rec = call(t, h, "POST", "/api/jobs/batch", remote, batchOf(4))
	require.Equal(t, http.StatusOK, rec.Code, "the refused batch took one token: four are left")
	require.Equal(t, http.StatusTooManyRequests, call(t, h, "POST", "/api/jobs/batch", remote, batchOf(1)).Code, "the batch route's bucket is spent")
}

// Twenty addresses of one IPv6 /64 are one client; another /64 is another.
func TestRateLimitKeysIPv6ByPrefix(t *testing.T) {
	h := New(newFakeBackend(), Options{Logger: quietLogger(nil), RateLimit: 5, RatePeriod: time.Hour})
	ok := 0
	for i := range 20 {
		if call(t, h, "GET", "/info", fmt.Sprintf("[2001:db8:1:2::%x]:4000", i+1), "").Code == http.StatusOK {
			ok++
		}
	}
	require.Equal(t, 5, ok)
	require.Equal(t, http.StatusOK, call(t, h, "GET", "/info", "[2001:db8:1:3::1]:4000", "").Code)

	h = New(newFakeBackend(), Options{Logger: quietLogger(nil), RateLimit: 1, RatePeriod: time.Hour, RateLimitIPv6Prefix: 128})
	require.Equal(t, http.StatusOK, call(t, h, "GET", "/info", "[2001:db8:1:2::1]:4000", "").Code)
	require.Equal(t, http.StatusOK, call(t, h, "GET", "/info", "[2001:db8:1:2::2]:4000", "").Code, "/128: every address its own bucket")
}

// A flood of slow senders holds at most the body budget: the senders past
// it are answered 503 with Retry-After before a byte of their bodies is
// read, the heap grows by about the budget, not by the flood, and the
// admitted bodies, once complete, are served.
func TestBodyBudgetBoundsASlowBodyFlood(t *testing.T) {
	if testing.Short() {
		t.Skip("full tier: writes ~100 MB over loopback")
	}
	const (
		bodySize = 8 << 20
		budget   = 32 << 20
		senders  = 24
	)
	bb := ratelimit.NewBytes(budget)
	srv := httptest.NewServer(New(newFakeBackend(), Options{Logger: quietLogger(nil), MaxBodyBytes: bodySize, BodyBudget: bb}))
	defer srv.Close()
	pad := []byte(`{"containers":["echo"],"data":{"p":"` + strings.Repeat("x", bodySize-40))
	tail := []byte(`"}}` + strings.Repeat(" ", bodySize-len(pad)-3))
	require.Len(t, append(append([]byte(nil), pad...), tail...), bodySize)

	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	type sender struct {
		conn net.Conn
		rd   *bufio.Reader
	}
	send := func() sender {
		c, err := net.Dial("tcp", srv.Listener.Addr().String())
		require.NoError(t, err)
		t.Cleanup(func() { c.Close() })
		_, err = fmt.Fprintf(c, "POST /api/jobs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", bodySize)
		require.NoError(t, err)
		// The first 7/8 of the body, then the sender stalls. A refused
		// sender's writes may fail once the server has answered.
		_, _ = c.Write(pad[:bodySize*7/8])
		return sender{c, bufio.NewReader(c)}
	}
	var admitted []sender
	for range budget / bodySize {
		admitted = append(admitted, send())
	}
	require.Eventually(t, func() bool { return bb.Held() == budget }, time.Minute, time.Millisecond)
	// The rest of the flood at once (a refused connection lingers in
	// net/http's close, so one by one would be slow).
	codes := make(chan string, senders)
	for range senders - len(admitted) {
		go func() {
			s := send()
			resp, err := http.ReadResponse(s.rd, nil)
			if err != nil {
				codes <- err.Error()
				return
			}
			resp.Body.Close()
			codes <- resp.Status + " Retry-After " + resp.Header.Get("Retry-After")
		}()
	}
	for range senders - len(admitted) {
		require.Equal(t, "503 Service Unavailable Retry-After 1", <-codes)
	}
	require.Equal(t, int64(budget), bb.Held())

	runtime.GC()
	var during runtime.MemStats
	runtime.ReadMemStats(&during)
	grown := int64(during.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("heap grew by %d MiB under %d stalled senders (budget %d MiB)", grown>>20, senders, budget>>20)
	require.Less(t, grown, int64(budget+16<<20), "the heap holds the budget, not the flood")

	for _, s := range admitted {
		_, err := s.conn.Write(append(pad[bodySize*7/8:], tail...))
		require.NoError(t, err)
		resp, err := http.ReadResponse(s.rd, nil)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		resp.Body.Close()
	}
	require.Eventually(t, func() bool { return bb.Held() == 0 }, time.Minute, 10*time.Millisecond, "every admitted body gave its bytes back")
}

// A body of unknown length is charged as it arrives: a chunked body past
// the budget is a 503, and its bytes are given back.
func TestBodyBudgetChargesChunkedBodies(t *testing.T) {
	bb := ratelimit.NewBytes(64 << 10)
	reg := prometheus.NewRegistry()
	h := New(newFakeBackend(), Options{Logger: quietLogger(nil), MaxBodyBytes: 64 << 10, BodyBudget: bb, Registry: reg})
	require.True(t, bb.Take(60<<10), "another request holds most of the budget")
	req := newRequest("POST", "/api/jobs", strings.NewReader(`{"containers":["echo"],"data":{"p":"`+strings.Repeat("x", 8<<10)+`"}}`))
	req.ContentLength = -1
	req.RemoteAddr = remote
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	require.Equal(t, http.StatusServiceUnavailable, rec.Code, rec.Body.String())
	require.Equal(t, "1", rec.Header().Get("Retry-After"))
	require.Contains(t, rec.Body.String(), "server.max_body_bytes_in_flight")
	require.Equal(t, int64(60<<10), bb.Held(), "the refused body's bytes are back")
	require.Equal(t, 1.0, limitedCount(t, reg, "body_bytes"), "the refusal is counted")
	bb.Give(60 << 10)
	rec = call(t, h, "POST", "/api/jobs", remote, `{"containers":["echo"],"data":{}}`)
	require.Equal(t, http.StatusOK, rec.Code)
	require.Zero(t, bb.Held())
}
