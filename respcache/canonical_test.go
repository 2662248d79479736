package respcache

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCanonical(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"scalars", ` 1 `, `1`},
		{"number spelling kept", `[1.0, 1, 1e0, -0]`, `[1.0,1,1e0,-0]`},
		{"members sorted, space dropped", "{ \"b\" : [1, 2], \"a\":{\"y\":null,\"x\":true}\n}", `{"a":{"x":true,"y":null},"b":[1,2]}`},
		{"escapes normalised", `{"k":"\u0041\/\n\"\\<"}`, `{"k":"A/\u000a\"\\<"}`},
		{"escaped key sorts by value", `{"\u0062":1,"a":2}`, `{"a":2,"b":1}`},
		{"utf-8 kept", `"héllo \u00e9"`, `"héllo é"`},
		{"empty containers", `{"a":[],"b":{}}`, `{"a":[],"b":{}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Canonical(nil, []byte(tc.in))
			require.NoError(t, err)
			require.Equal(t, tc.want, string(got))
		})
	}
}

func TestCanonicalRefuses(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"repeated member", `{"a":1,"a":2}`, `member "a" repeated`},
		{"not JSON", `{"a":}`, "unexpected"},
		{"trailing text", `1 2`, "extra text"},
		{"bad number", `01`, "bad number"},
		{"not UTF-8", "\"\xff\"", "not UTF-8"},
		{"lone surrogate", `"\ud800"`, "surrogate"},
		{"control character", "\"a\x01\"", "control character"},
		{"unterminated", `["a"`, "unterminated"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Canonical(nil, []byte(tc.in))
			require.ErrorContains(t, err, tc.want)
		})
	}
}

// FuzzCanonical: whatever Canonical accepts is valid JSON, is its own
// canonical form, and has the canonical form of its re-indented text.
func FuzzCanonical(f *testing.F) {
	for _, s := range []string{`{"b":1,"a":[true,null,"x"]}`, `"\u00e9\n"`, `[1.5e3,-0,{}]`, `{"a":{"a":{"a":[]}}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		c, err := Canonical(nil, in)
		if err != nil {
			return
		}
		require.True(t, json.Valid(c), "%q", c)
		again, err := Canonical(nil, c)
		require.NoError(t, err)
		require.Equal(t, string(c), string(again))
		var buf bytes.Buffer
		require.NoError(t, json.Indent(&buf, in, "", "  "))
		indented, err := Canonical(nil, buf.Bytes())
		require.NoError(t, err)
		require.Equal(t, string(c), string(indented))
	})
}

// BenchmarkCanonical: a tensor request of about 1 MB of JSON numbers (an
// image as JSON is a few MB).
func BenchmarkCanonical(b *testing.B) {
	vals := make([]float32, 100_000)
	for i := range vals {
		vals[i] = float32(i) * 0.0123
	}
	in, _ := json.Marshal(map[string]any{"model_id": "local/x/y:m.onnx", "inputs": map[string]any{"x": map[string]any{"values": vals, "shape": []int{len(vals)}, "dtype": 1}}})
	out := make([]byte, 0, len(in))
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		var err error
		if out, err = Canonical(out[:0], in); err != nil {
			b.Fatal(err)
		}
	}
}

// Keys that differ only in case have no canonical form: Go's encoding/json
// matches them to one field, and their order decides which wins.
func TestCanonicalCaseFold(t *testing.T) {
	for _, in := range []string{
		`{"model_id":"a","MODEL_ID":"b"}`,
		`{"MODEL_ID":"b","model_id":"a"}`,
		`{"x":{"Key":1,"key":2}}`,
		`{"k":1,"\u212a":2}`, // KELVIN SIGN folds to k
	} {
		_, err := Canonical(nil, []byte(in))
		require.Error(t, err, in)
	}
	many := `{`
	for i := range 20 {
		many += `"k` + strconv.Itoa(i) + `":1,`
	}
	_, err := Canonical(nil, []byte(many+`"K3":2}`))
	require.Error(t, err, "and among many members")
	_, err = Canonical(nil, []byte(many+`"k20":2}`))
	require.NoError(t, err)
}
