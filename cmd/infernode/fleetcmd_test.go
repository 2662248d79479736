package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFleetCerts: `infernode fleet certs` writes a CA and a certificate
// and key per member, and prints where.
func TestFleetCerts(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "certs")
	code, out, errOut := runCLI(t, "fleet", "certs", "--dir", dir, "--members", "m1,m2", "--hosts", "10.0.0.1,node1.example")
	require.Equal(t, 0, code, errOut)
	var files map[string]struct{ CA, Cert, Key string }
	require.NoError(t, json.Unmarshal([]byte(out), &files), out)
	require.Len(t, files, 2)
	for _, f := range files {
		for _, p := range []string{f.CA, f.Cert, f.Key} {
			_, err := os.Stat(p)
			require.NoError(t, err)
		}
	}
	st, err := os.Stat(files["m1"].Key)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm(), "keys are the owner's only")
	code, _, errOut = runCLI(t, "fleet", "certs", "--dir", dir)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "--dir and --members are required")
}
