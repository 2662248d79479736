package e2e_test

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"maps"
	"math"
	"net/http"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/oip"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
	"github.com/infernode/infernode/workloads/internal/wltest"
)

func f32bytes(vs []float32) []byte {
	b := make([]byte, 0, 4*len(vs))
	for _, v := range vs {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
	}
	return b
}

// restBinary runs inputs through the node's REST /v2 infer with binary
// tensors both ways and returns each output's name, shape and raw bytes.
func restBinary(t *testing.T, node, model, modelID string, inputs []oip.Input) (names []string, shapes [][]int64, raw [][]byte) {
	t.Helper()
	req := &oip.Request{Inputs: inputs, BinaryOutput: true}
	if modelID != "" {
		req.Parameters = oip.Parameters{"model_id": json.RawMessage(strconv.Quote(modelID))}
	}
	body, hl, err := oip.EncodeRequest(req, true)
	require.NoError(t, err)
	status, h, reply := oipPost(t, node+"/v2/models/"+model+"/infer", body, hl)
	require.Equal(t, http.StatusOK, status, string(reply))
	n, err := strconv.Atoi(h.Get(oip.HeaderLength))
	require.NoError(t, err)
	var hdr struct {
		Outputs []struct {
			Name       string  `json:"name"`
			Shape      []int64 `json:"shape"`
			Parameters struct {
				Size int `json:"binary_data_size"`
			} `json:"parameters"`
		} `json:"outputs"`
	}
	require.NoError(t, json.Unmarshal(reply[:n], &hdr))
	bin := reply[n:]
	for _, o := range hdr.Outputs {
		names, shapes, raw = append(names, o.Name), append(shapes, o.Shape), append(raw, bin[:o.Parameters.Size])
		bin = bin[o.Parameters.Size:]
	}
	return names, shapes, raw
}

// grpcInfer is the same inference through the gRPC front door.
func grpcInfer(t *testing.T, c pb.GRPCInferenceServiceClient, model, modelID string, inputs []oip.Input) *pb.ModelInferResponse {
	t.Helper()
	req := &pb.ModelInferRequest{ModelName: model}
	if modelID != "" {
		req.Parameters = map[string]*pb.InferParameter{"model_id": {ParameterChoice: &pb.InferParameter_StringParam{StringParam: modelID}}}
	}
	for _, in := range inputs {
		shape := make([]int64, len(in.Tensor.Shape))
		for i, d := range in.Tensor.Shape {
			shape[i] = int64(d)
		}
		req.Inputs = append(req.Inputs, &pb.ModelInferRequest_InferInputTensor{Name: in.Name, Datatype: oip.Datatype(in.Tensor.DType), Shape: shape})
		req.RawInputContents = append(req.RawInputContents, in.Tensor.Bytes())
	}
	resp, err := c.ModelInfer(context.Background(), req)
	require.NoError(t, err)
	return resp
}

// TestGRPCMatchesREST runs iris (onnx and tensor workloads) and every model
// of the real-model suite (ResNet-18 among them, in the onnx workload)
// through the gRPC front door's ModelInfer and through REST's binary /v2
// infer on the same node: the outputs are the same bytes.
func TestGRPCMatchesREST(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a node with every workload on loopback")
	}
	models := wltest.RealModels(t)
	s := startStack(t, models...)
	conn, err := grpc.NewClient("passthrough:///"+s.grpc, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(16<<20)))
	require.NoError(t, err)
	defer conn.Close()
	c := pb.NewGRPCInferenceServiceClient(conn)

	md, err := c.ModelMetadata(context.Background(), &pb.ModelMetadataRequest{Name: "onnx"})
	require.NoError(t, err)
	require.Equal(t, []int64{1, 4}, md.Inputs[0].Shape)
	ready, err := c.ServerReady(context.Background(), &pb.ServerReadyRequest{})
	require.NoError(t, err)
	require.True(t, ready.Ready)

	compare := func(t *testing.T, model, modelID string, inputs []oip.Input) {
		names, shapes, raw := restBinary(t, s.node, model, modelID, inputs)
		resp := grpcInfer(t, c, model, modelID, inputs)
		require.Len(t, resp.Outputs, len(names))
		for i, o := range resp.Outputs {
			require.Equal(t, names[i], o.Name)
			require.Equal(t, shapes[i], o.Shape)
			require.Equal(t, raw[i], resp.RawOutputContents[i], "output %q: gRPC's bytes are REST's", o.Name)
		}
	}
	iris, err := tensor.NewTensor(tensor.Float32, []int{1, 4}, f32bytes(wltest.IrisInput()))
	require.NoError(t, err)
	for _, w := range []string{"onnx", "tensor"} {
		t.Run("iris/"+w, func(t *testing.T) { compare(t, w, "", []oip.Input{{Name: "input", Tensor: iris}}) })
	}
	for _, rm := range models {
		t.Run(rm.Name, func(t *testing.T) {
			var inputs []oip.Input
			for _, name := range slices.Sorted(maps.Keys(rm.Inputs)) {
				inputs = append(inputs, oip.Input{Name: name, Tensor: rm.Inputs[name]})
			}
			compare(t, "onnx", realModelIDs(rm)["onnx"], inputs)
		})
	}
}
