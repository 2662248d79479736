package service_test

import (
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/echo/service"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/protocol"
)

func newServer(t *testing.T) *httptest.Server {
	t.Helper()
	h, err := service.New(service.Config{})
	require.NoError(t, err)
	srv := wltest.Server(t, h)
	return srv
}

func TestEcho(t *testing.T) {
	jsonIn := []byte(`{"a":[1,2],"b":"x"}`)
	tests := []struct {
		name string
		body string
		want string
	}{
		{"off-chain object", `{"source":1,"destination":1,"data":{"x":1}}`, `{"output":{"x":1}}`},
		{"off-chain string", `{"source":1,"destination":1,"data":"hi"}`, `{"output":"hi"}`},
		{"on-chain in, off-chain out", `{"source":0,"destination":1,"data":"cafe"}`, `{"output":"cafe"}`},
		{"on-chain hex", `{"source":0,"destination":0,"data":"deadbeef"}`,
			`{"raw_input":"deadbeef","processed_input":"","raw_output":"deadbeef","processed_output":"","proof":""}`},
		{"on-chain empty input", `{"source":0,"destination":0,"data":""}`,
			`{"raw_input":"","processed_input":"","raw_output":"","processed_output":"","proof":""}`},
		{"on-chain hex with proof", `{"source":0,"destination":0,"data":"deadbeef","requires_proof":true}`,
			`{"raw_input":"deadbeef","processed_input":"","raw_output":"deadbeef","processed_output":"","proof":"` +
				hex.EncodeToString(crypto.Keccak256([]byte{0xde, 0xad, 0xbe, 0xef})) + `"}`},
		{"delegated JSON to chain, compacted", `{"source":1,"destination":0,"data":{ "a": [1, 2], "b": "x" },"requires_proof":true}`,
			`{"raw_input":"` + hex.EncodeToString(jsonIn) + `","processed_input":"","raw_output":"` + hex.EncodeToString(jsonIn) +
				`","processed_output":"","proof":"` + hex.EncodeToString(crypto.Keccak256(jsonIn)) + `"}`},
	}
	srv := newServer(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, hdr, body := wltest.Post(t, srv.URL, tc.body)
			require.Equal(t, http.StatusOK, status, string(body))
			require.Equal(t, "application/json", hdr.Get("Content-Type"))
			require.JSONEq(t, tc.want, string(body))
		})
	}
}

func TestEchoKeccakVector(t *testing.T) {
	// Known Ethereum vector: keccak256("") (not SHA3-256).
	require.Equal(t, "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470", hex.EncodeToString(service.Keccak256(nil)))
}

func TestEchoRejects(t *testing.T) {
	tests := []struct {
		name, body, wantErr string
	}{
		{"not JSON", `nope`, "Invalid request"},
		{"no data", `{"source":1,"destination":1}`, "data"},
		{"bad destination", `{"source":1,"destination":7,"data":1}`, "destination"},
		{"on-chain data not hex", `{"source":0,"destination":0,"data":"xyz1"}`, "data"},
		{"on-chain data not a string", `{"source":0,"destination":0,"data":{"a":1}}`, "hex"},
	}
	srv := newServer(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, wltest.ErrorReply(t, srv.URL, tc.body, http.StatusBadRequest), tc.wantErr)
		})
	}
}

// flushRecorder records what was written between flushes.
type flushRecorder struct {
	*httptest.ResponseRecorder
	chunks []string
	cur    strings.Builder
}

func (r *flushRecorder) Write(b []byte) (int, error) {
	r.cur.Write(b)
	return r.ResponseRecorder.Write(b)
}

func (r *flushRecorder) Flush() {
	r.chunks = append(r.chunks, r.cur.String())
	r.cur.Reset()
	r.ResponseRecorder.Flush()
}

func TestEchoStream(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"object as compact JSON", `{ "x": [1, 2, 3], "y": "hello world" }`, `{"x":[1,2,3],"y":"hello world"}`},
		{"text field", `{"text":"the quick brown fox"}`, `the quick brown fox`},
		{"string", `"plain words here"`, `plain words here`},
	}
	h, err := service.New(service.Config{StreamChunks: 3})
	require.NoError(t, err)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := &flushRecorder{ResponseRecorder: httptest.NewRecorder()}
			req := httptest.NewRequest(http.MethodPost, protocol.PathOutput,
				strings.NewReader(`{"source":1,"destination":2,"data":`+tc.data+`}`))
			h.ServeHTTP(rec, req)
			require.Equal(t, http.StatusOK, rec.Code)
			require.Equal(t, tc.want, rec.Body.String())
			require.Len(t, rec.chunks, 3, "each chunk is flushed on its own")
			require.Equal(t, tc.want, strings.Join(rec.chunks, ""))
		})
	}
}

func TestEchoStreamOverHTTP(t *testing.T) {
	srv := newServer(t)
	status, hdr, body := wltest.Post(t, srv.URL, `{"source":1,"destination":2,"data":{"x":1}}`)
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, "text/plain; charset=utf-8", hdr.Get("Content-Type"))
	require.Equal(t, `{"x":1}`, string(body))
}

func TestEchoServiceResources(t *testing.T) {
	srv := newServer(t)
	res := wltest.Resources(t, srv.URL)
	require.Equal(t, "echo", res.ServiceID)
	require.Len(t, res.ComputeCapability, 1)
	require.Len(t, res.HardwareCapabilities, 1)
	hw := res.HardwareCapabilities[0]
	require.Positive(t, hw.CPUInfo.NumCores)
	require.Len(t, hw.CPUInfo.Cores, hw.CPUInfo.NumCores)
	require.Positive(t, hw.DiskInfo.Size)
	require.NotEmpty(t, hw.DiskInfo.MountPoint)
	require.NotEmpty(t, hw.OSInfo.Name)

	sup := wltest.Support(t, srv.URL, "local/a/b:c.onnx")
	require.False(t, sup.Supported)
	require.NotEmpty(t, sup.Error)
}

func TestEchoMethodNotAllowed(t *testing.T) {
	srv := newServer(t)
	resp, err := http.Get(srv.URL + protocol.PathOutput)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
}

// BenchmarkEchoHTTP is one off-chain echo over loopback HTTP.
func BenchmarkEchoHTTP(b *testing.B) {
	h, err := service.New(service.Config{})
	require.NoError(b, err)
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := srv.Client()
	for b.Loop() {
		wltest.PostOK(b, client, srv.URL, `{"source":1,"destination":1,"data":{"x":1}}`)
	}
}
