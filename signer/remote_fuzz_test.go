package signer

import (
	"encoding/json"
	"testing"
)

// A signer's eth_signTransaction result, whatever it holds, is read as the
// raw transaction or refused; it never panics.
func FuzzRawTx(f *testing.F) {
	for _, s := range []string{`"0x02f86c"`, `{"raw":"0x02f86c","tx":{}}`, `{"raw":""}`, `null`, `"zz"`, `[]`, `{"raw":123}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		raw, err := rawTx(json.RawMessage(b))
		if err == nil && raw == nil && string(b) != `""` && string(b) != `"0x"` {
			t.Fatalf("rawTx(%q): no error and no bytes", b)
		}
	})
}
