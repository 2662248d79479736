package oipgrpc

import (
	"context"
	"sync"
	"time"

	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/proto"

	"github.com/infernode/infernode/ratelimit"
)

// A reply stays charged to the reply budget (server.max_reply_bytes_in_flight)
// until its bytes are written, not until SendMsg returns: SendMsg only
// queues a message for the connection's writer, which holds it until the
// client's flow-control window lets it out, so a client that does not read
// would otherwise keep replies the budget no longer counts. The message is
// marshalled into a buffer whose return (the transport gives a buffer back
// once it wrote it, or dropped its stream) gives the charge back; a reply
// not written within WriteTimeout closes its connection and is given back
// then.

// outgoing is one call's reply on its way out.
type outgoing struct {
	budget  *ratelimit.Bytes
	charged int64  // the response's bytes, charged to budget by the handler
	done    func() // gives back the container's reply (rest.OIPReply.Done)
	queued  bool   // the message was marshalled into a charged buffer
	mu      sync.Mutex
	freed   bool
	timer   *time.Timer
	pool    mem.BufferPool
}

type outgoingKey struct{}

func outgoingOf(ctx context.Context) *outgoing {
	o, _ := ctx.Value(outgoingKey{}).(*outgoing)
	return o
}

// hold makes o own n bytes charged to the budget and the container's reply
// (done), both given back once the response is written.
func (o *outgoing) hold(n int64, done func()) {
	o.charged, o.done = n, done
}

// sending is a response handed to SendMsg with the reply it was built from:
// the codec marshals it into a buffer that gives o's charge back when the
// transport is done with it.
type sending struct {
	msg proto.Message
	out *outgoing
}

// marshal encodes m into one buffer of its own, returned to the written
// pool when the transport has written it.
func (m *sending) marshal() (mem.BufferSlice, error) {
	size := proto.Size(m.msg)
	b := m.out.pool.Get(size)
	buf, err := proto.MarshalOptions{}.MarshalAppend((*b)[:0], m.msg)
	if err != nil {
		m.out.pool.Put(b)
		return nil, err
	}
	*b = buf
	if mem.IsBelowBufferPoolingThreshold(cap(buf)) {
		return mem.BufferSlice{mem.SliceBuffer(buf)}, nil
	}
	m.out.queued = true
	return mem.BufferSlice{mem.NewBuffer(b, writtenPool{m.out})}, nil
}

// writtenPool is the pool of one reply's buffer: its return is the reply
// written.
type writtenPool struct{ o *outgoing }

func (p writtenPool) Get(n int) *[]byte { return p.o.pool.Get(n) }
func (p writtenPool) Put(b *[]byte) {
	p.o.pool.Put(b)
	p.o.written()
}

// arm closes conn if the reply is not written within d.
func (o *outgoing) arm(d time.Duration, conn *connState) {
	if d <= 0 || conn == nil {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.timer = time.AfterFunc(d, func() {
		o.mu.Lock()
		freed := o.freed
		o.mu.Unlock()
		if !freed {
			conn.close()
			o.written()
		}
	})
}

// sent is called when SendMsg returned: the container's reply is no longer
// read, and a response that was not queued in a charged buffer (small, or
// not sent) is given back now.
func (o *outgoing) sent(err error) {
	if o.done != nil {
		o.done()
		o.done = nil
	}
	if !o.queued || err != nil {
		o.written()
	}
}

// written gives the reply's charge back; it is idempotent.
func (o *outgoing) written() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.freed {
		return
	}
	o.freed = true
	if o.timer != nil {
		o.timer.Stop()
	}
	o.budget.Give(o.charged)
}
