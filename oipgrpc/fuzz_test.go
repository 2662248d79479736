package oipgrpc

import (
	"bytes"
	"strconv"
	"testing"

	"google.golang.org/grpc/mem"
	"google.golang.org/protobuf/proto"

	"github.com/infernode/infernode/oip"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
)

// FuzzInferBody: the server's decoder reads every message as
// proto.Unmarshal does, however the transport cut it into buffers
// (inferMessage, its tensors left in them as parts) or as one slice
// (unmarshalInfer); no ModelInferRequest a client can send makes the
// translation panic, and every body it makes passes the REST path's own
// check (oip.Check), so gRPC cannot hand a container what REST would not.
func FuzzInferBody(f *testing.F) {
	seed, _ := proto.Marshal(inferReq(fp32(1, 2, 3, 4)))
	f.Add(seed, uint8(0))
	f.Add(seed, uint8(3))
	typed := inferReq(nil)
	typed.RawInputContents = nil
	typed.Inputs[0].Contents = &pb.InferTensorContents{Fp32Contents: []float32{1, 2, 3, 4}}
	seed, _ = proto.Marshal(typed)
	f.Add(seed, uint8(1))
	f.Fuzz(func(t *testing.T, msg []byte, cut uint8) {
		var req, want pb.ModelInferRequest
		err := unmarshalInfer(bytes.Clone(msg), &req)
		werr := proto.Unmarshal(msg, &want)
		if (err == nil) != (werr == nil) {
			t.Fatalf("unmarshalInfer: %v, proto.Unmarshal: %v", err, werr)
		}
		// The same message in buffers of cut+1 bytes (one buffer for 0).
		var data mem.BufferSlice
		for b := msg; len(b) > 0; {
			n := len(b)
			if cut > 0 {
				n = min(n, int(cut)+1)
			}
			data = append(data, mem.SliceBuffer(bytes.Clone(b[:n])))
			b = b[n:]
		}
		m := &inferMessage{req: &pb.ModelInferRequest{}}
		merr := m.decode(data)
		defer m.free()
		if (merr == nil) != (werr == nil) {
			t.Fatalf("inferMessage: %v, proto.Unmarshal: %v", merr, werr)
		}
		if err != nil {
			return
		}
		if !proto.Equal(&req, &want) {
			t.Fatalf("unmarshalInfer decoded %v, proto.Unmarshal %v", &req, &want)
		}
		if m.size != int64(len(msg)) {
			t.Fatalf("inferMessage's size is %d for a message of %d bytes", m.size, len(msg))
		}
		joined := proto.Clone(m.req).(*pb.ModelInferRequest)
		for _, parts := range m.raw {
			joined.RawInputContents = append(joined.RawInputContents, bytes.Join(parts, nil))
		}
		if !proto.Equal(joined, &want) {
			t.Fatalf("inferMessage decoded %v, proto.Unmarshal %v", joined, &want)
		}
		header, tensors, err := inferBody(&req, nil)
		mheader, mtensors, merr := inferBody(m.req, m.raw)
		if (err == nil) != (merr == nil) {
			t.Fatalf("inferBody of one slice: %v, of parts: %v", err, merr)
		}
		if err != nil {
			return
		}
		body := bytes.Join(append([][]byte{header}, tensors...), nil)
		if mbody := bytes.Join(append([][]byte{mheader}, mtensors...), nil); !bytes.Equal(body, mbody) {
			t.Fatalf("inferBody of one slice and of parts differ:\n%q\n%q", body, mbody)
		}
		if err := oip.Check(body, strconv.Itoa(len(header))); err != nil {
			t.Fatalf("inferBody made a body REST refuses: %v", err)
		}
	})
}

// FuzzInferResponse: no container reply makes the translation panic or
// alias past the body.
func FuzzInferResponse(f *testing.F) {
	f.Add([]byte(`{"model_name":"m","outputs":[{"name":"o","datatype":"FP32","shape":[1],"parameters":{"binary_data_size":4}}]}`+"\x00\x00\x80\x3f"), "109")
	f.Add([]byte(`{}`), "")
	f.Fuzz(func(t *testing.T, body []byte, hl string) {
		resp, err := inferResponse(&pb.ModelInferRequest{ModelName: "m"}, body, hl)
		if err != nil {
			return
		}
		n := 0
		for _, r := range resp.RawOutputContents {
			n += len(r)
		}
		if n > len(body) {
			t.Fatalf("outputs of %d bytes from a body of %d", n, len(body))
		}
	})
}
