package bench

import (
	"bytes"
	"context"
	"log/slog"
	"net"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/oip"
	"github.com/infernode/infernode/oipgrpc"
	"github.com/infernode/infernode/rest"
)

// echoForward is the node's OIP forward with oipEcho as the container.
type echoForward struct{ e *oipEcho }

func (r echoForward) OIP(_ context.Context, _ string, call rest.OIPCall) (rest.OIPReply, error) {
	req := httptest.NewRequest(call.Method, call.Path, bytes.NewReader(bytes.Join(append([][]byte{call.Body}, call.Tail...), nil)))
	req.Header.Set(oip.HeaderLength, call.HeaderLength)
	w := httptest.NewRecorder()
	r.e.ServeHTTP(w, req)
	return rest.OIPReply{Status: w.Code, ContentType: w.Header().Get("Content-Type"), HeaderLength: w.Header().Get(oip.HeaderLength), Body: w.Body.Bytes()}, nil
}
func (echoForward) Models(context.Context, string) []rest.OIPModel { return nil }
func (echoForward) Healthy(context.Context) error                  { return nil }

func TestOIPGRPCMode(t *testing.T) {
	e := &oipEcho{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	g := oipgrpc.New(echoForward{e}, oipgrpc.Options{Logger: slog.New(slog.DiscardHandler)})
	go func() { _ = g.Serve(ln) }()
	t.Cleanup(g.Stop)
	request := []byte(`{"inputs":[{"name":"x","shape":[1,3],"datatype":"FP32","data":[1,2.5,-3]}],"outputs":[{"name":"x"}]}`)
	rep, err := Run(context.Background(), Config{URL: "http://127.0.0.1:1", GRPC: ln.Addr().String(), Containers: []string{"m"},
		Jobs: 20, Concurrency: 4, OIP: OIPGRPC, OIPRequest: request})
	require.NoError(t, err)
	require.Equal(t, "oip-grpc", rep.Mode)
	require.Equal(t, 20, rep.Succeeded, rep.ErrorSamples)
	require.Equal(t, 20, e.binary, "the relay got binary requests")
	got, err := e.decoded[0].Inputs[0].Tensor.Float32s()
	require.NoError(t, err)
	require.Equal(t, []float32{1, 2.5, -3}, got)

	_, err = Run(context.Background(), Config{URL: "http://127.0.0.1:1", Containers: []string{"m"}, OIP: OIPGRPC, OIPRequest: request})
	require.ErrorContains(t, err, "needs the node's gRPC address")
}
