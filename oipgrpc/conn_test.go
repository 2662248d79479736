package oipgrpc

import (
	"bytes"
	"crypto/rand"
	"io"
	"log/slog"
	mrand "math/rand/v2"
	"net"
	"sync/atomic"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/ratelimit"
	"github.com/infernode/infernode/rest"
)

// loopbackPair is a TCP connection on loopback, both ends; the server's end
// accepted through rest.LimitListener, as the node accepts them.
func loopbackPair(t *testing.T) (client, server net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ln = rest.LimitListener(ln, 8, slog.New(slog.DiscardHandler), prometheus.NewRegistry())
	t.Cleanup(func() { ln.Close() })
	accepted := make(chan net.Conn, 1)
	go func() {
		c, _ := ln.Accept()
		accepted <- c
	}()
	client, err = net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	server = <-accepted
	require.NotNil(t, server)
	t.Cleanup(func() { client.Close(); server.Close() })
	return client, server
}

// Bytes read through readConns are the bytes sent, in order, however the
// reads and writes are cut, and with fewer buffers than connections (a
// connection finding none waits in its reader's slice); every buffer is
// given back once read, so an idle connection holds none.
func TestReadConn(t *testing.T) {
	cs := newChunks(1)
	const conns, size = 3, 3 << 20
	type result struct {
		got, want []byte
		err       error
		held      bool // a buffer still held once all was read
	}
	results := make(chan result, conns)
	for range conns {
		client, server := loopbackPair(t)
		raw, ok := sysConn(server)
		require.True(t, ok, "the listener's connection unwraps to the system's")
		rc := &readConn{Conn: server, raw: raw, chunks: cs}
		want := make([]byte, size)
		_, err := rand.Read(want)
		require.NoError(t, err)
		go func() {
			for b := want; len(b) > 0; {
				n := min(len(b), 1+mrand.IntN(100<<10))
				if _, err := client.Write(b[:n]); err != nil {
					return
				}
				b = b[n:]
			}
		}()
		go func() {
			got := make([]byte, 0, size)
			for len(got) < size {
				p := make([]byte, min(size-len(got), []int{9, 16 << 10, 1 + mrand.IntN(300<<10)}[mrand.IntN(3)]))
				n, err := io.ReadFull(rc, p)
				got = append(got, p[:n]...)
				if err != nil {
					results <- result{got: got, want: want, err: err}
					return
				}
			}
			results <- result{got: got, want: want, held: rc.buf != nil}
		}()
	}
	for range conns {
		r := <-results
		require.NoError(t, r.err)
		require.True(t, bytes.Equal(r.want, r.got), "the bytes read are the bytes sent")
		require.False(t, r.held, "a connection read to its end holds no buffer")
	}
	require.Equal(t, int(cs.made.Load()), len(cs.free), "every buffer is back")
	require.LessOrEqual(t, cs.made.Load(), int32(1))
}

// A connection's end is seen through a readConn as through the connection.
func TestReadConnEOF(t *testing.T) {
	client, server := loopbackPair(t)
	raw, ok := sysConn(server)
	require.True(t, ok)
	rc := &readConn{Conn: server, raw: raw, chunks: newChunks(2)}
	_, err := client.Write([]byte("hello"))
	require.NoError(t, err)
	require.NoError(t, client.Close())
	got, err := io.ReadAll(rc)
	require.NoError(t, err)
	require.Equal(t, "hello", string(got))
}

// A connection with no system connection under it is read as it is.
func TestChunkedReadsPipe(t *testing.T) {
	a, b := net.Pipe()
	defer a.Close()
	defer b.Close()
	c, _, err := newChunkedReads(nil).ServerHandshake(b)
	require.NoError(t, err)
	rc, ok := c.(*readConn)
	require.True(t, ok)
	require.Nil(t, rc.raw, "read through its own Read, with no chunk")
	go func() { _, _ = a.Write([]byte("hello")) }()
	got := make([]byte, 5)
	_, err = io.ReadFull(c, got)
	require.NoError(t, err)
	require.Equal(t, "hello", string(got))
}

// The frame counter counts DATA frames with a payload, however the bytes
// are cut, after the client preface.
func TestFrameCounter(t *testing.T) {
	var stream []byte
	stream = append(stream, "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"...)
	frame := func(typ byte, payload int) {
		stream = append(stream, byte(payload>>16), byte(payload>>8), byte(payload), typ, 0, 0, 0, 0, 1)
		stream = append(stream, make([]byte, payload)...)
	}
	frame(4, 6)     // SETTINGS
	frame(1, 40)    // HEADERS
	frame(0, 0)     // DATA without bytes: not counted
	frame(0, 70000) // DATA
	frame(6, 8)     // PING
	frame(0, 5)     // DATA
	for _, cut := range []int{1, 3, 9, 1000, len(stream)} {
		var n atomic.Int64
		f := frameCounter{preface: clientPreface, n: &n}
		for p := stream; len(p) > 0; {
			k := min(cut, len(p))
			f.scan(p[:k])
			p = p[k:]
		}
		require.Equal(t, int64(2), n.Load(), "cut every %d bytes", cut)
	}
}

// An address's share is forgotten once its connections are closed and its
// calls have given back what they held, in either order.
func TestQuotaForgetsAddresses(t *testing.T) {
	q := newQuota(ratelimit.NewBytes(256<<20), 16<<20)
	a := &connState{addr: "192.0.2.1", q: q}
	b := &connState{addr: "192.0.2.1", q: q}
	q.open(a)
	q.open(b)
	require.True(t, q.take(a, q.perConn))
	require.False(t, q.take(a, 1), "the connection's cap")
	require.True(t, q.take(b, q.perAddr-q.perConn))
	require.False(t, q.take(b, 1), "the address's cap")
	a.forget()
	b.forget()
	require.Len(t, q.addrs, 1, "calls still hold bytes")
	q.give(a, q.perConn)
	q.give(b, q.perAddr-q.perConn)
	require.Empty(t, q.addrs)
	require.Zero(t, q.budget.Held())
	c := &connState{addr: "192.0.2.2", q: q}
	q.open(c)
	c.forget()
	require.Empty(t, q.addrs, "a connection closed with nothing held")
}
