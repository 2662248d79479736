package oipgrpc

import (
	"fmt"

	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
)

// codec is gRPC's proto codec, except that a ModelInferRequest's
// raw_input_contents alias one copy of the received message instead of
// being copied out of it. The proto codec copies an image twice after the
// transport has read it (into one pooled buffer, which it clears first, and
// out of it into each bytes field); this copies it once. The tensors are
// forwarded to the container as they are (executor.ForwardCall.Tail), so
// the copy they alias lives as long as the call, as the proto codec's
// copies would.
type codec struct{ encoding.CodecV2 }

func newCodec() codec { return codec{encoding.GetCodecV2("proto")} }

func (c codec) Unmarshal(data mem.BufferSlice, v any) error {
	req, ok := v.(*pb.ModelInferRequest)
	if !ok {
		return c.CodecV2.Unmarshal(data, v)
	}
	return unmarshalInfer(data.Materialize(), req)
}

// rawInputContents is ModelInferRequest's raw_input_contents field number.
const rawInputContents = 7

// unmarshalInfer decodes msg into req as proto.Unmarshal does, but with
// raw_input_contents aliasing msg. It splits them out (in their order) and
// has proto decode the rest, the small header, with the other fields in
// their order: the same message, as no field's meaning depends on where
// raw_input_contents sit among them.
func unmarshalInfer(msg []byte, req *pb.ModelInferRequest) error {
	var rest []byte
	var raw [][]byte
	for b := msg; len(b) > 0; {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return fmt.Errorf("decode the ModelInferRequest: %w", protowire.ParseError(n))
		}
		if num == rawInputContents && typ == protowire.BytesType {
			v, m := protowire.ConsumeBytes(b[n:])
			if m < 0 {
				return fmt.Errorf("decode the ModelInferRequest: raw_input_contents: %w", protowire.ParseError(m))
			}
			raw = append(raw, v[:len(v):len(v)])
			b = b[n+m:]
			continue
		}
		m := protowire.ConsumeFieldValue(num, typ, b[n:])
		if m < 0 {
			return fmt.Errorf("decode the ModelInferRequest: field %d: %w", num, protowire.ParseError(m))
		}
		rest = append(rest, b[:n+m]...)
		b = b[n+m:]
	}
	if err := proto.Unmarshal(rest, req); err != nil {
		return fmt.Errorf("decode the ModelInferRequest: %w", err)
	}
	// A raw_input_contents of another wire type is an unknown field to
	// proto, as it would be in msg: none can be in req here.
	req.RawInputContents = raw
	return nil
}
