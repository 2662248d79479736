package oipgrpc

import (
	"net"
	"sync/atomic"
	"syscall"

	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
)

// A connection's bytes are read in large batches from a node-wide set of
// buffers, not through a buffer per connection. gRPC reads each connection
// through a buffer of its own (32 KiB), held for the connection's life,
// idle or not, and refilled about twenty times for an image: each refill a
// system call, and each batch a wake-up of the reader and of the call's
// handler (about 40 system calls an image in all, against REST's 13). A
// readConn takes what has already arrived, up to readChunk, without waiting,
// into one of at most readChunks buffers shared by the server's
// connections, and gives it back as soon as it is read; with nothing
// arrived, or no buffer free, it waits in its reader's own slice, holding
// nothing. An idle or stalled connection holds no read buffer, and the
// node holds at most readChunks*readChunk bytes for reading (16 MiB),
// however many connections there are.

const (
	// readChunk is the most one read takes.
	readChunk = 256 << 10
	// readChunks bounds the buffers out at once.
	readChunks = 64
)

// chunks is a bounded set of read buffers, made as they are first needed.
type chunks struct {
	free chan *[readChunk]byte
	made atomic.Int32
}

// newChunks returns a set of at most n buffers.
func newChunks(n int) *chunks { return &chunks{free: make(chan *[readChunk]byte, n)} }

// get returns a free buffer, or nil when all are out.
func (c *chunks) get() *[readChunk]byte {
	select {
	case b := <-c.free:
		return b
	default:
	}
	if int(c.made.Add(1)) > cap(c.free) {
		c.made.Add(-1)
		return nil
	}
	return new([readChunk]byte)
}

func (c *chunks) put(b *[readChunk]byte) { c.free <- b }

// readConn is a connection read through the server's chunks (above). Its
// reader is one goroutine (gRPC's), as net.Conn's reads may not overlap.
// raw is nil for a connection with no system connection under it (a
// pipe): it is read as it is. Every connection counts its DATA frames
// (frameCounter) and tells its state when it is closed.
type readConn struct {
	net.Conn
	raw    syscall.RawConn
	chunks *chunks
	buf    *[readChunk]byte
	r, w   int
	frames frameCounter
	state  *connState
}

func (c *readConn) Read(p []byte) (int, error) {
	if c.buf == nil && (c.raw == nil || !c.fill()) {
		n, err := c.Conn.Read(p) // wait for bytes in p, holding no buffer
		c.frames.scan(p[:n])
		return n, err
	}
	n := copy(p, c.buf[c.r:c.w])
	c.frames.scan(p[:n])
	c.r += n
	if c.r == c.w {
		c.chunks.put(c.buf)
		c.buf = nil
	}
	return n, nil
}

func (c *readConn) Close() error {
	err := c.Conn.Close()
	c.state.forget()
	return err
}

// fill reads what has arrived, without waiting, into a free buffer; false
// when there is none, or nothing arrived, or the read failed (the
// connection's own Read then waits, or meets the error, itself).
func (c *readConn) fill() bool {
	b := c.chunks.get()
	if b == nil {
		return false
	}
	n := 0
	err := c.raw.Read(func(fd uintptr) bool {
		var rerr error
		if n, rerr = syscall.Read(int(fd), b[:]); rerr != nil {
			n = 0
		}
		return true // never wait
	})
	if err != nil || n <= 0 {
		c.chunks.put(b)
		return false
	}
	c.buf, c.r, c.w = b, 0, n
	return true
}

// sysConn is the system connection under c's wrappers (a listener's that
// counts connections, say: it offers NetConn, as crypto/tls.Conn does).
func sysConn(c net.Conn) (syscall.RawConn, bool) {
	for {
		if sc, ok := c.(syscall.Conn); ok {
			raw, err := sc.SyscallConn()
			return raw, err == nil
		}
		u, ok := c.(interface{ NetConn() net.Conn })
		if !ok {
			return nil, false
		}
		c = u.NetConn()
	}
}

// chunkedReads are plaintext credentials (insecure's) whose connections
// are readConns: gRPC's hook for a server to wrap the connections it
// accepts. A connection with no system connection under it (a pipe) is
// read as it is.
//
// The AuthInfo of each connection (connInfo) carries its state: its
// client's address and share of the body budget (share.go).
type chunkedReads struct {
	credentials.TransportCredentials
	chunks *chunks
	quota  *quota
}

func newChunkedReads(q *quota) chunkedReads {
	return chunkedReads{insecure.NewCredentials(), newChunks(readChunks), q}
}

func (p chunkedReads) ServerHandshake(c net.Conn) (net.Conn, credentials.AuthInfo, error) {
	c, info, err := p.TransportCredentials.ServerHandshake(c)
	if err != nil {
		return nil, nil, err
	}
	st := &connState{addr: addrOf(c), q: p.quota}
	rc := &readConn{Conn: c, chunks: p.chunks, state: st}
	rc.frames = frameCounter{preface: clientPreface, n: &st.frames}
	if raw, ok := sysConn(c); ok {
		rc.raw = raw
	}
	st.conn = rc
	p.quota.open(st)
	return rc, connInfo{AuthInfo: info, state: st}, nil
}

func (p chunkedReads) Clone() credentials.TransportCredentials { return p }
