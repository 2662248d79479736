package ort_test

import (
	"context"
	"errors"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
	"google.golang.org/protobuf/encoding/protowire"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/onnx/ort"
	"github.com/infernode/infernode/workloads/protocol"
)

// procStatus is a size field of /proc/self/status (VmRSS, VmData) in bytes.
func procStatus(t *testing.T, field string) uint64 {
	b, err := os.ReadFile("/proc/self/status")
	require.NoError(t, err)
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			require.NoError(t, err)
			return kb << 10
		}
	}
	t.Fatalf("no %s in /proc/self/status", field)
	return 0
}

// A hosted model bomb, y = Expand(x, [1e8]) in about 100 bytes (400 MB of
// output), is refused when it loads, before it ever runs, however it
// declares y: ONNX Runtime's shape inference, not the declaration, bounds
// the output. The process's RSS does not grow by the output. A model whose
// dynamic output dimension is named after its input's loads and runs.
func TestModelBombRefusedBeforeItRuns(t *testing.T) {
	rt := open(t)
	before := int64(procStatus(t, "VmRSS"))
	for _, tc := range []struct {
		name     string
		declared []int64
		want     string
	}{
		{"declared as it is", []int64{100000000}, "more than 67108864 elements, refused before it runs"},
		{"declared as small", []int64{1}, "cannot be bounded before the model runs"},
		{"declared dynamic", []int64{-1}, "more than 67108864 elements"},
		{"not declared", nil, "more than 67108864 elements"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := expandModel([]int64{1}, []int64{100000000}, tc.declared)
			require.Less(t, len(raw), 110)
			_, err := rt.Load(raw)
			var me *ort.ModelError
			require.True(t, errors.As(err, &me), "a *ModelError (the workload's 400): %v", err)
			require.Contains(t, err.Error(), tc.want)
		})
	}
	grown := int64(procStatus(t, "VmRSS")) - before
	t.Logf("RSS grew by %d MiB over four bomb loads", grown>>20)
	require.Less(t, grown, int64(100<<20), "nothing the size of the output was allocated")

	m, err := rt.Load(expandModel([]int64{-1}, []int64{1}, []int64{-1}))
	require.NoError(t, err, "an output dimension named after the input's (the batch) is bounded by the request")
	out, err := m.Run(context.Background(), map[string]tensor.Tensor{"x": tensor.FromFloat32([]int{3}, []float32{1, 2, 3})})
	require.NoError(t, err)
	require.Equal(t, []int{3}, out[0].Tensor.Shape)

	lenient, err := ort.Open(ort.Config{Library: wltest.ORTLibrary(t), IntraOpThreads: 1, AllowDynamicOutputs: true})
	require.NoError(t, err)
	_, err = lenient.Load(expandModel([]int64{1}, []int64{100000000}, []int64{1}))
	require.NoError(t, err, "MODEL_ALLOW_DYNAMIC_OUTPUTS lets the operator load what cannot be bounded")
}

// expandModel is a ~100-byte ONNX model y = Expand(x, shape): x is a
// float input of shape inDims, shape an int64 initializer, and y is
// declared with outDims (nil: no shape; a negative dim: the symbolic "N").
func expandModel(inDims, shape, outDims []int64) []byte {
	type pb = []byte
	str := func(b pb, n protowire.Number, s string) pb {
		return protowire.AppendString(protowire.AppendTag(b, n, protowire.BytesType), s)
	}
	msg := func(b pb, n protowire.Number, m pb) pb {
		return protowire.AppendBytes(protowire.AppendTag(b, n, protowire.BytesType), m)
	}
	varint := func(b pb, n protowire.Number, v int64) pb {
		return protowire.AppendVarint(protowire.AppendTag(b, n, protowire.VarintType), uint64(v))
	}
	valueInfo := func(name string, elem int64, dims []int64) pb {
		tt := varint(nil, 1, elem)
		if dims != nil {
			var sh pb
			for _, d := range dims {
				if d < 0 {
					sh = msg(sh, 1, str(nil, 2, "N"))
				} else {
					sh = msg(sh, 1, varint(nil, 1, d))
				}
			}
			tt = msg(tt, 2, sh)
		}
		return msg(str(nil, 1, name), 2, msg(nil, 1, tt))
	}
	init := varint(nil, 1, int64(len(shape)))
	init = str(varint(init, 2, 7), 8, "shape") // INT64
	for _, v := range shape {
		init = varint(init, 7, v)
	}
	node := str(str(str(str(str(nil, 1, "x"), 1, "shape"), 2, "y"), 3, "expand"), 4, "Expand")
	var g pb
	g = msg(g, 1, node)
	g = str(g, 2, "bomb")
	g = msg(g, 5, init)
	g = msg(g, 11, valueInfo("x", 1, inDims))
	g = msg(g, 12, valueInfo("y", 1, outDims))
	var m pb
	m = varint(m, 1, 8)
	m = msg(m, 8, varint(str(nil, 1, ""), 2, 17))
	return msg(m, 7, g)
}

// Under MODEL_MAX_MEMORY_BYTES, a model the operator let through
// (MODEL_ALLOW_DYNAMIC_OUTPUTS) that asks for more than the limit fails its
// run with an error, and the process lives to run the next one.
func TestMemoryLimitFailsTheRunNotTheProcess(t *testing.T) {
	rt, err := ort.Open(ort.Config{Library: wltest.ORTLibrary(t), IntraOpThreads: 1, AllowDynamicOutputs: true})
	require.NoError(t, err)
	bomb, err := rt.Load(expandModel([]int64{1}, []int64{100000000}, []int64{1})) // 400 MB of output
	require.NoError(t, err)
	small, err := rt.Load(expandModel([]int64{-1}, []int64{1}, []int64{-1}))
	require.NoError(t, err)

	var saved unix.Rlimit
	require.NoError(t, unix.Getrlimit(unix.RLIMIT_DATA, &saved))
	goLimit := debug.SetMemoryLimit(-1)
	t.Cleanup(func() {
		require.NoError(t, unix.Setrlimit(unix.RLIMIT_DATA, &saved))
		debug.SetMemoryLimit(goLimit)
	})
	limit := procStatus(t, "VmData") + 128<<20 // what the process holds, and 128 MiB for the run
	env := map[string]string{"MODEL_MAX_MEMORY_BYTES": strconv.FormatUint(limit, 10)}
	got, err := protocol.LimitMemory(func(k string) string { return env[k] })
	require.NoError(t, err)
	require.Equal(t, limit, got)

	_, err = bomb.Run(context.Background(), map[string]tensor.Tensor{"x": tensor.FromFloat32([]int{1}, []float32{1})})
	require.Error(t, err, "400 MB of output cannot be allocated under the limit")
	t.Logf("the bomb's run under %d MiB: %v", limit>>20, err)
	out, err := small.Run(context.Background(), map[string]tensor.Tensor{"x": tensor.FromFloat32([]int{2}, []float32{1, 2})})
	require.NoError(t, err, "the process lives on and runs the next model")
	require.Equal(t, []int{2}, out[0].Tensor.Shape)
}
