package bench

import (
	"context"
	"fmt"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/infernode/infernode/oip"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
)

// OIPGRPC sends each job as a gRPC ModelInfer call (KServe v2
// GRPCInferenceService) to Config.GRPC, inputs in raw_input_contents.
const OIPGRPC = "grpc"

// grpcLoad calls ModelInfer once per job on one client connection, as a
// gRPC client does (calls are HTTP/2 streams on it); the request is built
// once.
type grpcLoad struct {
	cfg  Config
	c    pb.GRPCInferenceServiceClient
	conn *grpc.ClientConn
	req  *pb.ModelInferRequest
}

func newGRPCLoad(cfg Config) (*grpcLoad, string, error) {
	if cfg.GRPC == "" {
		return nil, "", fmt.Errorf("bench: gRPC mode needs the node's gRPC address (server.grpc_port)")
	}
	r, err := oip.Decode(cfg.OIPRequest, "")
	if err != nil {
		return nil, "", fmt.Errorf("bench: the OIP request: %w", err)
	}
	req := &pb.ModelInferRequest{ModelName: cfg.Containers[0], Id: r.ID}
	if id, _ := r.ModelID(); id != "" {
		req.Parameters = map[string]*pb.InferParameter{"model_id": {ParameterChoice: &pb.InferParameter_StringParam{StringParam: id}}}
	}
	for _, in := range r.Inputs {
		shape := make([]int64, len(in.Tensor.Shape))
		for i, d := range in.Tensor.Shape {
			shape[i] = int64(d)
		}
		req.Inputs = append(req.Inputs, &pb.ModelInferRequest_InferInputTensor{Name: in.Name, Datatype: oip.Datatype(in.Tensor.DType), Shape: shape})
		req.RawInputContents = append(req.RawInputContents, in.Tensor.Bytes())
	}
	for _, o := range r.Outputs {
		req.Outputs = append(req.Outputs, &pb.ModelInferRequest_InferRequestedOutputTensor{Name: o.Name})
	}
	conn, err := grpc.NewClient("passthrough:///"+cfg.GRPC, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(1<<30), grpc.MaxCallSendMsgSize(1<<30)))
	if err != nil {
		return nil, "", fmt.Errorf("bench: gRPC client for %s: %w", cfg.GRPC, err)
	}
	return &grpcLoad{cfg: cfg, c: pb.NewGRPCInferenceServiceClient(conn), conn: conn, req: req}, "grpc://" + cfg.GRPC + "/" + req.ModelName, nil
}

func (l *grpcLoad) call(ctx context.Context, start time.Time) sample {
	ctx, cancel := context.WithTimeout(ctx, l.cfg.Timeout)
	defer cancel()
	_, err := l.c.ModelInfer(ctx, l.req)
	took := time.Since(start)
	switch status.Code(err) {
	case codes.OK:
		return sample{submit: took, e2e: took, out: succeeded}
	case codes.ResourceExhausted, codes.Unavailable, codes.DeadlineExceeded, codes.Canceled:
		return sample{submit: took, out: errored, err: err}
	default:
		return sample{submit: took, e2e: took, out: failed, err: err}
	}
}
