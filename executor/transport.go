package executor

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/http/httpguts"

	"github.com/infernode/infernode/ratelimit"
)

// transport is the http.RoundTripper of container calls. A container call
// is one small request and one small reply over loopback or a container
// network, many thousands a second: net/http's Transport spends a reader
// and a writer goroutine per connection and two goroutine hand-offs per
// request on it. transport writes the request and reads the reply in the
// calling goroutine instead, over a pool of keep-alive connections per
// host, and leaves everything else (https, proxies, CONNECT) to fallback.
type transport struct {
	fallback http.RoundTripper
	// proxy is fallback's proxy choice (HTTP_PROXY, NO_PROXY): a request
	// it sends through a proxy is left to fallback.
	proxy       func(*http.Request) (*url.URL, error)
	dialer      net.Dialer
	maxIdle     int           // idle connections kept per host
	idleTimeout time.Duration // idle connections older than this are closed
	// probeAfter is how long a connection may sit idle before it is checked
	// for a close by the server (a container's keep-alive timeout) before
	// reuse.
	probeAfter time.Duration

	mu   sync.Mutex
	idle map[string][]*persistConn
	// targets caches parsed container URLs for post: rawURL+"\x00"+path
	// → *target (nil when post cannot handle it).
	targets sync.Map
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
	t := &transport{
		fallback: fallback, maxIdle: maxIdle, idleTimeout: idleTimeout,
		dialer:     net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second},
		probeAfter: 250 * time.Millisecond,
		idle:       map[string][]*persistConn{},
	}
	if ht, ok := fallback.(*http.Transport); ok {
		t.proxy = ht.Proxy
	}
	return t
}

// proxied reports whether fallback would send req through a proxy.
func (t *transport) proxied(req *http.Request) bool {
	if t.proxy == nil {
		return false
	}
	u, err := t.proxy(req)
	return err != nil || u != nil
}

// RoundTrip implements http.RoundTripper.
func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Scheme != "http" || req.Method == http.MethodConnect || req.URL.Host == "" || t.proxied(req) {
		return t.fallback.RoundTrip(req)
	}
	ctx := req.Context()
	pc, err := t.get(ctx, dialAddr(req.URL))
	if err != nil {
		closeBody(req)
		return nil, err
	}
	return pc.roundTrip(ctx, req)
}

// dialAddr is the host:port to dial for an http:// URL.
func dialAddr(u *url.URL) string {
	if u.Port() == "" {
		return net.JoinHostPort(u.Hostname(), "80")
	}
	return u.Host
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
// was idle, without waiting: see connAlive.
func (pc *persistConn) alive() bool { return pc.br.Buffered() == 0 && connAlive(pc.c) }

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

// cancelOn makes ctx ending (cancelled or past its deadline) unblock pc's
// I/O by moving the connection's deadline into the past; no goroutine
// waits for it. The returned stop reports, like context.AfterFunc's,
// whether it stopped the hook before it fired.
func (pc *persistConn) cancelOn(ctx context.Context) (stop func() bool) {
	return context.AfterFunc(ctx, func() { _ = pc.c.SetDeadline(aLongTimeAgo) })
}

// abandon ends a failed exchange: the connection is closed (its state is
// unknown) and the error to report is ctx's once ctx has ended, since that
// is what made the I/O fail.
func (pc *persistConn) abandon(ctx context.Context, stop func() bool, err error) error {
	stop()
	pc.c.Close()
	if cerr := ctx.Err(); cerr != nil {
		return cerr
	}
	return err
}

func (pc *persistConn) roundTrip(ctx context.Context, req *http.Request) (*http.Response, error) {
	stop := pc.cancelOn(ctx)
	if err := req.Write(pc.bw); err != nil {
		return nil, pc.abandon(ctx, stop, err)
	}
	if err := pc.bw.Flush(); err != nil {
		return nil, pc.abandon(ctx, stop, err)
	}
	resp, err := http.ReadResponse(pc.br, req)
	if err != nil {
		return nil, pc.abandon(ctx, stop, err)
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

// finish releases the connection, reusable only after a complete reply.
func (b *body) finish(complete bool) {
	if b.done {
		return
	}
	b.done = true
	b.pc.release(b.stop, complete && b.reuse)
}

// release ends an exchange: the connection goes back to the pool if it is
// reusable and ctx's hook (cancelOn) had not fired, so its deadline is
// untouched; otherwise it is closed.
func (pc *persistConn) release(stop func() bool, reusable bool) {
	if stop() && reusable {
		pc.t.put(pc)
		return
	}
	pc.c.Close()
}

// target is a container URL taken apart once for post.
type target struct {
	host string // host:port to dial
	// head is the request line and fixed headers, up to the Content-Length
	// value: "POST /service_output HTTP/1.1\r\nHost: ...\r\n...Content-Length: ".
	head []byte
}

// targetFor parses rawURL (an http:// base URL) and path once; ok is false
// for anything post does not handle (https, user info, a bad URL).
func (t *transport) targetFor(rawURL, path string) (*target, bool) {
	key := rawURL + "\x00" + path
	if v, ok := t.targets.Load(key); ok {
		tg, _ := v.(*target)
		return tg, tg != nil
	}
	var tg *target
	if u, err := url.Parse(rawURL + path); err == nil && u.Scheme == "http" && u.Host != "" && u.User == nil &&
		!t.proxied(&http.Request{Method: http.MethodPost, URL: u, Header: http.Header{}}) {
		head := "POST " + u.RequestURI() + " HTTP/1.1\r\nHost: " + u.Host +
			"\r\nUser-Agent: infernode\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: "
		tg = &target{host: dialAddr(u), head: []byte(head)}
	}
	t.targets.Store(key, tg)
	return tg, tg != nil
}

// header is one extra request header (bearer auth, trace context).
type header struct{ key, value string }

// post sends one POST with a JSON body to tg and returns the reply's
// status, up to rd.limit bytes of its body (more is an error) and the
// bytes of it charged to rd.budget (the caller gives them back). It is the
// container call's fast path: no http.Request or http.Client, the same
// pooled connections as RoundTrip, and the reply parsed by net/http.
func (t *transport) post(ctx context.Context, tg *target, extra []header, body []byte, rd replyRead) (int, []byte, int64, error) {
	pc, err := t.get(ctx, tg.host)
	if err != nil {
		return 0, nil, 0, err
	}
	stop := pc.cancelOn(ctx)
	w := pc.bw
	_, _ = w.Write(tg.head)
	var n [20]byte
	_, _ = w.Write(strconv.AppendInt(n[:0], int64(len(body)), 10))
	for _, h := range extra {
		_, _ = w.WriteString("\r\n" + h.key + ": " + h.value)
	}
	_, _ = w.WriteString("\r\n\r\n")
	_, _ = w.Write(body)
	if err := w.Flush(); err != nil {
		return 0, nil, 0, pc.abandon(ctx, stop, err)
	}
	resp, err := http.ReadResponse(pc.br, nil)
	if err != nil {
		return 0, nil, 0, pc.abandon(ctx, stop, err)
	}
	b, held, err := pc.readReply(ctx, stop, resp, rd, !resp.Close)
	if err != nil {
		return resp.StatusCode, nil, 0, err
	}
	return resp.StatusCode, b, held, nil
}

// readReply reads resp's body as rd says and then gives the connection
// back (kept for reuse when keep) or closes it. A reply too large or
// without room in the budget closes the connection (its unread rest);
// any other read error abandons it as a failed call does.
func (pc *persistConn) readReply(ctx context.Context, stop func() bool, resp *http.Response, rd replyRead, keep bool) ([]byte, int64, error) {
	b, held, err := readBody(ctx, rd.budget, rd.wait, resp.Body, resp.ContentLength, rd.limit)
	if err != nil {
		if errors.Is(err, ErrReplyBudget) || errors.Is(err, errTooLarge) {
			stop()
			pc.c.Close()
			return nil, 0, err
		}
		return nil, 0, pc.abandon(ctx, stop, err)
	}
	pc.release(stop, keep)
	return b, held, nil
}

// replyRead is how post reads a reply: within limit bytes, charged to
// budget, waiting for room or not (readBody).
type replyRead struct {
	limit  int64
	budget *ratelimit.Bytes
	wait   bool
}

// base is a container's base URL taken apart once for send.
type base struct {
	host string // host:port to dial
	// hostHeader is the Host header's value; prefix the URL's path, which
	// a call's path is appended to.
	hostHeader, prefix string
}

// baseFor parses rawURL (an http:// base URL) once; ok is false for
// anything send does not handle (https, user info, a query, a proxy).
func (t *transport) baseFor(rawURL string) (*base, bool) {
	key := rawURL + "\x00"
	if v, ok := t.targets.Load(key); ok {
		b, _ := v.(*base)
		return b, b != nil
	}
	var b *base
	if u, err := url.Parse(rawURL); err == nil && u.Scheme == "http" && u.Host != "" && u.User == nil &&
		u.RawQuery == "" && u.Fragment == "" && !strings.ContainsAny(u.Host, " \r\n") &&
		!t.proxied(&http.Request{Method: http.MethodPost, URL: u, Header: http.Header{}}) {
		b = &base{host: dialAddr(u), hostHeader: u.Host, prefix: strings.TrimSuffix(u.EscapedPath(), "/")}
	}
	t.targets.Store(key, b)
	return b, b != nil
}

// sendable reports whether a request path or header can be written as it
// is: no line break, no space in a path, nothing net/http would refuse.
func sendable(path string, hs http.Header, extra []header) bool {
	if path == "" || path[0] != '/' || strings.ContainsAny(path, " \r\n\t") {
		return false
	}
	for k, vs := range hs {
		if !httpguts.ValidHeaderFieldName(k) || len(vs) != 1 || !httpguts.ValidHeaderFieldValue(vs[0]) {
			return false
		}
		switch http.CanonicalHeaderKey(k) {
		case "Host", "Content-Length", "Transfer-Encoding", "Connection", "User-Agent":
			return false // send writes these itself
		}
	}
	for _, h := range extra {
		if !httpguts.ValidHeaderFieldName(h.key) || !httpguts.ValidHeaderFieldValue(h.value) {
			return false
		}
	}
	return true
}

// sent is a reply read by send.
type sent struct {
	status int
	header http.Header
	body   []byte
	held   int64 // of body, charged to the reply budget
}

// send makes one HTTP/1.1 call to b: method and path, the headers given,
// and a body of parts written as they are, in one writev where the body is
// large (a forwarded tensor goes from the caller's memory to the socket
// without a copy into a buffer). It returns the reply with up to rd.limit
// bytes of its body (more is an error), charged to rd.budget as post's. The
// caller checked the request with sendable. A transport error before the
// reply's status leaves sent.status 0.
func (t *transport) send(ctx context.Context, b *base, method, path string, hs http.Header, extra []header, parts [][]byte, rd replyRead) (sent, error) {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	head := make([]byte, 0, 256)
	head = append(head, method...)
	head = append(head, ' ')
	head = append(head, b.prefix...)
	head = append(head, path...)
	head = append(head, " HTTP/1.1\r\nHost: "...)
	head = append(head, b.hostHeader...)
	head = append(head, "\r\nUser-Agent: infernode\r\n"...)
	for k, vs := range hs {
		head = append(append(append(append(head, k...), ": "...), vs[0]...), "\r\n"...)
	}
	for _, h := range extra {
		head = append(append(append(append(head, h.key...), ": "...), h.value...), "\r\n"...)
	}
	if n > 0 || method == http.MethodPost || method == http.MethodPut {
		head = append(head, "Content-Length: "...)
		head = strconv.AppendInt(head, int64(n), 10)
		head = append(head, "\r\n"...)
	}
	head = append(head, "\r\n"...)

	pc, err := t.get(ctx, b.host)
	if err != nil {
		return sent{}, err
	}
	stop := pc.cancelOn(ctx)
	if err := pc.writeParts(head, parts, n); err != nil {
		return sent{}, pc.abandon(ctx, stop, err)
	}
	resp, err := http.ReadResponse(pc.br, &http.Request{Method: method})
	if err != nil {
		return sent{}, pc.abandon(ctx, stop, err)
	}
	body, held, err := pc.readReply(ctx, stop, resp, rd, !resp.Close && resp.ProtoAtLeast(1, 1))
	if err != nil {
		return sent{status: resp.StatusCode}, err
	}
	return sent{status: resp.StatusCode, header: resp.Header, body: body, held: held}, nil
}

// writeParts writes head and then the n bytes of parts: a small body
// through the connection's buffer, a larger one with head in one vectored
// write of the slices as they are.
func (pc *persistConn) writeParts(head []byte, parts [][]byte, n int) error {
	if len(head)+n <= pc.bw.Available() {
		_, _ = pc.bw.Write(head)
		for _, p := range parts {
			_, _ = pc.bw.Write(p)
		}
		return pc.bw.Flush()
	}
	bufs := make(net.Buffers, 0, 1+len(parts))
	bufs = append(bufs, head)
	for _, p := range parts {
		if len(p) > 0 {
			bufs = append(bufs, p)
		}
	}
	_, err := bufs.WriteTo(pc.c)
	return err
}
