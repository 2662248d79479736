package e2e_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/oip"
	"github.com/infernode/infernode/workloads/internal/wltest"
)

// oipOutputs is an OIP reply's outputs with JSON data.
type oipOutputs struct {
	Outputs []struct {
		Name     string    `json:"name"`
		Datatype string    `json:"datatype"`
		Shape    []int     `json:"shape"`
		Data     []float64 `json:"data"`
	} `json:"outputs"`
}

// TestOIPBinaryClientMatchesJobs sends each real model's input through the
// node's OIP front door with binary tensors from a client that is not ours
// (testdata/kserve_binary_client.py, written from the KServe v2 binary
// extension as tritonclient speaks it) and compares the outputs with the
// JSON job path's for the same input.
func TestOIPBinaryClientMatchesJobs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a node with every workload on loopback and /usr/bin/python3")
	}
	models := wltest.RealModels(t)
	s := startStack(t, models...)
	resp, err := http.Get(s.node + "/v2/models/onnx?model_id=local/infernode/resnet18:resnet18.onnx")
	require.NoError(t, err)
	var meta oip.ModelMetadata
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&meta))
	resp.Body.Close()
	require.Equal(t, []oip.TensorMeta{{Name: "input", Datatype: "FP32", Shape: []int64{1, 3, 224, 224}}}, meta.Inputs, "another model's metadata")
	for _, rm := range models {
		t.Run(rm.Name, func(t *testing.T) {
			var job struct {
				Result []tensor.Tensor `json:"result"`
			}
			require.NoError(t, json.Unmarshal(output(t, s.submit(t, []string{"onnx"}, realJob(t, "onnx", rm), false)), &job))
			cmd := exec.Command("/usr/bin/python3", "testdata/kserve_binary_client.py",
				s.node+"/v2/models/onnx/infer", filepath.Join(rm.Dir, rm.Name+".json"), realModelIDs(rm)["onnx"])
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			require.NoError(t, err, stderr.String())
			var got oipOutputs
			require.NoError(t, json.Unmarshal(out, &got))
			require.Len(t, got.Outputs, 1)
			require.Len(t, job.Result, 1)
			require.Equal(t, "FP32", got.Outputs[0].Datatype)
			require.Equal(t, job.Result[0].Shape, got.Outputs[0].Shape)
			want, err := job.Result[0].Float64s()
			require.NoError(t, err)
			require.Equal(t, want, got.Outputs[0].Data, "the binary OIP outputs equal the JSON job's")
		})
	}
}

func oipPost(t *testing.T, url string, body []byte, headerLen int) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if headerLen >= 0 {
		req.Header.Set(oip.HeaderLength, strconv.Itoa(headerLen))
		req.Header.Set("Content-Type", "application/octet-stream")
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, resp.Header, b
}

// TestOIPThroughNode is the front door on iris in both workloads: health,
// metadata, JSON tensors, and the node's own refusals.
func TestOIPThroughNode(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a node with every workload on loopback")
	}
	s := startStack(t)
	for _, p := range []string{"/v2/health/live", "/v2/health/ready", "/v2/models/onnx/ready", "/v2/models/tensor/versions/1/ready"} {
		resp, err := http.Get(s.node + p)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, p)
	}
	resp, err := http.Get(s.node + "/v2/models/onnx")
	require.NoError(t, err)
	var meta oip.ModelMetadata
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&meta))
	resp.Body.Close()
	require.Equal(t, oip.ModelMetadata{Name: "onnx", Platform: "onnxruntime_onnx",
		Inputs:  []oip.TensorMeta{{Name: "input", Datatype: "FP32", Shape: []int64{1, 4}}},
		Outputs: []oip.TensorMeta{{Name: "output", Datatype: "FP32", Shape: []int64{1, 3}}}}, meta)

	irisData, err := json.Marshal(wltest.IrisInput())
	require.NoError(t, err)
	iris := `{"inputs":[{"name":"input","shape":[1,4],"datatype":"FP32","data":` + string(irisData) + `}]}`
	for _, c := range []struct{ name, golden string }{{"onnx", "result.0"}, {"tensor", ""}} {
		status, _, body := oipPost(t, s.node+"/v2/models/"+c.name+"/infer", []byte(iris), -1)
		require.Equal(t, http.StatusOK, status, string(body))
		var got oipOutputs
		require.NoError(t, json.Unmarshal(body, &got))
		require.Equal(t, []int{1, 3}, got.Outputs[0].Shape, c.name)
		job := s.submit(t, []string{c.name}, map[string]string{
			"onnx":   `{"inputs":{"input":` + wltest.IrisTensor + `}}`,
			"tensor": `{"input":` + wltest.IrisTensor + `}`}[c.name], false)
		var want struct {
			Result []tensor.Tensor `json:"result"`
		}
		raw := output(t, job)
		if c.name == "tensor" {
			raw = json.RawMessage(`{"result":[` + string(raw) + `]}`)
		}
		require.NoError(t, json.Unmarshal(raw, &want))
		w, err := want.Result[0].Float64s()
		require.NoError(t, err)
		require.InDeltaSlice(t, w, got.Outputs[0].Data, 1e-6, c.name)
	}

	tests := []struct {
		name      string
		path      string
		body      string
		headerLen int
		status    int
		want      string
	}{
		{"unknown model", "/v2/models/nope/infer", iris, -1, http.StatusNotFound, `unknown model \"nope\"`},
		{"a container without OIP", "/v2/models/echo/infer", iris, -1, http.StatusNotFound, `container \"echo\" does not serve the Open Inference Protocol`},
		{"unknown input", "/v2/models/onnx/infer", strings.Replace(iris, `"input"`, `"x"`, 1), -1, http.StatusBadRequest, `unknown input \"x\"`},
		{"size disagrees with the body", "/v2/models/onnx/infer",
			`{"inputs":[{"name":"input","shape":[1,4],"datatype":"FP32","parameters":{"binary_data_size":16}}]}` + "12345678", 99, http.StatusBadRequest, "binary_data_size 16 runs past the body"},
		{"shape versus bytes", "/v2/models/tensor/infer",
			`{"inputs":[{"name":"input","shape":[1,4],"datatype":"FP32","parameters":{"binary_data_size":8}}]}` + "12345678", 99, http.StatusBadRequest, "binary_data_size is 8 bytes but shape [1 4] of FP32 needs 16"},
		{"oversized body", "/v2/models/onnx/infer", `{"inputs":[],"x":"` + strings.Repeat("a", 17<<20) + `"}`, -1, http.StatusRequestEntityTooLarge, "too large"},
	}
	t.Run("allowed_ips", func(t *testing.T) {
		// A node whose onnx container serves only 10.9.9.9: loopback is
		// refused as it is for jobs.
		node, _ := startNode(t, []string{fmt.Sprintf(`{"id":"onnx","url":%q,"external":true,"allowed_ips":["10.9.9.9/32"]}`, s.direct["onnx"])}, "")
		status, _, body := oipPost(t, node+"/v2/models/onnx/infer", []byte(iris), -1)
		require.Equal(t, http.StatusForbidden, status, string(body))
		require.Contains(t, string(body), "Container not allowed for address")
	})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hl := tt.headerLen
			if hl == 99 { // the JSON header's own length
				hl = strings.Index(tt.body, "}]}") + 3
			}
			status, _, body := oipPost(t, s.node+tt.path, []byte(tt.body), hl)
			require.Equal(t, tt.status, status, string(body))
			require.Contains(t, string(body), tt.want)
		})
	}
}
