package oipgrpc_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"log"
	"math"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
)

// A Go client of the gRPC front door: iris on a node whose onnx container
// is "onnx" and whose server.grpc_port is 8001. The input goes as raw
// little-endian bytes (raw_input_contents) and the output comes back so
// (raw_output_contents), the bytes REST's binary /v2 infer returns.
func Example_modelInfer() {
	conn, err := grpc.NewClient("localhost:8001", grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()
	c := pb.NewGRPCInferenceServiceClient(conn)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	var in []byte
	for _, v := range []float32{5.1, 3.5, 1.4, 0.2} {
		in = binary.LittleEndian.AppendUint32(in, math.Float32bits(v))
	}
	resp, err := c.ModelInfer(ctx, &pb.ModelInferRequest{
		ModelName:        "onnx",
		Inputs:           []*pb.ModelInferRequest_InferInputTensor{{Name: "input", Datatype: "FP32", Shape: []int64{1, 4}}},
		RawInputContents: [][]byte{in},
	})
	if err != nil {
		log.Fatal(err) // a status: InvalidArgument, NotFound, PermissionDenied, ResourceExhausted, Unavailable
	}
	for i, o := range resp.Outputs {
		raw := resp.RawOutputContents[i]
		out := make([]float32, len(raw)/4)
		for j := range out {
			out[j] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*j:]))
		}
		fmt.Println(o.Name, o.Shape, out)
	}
}
