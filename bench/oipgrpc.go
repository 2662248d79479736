package bench

import (
	"context"
	"fmt"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/infernode/infernode/oip"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
)

// OIPGRPC sends each job as a gRPC ModelInfer call (KServe v2
// GRPCInferenceService) to Config.GRPC, inputs in raw_input_contents.
const OIPGRPC = "grpc"

// grpcLoad calls ModelInfer once per job on one client connection, as a
// gRPC client does (calls are HTTP/2 streams on it). The request is encoded
// once and the reply's bytes are received but not decoded, as the REST
// load sends one encoded body and reads the reply's bytes: what is measured
// is the node's door, not the generator's protobuf work.
type grpcLoad struct {
	cfg  Config
	conn *grpc.ClientConn
	req  *pb.ModelInferRequest
	msg  []byte // req, encoded
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
	// A write buffer that holds a large frame run, as a tuned client has:
	// with grpc-go's 32 KiB a 600 KB image goes out in ~19 writes.
	conn, err := grpc.NewClient("passthrough:///"+cfg.GRPC, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithWriteBufferSize(256<<10),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(1<<30), grpc.MaxCallSendMsgSize(1<<30)))
	if err != nil {
		return nil, "", fmt.Errorf("bench: gRPC client for %s: %w", cfg.GRPC, err)
	}
	msg, err := proto.Marshal(req)
	if err != nil {
		return nil, "", fmt.Errorf("bench: encode the ModelInfer request: %w", err)
	}
	return &grpcLoad{cfg: cfg, conn: conn, req: req, msg: msg}, "grpc://" + cfg.GRPC + "/" + req.ModelName, nil
}

// rawCodec sends a message encoded beforehand and receives a reply's bytes
// as they are; its name is proto's, what the server decodes them as.
type rawCodec struct{}

func (rawCodec) Marshal(v any) (mem.BufferSlice, error) {
	return mem.BufferSlice{mem.SliceBuffer(*v.(*[]byte))}, nil
}

func (rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	*v.(*[]byte) = data.Materialize()
	return nil
}

func (rawCodec) Name() string { return "proto" }

func (l *grpcLoad) call(ctx context.Context, start time.Time) sample {
	ctx, cancel := context.WithTimeout(ctx, l.cfg.Timeout)
	defer cancel()
	var reply []byte
	err := l.conn.Invoke(ctx, pb.GRPCInferenceService_ModelInfer_FullMethodName, &l.msg, &reply, grpc.ForceCodecV2(rawCodec{}))
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
