package e2e_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
)

// buildProgram compiles workloads/<name> as the images do: static without
// cgo, unless a non-standard package it imports needs cgo (onnx: ONNX
// Runtime), which workloads/build-images.sh detects the same way.
func buildProgram(t *testing.T, name string) string {
	t.Helper()
	list := exec.Command("go", "list", "-deps", "-f", "{{if and .CgoFiles (not .Standard)}}{{.ImportPath}}{{end}}", "./workloads/"+name)
	list.Dir = wltest.RepoRoot(t)
	list.Env = append(os.Environ(), "CGO_ENABLED=1")
	cgoPkgs, err := list.Output()
	require.NoError(t, err, "go list %s", name)
	bin := filepath.Join(t.TempDir(), name)
	cmd := exec.Command("go", "build", "-o", bin, "./workloads/"+name)
	cmd.Dir = wltest.RepoRoot(t)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if len(strings.TrimSpace(string(cgoPkgs))) > 0 {
		cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	}
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build %s: %s", name, out)
	return bin
}

// startProgram runs bin on a free loopback port and returns its base URL
// once it logs that it serves; the process is stopped with SIGTERM by the
// caller through the returned function, which checks a clean exit.
func startProgram(t *testing.T, bin string, env ...string) (string, func()) {
	t.Helper()
	cmd := exec.Command(bin, "--addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	addr := make(chan string, 1)
	logs := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			var line struct {
				Msg  string `json:"msg"`
				Addr string `json:"addr"`
			}
			if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "serving" {
				addr <- line.Addr
			}
			select {
			case logs <- sc.Text():
			default:
			}
		}
		close(logs)
	}()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		var all []string
		for l := range logs {
			all = append(all, l)
		}
		t.Fatalf("%s did not start serving: %s", bin, strings.Join(all, "\n"))
	}
	stop := func() {
		require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
		require.NoError(t, cmd.Wait(), "graceful exit with status 0")
	}
	return base, stop
}

// modelCache lays a fixture out as local/infernode/iris in a fresh cache.
func modelCache(t testing.TB, fixture string) string {
	t.Helper()
	return wltest.CacheWith(t, filepath.Join(wltest.RepoRoot(t), fixture), "local/infernode/iris:"+filepath.Base(fixture))
}

func TestProgramsServeAndStop(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the workload programs")
	}
	t.Run("echo", func(t *testing.T) {
		base, stop := startProgram(t, buildProgram(t, "echo"))
		status, _, body := wltest.Post(t, base, `{"source":0,"destination":0,"data":"c0ffee","requires_proof":true}`)
		require.Equal(t, http.StatusOK, status, string(body))
		require.Contains(t, string(body), `"raw_output":"c0ffee"`)
		require.Equal(t, "echo", wltest.Resources(t, base).ServiceID)
		stop()
	})
	t.Run("onnx", func(t *testing.T) {
		cache := modelCache(t, "workloads/onnx/testdata/iris.onnx")
		base, stop := startProgram(t, buildProgram(t, "onnx"), "ONNXRUNTIME_LIB="+wltest.ORTLibrary(t),
			"ONNX_CACHE_DIR="+cache, "ONNX_DEFAULT_MODEL_ID=local/infernode/iris:iris.onnx")
		status, _, body := wltest.Post(t, base, `{"source":1,"destination":1,"data":{"inputs":{"input":`+wltest.IrisTensor+`}}}`)
		require.Equal(t, http.StatusOK, status, string(body))
		requireIris(t, body, "result.0", onnxGolden)
		stop()
	})
	t.Run("tensor", func(t *testing.T) {
		cache := modelCache(t, "workloads/tensor/testdata/iris.torch")
		rm := wltest.RealModels(t)[2] // the transformer encoder, TorchScript on libtorch
		wltest.LinkModel(t, cache, realModelIDs(rm)["tensor"], rm.File(".pt"))
		base, stop := startProgram(t, buildProgram(t, "tensor"), "TENSORFW_TORCH_LIB="+wltest.TorchLibrary(t),
			"TENSORFW_CACHE_DIR="+cache, "TENSORFW_DEFAULT_MODEL_ID=local/infernode/iris:iris.torch", "TENSORFW_USE_JIT=true")
		status, _, body := wltest.Post(t, base, `{"source":1,"destination":1,"data":{"input":`+wltest.IrisTensor+`}}`)
		require.Equal(t, http.StatusOK, status, string(body))
		requireIris(t, body, "", torchGolden)
		status, _, body = wltest.Post(t, base, `{"source":1,"destination":1,"data":`+realJob(t, "tensor", rm)+`}`)
		require.Equal(t, http.StatusOK, status, string(body))
		var got tensor.Tensor
		require.NoError(t, json.Unmarshal(body, &got))
		wltest.RequireClose(t, rm.Outputs[0], got, 1e-4)
		stop()
	})
	t.Run("llm", func(t *testing.T) {
		base, stop := startProgram(t, buildProgram(t, "llm"), "RETRY_PARAMS={\"tries\":1}")
		status, _, body := wltest.Post(t, base, `{"source":1,"destination":1,"data":{"provider":"PROVIDERA","model":"m","params":{"messages":[{"role":"user","content":"hi"}]}}}`)
		require.Equal(t, http.StatusBadRequest, status)
		require.Contains(t, string(body), "PROVIDERA_API_KEY is not set")
		stop()
	})
	t.Run("proof", func(t *testing.T) {
		bin := buildProgram(t, "proof")
		onnx := filepath.Join(wltest.RepoRoot(t), "workloads/proof/testdata/iris.onnx")
		out, err := exec.Command(bin, "setup", "--onnx", onnx).CombinedOutput()
		require.Error(t, err)
		require.Contains(t, string(out), "proof setup: --onnx FILE and --out DIR are required; see proof setup -h")
		bad := filepath.Join(t.TempDir(), "tanh.onnx")
		raw, err := os.ReadFile(onnx)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(bad, []byte(strings.ReplaceAll(string(raw), "Relu", "Tanh")), 0o644))
		out, err = exec.Command(bin, "setup", "--onnx", bad, "--out", t.TempDir()).CombinedOutput()
		require.Error(t, err)
		require.Contains(t, string(out), `unsupported operator "Tanh"`)

		root := t.TempDir()
		setup := exec.Command(bin, "setup", "--onnx", onnx, "--out", filepath.Join(root, "local/infernode/iris/default"))
		setup.Dir = wltest.RepoRoot(t) // finds contracts/node_modules/solc
		out, err = setup.CombinedOutput()
		require.NoError(t, err, "proof setup: %s", out)
		require.Contains(t, string(out), "could forge proofs")
		base, stop := startProgram(t, bin, "ARTIFACT_DIRECTORY="+root)
		status, _, body := wltest.Post(t, base, `{"source":1,"destination":1,"data":{"source":"OFFCHAIN","destination":"OFFCHAIN","data":{"repo_id":"local/infernode/iris","witness_data":{"input_data":`+wltest.IrisTensor+`,"output_data":null},"vk_address":null}}}`)
		require.Equal(t, http.StatusOK, status, string(body))
		require.Contains(t, string(body), `"gnark_proof":"0x`)
		require.Equal(t, "proof", wltest.Resources(t, base).ServiceID)
		stop()
	})
	t.Run("bad config stops the program", func(t *testing.T) {
		cmd := exec.Command(buildProgram(t, "tensor"), "--addr", "127.0.0.1:0")
		cmd.Env = append(os.Environ(), "TENSORFW_CACHE_DIR="+t.TempDir(), "TENSORFW_USE_JIT=maybe")
		out, err := cmd.CombinedOutput()
		require.Error(t, err)
		require.Contains(t, string(out), "TENSORFW_USE_JIT")
	})
	t.Run("tensor without its library stops the program", func(t *testing.T) {
		cmd := exec.Command(buildProgram(t, "tensor"), "--addr", "127.0.0.1:0")
		cmd.Env = append(os.Environ(), "TENSORFW_CACHE_DIR="+t.TempDir(), "TENSORFW_TORCH_LIB=/nonexistent/libinfernode_torch.so")
		out, err := cmd.CombinedOutput()
		require.Error(t, err)
		require.Contains(t, string(out), "libtorch: library /nonexistent/libinfernode_torch.so: stat")
		require.Contains(t, string(out), "set TENSORFW_TORCH_LIB")
	})
	t.Run("onnx without its library stops the program", func(t *testing.T) {
		cmd := exec.Command(buildProgram(t, "onnx"), "--addr", "127.0.0.1:0")
		cmd.Env = append(os.Environ(), "ONNX_CACHE_DIR="+t.TempDir(), "ONNXRUNTIME_LIB=/nonexistent/libonnxruntime.so.1")
		out, err := cmd.CombinedOutput()
		require.Error(t, err)
		require.Contains(t, string(out), "onnxruntime: library /nonexistent/libonnxruntime.so.1: stat")
		require.Contains(t, string(out), "set ONNXRUNTIME_LIB")
	})
}

var (
	onnxGolden  = wltest.IrisGoldenONNX()
	torchGolden = wltest.IrisGoldenTorch()
)

// requireIris finds the tensor at path ("" = the body itself, "result.0" =
// the first result) and checks it against the golden output to 1e-5.
func requireIris(t *testing.T, body []byte, path string, golden []float32) {
	t.Helper()
	raw := json.RawMessage(body)
	if path == "result.0" {
		var w struct {
			Result []json.RawMessage `json:"result"`
		}
		require.NoError(t, json.Unmarshal(body, &w))
		require.NotEmpty(t, w.Result)
		raw = w.Result[0]
	}
	var tn tensor.Tensor
	require.NoError(t, json.Unmarshal(raw, &tn))
	require.Equal(t, []int{1, 3}, tn.Shape)
	got, err := tn.Float32s()
	require.NoError(t, err)
	require.InDeltaSlice(t, golden, got, 1e-5)
}
