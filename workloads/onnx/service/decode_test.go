package service

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzDecodeInputJSON checks the one-pass path against encoding/json's.
func FuzzDecodeInputJSON(f *testing.F) {
	for _, s := range []string{
		`{"model_id":"local/a/b:c.onnx","inputs":{"input":{"values":[1,2],"shape":[2],"dtype":1}}}`,
		`{"inputs":{"a":{"values":[1],"shape":[1],"dtype":8}}}`,
		`{"model_id":5,"inputs":{"a":{"values":[1],"shape":[1],"dtype":1}}}`,
		`{"MODEL_ID":"x","inputs":{"a":{"values":[1],"shape":[1],"dtype":1}}}`,
		`{"model_id":"x","inputs":{}}`,
		`{"model_id":"x","inputs":{"a":null}}`,
		`{"model_id":"x","inputs":{"a":{"values":[1],"shape":[1],"dtype":1},"a":{"values":[2],"shape":[1],"dtype":1}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		want, werr := decodeInputJSON(in)
		got, gerr := DecodeInputJSON(in)
		if werr != nil {
			require.Error(t, gerr)
			if strings.Contains(werr.Error(), "data.inputs.") {
				// with several bad inputs, either path may name another one
				require.Contains(t, gerr.Error(), "data.inputs.")
				return
			}
			require.EqualError(t, gerr, werr.Error())
			return
		}
		require.NoError(t, gerr)
		require.Equal(t, want.ModelID, got.ModelID)
		require.Equal(t, want.Tensors, got.Tensors)
		require.ElementsMatch(t, want.Names, got.Names)
	})
}
