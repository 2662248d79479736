package protocol

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
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
			var tn tensor.Tensor
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

func TestTensorABIRejects(t *testing.T) {
	good, err := EncodeTensorABI(tensor.FromFloat32([]int{1, 2}, []float32{1, 2}))
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
	short, err := EncodeTensorABI(tensor.FromFloat32([]int{1, 2}, []float32{1, 2}))
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
		var tn tensor.Tensor
		if err := json.Unmarshal(in, &tn); err != nil {
			// Either the JSON itself is malformed or the tensor is refused
			// with a field-naming error.
			return
		}
		n, err := tensor.NumElements(tn.Shape)
		require.NoError(t, err)
		require.Equal(t, n, tn.Len())
		out, err := json.Marshal(tn)
		require.NoError(t, err)
		var back tensor.Tensor
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
	enc, _ := EncodeTensorABI(tensor.FromFloat32([]int{1, 4}, []float32{1, 2, 3, 4}))
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
