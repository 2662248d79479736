package tensor

import (
	"encoding/json"
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTensorJSONRejects(t *testing.T) {
	tests := []struct {
		name, in, field, msg string
	}{
		{"not object", `[1,2]`, "", "a tensor is an object"},
		{"unknown field", `{"values":[1],"shape":[1],"dtype":1,"x":1}`, "", "unknown field"},
		{"no dtype", `{"values":[1],"shape":[1]}`, "dtype", "missing"},
		{"dtype not int", `{"values":[1],"shape":[1],"dtype":"float32"}`, "dtype", "integer code"},
		{"dtype out of range", `{"values":[1],"shape":[1],"dtype":16}`, "dtype", "dtype 16 is not a dtype code"},
		{"negative dtype", `{"values":[1],"shape":[1],"dtype":-1}`, "dtype", "not a dtype code"},
		{"float128", `{"values":[1],"shape":[1],"dtype":3}`, "dtype", "dtype float128 (3) is not supported"},
		{"float256", `{"values":[1],"shape":[1],"dtype":4}`, "dtype", "dtype float256 (4) is not supported"},
		{"no shape", `{"values":[1],"dtype":1}`, "shape", "missing"},
		{"shape not list", `{"values":[1],"shape":4,"dtype":1}`, "shape", "list of"},
		{"shape negative", `{"values":[1],"shape":[-1],"dtype":1}`, "shape", ">= 0"},
		{"shape huge", `{"values":[1],"shape":[100000,100000],"dtype":1}`, "shape", "more than"},
		{"no values", `{"shape":[1],"dtype":1}`, "values", "missing"},
		{"nested values", `{"values":[[1,2]],"shape":[1,2],"dtype":1}`, "values", "has 1 elements but shape [1 2] needs 2"},
		{"too few", `{"values":[1,2,3],"shape":[1,4],"dtype":1}`, "values", "has 3 elements but shape [1 4] needs 4"},
		{"string value", `{"values":["1"],"shape":[1],"dtype":1}`, "values[0]", "not a number"},
		{"float32 overflow", `{"values":[1e39],"shape":[1],"dtype":1}`, "values[0]", "float32 range"},
		{"float16 overflow", `{"values":[70000],"shape":[1],"dtype":0}`, "values[0]", "float16 range"},
		{"int8 overflow", `{"values":[128],"shape":[1],"dtype":5}`, "values[0]", "int8 range"},
		{"int fraction", `{"values":[1.5],"shape":[1],"dtype":8}`, "values[0]", "whole number"},
		{"uint negative", `{"values":[-1],"shape":[1],"dtype":9}`, "values[0]", "uint8 range"},
		{"uint64 overflow", `{"values":[18446744073709551616],"shape":[1],"dtype":12}`, "values[0]", "uint64 range"},
		{"bool 2", `{"values":[2],"shape":[1],"dtype":15}`, "values[0]", "not a bool"},
		{"complex scalar", `{"values":[1],"shape":[1],"dtype":13}`, "values[0]", "pair"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var tn Tensor
			err := json.Unmarshal([]byte(tc.in), &tn)
			var te *TensorError
			require.True(t, errors.As(err, &te), "want *TensorError, got %v", err)
			require.Equal(t, tc.field, te.Field)
			require.Contains(t, te.Msg, tc.msg)
		})
	}
}

func TestTensorConversions(t *testing.T) {
	tn := FromFloat32([]int{1, 3}, []float32{1, 2.5, -3})
	f64, err := tn.Float64s()
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2.5, -3}, f64)

	var ints Tensor
	require.NoError(t, json.Unmarshal([]byte(`{"values":[-1,2],"shape":[2],"dtype":6}`), &ints))
	f32, err := ints.Float32s()
	require.NoError(t, err)
	require.Equal(t, []float32{-1, 2}, f32)

	var c Tensor
	require.NoError(t, json.Unmarshal([]byte(`{"values":[[1,2]],"shape":[1],"dtype":14}`), &c))
	_, err = c.Float32s()
	require.ErrorIs(t, err, ErrComplex)

	_, err = json.Marshal(FromFloat64([]int{1}, []float64{math.NaN()}))
	require.ErrorContains(t, err, "cannot be written as JSON")

	_, err = NewTensor(Float32, []int{2}, make([]byte, 4))
	require.ErrorContains(t, err, "needs 8 bytes, got 4")
	_, err = NewTensor(Bool, []int{1}, []byte{2})
	require.ErrorContains(t, err, "use 0 or 1")
}

func TestHalf(t *testing.T) {
	tests := []struct {
		f float32
		h uint16
	}{
		{0, 0x0000}, {1, 0x3c00}, {-2, 0xc000}, {65504, 0x7bff}, {0.5, 0x3800},
		{float32(math.Ldexp(1, -24)), 0x0001}, // smallest subnormal
		{float32(math.Ldexp(1, -14)), 0x0400}, // smallest normal
		{float32(math.Inf(1)), 0x7c00}, {1e6, 0x7c00},
		{1 + float32(math.Ldexp(1, -11)), 0x3c00}, // tie rounds to even
		{1 + 3*float32(math.Ldexp(1, -11)), 0x3c02},
	}
	for _, tc := range tests {
		require.Equal(t, tc.h, Float32ToHalf(tc.f), "%v", tc.f)
	}
	// Every finite half round-trips through float32.
	for h := range uint32(0x10000) {
		if h&0x7c00 == 0x7c00 {
			continue
		}
		require.Equal(t, uint16(h), Float32ToHalf(HalfToFloat32(uint16(h))), "%#x", h)
	}
}
