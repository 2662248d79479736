package libtorch_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/tensor/libtorch"
)

// TestMissingLibrary comes first: the library is process-wide, and a test
// before it would have loaded it.
func TestMissingLibrary(t *testing.T) {
	_, err := libtorch.Open(libtorch.Config{Library: "/nonexistent/libinfernode_torch.so"})
	require.ErrorContains(t, err, "libtorch: library /nonexistent/libinfernode_torch.so: stat")
	require.ErrorContains(t, err, "set TENSORFW_TORCH_LIB")
}

func open(t testing.TB) *libtorch.Runtime {
	t.Helper()
	rt, err := libtorch.Open(libtorch.Config{Library: wltest.TorchLibrary(t), Threads: 1})
	require.NoError(t, err)
	return rt
}

// TestRealModels runs the suite's TorchScript files (torch.jit.trace of
// ResNet-18, MobileNetV3-small and a transformer encoder) and requires
// PyTorch's own outputs within 1e-4.
func TestRealModels(t *testing.T) {
	rt := open(t)
	require.Equal(t, "1.13.0", rt.Version())
	for _, rm := range wltest.RealModels(t) {
		t.Run(rm.Name, func(t *testing.T) {
			raw, err := os.ReadFile(rm.File(".pt"))
			require.NoError(t, err)
			m, err := rt.Load(raw)
			require.NoError(t, err)
			require.Contains(t, m.Summary(), "TorchScript __torch__.")
			require.Len(t, rm.Inputs, 1)
			for _, in := range rm.Inputs {
				out, err := m.Forward(context.Background(), in)
				require.NoError(t, err)
				wltest.RequireClose(t, rm.Outputs[0], out, 1e-4)
			}
		})
	}
}

func TestBadModels(t *testing.T) {
	rt := open(t)
	rm := wltest.RealModels(t)[2] // the transformer encoder: the smallest
	raw, err := os.ReadFile(rm.File(".pt"))
	require.NoError(t, err)
	// libtorch checks no checksums: garbled weights load (as in PyTorch),
	// garbled code or pickles do not.
	corrupt := rezip(t, raw, func(name string, b []byte) []byte {
		if strings.HasSuffix(name, ".py") {
			return append([]byte("def forward(self x):\n"), b...)
		}
		return b
	})
	badPickle := rezip(t, raw, func(name string, b []byte) []byte {
		if strings.HasSuffix(name, "/data.pkl") {
			return b[:len(b)/2]
		}
		return b
	})
	pth, err := os.ReadFile(rm.File(".pth"))
	require.NoError(t, err)
	wantLoad := map[string]string{
		"two inputs":      "__torch__.Add.forward() takes 2 tensors; the tensor workload feeds exactly one",
		"two outputs":     "forward() returns (Tensor, Tensor); the tensor workload returns one tensor",
		"full-model save": "failed locating file constants.pkl",
		"truncated":       "failed reading zip archive",
	}
	for name, b := range map[string][]byte{
		"empty":           nil,
		"not a zip":       []byte("hello, this is not a model"),
		"truncated":       raw[:len(raw)/2],
		"truncated tail":  raw[:len(raw)-10],
		"corrupt code":    corrupt,
		"corrupt pickle":  badPickle,
		"full-model save": pth,
		"onnx":            wltest.ReadFixture(t, "../../onnx/testdata/iris.onnx"),
		"two inputs":      wltest.ReadFixture(t, "../testdata/add.pt"),
		"two outputs":     wltest.ReadFixture(t, "../testdata/pair.pt"),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := rt.Load(b)
			var me *libtorch.ModelError
			require.ErrorAs(t, err, &me)
			if want, ok := wantLoad[name]; ok {
				require.ErrorContains(t, err, want)
			}
			t.Log(err)
		})
	}
}

func TestBadInputs(t *testing.T) {
	rt := open(t)
	rms := wltest.RealModels(t)
	raw, err := os.ReadFile(rms[1].File(".pt")) // MobileNetV3-small: 1x3x224x224 float32
	require.NoError(t, err)
	m, err := rt.Load(raw)
	require.NoError(t, err)
	for name, tc := range map[string]struct {
		in   tensor.Tensor
		want string
	}{
		"channels": {tensor.FromFloat32([]int{1, 4, 8, 8}, make([]float32, 256)), "expected input[1, 4, 8, 8] to have 3 channels"},
		"rank":     {tensor.FromFloat32([]int{3, 8}, make([]float32, 24)), "libtorch: "},
		"dtype":    {tensor.FromInt64([]int{1, 3, 8, 8}, make([]int64, 192)), "(the input is int64 [1 3 8 8])"},
		"uint32":   {mustTensor(t, tensor.Uint32, []int{1}, make([]byte, 4)), "which libtorch has no type for"},
		"empty":    {tensor.FromFloat32([]int{1, 3, 0, 8}, nil), "no elements"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := m.Forward(context.Background(), tc.in)
			var ie *libtorch.InputError
			require.ErrorAs(t, err, &ie)
			require.ErrorContains(t, err, tc.want)
			require.NotContains(t, err.Error(), "Traceback")
			t.Log(err)
		})
	}
	// Still serving.
	out, err := m.Forward(context.Background(), rms[1].Inputs["input"])
	require.NoError(t, err)
	wltest.RequireClose(t, rms[1].Outputs[0], out, 1e-4)
}

// rezip rewrites a zip archive, passing each entry through edit.
func rezip(t *testing.T, raw []byte, edit func(name string, b []byte) []byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	require.NoError(t, err)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		rc, err := f.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(rc)
		require.NoError(t, err)
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Store})
		require.NoError(t, err)
		_, err = w.Write(edit(f.Name, b))
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

func mustTensor(t *testing.T, d tensor.DType, shape []int, b []byte) tensor.Tensor {
	tn, err := tensor.NewTensor(d, shape, b)
	require.NoError(t, err)
	return tn
}

// TestConcurrentForward: one module serves concurrent requests, each with
// PyTorch's answer.
func TestConcurrentForward(t *testing.T) {
	rt := open(t)
	rm := wltest.RealModels(t)[2] // the transformer encoder
	raw, err := os.ReadFile(rm.File(".pt"))
	require.NoError(t, err)
	m, err := rt.Load(raw)
	require.NoError(t, err)
	var wg sync.WaitGroup
	outs := make([]tensor.Tensor, 8)
	errs := make([]error, len(outs))
	for i := range outs {
		wg.Go(func() {
			for range 10 {
				outs[i], errs[i] = m.Forward(context.Background(), rm.Inputs["tokens"])
				if errs[i] != nil {
					return
				}
			}
		})
	}
	wg.Wait()
	for i := range outs {
		require.NoError(t, errs[i])
		wltest.RequireClose(t, rm.Outputs[0], outs[i], 1e-4)
	}
}

// Model bombs built in the test (a few hundred bytes of TorchScript each):
// one whose code names a constant shape past the bound is refused when it
// loads, before it runs; one that computes its size at run time is refused
// at the allocation, before the memory is taken; one that returns a huge
// view is refused before the view is copied out. The process's RSS does
// not grow by what they asked for, and a small model runs on.
func TestModelBombs(t *testing.T) {
	rt := open(t)
	before := rss(t)
	_, err := rt.Load(wltest.TorchScript("torch.expand(x, [100000000])"))
	var me *libtorch.ModelError
	require.ErrorAs(t, err, &me, "refused at load: a 400 for a client's hosted model")
	require.ErrorContains(t, err, "aten::expand with the constant shape [100000000], more than 67108864 elements: a model bomb, refused before it runs")
	_, err = rt.Load(wltest.TorchScript("torch.add(torch.zeros([20000, 20000]), x)"))
	require.ErrorContains(t, err, "aten::zeros with the constant shape [20000, 20000]")

	in := tensor.FromFloat32([]int{1}, []float32{2})
	for _, tc := range []struct{ expr, want string }{
		// 2^28 float32 = 1 GiB, its size computed from the input at run time.
		{"torch.add(torch.zeros([int(x.size(0)) * 268435456]), x)", "refused before it was allocated"},
		// A view of 10^8 elements holds no memory until it is copied out.
		{"x.expand([int(x.size(0)) * 100000000])", "refused before they were copied"},
	} {
		m, err := rt.Load(wltest.TorchScript(tc.expr))
		require.NoError(t, err, "nothing in the file bounds it: it loads")
		_, err = m.Forward(context.Background(), in)
		var ie *libtorch.InputError
		require.ErrorAs(t, err, &ie, "a 400, not a dead process")
		require.ErrorContains(t, err, tc.want)
	}
	grown := rss(t) - before
	t.Logf("RSS grew by %d MiB over four bombs", grown>>20)
	require.Less(t, grown, int64(100<<20), "nothing the size of the bombs was allocated")

	small, err := rt.Load(wltest.TorchScript("torch.mul(x, 3)"))
	require.NoError(t, err)
	out, err := small.Forward(context.Background(), in)
	require.NoError(t, err)
	f, err := out.Float32s()
	require.NoError(t, err)
	require.Equal(t, []float32{6}, f)
}

// rss is the process's resident set in bytes (/proc/self/status VmRSS).
func rss(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/status")
	require.NoError(t, err)
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var kb int64
			_, err := fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), &kb)
			require.NoError(t, err)
			return kb << 10
		}
	}
	t.Fatal("no VmRSS in /proc/self/status")
	return 0
}
