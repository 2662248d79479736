package protocol

import (
	"encoding/json"
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTensorJSONRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // canonical re-encoding; empty = same as in
	}{
		{"float32 iris input", `{"values":[1.0380048,0.5586108,1.1037828,1.712096],"shape":[1,4],"dtype":1}`, ""},
		{"float64", `{"values":[0.1,-2.5e-300],"shape":[2],"dtype":2}`, ""},
		{"float16", `{"values":[1,0.5,-2,65504,0.00006103515625],"shape":[5],"dtype":0}`, `{"values":[1,0.5,-2,65504,6.1035156e-05],"shape":[5],"dtype":0}`},
		{"float16 rounds", `{"values":[0.1],"shape":[1],"dtype":0}`, `{"values":[0.099975586],"shape":[1],"dtype":0}`},
		{"int8", `{"values":[-128,127,0],"shape":[3],"dtype":5}`, ""},
		{"int16", `{"values":[-32768,32767],"shape":[2],"dtype":6}`, ""},
		{"int32", `{"values":[-2147483648,2147483647],"shape":[2],"dtype":7}`, ""},
		{"int64 exact", `{"values":[-9223372036854775808,9223372036854775807],"shape":[2],"dtype":8}`, ""},
		{"int whole float", `{"values":[3.0,1e2],"shape":[2],"dtype":7}`, `{"values":[3,100],"shape":[2],"dtype":7}`},
		{"uint8", `{"values":[0,255],"shape":[2],"dtype":9}`, ""},
		{"uint16", `{"values":[65535],"shape":[1],"dtype":10}`, ""},
		{"uint32", `{"values":[4294967295],"shape":[1],"dtype":11}`, ""},
		{"uint64 exact", `{"values":[18446744073709551615],"shape":[1],"dtype":12}`, ""},
		{"complex64", `{"values":[[1,-2],[0.5,0]],"shape":[2],"dtype":13}`, ""},
		{"complex128", `{"values":[[1e300,-2]],"shape":[1],"dtype":14}`, ""},
		{"bool", `{"values":[true,false,1,0],"shape":[2,2],"dtype":15}`, `{"values":[true,false,true,false],"shape":[2,2],"dtype":15}`},
		{"scalar", `{"values":[7],"shape":[],"dtype":8}`, ""},
		{"empty", `{"values":[],"shape":[0,3],"dtype":1}`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var tn Tensor
			require.NoError(t, json.Unmarshal([]byte(tc.in), &tn))
			out, err := json.Marshal(tn)
			require.NoError(t, err)
			want := tc.want
			if want == "" {
				want = tc.in
			}
			require.JSONEq(t, want, string(out))
			// The on-chain encoding round-trips every supported dtype.
			enc, err := EncodeTensorABI(tn)
			require.NoError(t, err)
			back, err := DecodeTensorABI(enc)
			require.NoError(t, err)
			require.Equal(t, tn.DType, back.DType)
			require.Equal(t, tn.Shape, back.Shape)
			require.Equal(t, tn.Bytes(), back.Bytes())
		})
	}
}

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

func TestTensorABIRejects(t *testing.T) {
	good, err := EncodeTensorABI(FromFloat32([]int{1, 2}, []float32{1, 2}))
	require.NoError(t, err)
	_, err = DecodeTensorABI(good[:len(good)-40])
	require.Error(t, err)
	bad := append([]byte(nil), good...)
	bad[31] = 3 // float128
	_, err = DecodeTensorABI(bad)
	require.ErrorContains(t, err, "float128")
	bad = append([]byte(nil), good...)
	bad[30] = 1 // dtype 257 > uint8
	_, err = DecodeTensorABI(bad)
	require.ErrorContains(t, err, "dtype")
	// values shorter than the shape needs
	short, err := EncodeTensorABI(FromFloat32([]int{1, 2}, []float32{1, 2}))
	require.NoError(t, err)
	tn, err := DecodeTensorABI(short)
	require.NoError(t, err)
	tn.Shape = []int{1, 3}
	enc, err := EncodeTensorABI(tn)
	require.NoError(t, err)
	_, err = DecodeTensorABI(enc)
	require.ErrorContains(t, err, "needs 12 bytes, got 8")
}

func FuzzTensor(f *testing.F) {
	for _, s := range []string{
		`{"values":[1.0380048,0.5586108,1.1037828,1.712096],"shape":[1,4],"dtype":1}`,
		`{"values":[[1,2]],"shape":[1],"dtype":13}`,
		`{"values":[true],"shape":[1],"dtype":15}`,
		`{"values":[-9223372036854775808],"shape":[1],"dtype":8}`,
		`{"values":[1],"shape":[],"dtype":0}`,
		`{"values":[],"shape":[0],"dtype":3}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var tn Tensor
		if err := json.Unmarshal(in, &tn); err != nil {
			// Either the JSON itself is malformed or the tensor is refused
			// with a field-naming error.
			return
		}
		n, err := NumElements(tn.Shape)
		require.NoError(t, err)
		require.Equal(t, n, tn.Len())
		out, err := json.Marshal(tn)
		require.NoError(t, err)
		var back Tensor
		require.NoError(t, json.Unmarshal(out, &back), "%s", out)
		require.Equal(t, tn.DType, back.DType)
		require.Equal(t, tn.Shape, back.Shape)
		require.Equal(t, tn.Bytes(), back.Bytes(), "JSON round trip is exact")
		enc, err := EncodeTensorABI(tn)
		require.NoError(t, err)
		dec, err := DecodeTensorABI(enc)
		require.NoError(t, err)
		require.Equal(t, tn.Bytes(), dec.Bytes())
	})
}

func FuzzTensorABI(f *testing.F) {
	enc, _ := EncodeTensorABI(FromFloat32([]int{1, 4}, []float32{1, 2, 3, 4}))
	f.Add(enc)
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		tn, err := DecodeTensorABI(b)
		if err != nil {
			return
		}
		again, err := EncodeTensorABI(tn)
		require.NoError(t, err)
		back, err := DecodeTensorABI(again)
		require.NoError(t, err)
		require.Equal(t, tn.Bytes(), back.Bytes())
		require.Equal(t, tn.Shape, back.Shape)
	})
}
