package oipgrpc

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
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
			var got pb.ModelInferRequest
			require.NoError(t, newCodec().Unmarshal(mem.BufferSlice{mem.SliceBuffer(tc.msg)}, &got))
			require.True(t, proto.Equal(&want, &got), "got %v, want %v", &got, &want)
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
