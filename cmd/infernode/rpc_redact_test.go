package main

import (
	"net"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRPCCommandsRedactURL: every command taking --rpc shows only the
// scheme and host of the URL the user typed, never its path, query or
// user-info (where providers put API keys), also when the chain cannot
// be reached.
func TestRPCCommandsRedactURL(t *testing.T) {
	// A loopback port with nothing listening: every dial fails at once.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	url := "http://alice:hunter2@" + addr + "/v2/SECRETKEY?apikey=TOPSECRET"
	const key = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
	const a = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"dev request", []string{"dev", "request", "--rpc", url, "--consumer", a, "--private-key", key, "--input", "x"}},
		{"delegate", []string{"delegate", "--rpc", url, "--url", "http://" + addr, "--coordinator", a, "--owner", a, "--containers", "echo", "--private-key", key}},
		{"wallet", []string{"wallet", "balance", "--rpc", url, "--wallet", a}},
		{"deploy", []string{"deploy", "--rpc", url, "--private-key", key}},
		{"deliveries", []string{"deliveries", "--rpc", url, "--coordinator", a, "--id", "1"}},
		{"verify-proof", []string{"verify-proof", "--rpc", url, "--verifier", a, "--calldata", "0x" + strings.Repeat("00", 100)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tc.args...)
			all := out + errOut
			require.NotZero(t, code, "%s", all)
			require.Contains(t, all, "http://"+addr, "the host is shown")
			for _, secret := range []string{"alice", "hunter2", "SECRETKEY", "apikey", "TOPSECRET", "/v2"} {
				require.NotContains(t, all, secret)
			}
		})
	}
}
