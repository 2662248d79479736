package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
)

// inferCommand is `infernode infer`: one Open Inference Protocol inference
// of an FP32 tensor, over REST (/v2/models/{model}/infer) or, with --grpc,
// the node's gRPC door (ModelInfer): the quickest way to try either door
// without tritonclient (docs/README.md, "Try it locally").
func inferCommand() command {
	return command{name: "infer", summary: "one OIP inference of an FP32 tensor over REST or gRPC (--grpc)", run: runInfer}
}

// inferOutput is what `infer` prints: the answer's model and outputs, each
// FP32 output's values decoded.
type inferOutput struct {
	ModelName string        `json:"model_name"`
	Outputs   []inferTensor `json:"outputs"`
}

type inferTensor struct {
	Name     string    `json:"name"`
	Datatype string    `json:"datatype"`
	Shape    []int64   `json:"shape"`
	Data     []float32 `json:"data,omitempty"`
	// Raw is an output of another datatype, as its bytes (hex).
	Raw string `json:"raw,omitempty"`
}

func runInfer(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("infer", "--model NAME --shape 1,4 --data=-0.9,1.02,-1.34,-1.32 [--grpc HOST:PORT | --url URL]", stderr)
	url := fs.String("url", defaultURL(), "the node's REST root (env SERVER_URL)")
	grpcAddr := fs.String("grpc", "", "infer over the node's gRPC door at this host:port instead of REST")
	model := fs.String("model", "", "the model: the container id serving it (e.g. iris)")
	input := fs.String("input", "input", "the input tensor's name")
	shapeS := fs.String("shape", "", "the input's shape, comma-separated (e.g. 1,4)")
	dataS := fs.String("data", "", "the input's values, comma-separated FP32 (write --data=-1,2 when the first is negative)")
	modelID := fs.String("model-id", "", "parameters.model_id: a model other than the container's default")
	timeout := fs.Duration("timeout", 30*time.Second, "how long to wait for the answer")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	if *model == "" {
		return usagef(fs, "--model is required: the container id serving the model (e.g. iris)")
	}
	var shape []int64
	n := int64(1)
	for _, f := range strings.Split(*shapeS, ",") {
		d, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil || d < 1 {
			return usagef(fs, "--shape %q: write the dimensions as whole numbers ≥ 1, comma-separated (e.g. 1,4)", *shapeS)
		}
		shape, n = append(shape, d), n*d
	}
	var data []float32
	for _, f := range strings.Split(*dataS, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 32)
		if err != nil {
			return usagef(fs, "--data %q: write numbers, comma-separated (--data=-0.9,1.02 when the first is negative)", *dataS)
		}
		data = append(data, float32(v))
	}
	if int64(len(data)) != n {
		return usagef(fs, "--data has %d values; --shape %s needs %d", len(data), *shapeS, n)
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	var out inferOutput
	var err error
	if *grpcAddr != "" {
		out, err = inferGRPC(ctx, *grpcAddr, *model, *input, *modelID, shape, data)
	} else {
		out, err = inferREST(ctx, strings.TrimRight(*url, "/"), *model, *input, *modelID, shape, data)
	}
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func inferREST(ctx context.Context, url, model, input, modelID string, shape []int64, data []float32) (inferOutput, error) {
	body := map[string]any{"inputs": []any{map[string]any{"name": input, "shape": shape, "datatype": "FP32", "data": data}}}
	if modelID != "" {
		body["parameters"] = map[string]string{"model_id": modelID}
	}
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"/v2/models/"+model+"/infer", bytes.NewReader(b))
	if err != nil {
		return inferOutput{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return inferOutput{}, fmt.Errorf("cannot reach node %s (is it running? set --url or SERVER_URL): %w", url, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return inferOutput{}, fmt.Errorf("read the answer: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return inferOutput{}, fmt.Errorf("the node answered %d: %s", resp.StatusCode, bytes.TrimSpace(raw))
	}
	var out inferOutput
	if err := json.Unmarshal(raw, &out); err != nil {
		return inferOutput{}, fmt.Errorf("the answer is not OIP JSON: %w", err)
	}
	return out, nil
}

func inferGRPC(ctx context.Context, addr, model, input, modelID string, shape []int64, data []float32) (inferOutput, error) {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return inferOutput{}, fmt.Errorf("--grpc %s: %w", addr, err)
	}
	defer conn.Close()
	req := &pb.ModelInferRequest{ModelName: model, Inputs: []*pb.ModelInferRequest_InferInputTensor{{
		Name: input, Datatype: "FP32", Shape: shape, Contents: &pb.InferTensorContents{Fp32Contents: data}}}}
	if modelID != "" {
		req.Parameters = map[string]*pb.InferParameter{"model_id": {ParameterChoice: &pb.InferParameter_StringParam{StringParam: modelID}}}
	}
	resp, err := pb.NewGRPCInferenceServiceClient(conn).ModelInfer(ctx, req)
	if err != nil {
		return inferOutput{}, fmt.Errorf("ModelInfer on %s: %w", addr, err)
	}
	out := inferOutput{ModelName: resp.GetModelName()}
	for i, o := range resp.GetOutputs() {
		t := inferTensor{Name: o.GetName(), Datatype: o.GetDatatype(), Shape: o.GetShape()}
		var raw []byte
		if i < len(resp.GetRawOutputContents()) {
			raw = resp.GetRawOutputContents()[i]
		}
		if t.Datatype == "FP32" && len(raw)%4 == 0 {
			for j := 0; j < len(raw); j += 4 {
				t.Data = append(t.Data, math.Float32frombits(binary.LittleEndian.Uint32(raw[j:])))
			}
		} else {
			t.Raw = fmt.Sprintf("%x", raw)
		}
		out.Outputs = append(out.Outputs, t)
	}
	return out, nil
}
