package oipgrpc

import (
	"bytes"
	"context"
	"crypto/rand"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
	"github.com/infernode/infernode/ratelimit"
	"github.com/infernode/infernode/rest"
)

func TestCodecDecodesAsProto(t *testing.T) {
	two := inferReq(fp32(1, 2, 3, 4))
	two.Inputs = append(two.Inputs, &pb.ModelInferRequest_InferInputTensor{Name: "b", Datatype: "FP32", Shape: []int64{1}})
	two.RawInputContents = append(two.RawInputContents, fp32(5))
	empty := inferReq(nil)
	empty.RawInputContents = [][]byte{{}}
	marshal := func(m proto.Message) []byte {
		b, err := proto.Marshal(m)
		require.NoError(t, err)
		return b
	}
	// raw_input_contents between other fields, and a field 7 of another
	// wire type (an unknown field to proto).
	interleaved := protowire.AppendTag(nil, rawInputContents, protowire.BytesType)
	interleaved = protowire.AppendBytes(interleaved, fp32(9))
	interleaved = append(interleaved, marshal(&pb.ModelInferRequest{ModelName: "m", Id: "x"})...)
	interleaved = protowire.AppendTag(interleaved, rawInputContents, protowire.VarintType)
	interleaved = protowire.AppendVarint(interleaved, 3)
	interleaved = protowire.AppendTag(interleaved, rawInputContents, protowire.BytesType)
	interleaved = protowire.AppendBytes(interleaved, fp32(8))
	for _, tc := range []struct {
		name string
		msg  []byte
	}{
		{"one tensor", marshal(inferReq(fp32(1, 2, 3, 4)))},
		{"two tensors", marshal(two)},
		{"an empty tensor", marshal(empty)},
		{"no tensors", marshal(&pb.ModelInferRequest{ModelName: "m"})},
		{"interleaved", interleaved},
		{"empty message", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var want pb.ModelInferRequest
			require.NoError(t, proto.Unmarshal(tc.msg, &want))
			m := &inferMessage{req: &pb.ModelInferRequest{}}
			require.NoError(t, newCodec().Unmarshal(mem.BufferSlice{mem.SliceBuffer(tc.msg)}, m))
			defer m.free()
			got := m.req
			for _, parts := range m.raw {
				got.RawInputContents = append(got.RawInputContents, bytes.Join(parts, nil))
			}
			require.True(t, proto.Equal(&want, got), "got %v, want %v", got, &want)
		})
	}
	t.Run("truncated", func(t *testing.T) {
		msg := marshal(inferReq(fp32(1, 2, 3, 4)))
		var got pb.ModelInferRequest
		require.ErrorContains(t, unmarshalInfer(msg[:len(msg)-1], &got), "raw_input_contents")
	})
	t.Run("other messages as proto", func(t *testing.T) {
		var got pb.ModelReadyRequest
		require.NoError(t, newCodec().Unmarshal(mem.BufferSlice{mem.SliceBuffer(marshal(&pb.ModelReadyRequest{Name: "m"}))}, &got))
		require.Equal(t, "m", got.Name)
	})
}

// The tensors alias the decoded message: no copy of them is made.
func TestCodecAliasesTensors(t *testing.T) {
	msg, err := proto.Marshal(inferReq(fp32(1, 2, 3, 4)))
	require.NoError(t, err)
	var got pb.ModelInferRequest
	require.NoError(t, unmarshalInfer(msg, &got))
	require.Len(t, got.RawInputContents, 1)
	raw := got.RawInputContents[0]
	require.Equal(t, fp32(1, 2, 3, 4), raw)
	require.Same(t, unsafe.SliceData(msg[len(msg)-len(raw):]), unsafe.SliceData(raw))
	require.Equal(t, len(raw), cap(raw), "an append to a tensor must not write over the message")
}

// countingPool is the server's pool, counting the buffers out of it.
type countingPool struct {
	pool
	out atomic.Int64
}

func (p *countingPool) Get(n int) *[]byte { p.out.Add(1); return p.pool.Get(n) }
func (p *countingPool) Put(b *[]byte)     { p.out.Add(-1); p.pool.Put(b) }

// A tensor of many HTTP/2 frames reaches the container as it was sent, from
// the transport's buffers, and every buffer a call held goes back to the
// pool when it ends, however it ends.
func TestModelInferFromTransportBuffers(t *testing.T) {
	in := make([]byte, 4*262147) // 1 MiB and 12 bytes: 65 frames of 16 KiB
	_, err := rand.Read(in)
	require.NoError(t, err)
	for i := 0; i < len(in); i += 4 {
		in[i+3] &= 0x7f // no NaN: the fake container decodes the floats
		in[i+3] |= 0x01
	}
	big := func() *pb.ModelInferRequest {
		r := inferReq(in)
		r.Inputs[0].Shape = []int64{1, 262147}
		return r
	}
	p := &countingPool{}
	f := &fakeBackend{}
	arrived := make(chan struct{}, 1)
	c := serve(t, waitingBackend{f, arrived}, Options{pool: p, BodyBudget: ratelimit.NewBytes(64 << 20)})
	ctx := context.Background()

	resp, err := c.ModelInfer(ctx, big())
	require.NoError(t, err)
	require.True(t, bytes.Equal(in, resp.RawOutputContents[0]), "the output is the input, bit for bit")
	call := f.calls[len(f.calls)-1]
	require.True(t, bytes.Equal(in, call.Tail[0]), "the container got the tensor as it was sent")

	for _, tc := range []struct {
		name string
		req  *pb.ModelInferRequest
		code codes.Code
	}{
		{"refused by the door", func() *pb.ModelInferRequest { r := big(); r.Inputs[0].Shape = []int64{2, 262147}; return r }(), codes.InvalidArgument},
		{"refused by the backend", func() *pb.ModelInferRequest { r := big(); r.ModelName = "nope"; return r }(), codes.NotFound},
		{"answered", big(), codes.OK},
	} {
		_, err := c.ModelInfer(ctx, tc.req)
		require.Equal(t, tc.code, status.Code(err), "%s: %v", tc.name, err)
	}
	// Cancelled by its client while the container works on it.
	cctx, cancel := context.WithCancel(ctx)
	go func() { <-arrived; cancel() }()
	r := big()
	r.ModelName = "waits"
	_, err = c.ModelInfer(cctx, r)
	require.Equal(t, codes.Canceled, status.Code(err))

	require.Eventually(t, func() bool { return p.out.Load() == 0 }, 10*time.Second, 5*time.Millisecond,
		"buffers still out of the pool: %d", p.out.Load())
}

// waitingBackend is fakeBackend, except that model "waits" answers only
// when its call is cancelled, once it has said on arrived that it got it.
type waitingBackend struct {
	*fakeBackend
	arrived chan struct{}
}

func (w waitingBackend) OIP(ctx context.Context, client string, call rest.OIPCall) (rest.OIPReply, error) {
	if call.Container != "waits" {
		return w.fakeBackend.OIP(ctx, client, call)
	}
	w.arrived <- struct{}{}
	<-ctx.Done()
	return rest.OIPReply{}, ctx.Err()
}
