package executor

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// transport is the http.RoundTripper of container calls. A container call
// is one small request and one small reply over loopback or a container
// network, many thousands a second: net/http's Transport spends a reader
// and a writer goroutine per connection and two goroutine hand-offs per
// request on it. transport writes the request and reads the reply in the
// calling goroutine instead, over a pool of keep-alive connections per
// host, and leaves everything else (https, proxies, CONNECT) to fallback.
type transport struct {
	fallback    http.RoundTripper
	dialer      net.Dialer
	maxIdle     int           // idle connections kept per host
	idleTimeout time.Duration // idle connections older than this are closed
	// probeAfter is how long a connection may sit idle before it is checked
	// for a close by the server (a container's keep-alive timeout) before
	// reuse.
	probeAfter time.Duration

	mu   sync.Mutex
	idle map[string][]*persistConn
}

// persistConn is one keep-alive HTTP/1.1 connection.
type persistConn struct {
	t     *transport
	host  string
	c     net.Conn
	br    *bufio.Reader
	bw    *bufio.Writer
	since time.Time // when it went idle
}

func newTransport(fallback http.RoundTripper, maxIdle int, idleTimeout time.Duration) *transport {
	return &transport{
		fallback: fallback, maxIdle: maxIdle, idleTimeout: idleTimeout,
		dialer:     net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second},
		probeAfter: 250 * time.Millisecond,
		idle:       map[string][]*persistConn{},
	}
}

// RoundTrip implements http.RoundTripper.
func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Scheme != "http" || req.Method == http.MethodConnect || req.URL.Host == "" {
		return t.fallback.RoundTrip(req)
	}
	ctx := req.Context()
	host := req.URL.Host
	if req.URL.Port() == "" {
		host = net.JoinHostPort(req.URL.Hostname(), "80")
	}
	pc, err := t.get(ctx, host)
	if err != nil {
		closeBody(req)
		return nil, err
	}
	return pc.roundTrip(ctx, req)
}

func closeBody(req *http.Request) {
	if req.Body != nil {
		req.Body.Close()
	}
}

// get returns an idle connection to host that is still open, or a new one.
func (t *transport) get(ctx context.Context, host string) (*persistConn, error) {
	for {
		t.mu.Lock()
		conns := t.idle[host]
		if len(conns) == 0 {
			t.mu.Unlock()
			break
		}
		pc := conns[len(conns)-1]
		t.idle[host] = conns[:len(conns)-1]
		t.mu.Unlock()
		idle := time.Since(pc.since)
		if idle > t.idleTimeout || (idle > t.probeAfter && !pc.alive()) {
			pc.c.Close()
			continue
		}
		return pc, nil
	}
	c, err := t.dialer.DialContext(ctx, "tcp", host)
	if err != nil {
		return nil, err
	}
	return &persistConn{t: t, host: host, c: c, br: bufio.NewReader(c), bw: bufio.NewWriter(c)}, nil
}

// alive reports whether the server has not closed the connection while it
// was idle: a read that would block means open; EOF, a reset or stray
// bytes mean it cannot be reused.
func (pc *persistConn) alive() bool {
	_ = pc.c.SetReadDeadline(time.Now().Add(time.Millisecond))
	_, err := pc.br.Peek(1)
	_ = pc.c.SetReadDeadline(time.Time{})
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// put returns a connection whose exchange is complete to the pool.
func (t *transport) put(pc *persistConn) {
	pc.since = time.Now()
	t.mu.Lock()
	if len(t.idle[pc.host]) < t.maxIdle {
		t.idle[pc.host] = append(t.idle[pc.host], pc)
		t.mu.Unlock()
		return
	}
	t.mu.Unlock()
	pc.c.Close()
}

// CloseIdleConnections closes the pooled connections (http.Client calls it).
func (t *transport) CloseIdleConnections() {
	t.mu.Lock()
	idle := t.idle
	t.idle = map[string][]*persistConn{}
	t.mu.Unlock()
	for _, conns := range idle {
		for _, pc := range conns {
			pc.c.Close()
		}
	}
	if ci, ok := t.fallback.(interface{ CloseIdleConnections() }); ok {
		ci.CloseIdleConnections()
	}
}

// aLongTimeAgo is a deadline in the past: setting it makes blocked I/O
// return at once.
var aLongTimeAgo = time.Unix(1, 0)

func (pc *persistConn) roundTrip(ctx context.Context, req *http.Request) (*http.Response, error) {
	// ctx ending (cancelled or past its deadline) unblocks the I/O below by
	// moving the connection's deadline into the past; no goroutine waits
	// for it, and the error seen is then always ctx's.
	stop := context.AfterFunc(ctx, func() { _ = pc.c.SetDeadline(aLongTimeAgo) })
	fail := func(err error) (*http.Response, error) {
		stop()
		pc.c.Close()
		if cerr := ctx.Err(); cerr != nil {
			return nil, cerr
		}
		return nil, err
	}
	if err := req.Write(pc.bw); err != nil {
		return fail(err)
	}
	if err := pc.bw.Flush(); err != nil {
		return fail(err)
	}
	resp, err := http.ReadResponse(pc.br, req)
	if err != nil {
		return fail(err)
	}
	resp.Body = &body{rc: resp.Body, pc: pc, stop: stop, reuse: !resp.Close && !req.Close && resp.ProtoAtLeast(1, 1)}
	return resp, nil
}

// body is a reply's body: once read to its end it hands the connection
// back to the pool; closed before that, the connection is closed too (the
// rest of the reply is not worth reading).
type body struct {
	rc    io.ReadCloser
	pc    *persistConn
	stop  func() bool
	reuse bool
	done  bool
}

func (b *body) Read(p []byte) (int, error) {
	if b.done {
		return 0, io.EOF
	}
	n, err := b.rc.Read(p)
	if err == io.EOF {
		b.finish(true)
	} else if err != nil {
		b.finish(false)
	}
	return n, err
}

func (b *body) Close() error {
	b.finish(false)
	return nil
}

// finish releases the connection: to the pool after a complete reply on a
// reusable connection whose cancellation hook had not fired, else closed.
func (b *body) finish(complete bool) {
	if b.done {
		return
	}
	b.done = true
	notFired := b.stop()
	if complete && b.reuse && notFired {
		_ = b.pc.c.SetDeadline(time.Time{})
		b.pc.t.put(b.pc)
		return
	}
	b.pc.c.Close()
}
