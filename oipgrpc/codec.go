package oipgrpc

import (
	"encoding/binary"
	"fmt"

	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
)

// codec is gRPC's proto codec, except that a ModelInferRequest's
// raw_input_contents are not copied out of what the transport read. The
// proto codec copies an image twice after the transport has read it (into
// one pooled buffer, and out of it into each bytes field).
//
// Received as an *inferMessage (the server's ModelInfer, stream), a
// request's tensors stay in the transport's own buffers: each is a list of
// parts aliasing them, held (mem.Buffer references) until the call ends,
// and forwarded to the container as they are (executor.ForwardCall.Tail,
// one writev). No copy of an image is made in the node.
type codec struct{ encoding.CodecV2 }

func newCodec() codec { return codec{encoding.GetCodecV2("proto")} }

func (c codec) Marshal(v any) (mem.BufferSlice, error) {
	if m, ok := v.(*sending); ok {
		return m.marshal()
	}
	return c.CodecV2.Marshal(v)
}

func (c codec) Unmarshal(data mem.BufferSlice, v any) error {
	if m, ok := v.(*inferMessage); ok {
		return m.decode(data)
	}
	return c.CodecV2.Unmarshal(data, v)
}

// inferMessage is a ModelInferRequest as the server receives it: req with
// its raw_input_contents left out of it and kept in raw, each tensor as
// parts of the transport's buffers, which the message holds until free.
type inferMessage struct {
	req *pb.ModelInferRequest
	// raw are raw_input_contents in order, each as parts (one or more
	// slices whose concatenation is the tensor's bytes); nil when they are
	// in req, aliasing one copy of the message (a message splitInfer does
	// not take).
	raw [][][]byte
	// size is the message's size on the wire (what the call holds).
	size int64
	// bufs are the received buffers raw aliases, referenced; nil when raw
	// aliases a copy instead.
	bufs mem.BufferSlice
}

// decode reads data into m, keeping references to data's buffers where
// raw aliases them.
func (m *inferMessage) decode(data mem.BufferSlice) error {
	m.free()
	m.size = int64(data.Len())
	if raw, ok := splitInfer(data, m.req); ok {
		data.Ref()
		m.bufs, m.raw = data, raw
		return nil
	}
	// A message the split does not take (a group field, an error) is decoded
	// from one copy, as proto decodes it; it says what is wrong.
	return unmarshalInfer(data.Materialize(), m.req)
}

// free gives back the buffers m holds. m's tensors must not be used after.
func (m *inferMessage) free() {
	if m.bufs != nil {
		m.bufs.Free()
	}
	m.bufs, m.raw = nil, nil
}

// rawInputContents is ModelInferRequest's raw_input_contents field number.
const rawInputContents = 7

// splitInfer decodes data into req, leaving raw_input_contents out of it
// and returning them as parts aliasing data's buffers. Fields other than
// raw_input_contents (the small header) are copied out and decoded by
// proto, in their order: the same message, as no field's meaning depends on
// where raw_input_contents sit among them. ok is false for a message it
// does not take (malformed, or with a group): unmarshalInfer decides those.
func splitInfer(data mem.BufferSlice, req *pb.ModelInferRequest) (raw [][][]byte, ok bool) {
	c := cursor{bufs: make([][]byte, 0, len(data))}
	for _, b := range data {
		if d := b.ReadOnlyData(); len(d) > 0 {
			c.bufs = append(c.bufs, d)
			c.left += len(d)
		}
	}
	var rest []byte
	var scratch [2 * binary.MaxVarintLen64]byte
	for c.left > 0 {
		// A tag and a length are at most 10 bytes each: parsed from this
		// copy of the next 20, they parse as in the whole message.
		head := c.peek(scratch[:])
		num, typ, n := protowire.ConsumeTag(head)
		if n < 0 {
			return nil, false
		}
		var m int // the field's value's length after its tag
		switch typ {
		case protowire.VarintType:
			_, m = protowire.ConsumeVarint(head[n:])
		case protowire.Fixed32Type:
			m = 4
		case protowire.Fixed64Type:
			m = 8
		case protowire.BytesType:
			l, k := protowire.ConsumeVarint(head[n:])
			if k < 0 || l > uint64(c.left-n-k) {
				return nil, false
			}
			if num == rawInputContents {
				c.skip(n + k)
				raw = append(raw, c.take(int(l)))
				continue
			}
			m = k + int(l)
		default:
			return nil, false
		}
		if m < 0 || m > c.left-n {
			return nil, false
		}
		rest = c.appendTo(rest, n+m)
	}
	if err := proto.Unmarshal(rest, req); err != nil {
		return nil, false
	}
	// A raw_input_contents of another wire type is an unknown field to
	// proto, as it would be in data: none can be in req here.
	req.RawInputContents = nil
	return raw, true
}

// cursor reads a message held in several slices.
type cursor struct {
	bufs [][]byte // what is left, none empty
	left int      // their total length
}

// peek copies up to len(p) of the next bytes into p.
func (c *cursor) peek(p []byte) []byte {
	n := 0
	for _, b := range c.bufs {
		if n == len(p) {
			break
		}
		n += copy(p[n:], b)
	}
	return p[:n]
}

// next returns up to n of the next bytes, aliasing one slice, and moves
// past them.
func (c *cursor) next(n int) []byte {
	b := c.bufs[0]
	if n >= len(b) {
		b, c.bufs = b[:len(b):len(b)], c.bufs[1:]
	} else {
		b, c.bufs[0] = b[:n:n], b[n:]
	}
	c.left -= len(b)
	return b
}

func (c *cursor) skip(n int) {
	for n > 0 {
		n -= len(c.next(n))
	}
}

// take returns the next n bytes as parts aliasing the slices.
func (c *cursor) take(n int) [][]byte {
	parts := [][]byte{}
	for n > 0 {
		b := c.next(n)
		parts = append(parts, b)
		n -= len(b)
	}
	return parts
}

// appendTo appends the next n bytes to b.
func (c *cursor) appendTo(b []byte, n int) []byte {
	for n > 0 {
		p := c.next(n)
		b = append(b, p...)
		n -= len(p)
	}
	return b
}

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
