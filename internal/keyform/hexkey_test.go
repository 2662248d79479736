package keyform

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParsePrivateKey(t *testing.T) {
	const hex = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{hex, true},
		{"0x" + hex, true},
		{"0X" + hex, true},
		{"  0x" + hex + "\n", true},
		{strings.ToUpper(hex), true},
		{"0x" + hex[:63], false},
		{"0x0x" + hex[4:], false},
		{"zz" + hex[2:], false},
		{strings.Repeat("0", 64), false}, // not a valid key
		{"", false},
	} {
		key, err := ParsePrivateKey(tc.in)
		if !tc.ok {
			require.Error(t, err, "%q", tc.in)
			require.NotContains(t, err.Error(), hex[8:], "the error never echoes the key")
			continue
		}
		require.NoError(t, err, "%q", tc.in)
		require.NotNil(t, key)
	}
}
