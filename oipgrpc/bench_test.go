package oipgrpc

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/oip"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
	"github.com/infernode/infernode/rest"
	"github.com/infernode/infernode/rest/resttest"
)

// fixedRelay answers every infer with one fixed binary reply and reads
// nothing of the body: what is left is the front door's own cost.
type fixedRelay struct{ reply oip.Reply }

func (f fixedRelay) OIP(context.Context, string, rest.OIPCall) (rest.OIPReply, error) {
	return rest.OIPReply{Status: http.StatusOK, ContentType: f.reply.ContentType(), HeaderLength: strconv.Itoa(f.reply.HeaderLen), Body: f.reply.Body}, nil
}
func (fixedRelay) Models(context.Context, string) []rest.OIPModel { return nil }
func (fixedRelay) Healthy(context.Context) error                  { return nil }

// BenchmarkFrontDoors is one ResNet-18-sized inference (a 602,112-byte FP32
// input, a 4,000-byte output) through each front door on loopback, 16 calls
// at a time, the container's time left out: REST's binary /v2 infer and
// gRPC's ModelInfer.
func BenchmarkFrontDoors(b *testing.B) {
	in := make([]byte, 3*224*224*4)
	out, err := oip.Encode("m", &oip.Request{BinaryOutput: true}, []oip.Output{{Name: "output", Tensor: mustTensor(b, make([]byte, 4000), 1, 1000)}})
	require.NoError(b, err)
	relay := fixedRelay{out}
	input := []oip.Input{{Name: "input", Tensor: mustTensor(b, in, 1, 3, 224, 224)}}

	b.Run("rest-binary", func(b *testing.B) {
		srv := resttest.Serve(resttest.New(), rest.Options{Logger: slog.New(slog.DiscardHandler), OIP: relay, MaxBodyBytes: 16 << 20})
		defer srv.Close()
		body, hl, err := oip.EncodeRequest(&oip.Request{Inputs: input, BinaryOutput: true}, true)
		require.NoError(b, err)
		client := srv.Client()
		client.Transport.(*http.Transport).MaxIdleConnsPerHost = 32
		b.SetParallelism(16)
		b.SetBytes(int64(len(body)))
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				req, _ := http.NewRequest(http.MethodPost, srv.URL+"/v2/models/m/infer", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/octet-stream")
				req.Header.Set(oip.HeaderLength, strconv.Itoa(hl))
				resp, err := client.Do(req)
				if err != nil {
					b.Error(err)
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		})
	})
	b.Run("grpc", func(b *testing.B) {
		c := serve(b, relay, Options{MaxMessageBytes: 16 << 20})
		req := &pb.ModelInferRequest{ModelName: "m",
			Inputs:           []*pb.ModelInferRequest_InferInputTensor{{Name: "input", Datatype: "FP32", Shape: []int64{1, 3, 224, 224}}},
			RawInputContents: [][]byte{in}}
		b.SetParallelism(16)
		b.SetBytes(int64(len(in)))
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := c.ModelInfer(context.Background(), req); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
}

func mustTensor(tb testing.TB, data []byte, shape ...int) tensor.Tensor {
	t, err := tensor.NewTensor(tensor.Float32, shape, data)
	require.NoError(tb, err)
	return t
}
