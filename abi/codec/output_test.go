package codec

import (
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

func mustHex(t *testing.T, s string) []byte {
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	return b
}

func TestEncodeOutput(t *testing.T) {
	pack2 := func(a, b []byte) []byte {
		out, err := twoBytes.Pack(a, b)
		require.NoError(t, err)
		return out
	}
	packS := func(s string) []byte {
		out, err := oneString.Pack(s)
		require.NoError(t, err)
		return out
	}
	// Golden: abi.encode(bytes 0x0102, bytes "") written out word by word.
	golden := "0000000000000000000000000000000000000000000000000000000000000040" +
		"0000000000000000000000000000000000000000000000000000000000000080" +
		"0000000000000000000000000000000000000000000000000000000000000002" +
		"0102000000000000000000000000000000000000000000000000000000000000" +
		"0000000000000000000000000000000000000000000000000000000000000000"
	for _, tc := range []struct {
		name                 string
		last                 string
		input, output, proof []byte
		err                  string
	}{
		{"golden", `{"raw_input":"0x0102","processed_input":null,"raw_output":"0102","processed_output":"","proof":null}`,
			mustHex(t, golden), mustHex(t, golden), []byte{}, ""},
		{"all keys", `{"raw_input":"aa","processed_input":"0xBB","raw_output":"0xcc","processed_output":"dd","proof":"0x1234"}`,
			pack2([]byte{0xaa}, []byte{0xbb}), pack2([]byte{0xcc}, []byte{0xdd}), []byte{0x12, 0x34}, ""},
		{"odd length hex", `{"raw_input":"abc","processed_input":null,"raw_output":null,"processed_output":null,"proof":null}`,
			pack2([]byte{0x0a, 0xbc}, []byte{}), pack2([]byte{}, []byte{}), []byte{}, ""},
		{"missing key", `{"output": {"x": 1},  "raw_input": "aa"}`, []byte{}, packS(`{"output":{"x":1},"raw_input":"aa"}`), []byte{}, ""},
		{"not an object", `[1, 2]`, []byte{}, packS(`[1,2]`), []byte{}, ""},
		{"bad hex", `{"raw_input":"zz","processed_input":null,"raw_output":null,"processed_output":null,"proof":null}`, nil, nil, nil,
			`on-chain output raw_input: "zz" is not hex`},
		{"not a string", `{"raw_input":1,"processed_input":null,"raw_output":null,"processed_output":null,"proof":null}`, nil, nil, nil,
			"on-chain output raw_input: expected a hex string or null, got 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, out, proof, err := EncodeOutput(json.RawMessage(tc.last))
			if tc.err != "" {
				require.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.input, in)
			require.Equal(t, tc.output, out)
			require.Equal(t, tc.proof, proof)
		})
	}
}

func FuzzEncodeOutput(f *testing.F) {
	f.Add([]byte(`{"raw_input":"0x01","processed_input":null,"raw_output":"","processed_output":"ff","proof":"00"}`))
	f.Add([]byte(`{"output":1}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if !json.Valid(b) {
			return
		}
		_, out, _, err := EncodeOutput(b)
		if err == nil {
			require.NotEmpty(t, out)
		}
	})
}
