package service_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/oip"
)

// postOIP sends an OIP infer request; headerLen < 0 sends no
// Inference-Header-Content-Length.
func postOIP(t *testing.T, url string, body []byte, headerLen int) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url+"/v2/models/onnx/infer", bytes.NewReader(body))
	require.NoError(t, err)
	if headerLen >= 0 {
		req.Header.Set(oip.HeaderLength, strconv.Itoa(headerLen))
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, b
}

func irisBytes() []byte {
	b := make([]byte, 4*len(irisInput))
	for i, v := range irisInput {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	return b
}

func TestOIPIrisJSONAndBinary(t *testing.T) {
	srv := newServer(t, irisID)

	resp, err := http.Get(srv.URL + "/v2/models/onnx")
	require.NoError(t, err)
	var meta oip.ModelMetadata
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&meta))
	resp.Body.Close()
	require.Equal(t, "onnx", meta.Name)
	require.Equal(t, []oip.TensorMeta{{Name: "input", Datatype: "FP32", Shape: []int64{1, 4}}}, meta.Inputs)
	require.Equal(t, "output", meta.Outputs[0].Name)
	for _, p := range []string{"/v2/health/live", "/v2/health/ready", "/v2/models/onnx/ready", "/v2/models/onnx/versions/1/ready"} {
		resp, err := http.Get(srv.URL + p)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, p)
	}

	data, _ := json.Marshal(irisInput)
	js := `{"id":"j1","inputs":[{"name":"input","shape":[1,4],"datatype":"FP32","data":` + string(data) + `}]}`
	resp, body := postOIP(t, srv.URL, []byte(js), -1)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	var reply struct {
		ModelName string `json:"model_name"`
		ID        string `json:"id"`
		Outputs   []struct {
			Name     string
			Datatype string
			Shape    []int
			Data     []float32
		}
	}
	require.NoError(t, json.Unmarshal(body, &reply))
	require.Equal(t, "j1", reply.ID)
	require.Equal(t, "output", reply.Outputs[0].Name)
	require.Equal(t, []int{1, 3}, reply.Outputs[0].Shape)
	require.InDeltaSlice(t, irisGolden, reply.Outputs[0].Data, 1e-5)

	hdr := `{"inputs":[{"name":"input","shape":[1,4],"datatype":"FP32","parameters":{"binary_data_size":16}}],"outputs":[{"name":"output","parameters":{"binary_data":true}}]}`
	resp, body = postOIP(t, srv.URL, append([]byte(hdr), irisBytes()...), len(hdr))
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	n, err := strconv.Atoi(resp.Header.Get(oip.HeaderLength))
	require.NoError(t, err)
	require.Contains(t, string(body[:n]), `"binary_data_size":12`)
	out := body[n:]
	require.Len(t, out, 12)
	for i, want := range irisGolden {
		require.InDelta(t, want, math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:])), 1e-5)
	}
}

func TestOIPBadInput(t *testing.T) {
	srv := newServer(t, irisID)
	bin := func(size int, extra []byte) ([]byte, int) {
		hdr := fmt.Sprintf(`{"inputs":[{"name":"input","shape":[1,4],"datatype":"FP32","parameters":{"binary_data_size":%d}}]}`, size)
		return append([]byte(hdr), extra...), len(hdr)
	}
	tests := []struct {
		name string
		body func() ([]byte, int)
		want string
	}{
		{"size disagrees with the body", func() ([]byte, int) { return bin(16, irisBytes()[:12]) }, "binary_data_size 16 runs past the body"},
		{"bytes left over", func() ([]byte, int) { return bin(16, append(irisBytes(), 0, 0, 0, 0)) }, "add up to 16 bytes but 20 follow"},
		{"shape versus bytes", func() ([]byte, int) { return bin(12, irisBytes()[:12]) }, "binary_data_size is 12 bytes but shape [1 4] of FP32 needs 16"},
		{"unknown input", func() ([]byte, int) {
			return []byte(`{"inputs":[{"name":"x","shape":[1,4],"datatype":"FP32","data":[1,2,3,4]}]}`), -1
		}, `unknown input \"x\"`},
		{"wrong shape", func() ([]byte, int) {
			return []byte(`{"inputs":[{"name":"input","shape":[2,2],"datatype":"FP32","data":[1,2,3,4]}]}`), -1
		}, `inputs: `},
		{"data count", func() ([]byte, int) {
			return []byte(`{"inputs":[{"name":"input","shape":[1,4],"datatype":"FP32","data":[1,2,3]}]}`), -1
		}, "data: has 3 elements but shape [1 4] needs 4"},
		{"unsupported datatype", func() ([]byte, int) {
			return []byte(`{"inputs":[{"name":"input","shape":[1],"datatype":"BYTES","data":["a"]}]}`), -1
		}, `datatype \"BYTES\" is not supported`},
		{"header length past the body", func() ([]byte, int) { return []byte(`{}`), 99 }, "Inference-Header-Content-Length"},
		{"binary size without the header", func() ([]byte, int) { b, _ := bin(16, irisBytes()); return b, -1 }, "needs the Inference-Header-Content-Length header"},
		{"unknown output", func() ([]byte, int) {
			return []byte(`{"inputs":[{"name":"input","shape":[1,4],"datatype":"FP32","data":[1,2,3,4]}],"outputs":[{"name":"y"}]}`), -1
		}, `unknown output \"y\"`},
		{"bad model id", func() ([]byte, int) {
			return []byte(`{"parameters":{"model_id":"nope"},"inputs":[{"name":"input","shape":[1,4],"datatype":"FP32","data":[1,2,3,4]}]}`), -1
		}, `parameters.model_id: model id \"nope\" has no`},
		{"unknown model", func() ([]byte, int) {
			return []byte(`{"parameters":{"model_id":"local/acme/none:x.onnx"},"inputs":[{"name":"input","shape":[1,4],"datatype":"FP32","data":[1,2,3,4]}]}`), -1
		}, `local/acme/none:x.onnx`},
		{"huge shape", func() ([]byte, int) {
			hdr := `{"inputs":[{"name":"input","shape":[1,536870912],"datatype":"FP32","parameters":{"binary_data_size":2147483648}}]}`
			return []byte(hdr), len(hdr)
		}, "dimensions must be 0 to"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, hl := tt.body()
			resp, b := postOIP(t, srv.URL, body, hl)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, string(b))
			require.Contains(t, string(b), tt.want)
			require.NotContains(t, string(b), "data.", "OIP's fields are named, not the container protocol's (both doors relay it)")
		})
	}
}
