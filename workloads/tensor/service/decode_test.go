package service

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzDecodeInputJSON checks the one-pass path against encoding/json's.
func FuzzDecodeInputJSON(f *testing.F) {
	for _, s := range []string{
		`{"model_id":"local/a/b:c.pt","input":{"values":[1,2],"shape":[2],"dtype":1}}`,
		`{"input":{"values":[1],"shape":[1],"dtype":8}}`,
		`{"model_id":5,"input":{"values":[1],"shape":[1],"dtype":1}}`,
		`{"Model_ID":"x","input":{"values":[1],"shape":[1],"dtype":1}}`,
		`{"model_id":"x","input":null}`,
		`{"model_id":"x","input":{"values":[1],"shape":[2],"dtype":1},"extra":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		want, werr := decodeInputJSON(in)
		got, gerr := DecodeInputJSON(in)
		if werr != nil {
			require.EqualError(t, gerr, werr.Error())
			return
		}
		require.NoError(t, gerr)
		require.Equal(t, want, got)
	})
}
