package protocol

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
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

// imageTensorJSON is a 1x3x224x224 float32 image as clients send it:
// float64-precision decimals, about 3 MB.
func imageTensorJSON() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	b.WriteString(`{"values": [`)
	for i := range 3 * 224 * 224 {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatFloat(float64(float32(r.NormFloat64())), 'g', -1, 64))
	}
	b.WriteString(`], "shape": [1, 3, 224, 224], "dtype": 1}`)
	return []byte(b.String())
}

// BenchmarkTensorUnmarshalJSON decodes a 3 MB image tensor: the one-pass
// reader (what UnmarshalJSON takes) against encoding/json's path.
func BenchmarkTensorUnmarshalJSON(b *testing.B) {
	in := imageTensorJSON()
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

// FuzzParseRequest checks ParseRequest's one-pass path against encoding/json's.
func FuzzParseRequest(f *testing.F) {
	for _, s := range []string{
		`{"source":1,"destination":1,"data":{"model_id":"x","input":{"values":[1],"shape":[1],"dtype":1}}}`,
		`{"source":0,"destination":0,"data":"0x6869","requires_proof":true}`,
		`{"source":null,"destination":1,"data":1}`,
		`{"SOURCE":1,"source":2,"destination":1,"data":[1]}`,
		`{"source":1,"destination":1,"data":"a\"b","x":{"y":[1,{"z":"}"}]}}`,
		`{"source":1,"destination":1,"data":[1]} x`,
		`{"source":1,"destination":1,"data":[1],"requires_proof":"yes"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		want, werr := parseRequest(in, false)
		got, gerr := parseRequest(in, true)
		if werr != nil {
			require.EqualError(t, gerr, werr.Error())
			return
		}
		require.NoError(t, gerr)
		require.Equal(t, want, got)
	})
}

func TestObjectMembers(t *testing.T) {
	ms, ok := ObjectMembers([]byte(` {"a" : [1, {"b":"]}"}] , "c":"x\"y","d":-1.5e3,"e":{},"f":true} `))
	require.True(t, ok)
	var got []string
	for _, m := range ms {
		got = append(got, m.Key+"="+string(m.Value))
	}
	require.Equal(t, []string{`a=[1, {"b":"]}"}]`, `c="x\"y"`, `d=-1.5e3`, `e={}`, `f=true`}, got)
	many := `{"k0":0`
	for i := 1; i <= 64; i++ {
		many += `,"k` + strconv.Itoa(i) + `":0`
	}
	for _, s := range []string{`{"a":1,"a":2}`, `{"a\u0062":1}`, `[1]`, `{"a":1`, `{"a":1} x`, many + "}"} {
		_, ok := ObjectMembers([]byte(s))
		require.False(t, ok, s)
	}
}

// BenchmarkParseRequest splits a request carrying a 3 MB image tensor: the
// one-pass path against encoding/json's.
func BenchmarkParseRequest(b *testing.B) {
	body := []byte(`{"source": 1, "destination": 1, "data": {"model_id": "local/a/b:c.onnx", "input": ` +
		string(imageTensorJSON()) + `}}`)
	for _, fast := range []bool{true, false} {
		b.Run(map[bool]string{true: "fast", false: "encoding_json"}[fast], func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := parseRequest(body, fast); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
