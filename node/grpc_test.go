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
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
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

// TestRESTBesideHeadersOnlyGRPC: with the default settings, 4 connections
// that each send the HEADERS of 256 ModelInfer calls and never a message
// (1.6 KB a connection) refuse no REST POST: gRPC's reservations stay
// within their caps and half of server.max_body_bytes_in_flight.
func TestRESTBesideHeadersOnlyGRPC(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := ln.Addr().(*net.TCPAddr).Port
	require.NoError(t, ln.Close())
	cfg := &config.Config{Server: config.Server{Host: "127.0.0.1", GRPCPort: port},
		Containers: []config.Container{{ID: "oip", URL: oipEchoContainer(t), External: true}}}
	tn := startNode(t, cfg, Options{})
	var wire int
	for range 4 {
		c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(port))
		require.NoError(t, err)
		t.Cleanup(func() { c.Close() })
		_, err = io.WriteString(c, http2.ClientPreface)
		require.NoError(t, err)
		fr := http2.NewFramer(c, c)
		require.NoError(t, fr.WriteSettings())
		for i := range 256 {
			var b bytes.Buffer
			enc := hpack.NewEncoder(&b)
			for _, f := range [][2]string{{":method", "POST"}, {":scheme", "http"}, {":path", "/inference.GRPCInferenceService/ModelInfer"},
				{":authority", "node"}, {"content-type", "application/grpc"}, {"te", "trailers"}} {
				require.NoError(t, enc.WriteField(hpack.HeaderField{Name: f[0], Value: f[1]}))
			}
			wire += b.Len() + 9
			require.NoError(t, fr.WriteHeaders(http2.HeadersFrameParam{StreamID: uint32(2*i + 1), BlockFragment: b.Bytes(), EndHeaders: true}))
		}
		// The connection's reader admits its calls in order: the PING's
		// answer comes after all 256 were admitted or refused.
		require.NoError(t, fr.WritePing(false, [8]byte{1}))
		require.NoError(t, c.SetReadDeadline(time.Now().Add(30*time.Second))) // a guard
		for {
			f, err := fr.ReadFrame()
			require.NoError(t, err)
			if p, ok := f.(*http2.PingFrame); ok && p.IsAck() {
				break
			}
		}
	}
	require.Positive(t, tn.node.bodyBudget.Held(), "the headers-only calls hold their windows")
	infer := `{"inputs":[{"name":"x","datatype":"UINT8","shape":[3],"data":[7,8,9]}]}`
	for i := range 60 {
		code, b := tn.do(t, http.MethodPost, "/v2/models/oip/infer", infer)
		require.Equal(t, http.StatusOK, code, "POST %d beside the headers-only calls: %s", i, b)
		tn.submit(t, "oip")
	}
	t.Logf("60 of 60 /v2 and 60 of 60 /api/jobs POSTs answered beside 1,024 headers-only gRPC calls (%d bytes of frames); gRPC held %d MiB of %d",
		wire, tn.node.bodyBudget.Held()>>20, tn.node.bodyBudget.Max()>>20)
}
