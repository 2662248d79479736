package tensor

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor/tensortest"
)

// FuzzFastTensor checks that the one-pass reader accepts only what
// encoding/json's path accepts, with the same result.
func FuzzFastTensor(f *testing.F) {
	for _, s := range []string{
		`{"values":[1.0380048,0.5586108,1.1037828,1.712096],"shape":[1,4],"dtype":1}`,
		` { "dtype" : 8 , "shape" : [ 2 ] , "values" : [ -9223372036854775808 , 3e2 ] } `,
		`{"values":[1],"shape":[],"dtype":0}`,
		`{"values":[],"shape":[0],"dtype":2}`,
		`{"values":[70000],"shape":[1],"dtype":0}`,
		`{"values":[1.5],"shape":[1],"dtype":5}`,
		`{"values":[1e400],"shape":[1],"dtype":2}`,
		`{"values":[-0,0.0,1E-5],"shape":[3],"dtype":12}`,
		`{"Values":[1],"shape":[1],"dtype":1}`,
		`{"values":[01],"shape":[1],"dtype":1}`,
		`{"values":[1],"values":[2],"shape":[1],"dtype":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		fast, ok := fastTensor(in)
		if !ok {
			return
		}
		ref, err := decodeTensorJSON(in)
		require.NoError(t, err, "the fast path accepted %q", in)
		require.Equal(t, ref.DType, fast.DType)
		require.Equal(t, ref.Shape, fast.Shape)
		require.Equal(t, ref.Bytes(), fast.Bytes())
		require.True(t, json.Valid(in), "the fast path accepted invalid JSON %q", in)
	})
}

func TestFastTensorDeclines(t *testing.T) {
	for _, s := range []string{
		`{"values":[1],"shape":[1],"dtype":1,"x":1}`, // unknown key: the error comes from encoding/json
		`{"values":[1,2],"shape":[1],"dtype":1}`,
		`{"values":[true],"shape":[1],"dtype":15}`,
		`{"values":[[1,2]],"shape":[1],"dtype":13}`,
		`{"values":[1],"shape":[-1],"dtype":1}`,
		`{"values":[1],"shape":[1],"dtype":1.0}`,
		`{"values":[1],"shape":[1],"dtype":3}`,
		`{"values":[1,],"shape":[1],"dtype":1}`,
		`{"values":[1],"shape":[1],"dtype":1} x`,
		`{"values":[1e39],"shape":[1],"dtype":1}`,
		`{"values":["1"],"shape":[1],"dtype":1}`,
		`{"values":[1],"shape":[1]}`,
	} {
		_, ok := fastTensor([]byte(s))
		require.False(t, ok, s)
	}
}

// BenchmarkTensorUnmarshalJSON decodes a 3 MB image tensor: the one-pass
// reader (what UnmarshalJSON takes) against encoding/json's path.
func BenchmarkTensorUnmarshalJSON(b *testing.B) {
	in := tensortest.ImageJSON()
	for _, bc := range []struct {
		name string
		dec  func([]byte) (Tensor, error)
	}{
		{"fast", func(in []byte) (Tensor, error) {
			var t Tensor
			return t, t.UnmarshalJSON(in)
		}},
		{"encoding_json", decodeTensorJSON},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				tn, err := bc.dec(in)
				if err != nil || tn.Len() != 3*224*224 {
					b.Fatal(err)
				}
			}
		})
	}
}
