package e2e_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/binary"
	"encoding/json"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/oip"
	"github.com/infernode/infernode/workloads/internal/wltest"
)

// replay sends a golden request file to the node byte for byte, on its own
// connection, and reads the answer.
func replay(t *testing.T, node, file string) (*http.Response, []byte) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "tritonclient", file))
	require.NoError(t, err)
	u, err := url.Parse(node)
	require.NoError(t, err)
	c, err := net.Dial("tcp", u.Host)
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Write(raw)
	require.NoError(t, err)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	switch resp.Header.Get("Content-Encoding") {
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		require.NoError(t, err)
		body, err = io.ReadAll(zr)
		require.NoError(t, err)
	case "deflate":
		zr, err := zlib.NewReader(bytes.NewReader(body))
		require.NoError(t, err)
		body, err = io.ReadAll(zr)
		require.NoError(t, err)
	}
	return resp, body
}

// irisOutput reads the one FP32 output of an infer reply, JSON or binary.
func irisOutput(t *testing.T, h http.Header, body []byte) []float32 {
	t.Helper()
	js, bin := body, []byte(nil)
	if hl := h.Get(oip.HeaderLength); hl != "" {
		n, err := strconv.Atoi(hl)
		require.NoError(t, err)
		js, bin = body[:n], body[n:]
	}
	var reply struct {
		Outputs []struct {
			Name string    `json:"name"`
			Data []float64 `json:"data"`
		} `json:"outputs"`
	}
	require.NoError(t, json.Unmarshal(js, &reply), string(js))
	require.Len(t, reply.Outputs, 1)
	require.Equal(t, "output", reply.Outputs[0].Name)
	if bin == nil {
		out := make([]float32, len(reply.Outputs[0].Data))
		for i, v := range reply.Outputs[0].Data {
			out[i] = float32(v)
		}
		return out
	}
	require.Len(t, bin, 12)
	out := make([]float32, 3)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(bin[4*i:]))
	}
	return out
}

// TestTritonclientForms replays tritonclient.http's requests as they go on
// the wire (testdata/tritonclient, written by make_golden.py from its
// sources): no Content-Type, JSON and binary bodies, gzip and deflate both
// ways, the server metadata and the model index. Each infer form answers
// what a typed JSON request answers.
func TestTritonclientForms(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a node with every workload on loopback")
	}
	s := startStack(t)
	irisData, err := json.Marshal(wltest.IrisInput())
	require.NoError(t, err)
	status, h, body := oipPost(t, s.node+"/v2/models/onnx/infer",
		[]byte(`{"inputs":[{"name":"input","shape":[1,4],"datatype":"FP32","data":`+string(irisData)+`}]}`), -1)
	require.Equal(t, http.StatusOK, status, string(body))
	want := irisOutput(t, h, body)

	for _, tt := range []struct{ file, encoding string }{
		{"infer_json.http", ""},
		{"infer_binary.http", ""},
		{"infer_binary_gzip.http", "gzip"},
		{"infer_binary_deflate.http", "deflate"},
	} {
		t.Run(tt.file, func(t *testing.T) {
			resp, body := replay(t, s.node, tt.file)
			require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
			require.Equal(t, tt.encoding, resp.Header.Get("Content-Encoding"), "the reply is compressed as asked")
			require.Equal(t, want, irisOutput(t, resp.Header, body))
		})
	}
	t.Run("server metadata", func(t *testing.T) {
		resp, body := replay(t, s.node, "server_metadata.http")
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		var md struct {
			Name       string   `json:"name"`
			Version    string   `json:"version"`
			Extensions []string `json:"extensions"`
		}
		require.NoError(t, json.Unmarshal(body, &md))
		require.Equal(t, "infernode", md.Name)
		require.NotEmpty(t, md.Version)
		require.Contains(t, md.Extensions, "binary_tensor_data")
	})
	t.Run("repository index", func(t *testing.T) {
		resp, body := replay(t, s.node, "repository_index.http")
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		// echo and llm do not speak OIP: they cannot infer here.
		require.JSONEq(t, `[
			{"name":"echo","state":"UNAVAILABLE","reason":"container \"echo\" does not serve the Open Inference Protocol; the onnx and tensor workloads do"},
			{"name":"onnx","state":"READY"},{"name":"tensor","state":"READY"},
			{"name":"llm","state":"UNAVAILABLE","reason":"container \"llm\" does not serve the Open Inference Protocol; the onnx and tensor workloads do"}]`, string(body))
	})
	t.Run("model metadata", func(t *testing.T) {
		resp, body := replay(t, s.node, "model_metadata.http")
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		var meta oip.ModelMetadata
		require.NoError(t, json.Unmarshal(body, &meta))
		require.Equal(t, []oip.TensorMeta{{Name: "output", Datatype: "FP32", Shape: []int64{1, 3}}}, meta.Outputs)
	})
}
