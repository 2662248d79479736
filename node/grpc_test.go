package node

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/oip"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
)

// oipEchoContainer is an OIP server that answers each infer with its
// inputs as outputs of the same names.
func oipEchoContainer(t *testing.T) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		req, err := oip.Decode(body, r.Header.Get(oip.HeaderLength))
		if err != nil {
			return // readiness probes
		}
		outs := make([]oip.Output, len(req.Inputs))
		for i, in := range req.Inputs {
			outs[i] = oip.Output(in)
		}
		reply, err := oip.Encode("oip", req, outs)
		require.NoError(t, err)
		w.Header().Set("Content-Type", reply.ContentType())
		w.Header().Set(oip.HeaderLength, strconv.Itoa(reply.HeaderLen))
		_, _ = w.Write(reply.Body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestGRPCFromConfig: server.grpc_port starts the gRPC front door with the
// node's access rules (allowed_ips), server.rate_limit and metrics.
func TestGRPCFromConfig(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := ln.Addr().(*net.TCPAddr).Port
	require.NoError(t, ln.Close())
	url := oipEchoContainer(t)
	cfg := &config.Config{
		Server: config.Server{Host: "127.0.0.1", GRPCPort: port, RateLimit: &config.RateLimit{NumRequests: 2, Period: 3600}},
		Containers: []config.Container{{ID: "oip", URL: url, External: true},
			{ID: "fenced", URL: url, External: true, AllowedIPs: []string{"10.9.9.9/32"}}}}
	tn := startNode(t, cfg, Options{})
	conn, err := grpc.NewClient("passthrough:///127.0.0.1:"+strconv.Itoa(port), grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	defer conn.Close()
	c := pb.NewGRPCInferenceServiceClient(conn)
	ctx := context.Background()

	req := &pb.ModelInferRequest{ModelName: "oip",
		Inputs:           []*pb.ModelInferRequest_InferInputTensor{{Name: "x", Datatype: "UINT8", Shape: []int64{3}}},
		RawInputContents: [][]byte{{7, 8, 9}}}
	resp, err := c.ModelInfer(ctx, req)
	require.NoError(t, err)
	require.Equal(t, [][]byte{{7, 8, 9}}, resp.RawOutputContents)

	req.ModelName = "fenced"
	_, err = c.ModelInfer(ctx, req)
	require.Equal(t, codes.PermissionDenied, status.Code(err), "%v", err)
	require.Contains(t, status.Convert(err).Message(), "Container not allowed for address")

	_, err = c.ModelInfer(ctx, req)
	require.Equal(t, codes.ResourceExhausted, status.Code(err), "server.rate_limit: 2 calls an hour")
	_, err = c.ServerLive(ctx, &pb.ServerLiveRequest{})
	require.NoError(t, err, "another method's bucket")

	code, metrics := tn.do(t, http.MethodGet, "/metrics", "")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, string(metrics), `infernode_grpc_requests_total{code="OK",method="/inference.GRPCInferenceService/ModelInfer"} 1`)
	require.Contains(t, string(metrics), `infernode_grpc_requests_total{code="PermissionDenied",method="/inference.GRPCInferenceService/ModelInfer"} 1`)
	require.Contains(t, string(metrics), `infernode_jobs_submitted_total{kind="oip"} 1`)
}
