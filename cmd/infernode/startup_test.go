package main

import (
	"bytes"
	"context"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestDevPortTaken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	for _, args := range [][]string{{"--rest-port", port, "--rpc-port", "0"}, {"--rest-port", "0", "--rpc-port", port}} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		var stdout, stderr bytes.Buffer
		code := run(ctx, append([]string{"dev"}, args...), &stdout, &stderr)
		cancel()
		t.Logf("code %d\n%s\n%s", code, stdout.String(), stderr.String())
	}
}
