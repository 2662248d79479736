package torch

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
)

var (
	irisInput  = wltest.IrisInput()
	irisGolden = wltest.IrisGoldenTorch()
)

func irisRaw(t testing.TB) []byte {
	t.Helper()
	return wltest.ReadFixture(t, "../testdata/iris.torch")
}

func TestIrisGolden(t *testing.T) {
	for _, jit := range []bool{false, true} {
		m, err := Load(irisRaw(t), Options{JIT: jit})
		require.NoError(t, err)
		require.Equal(t, jit, m.Compiled())
		require.Contains(t, m.Summary(), "IrisClassificationModel(MLP: Linear(4,50), Linear(50,50), Linear(50,3)")
		out, err := m.Forward(context.Background(), tensor.FromFloat32([]int{1, 4}, irisInput))
		require.NoError(t, err)
		require.Equal(t, []int{1, 3}, out.Shape)
		got, err := out.Float32s()
		require.NoError(t, err)
		require.InDeltaSlice(t, irisGolden, got, 1e-5, "jit=%v", jit)
	}
}

func TestJITMatchesInterpreter(t *testing.T) {
	a, err := Load(irisRaw(t), Options{})
	require.NoError(t, err)
	b, err := Load(irisRaw(t), Options{JIT: true})
	require.NoError(t, err)
	in := tensor.FromFloat32([]int{3, 4}, []float32{1, 2, 3, 4, -1, 0, 0.5, 2, 5.1, 3.5, 1.4, 0.2})
	x, err := a.Forward(context.Background(), in)
	require.NoError(t, err)
	y, err := b.Forward(context.Background(), in)
	require.NoError(t, err)
	require.Equal(t, x.Bytes(), y.Bytes(), "bit-identical")
	require.Equal(t, []int{3, 3}, x.Shape)
}

func TestForwardInputErrors(t *testing.T) {
	m, err := Load(irisRaw(t), Options{})
	require.NoError(t, err)
	tests := []struct {
		in   tensor.Tensor
		want string
	}{
		{tensor.FromFloat32([]int{1, 3}, []float32{1, 2, 3}), "the last dimension must be 4"},
		{tensor.FromInt64([]int{1, 4}, []int64{1, 2, 3, 4}), "input is int64"},
		{tensor.FromFloat32([]int{}, []float32{1}), "scalar"},
	}
	for _, tc := range tests {
		_, err := m.Forward(context.Background(), tc.in)
		var ie *InputError
		require.True(t, errors.As(err, &ie), "%v", err)
		require.ErrorContains(t, err, tc.want)
	}
}

// rezip rewrites the fixture archive with edit applied to each entry.
func rezip(t *testing.T, edit func(name string, b []byte) (string, []byte)) []byte {
	t.Helper()
	raw := irisRaw(t)
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	require.NoError(t, err)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		b, err := readZip(f, 1<<20)
		require.NoError(t, err)
		name, nb := edit(f.Name, b)
		if name == "" {
			continue
		}
		w, err := zw.Create(name)
		require.NoError(t, err)
		_, err = w.Write(nb)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

func TestLoadRejects(t *testing.T) {
	tests := []struct {
		name string
		raw  func(t *testing.T) []byte
		want string
	}{
		{"not zip", func(*testing.T) []byte { return []byte("nope") }, "not a PyTorch zip archive"},
		{"no data.pkl", func(t *testing.T) []byte {
			return rezip(t, func(n string, b []byte) (string, []byte) {
				if strings.HasSuffix(n, "data.pkl") {
					return "", nil
				}
				return n, b
			})
		}, "no <name>/data.pkl"},
		{"big endian", func(t *testing.T) []byte {
			return rezip(t, func(n string, b []byte) (string, []byte) {
				if strings.HasSuffix(n, "byteorder") {
					return n, []byte("big")
				}
				return n, b
			})
		}, `byte order "big"`},
		{"torchscript", func(t *testing.T) []byte {
			return rezip(t, func(n string, b []byte) (string, []byte) {
				if strings.HasSuffix(n, "version") {
					return "iris/code/__torch__.py", b
				}
				return n, b
			})
		}, "TorchScript archive"},
		{"unknown module", func(t *testing.T) []byte {
			return rezip(t, func(n string, b []byte) (string, []byte) {
				if strings.HasSuffix(n, "data.pkl") {
					// Same length: the GLOBAL line stays well formed.
					return n, bytes.Replace(b, []byte("linear\nLinear"), []byte("linear\nConv2d"), 1)
				}
				return n, b
			})
		}, "unsupported module torch.nn.modules.linear.Conv2d (at model.layer1)"},
		{"int storage", func(t *testing.T) []byte {
			return rezip(t, func(n string, b []byte) (string, []byte) {
				if strings.HasSuffix(n, "data.pkl") {
					return n, bytes.Replace(b, []byte("torch\nFloatStorage"), []byte("torch\nLongStorage\x00"), 1)
				}
				return n, b
			})
		}, "storage type torch.LongStorage"},
		{"missing storage", func(t *testing.T) []byte {
			return rezip(t, func(n string, b []byte) (string, []byte) {
				if strings.HasSuffix(n, "data/3") {
					return "", nil
				}
				return n, b
			})
		}, "storage 3 is missing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(tc.raw(t), Options{})
			require.ErrorContains(t, err, tc.want)
		})
	}
}

func FuzzUnpickle(f *testing.F) {
	raw := irisRaw(f)
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	require.NoError(f, err)
	for _, zf := range zr.File {
		if strings.HasSuffix(zf.Name, "data.pkl") {
			b, err := readZip(zf, 1<<20)
			require.NoError(f, err)
			f.Add(b)
		}
	}
	f.Add([]byte("\x80\x02}q\x00(X\x01\x00\x00\x00aK\x01u."))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = unpickle(b, func(pid any) (any, error) { return storageRef{dtype: "float32", key: "0"}, nil })
	})
}

func BenchmarkIris(b *testing.B) {
	for _, jit := range []bool{false, true} {
		name := "interpreted"
		if jit {
			name = "jit"
		}
		b.Run(name, func(b *testing.B) {
			m, err := Load(irisRaw(b), Options{JIT: jit})
			require.NoError(b, err)
			in := tensor.FromFloat32([]int{1, 4}, irisInput)
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := m.Forward(ctx, in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestDenseStrided(t *testing.T) {
	// A transposed view: storage [[1,2,3],[4,5,6]] read as its 3x2 transpose.
	b := builder{storages: map[string][]float32{"0": {1, 2, 3, 4, 5, 6}}}
	d, err := b.dense(&rawTensor{storage: storageRef{key: "0", numel: 6}, size: []int{3, 2}, stride: []int{1, 3}}, "w")
	require.NoError(t, err)
	require.Equal(t, []float32{1, 4, 2, 5, 3, 6}, d.data)
	// An offset view past the storage is refused.
	_, err = b.dense(&rawTensor{storage: storageRef{key: "0", numel: 6}, offset: 5, size: []int{2}, stride: []int{1}}, "w")
	require.ErrorContains(t, err, "reads past its storage")
}

// A full-model save's activations are bounded from its layers before a
// request runs: the iris model's widest layer is 50 features, so an input
// of 1,342,178 rows (21 MB, within a request body) would make more than
// 2^26 elements (268 MB) in its first layer; it is refused before anything
// is allocated for it.
func TestActivationsBoundedBeforeTheRun(t *testing.T) {
	m, err := Load(irisRaw(t), Options{})
	require.NoError(t, err)
	require.Equal(t, 4, m.firstIn)
	require.Equal(t, 50, m.widest)
	rows := tensor.MaxTensorElements/50 + 1
	in := tensor.FromFloat32([]int{rows, 4}, make([]float32, rows*4))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = m.Forward(context.Background(), in)
	runtime.ReadMemStats(&after)
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	require.ErrorContains(t, err, "is 1342178 rows and the model's widest layer 50 features: more than 67108864 elements, refused before it runs")
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "nothing was allocated for the run")

	out, err := m.Forward(context.Background(), tensor.FromFloat32([]int{1, 4}, irisInput))
	require.NoError(t, err, "the model serves the next request")
	require.Equal(t, []int{1, 3}, out.Shape)
}
