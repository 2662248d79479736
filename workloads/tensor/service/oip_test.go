package service_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/oip"
	"github.com/infernode/infernode/workloads/tensor/service"
)

// TestOIP: the tensor workload's /v2 paths on iris, TorchScript (libtorch)
// and the pickle reader, with a binary input and a binary output, and its
// one-input rule.
func TestOIP(t *testing.T) {
	srv := newServer(t, service.Config{DefaultModelID: irisTorchScriptID})
	in := make([]byte, 16)
	for i, v := range irisInput {
		binary.LittleEndian.PutUint32(in[4*i:], math.Float32bits(v))
	}
	post := func(t *testing.T, body []byte, hl int) (*http.Response, []byte) {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, srv.URL+"/v2/models/tensor/infer", bytes.NewReader(body))
		require.NoError(t, err)
		if hl > 0 {
			req.Header.Set(oip.HeaderLength, strconv.Itoa(hl))
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp, b
	}
	for _, model := range []string{irisTorchScriptID, irisID} {
		t.Run(model, func(t *testing.T) {
			hdr := `{"parameters":{"model_id":"` + model + `"},"inputs":[{"name":"input","shape":[1,4],"datatype":"FP32","parameters":{"binary_data_size":16}}],"outputs":[{"name":"output","parameters":{"binary_data":true}}]}`
			resp, body := post(t, append([]byte(hdr), in...), len(hdr))
			require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
			n, err := strconv.Atoi(resp.Header.Get(oip.HeaderLength))
			require.NoError(t, err)
			var reply struct {
				Outputs []struct {
					Name  string
					Shape []int
				}
			}
			require.NoError(t, json.Unmarshal(body[:n], &reply))
			require.Equal(t, "output", reply.Outputs[0].Name)
			require.Equal(t, []int{1, 3}, reply.Outputs[0].Shape)
			out := body[n:]
			require.Len(t, out, 12)
			for i, want := range irisGolden {
				require.InDelta(t, want, math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:])), 1e-5)
			}
		})
	}
	resp, body := post(t, []byte(`{"inputs":[{"name":"x","shape":[1,4],"datatype":"FP32","data":[1,2,3,4]}]}`), 0)
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)
	require.Contains(t, string(body), `inputs [\"x\"]: the model takes one input, named \"input\"`)
}
