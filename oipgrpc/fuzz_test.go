package oipgrpc

import (
	"bytes"
	"strconv"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/infernode/infernode/oip"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
)

// FuzzInferBody: the server's decoder (unmarshalInfer) reads every message
// as proto.Unmarshal does; no ModelInferRequest a client can send makes the
// translation panic, and every body it makes passes the REST path's own
// check (oip.Check), so gRPC cannot hand a container what REST would not.
func FuzzInferBody(f *testing.F) {
	seed, _ := proto.Marshal(inferReq(fp32(1, 2, 3, 4)))
	f.Add(seed)
	typed := inferReq(nil)
	typed.RawInputContents = nil
	typed.Inputs[0].Contents = &pb.InferTensorContents{Fp32Contents: []float32{1, 2, 3, 4}}
	seed, _ = proto.Marshal(typed)
	f.Add(seed)
	f.Fuzz(func(t *testing.T, msg []byte) {
		var req, want pb.ModelInferRequest
		err := unmarshalInfer(bytes.Clone(msg), &req)
		if werr := proto.Unmarshal(msg, &want); (err == nil) != (werr == nil) {
			t.Fatalf("unmarshalInfer: %v, proto.Unmarshal: %v", err, werr)
		}
		if err != nil {
			return
		}
		if !proto.Equal(&req, &want) {
			t.Fatalf("unmarshalInfer decoded %v, proto.Unmarshal %v", &req, &want)
		}
		header, tensors, err := inferBody(&req)
		if err != nil {
			return
		}
		body := bytes.Join(append([][]byte{header}, tensors...), nil)
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
