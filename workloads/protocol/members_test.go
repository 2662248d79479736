package protocol

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor/tensortest"
)

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
		string(tensortest.ImageJSON()) + `}}`)
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
