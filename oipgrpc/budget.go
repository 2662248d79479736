package oipgrpc

import (
	"context"
	"errors"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/tap"
	"google.golang.org/protobuf/proto"

	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
)

// Bytes a call's message brings in before any handler runs are bounded
// node-wide, not per connection. gRPC reads a unary call's whole message
// before its handler runs, grants the stream the flow-control window of the
// whole message its 5-byte prefix announces (up to the largest message), and
// replenishes a connection's window as frames arrive: so the HTTP/2 windows
// bound nothing node-wide, and a client could open MaxConcurrentStreams
// streams on each of many connections and have each bring a whole message.
//
// So the server serves every method as a stream (stream), whose handler runs
// before the message is read, and charges the node's body budget
// (server.max_body_bytes_in_flight, shared with REST) in three steps:
//
//  1. When a call's headers arrive (admit, the tap, in the connection's
//     reader), before any of its message is read, it is charged to the rate
//     limit and reserves what can arrive before its handler reads: the
//     stream's window (streamWindow, 64 KiB) or the largest message if
//     smaller, and its decoded metadata (at most MaxHeaderListSize). The
//     reservation is charged to gRPC's share of the budget, its client
//     address's and its connection's (share.go). Without room the call is
//     refused at once, Unavailable "Node busy", as REST answers 503.
//  2. Before its handler reads the message it grows the reservation to the
//     largest message (the size is in the message's prefix, which only the
//     read sees), waiting for room while others' messages arrive, within
//     ReceiveTimeout and the call's own deadline. At most half of gRPC's
//     share is held by messages being read (receiving).
//  3. Once the message is decoded the reservation shrinks to what the call
//     holds (received; ModelInfer adds the header it writes), and it is
//     given back when the call ends, however it ends.
//
// The bytes of calls being received are thus at most gRPC's share of the
// budget, whatever the number of connections and streams. A call whose
// connection brings no DATA frame within HeaderTimeout of its headers
// (headers and no message) is cut (Canceled), as is a message that has not
// arrived within ReceiveTimeout, and its reservation freed, as REST cuts a
// body trickled past server.read_timeout.

// streamWindow is each stream's static HTTP/2 flow-control window: what a
// client can send of a message before the server reads it, and so what a
// call reserves when it is admitted (HTTP/2's smallest window: 256 calls
// of one connection reserve 16 MiB, not 256 MiB).
const streamWindow = 65535

// reservation is one call's share of the body budget.
type reservation struct {
	q    *quota
	conn *connState // nil: a connection the server did not accept itself
	mu   sync.Mutex
	held int64
	// meta is the call's decoded metadata, charged for the whole call.
	meta int64
	// slot is the call's place among the messages being read (step 2),
	// given back once its message is decoded; nil when it has none.
	slot chan struct{}
	// started is set once the message was decoded; cut (the receive
	// timer) does nothing after that.
	started bool
	done    bool
	cancel  context.CancelCauseFunc
	timer   *time.Timer
	// header is the header timer; frames the connection's DATA frames
	// when the call was admitted.
	header *time.Timer
	frames int64
}

type reservationKey struct{}

func reservationOf(ctx context.Context) *reservation {
	r, _ := ctx.Value(reservationKey{}).(*reservation)
	return r
}

// errReceiveTimeout is the cause of a call cut because its message took
// longer than ReceiveTimeout to arrive; errHeaderTimeout of one whose
// connection brought no message bytes within HeaderTimeout.
var (
	errReceiveTimeout = errors.New("the request message did not arrive within server.read_timeout")
	errHeaderTimeout  = errors.New("no request message arrived within server.header_timeout of the call's headers")
)

// connOf is the state of the connection a call came on, nil if the server
// did not accept it itself.
func connOf(ctx context.Context) *connState {
	p, ok := peer.FromContext(ctx)
	if !ok {
		return nil
	}
	if ci, ok := p.AuthInfo.(connInfo); ok {
		return ci.state
	}
	return nil
}

// metadataSize is what a call's decoded metadata holds, as HTTP/2 counts a
// header list (name, value and 32 bytes a field).
func metadataSize(md metadata.MD) int64 {
	var n int64
	for k, vs := range md {
		for _, v := range vs {
			n += int64(len(k) + len(v) + 32)
		}
	}
	return n
}

// admit is the server's tap: it charges the call to the rate limit, and
// reserves what the call's message can bring before its handler reads it
// (a stream window) and its decoded metadata, or refuses the call. It runs
// in the connection's reader, holding its lock: it never waits.
func (s *server) admit(ctx context.Context, info *tap.Info) (context.Context, error) {
	if s.limiter != nil {
		if err := s.allow(peerAddr(ctx), info.FullMethodName); err != nil {
			return nil, err
		}
	}
	if s.quota == nil {
		return ctx, nil
	}
	conn := connOf(ctx)
	r := &reservation{q: s.quota, conn: conn, meta: metadataSize(info.Header)}
	r.held = min(streamWindow, s.maxRecv) + r.meta
	if !s.quota.take(conn, r.held) {
		s.metrics.busy.Inc()
		return nil, s.busy()
	}
	ctx, r.cancel = context.WithCancelCause(ctx)
	// The stream's context ends when the call does, however it ends
	// (answered, cancelled, reset, its connection gone).
	context.AfterFunc(ctx, r.release)
	if s.opts.ReceiveTimeout > 0 {
		r.timer = time.AfterFunc(s.opts.ReceiveTimeout, func() { r.cut(errReceiveTimeout) })
	}
	if s.opts.HeaderTimeout > 0 && conn != nil {
		r.frames = conn.frames.Load()
		r.header = time.AfterFunc(s.opts.HeaderTimeout, func() {
			if conn.frames.Load() == r.frames {
				r.cut(errHeaderTimeout)
			}
		})
	}
	return context.WithValue(ctx, reservationKey{}, r), nil
}

// cut ends a call whose message has not arrived in time.
func (r *reservation) cut(cause error) {
	r.mu.Lock()
	cut := !r.started && !r.done
	r.mu.Unlock()
	if cut {
		r.cancel(cause)
	}
}

// stopTimersLocked stops the call's timers.
func (r *reservation) stopTimersLocked() {
	if r.timer != nil {
		r.timer.Stop()
	}
	if r.header != nil {
		r.header.Stop()
	}
}

// decoded marks the message arrived (the receive timer no longer applies)
// and resizes the reservation to n bytes; false if growing it found no
// room.
func (r *reservation) decoded(n int64) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.started {
		r.started = true
		r.stopTimersLocked()
	}
	r.freeSlotLocked()
	return r.resizeLocked(n)
}

// freeSlotLocked gives back the call's place among the messages being read.
func (r *reservation) freeSlotLocked() {
	if r.slot != nil {
		<-r.slot
		r.slot = nil
	}
}

// receive takes a place among the messages being read (waiting for one)
// and grows the reservation to n bytes, until both are had or ctx ends
// (false). A call that has its place but no room to grow (the budget is
// shared with REST, which has no way to wake a waiter, or its connection's
// cap is reached) gives its place back while it waits, looking again at
// growing intervals: it must not keep others' messages out.
func (r *reservation) receive(ctx context.Context, slots chan struct{}, n int64) bool {
	wait := 100 * time.Microsecond
	var t *time.Timer
	for {
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			return false
		}
		freed := r.q.freedCh() // before trying: a give after the try wakes us
		r.mu.Lock()
		if r.done {
			r.mu.Unlock()
			<-slots
			return false
		}
		if r.resizeLocked(n) {
			r.slot = slots
			r.mu.Unlock()
			return true
		}
		r.mu.Unlock()
		<-slots
		// Woken by another gRPC call's bytes given back, or, for REST's,
		// after a growing interval.
		if t == nil {
			t = time.NewTimer(wait)
		} else {
			t.Reset(wait)
		}
		select {
		case <-ctx.Done():
			t.Stop()
			return false
		case <-freed:
		case <-t.C:
			wait = min(2*wait, 5*time.Millisecond)
		}
	}
}

// resize makes the reservation n bytes beside the call's metadata; false
// (and unchanged) when growing it found no room.
func (r *reservation) resize(n int64) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.resizeLocked(n)
}

func (r *reservation) resizeLocked(n int64) bool {
	if r.done {
		return true
	}
	n += r.meta
	switch {
	case n < r.held:
		r.q.give(r.conn, r.held-n)
	case n > r.held:
		if !r.q.take(r.conn, n-r.held) {
			return false
		}
	}
	r.held = n
	return true
}

// release gives the reservation back; it is idempotent.
func (r *reservation) release() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return
	}
	r.done = true
	r.stopTimersLocked()
	r.freeSlotLocked()
	r.q.give(r.conn, r.held)
	r.held = 0
}

// received is the interceptor that runs once the call's message is decoded:
// the reservation shrinks to the message's size, and is given back when
// the handler returns.
func (s *server) received(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	r := reservationOf(ctx)
	if r == nil {
		return h(ctx, req)
	}
	defer r.release()
	if !r.decoded(messageSize(ctx, req)) {
		s.metrics.busy.Inc()
		return nil, s.busy()
	}
	return h(ctx, req)
}

// stream serves the unary method md as a stream, so that the call's
// message is read only once its reservation covers a whole message (step
// 2); then md's own handler decodes it and runs the unary interceptors.
func (s *server) stream(md grpc.MethodDesc) grpc.StreamHandler {
	return func(srv any, ss grpc.ServerStream) error {
		ctx := ss.Context()
		r := reservationOf(ctx)
		if r != nil {
			if !r.receive(ctx, s.receiving, s.maxRecv) {
				if c := context.Cause(ctx); c == errReceiveTimeout || c == errHeaderTimeout {
					return status.Error(codes.Canceled, c.Error())
				}
				return status.FromContextError(ctx.Err()).Err()
			}
			defer r.release()
		}
		// A ModelInferRequest is received as an inferMessage, whose tensors
		// stay in the transport's buffers until the call ends (codec.go).
		msg := &inferMessage{}
		defer msg.free()
		ctx = context.WithValue(ctx, inferMessageKey{}, msg)
		dec := func(v any) error {
			if req, ok := v.(*pb.ModelInferRequest); ok {
				msg.req = req
				return ss.RecvMsg(msg)
			}
			return ss.RecvMsg(v)
		}
		out := &outgoing{budget: s.opts.ReplyBudget, pool: s.opts.pool}
		ctx = context.WithValue(ctx, outgoingKey{}, out)
		resp, err := md.Handler(srv, ctx, dec, s.unary)
		if err != nil {
			out.sent(err)
			return err
		}
		if s.opts.WriteTimeout <= 0 {
			err = ss.SendMsg(resp)
			out.queued = false
			out.sent(err)
			return err
		}
		out.arm(s.opts.WriteTimeout, connOf(ctx))
		err = ss.SendMsg(&sending{msg: resp.(proto.Message), out: out})
		out.sent(err)
		return err
	}
}

type inferMessageKey struct{}

// receivedInputs returns req's tensors, each as parts, and the size of the
// message it was decoded from: the inferMessage's, where the call received
// req as one (stream), or req's own.
func receivedInputs(ctx context.Context, req *pb.ModelInferRequest) (raw [][][]byte, size int64) {
	if m, ok := ctx.Value(inferMessageKey{}).(*inferMessage); ok && m.req == req {
		return m.raw, m.size
	}
	return nil, int64(proto.Size(req))
}

// messageSize is the size of the message req was decoded from.
func messageSize(ctx context.Context, req any) int64 {
	switch m := req.(type) {
	case *pb.ModelInferRequest:
		_, n := receivedInputs(ctx, m)
		return n
	case proto.Message:
		return int64(proto.Size(m))
	}
	return 0
}

// unary runs the unary interceptors, outermost first, as
// grpc.ChainUnaryInterceptor would for unary methods.
func (s *server) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	return s.observe(ctx, req, info, func(ctx context.Context, req any) (any, error) {
		return s.received(ctx, req, info, h)
	})
}

// serviceDesc is the generated service description with every method served
// as a stream (stream): the same calls on the wire, unary for the client.
func serviceDesc() *grpc.ServiceDesc {
	d := pb.GRPCInferenceService_ServiceDesc
	d.Methods = nil
	return &d
}

// register serves s's methods on g, each as a stream.
func (s *server) register(g *grpc.Server) {
	d := serviceDesc()
	d.Streams = nil
	for _, md := range pb.GRPCInferenceService_ServiceDesc.Methods {
		d.Streams = append(d.Streams, grpc.StreamDesc{StreamName: md.MethodName, Handler: s.stream(md), ClientStreams: true})
	}
	g.RegisterService(d, s)
}

// busy is the status of a call the body budget has no room for.
func (s *server) busy() error {
	return status.Errorf(codes.Unavailable, "Node busy: the node holds server.max_body_bytes_in_flight (%d bytes) of requests; retry shortly", s.opts.BodyBudget.Max())
}
