package bench

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/oip"
)

// oipEcho is an OIP server that answers each input as an output of the
// same name; it records the requests' framing.
type oipEcho struct {
	mu      sync.Mutex
	binary  int
	headers int
	decoded []*oip.Request
}

func (e *oipEcho) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	req, err := oip.Decode(body, r.Header.Get(oip.HeaderLength))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	outs := make([]oip.Output, len(req.Inputs))
	for i, in := range req.Inputs {
		outs[i] = oip.Output(in)
	}
	reply, err := oip.Encode("echo", req, outs)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	e.mu.Lock()
	if r.Header.Get(oip.HeaderLength) != "" {
		e.binary++
	}
	if reply.HeaderLen > 0 {
		e.headers++
	}
	e.decoded = append(e.decoded, req)
	e.mu.Unlock()
	w.Header().Set("Content-Type", reply.ContentType())
	if reply.HeaderLen > 0 {
		w.Header().Set(oip.HeaderLength, strconv.Itoa(reply.HeaderLen))
	}
	_, _ = w.Write(reply.Body)
}

func TestOIPModes(t *testing.T) {
	request := []byte(`{"inputs":[{"name":"x","shape":[1,3],"datatype":"FP32","data":[1,2.5,-3]}],"outputs":[{"name":"x"}]}`)
	for _, mode := range []string{OIPJSON, OIPBinary} {
		t.Run(mode, func(t *testing.T) {
			e := &oipEcho{}
			mux := http.NewServeMux()
			mux.Handle("POST /v2/models/m/infer", e)
			srv := httptest.NewServer(mux)
			t.Cleanup(srv.Close)
			rep, err := Run(context.Background(), Config{URL: srv.URL, Containers: []string{"m"}, Jobs: 20, Concurrency: 4,
				OIP: mode, OIPRequest: request})
			require.NoError(t, err)
			require.Equal(t, "oip-"+mode, rep.Mode)
			require.Equal(t, srv.URL+"/v2/models/m/infer", rep.Target)
			require.Equal(t, 20, rep.Succeeded, rep.ErrorSamples)
			want := 0
			if mode == OIPBinary {
				want = 20
			}
			require.Equal(t, want, e.binary, "requests with binary inputs")
			require.Equal(t, want, e.headers, "replies with binary outputs")
			got, err := e.decoded[0].Inputs[0].Tensor.Float32s()
			require.NoError(t, err)
			require.Equal(t, []float32{1, 2.5, -3}, got)
		})
	}
	_, err := Run(context.Background(), Config{URL: "http://127.0.0.1:1", Containers: []string{"m"}, OIP: "xml", OIPRequest: request})
	require.ErrorContains(t, err, `OIP mode "xml"`)
	_, err = Run(context.Background(), Config{URL: "http://127.0.0.1:1", Containers: []string{"m"}, OIP: OIPJSON, OIPRequest: []byte(`{}`)})
	require.ErrorContains(t, err, "the OIP request: inputs: missing")
}
