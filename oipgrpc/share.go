package oipgrpc

import (
	"net"
	"net/netip"
	"sync"
	"sync/atomic"

	"google.golang.org/grpc/credentials"

	"github.com/infernode/infernode/ratelimit"
)

// gRPC's share of the body budget. The budget (server.max_body_bytes_in_flight)
// is shared with REST, and HTTP/2 lets one connection open
// MaxConcurrentStreams calls for the price of their headers: so what gRPC
// calls reserve is capped three ways beside the budget itself, and a call
// is refused (Unavailable) at once when any cap has no room.
//
//   - all gRPC calls together: half the budget (grpcShare). REST always
//     keeps the other half, so headers from gRPC clients can never refuse a
//     REST POST.
//   - one client address: a quarter of the budget (and at least a
//     connection's cap).
//   - one connection: an eighth of the budget, and at least one whole
//     message and 16 windows, so that a client with one connection can
//     always send the largest message.
//
// Each is at most gRPC's share.

// quota charges calls' reservations to the budget and the caps above.
type quota struct {
	budget  *ratelimit.Bytes
	share   int64 // gRPC's share of budget
	perAddr int64
	perConn int64

	mu    sync.Mutex
	held  int64 // by all gRPC calls
	addrs map[string]*addrShare
	freed chan struct{} // closed by the next give (freedCh)
}

// freedCh is closed when bytes are next given back: a call waiting to grow
// its reservation looks again then.
func (q *quota) freedCh() <-chan struct{} {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.freed == nil {
		q.freed = make(chan struct{})
	}
	return q.freed
}

type addrShare struct {
	held  int64
	conns int
}

func newQuota(budget *ratelimit.Bytes, maxRecv int64) *quota {
	if budget == nil {
		return nil
	}
	b := budget.Max()
	q := &quota{budget: budget, share: max(b/2, 1), addrs: map[string]*addrShare{}}
	q.perConn = min(q.share, max(b/8, maxRecv+16*streamWindow))
	q.perAddr = min(q.share, max(b/4, q.perConn))
	return q
}

// take charges n bytes to c's connection and address, gRPC's share and the
// budget; false (nothing charged) when one of them has no room. c may be
// nil (a connection the server did not accept itself): then only the share
// and the budget are charged.
func (q *quota) take(c *connState, n int64) bool {
	if n <= 0 {
		return true
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.held+n > q.share {
		return false
	}
	var a *addrShare
	if c != nil {
		if c.held+n > q.perConn {
			return false
		}
		if a = q.addrs[c.addr]; a != nil && a.held+n > q.perAddr {
			return false
		}
	}
	if !q.budget.Take(n) {
		return false
	}
	q.held += n
	if c != nil {
		c.held += n
		if a != nil {
			a.held += n
		}
	}
	return true
}

// give returns n bytes charged by take.
func (q *quota) give(c *connState, n int64) {
	if n <= 0 {
		return
	}
	q.mu.Lock()
	q.held -= n
	if c != nil {
		c.held -= n
		if a := q.addrs[c.addr]; a != nil {
			if a.held -= n; a.conns <= 0 && a.held <= 0 {
				delete(q.addrs, c.addr) // its last connection closed first
			}
		}
	}
	q.budget.Give(n)
	if q.freed != nil {
		close(q.freed)
		q.freed = nil
	}
	q.mu.Unlock()
}

// open counts a new connection from addr.
func (q *quota) open(c *connState) {
	if q == nil {
		return
	}
	q.mu.Lock()
	a := q.addrs[c.addr]
	if a == nil {
		a = &addrShare{}
		q.addrs[c.addr] = a
	}
	a.conns++
	q.mu.Unlock()
}

// closed forgets a connection once it is closed; its calls give back what
// they hold as they end.
func (q *quota) closed(c *connState) {
	if q == nil {
		return
	}
	q.mu.Lock()
	if a := q.addrs[c.addr]; a != nil {
		if a.conns--; a.conns <= 0 && a.held <= 0 {
			delete(q.addrs, c.addr)
		}
	}
	q.mu.Unlock()
}

// connState is what the server knows of one accepted connection: its
// client's address, what its calls hold (quota.mu) and how many DATA
// frames it has brought (a call's message has begun to arrive only if this
// moved). It reaches the calls as their peer's AuthInfo (connInfo).
type connState struct {
	addr string
	held int64
	conn net.Conn
	// frames counts DATA frames with a payload read on the connection.
	frames atomic.Int64
	once   sync.Once
	q      *quota
}

// close closes the connection (a client that does not read its reply).
func (c *connState) close() { _ = c.conn.Close() }

// forget is called once when the connection is closed.
func (c *connState) forget() {
	if c != nil {
		c.once.Do(func() { c.q.closed(c) })
	}
}

// connInfo is the AuthInfo of a connection the server accepted: the
// plaintext credentials' own, with the connection's state.
type connInfo struct {
	credentials.AuthInfo
	state *connState
}

// addrOf is a connection's client address as the rate limit keys it.
func addrOf(c net.Conn) string {
	ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
	if err != nil {
		return c.RemoteAddr().String()
	}
	return ap.Addr().Unmap().WithZone("").String()
}

// frameCounter follows the HTTP/2 frames read on a connection (after the
// client preface) and counts the DATA frames that carry bytes.
type frameCounter struct {
	preface int     // preface bytes still to skip
	hdr     [9]byte // a frame header being read
	hn      int
	skip    int // payload bytes of the current frame still to skip
	n       *atomic.Int64
}

// clientPreface is the length of HTTP/2's client connection preface.
const clientPreface = 24

func (f *frameCounter) scan(p []byte) {
	for f.n != nil && len(p) > 0 {
		switch {
		case f.preface > 0:
			k := min(f.preface, len(p))
			f.preface -= k
			p = p[k:]
		case f.skip > 0:
			k := min(f.skip, len(p))
			f.skip -= k
			p = p[k:]
		default:
			k := copy(f.hdr[f.hn:], p)
			f.hn += k
			p = p[k:]
			if f.hn < len(f.hdr) {
				return
			}
			f.hn = 0
			f.skip = int(f.hdr[0])<<16 | int(f.hdr[1])<<8 | int(f.hdr[2])
			if f.hdr[3] == 0 && f.skip > 0 { // DATA
				f.n.Add(1)
			}
		}
	}
}
