package node

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/oip"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
)

// BenchmarkOIPPerRequest is the node's own cost of one ResNet-18-sized
// inference (a 602,112-byte FP32 image in, a 4,000-byte output back) through
// each front door, the whole way: the request read and checked, the access
// rules, the forward to the container over loopback HTTP and its reply
// passed back, 16 calls at a time. The container is a stub that reads the
// body and answers a fixed reply, so what is timed is the node (and the
// clients and stub, in this process too), never an engine. Compare the
// sub-benchmarks with each other and across commits on the same machine;
// B/op shows the copies of the image each door makes.
func BenchmarkOIPPerRequest(b *testing.B) {
	image := make([]byte, 3*224*224*4)
	out, err := oip.Encode("stub", &oip.Request{BinaryOutput: true}, []oip.Output{{Name: "output", Tensor: fp32Tensor(b, make([]byte, 4000), 1, 1000)}})
	require.NoError(b, err)
	stub := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", out.ContentType())
		w.Header().Set(oip.HeaderLength, strconv.Itoa(out.HeaderLen))
		_, _ = w.Write(out.Body)
	}))
	b.Cleanup(stub.Close)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(b, err)
	port := ln.Addr().(*net.TCPAddr).Port
	require.NoError(b, ln.Close())
	cfg := &config.Config{Server: config.Server{Host: "127.0.0.1", GRPCPort: port},
		Containers: []config.Container{{ID: "stub", URL: stub.URL, External: true}}}
	tn := startNode(b, cfg, Options{})

	input := []oip.Input{{Name: "input", Tensor: fp32Tensor(b, image, 1, 3, 224, 224)}}
	b.Run("rest-binary", func(b *testing.B) {
		body, hl, err := oip.EncodeRequest(&oip.Request{Inputs: input, BinaryOutput: true}, true)
		require.NoError(b, err)
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.MaxIdleConnsPerHost = 32
		tr.DisableCompression = true // as tritonclient and infernode bench: no compressed replies asked
		client := &http.Client{Transport: tr}
		b.Cleanup(tr.CloseIdleConnections)
		b.SetParallelism(16)
		b.SetBytes(int64(len(body)))
		b.ReportAllocs()
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				req, _ := http.NewRequest(http.MethodPost, tn.url+"/v2/models/stub/infer", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/octet-stream")
				req.Header.Set(oip.HeaderLength, strconv.Itoa(hl))
				resp, err := client.Do(req)
				if err != nil {
					b.Error(err)
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Errorf("status %d", resp.StatusCode)
					return
				}
			}
		})
	})
	b.Run("grpc", func(b *testing.B) {
		conn, err := grpc.NewClient("passthrough:///127.0.0.1:"+strconv.Itoa(port), grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithWriteBufferSize(256<<10)) // as infernode bench's client
		require.NoError(b, err)
		b.Cleanup(func() { conn.Close() })
		c := pb.NewGRPCInferenceServiceClient(conn)
		req := &pb.ModelInferRequest{ModelName: "stub",
			Inputs:           []*pb.ModelInferRequest_InferInputTensor{{Name: "input", Datatype: "FP32", Shape: []int64{1, 3, 224, 224}}},
			RawInputContents: [][]byte{image}}
		b.SetParallelism(16)
		b.SetBytes(int64(len(image)))
		b.ReportAllocs()
		b.ResetTimer()
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

func fp32Tensor(tb testing.TB, data []byte, shape ...int) tensor.Tensor {
	t, err := tensor.NewTensor(tensor.Float32, shape, data)
	require.NoError(tb, err)
	return t
}
