package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/internal/version"
)

// takenPort holds a real listener on 127.0.0.1 for the test's lifetime.
func takenPort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { ln.Close() })
	return ln.Addr().(*net.TCPAddr).Port
}

// requireOneLineExit runs the command and checks that it failed with code
// and ended in one line "infernode <cmd>: …" holding want, with no panic.
func requireOneLineExit(t *testing.T, args []string, code int, want string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var stdout, stderr bytes.Buffer
	got := run(ctx, args, &stdout, &stderr)
	out := stderr.String()
	require.NotContains(t, out, "panic", out)
	require.NotContains(t, out, "goroutine ", out)
	require.Equal(t, code, got, out)
	if code == 2 { // usage errors: the message, then where the flags are described
		require.Contains(t, out, "infernode "+args[0]+": "+want)
		return
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	last := lines[len(lines)-1]
	require.True(t, strings.HasPrefix(last, "infernode "+args[0]+": "), "last line %q\n%s", last, out)
	require.Contains(t, last, want, out)
}

// TestDevStartupErrors: every way `infernode dev` can fail to start ends
// in one line naming what to change and a non-zero exit (a taken port was
// a nil-pointer panic).
func TestDevStartupErrors(t *testing.T) {
	t.Setenv("PATH", "")
	port := strconv.Itoa(takenPort(t))
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o600))
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"REST port taken", []string{"--rest-port", port, "--rpc-port", "0", "--grpc-port", "0"}, 1,
			"--rest-port " + port + ": 127.0.0.1:" + port + " is already in use"},
		{"RPC port taken", []string{"--rest-port", "0", "--rpc-port", port, "--grpc-port", "0"}, 1,
			"--rpc-port " + port + ": 127.0.0.1:" + port + " is already in use"},
		{"gRPC port taken", []string{"--rest-port", "0", "--rpc-port", "0", "--grpc-port", port}, 1,
			"--grpc-port " + port + ": 127.0.0.1:" + port + " is already in use"},
		{"data dir is a file", []string{"--rest-port", "0", "--rpc-port", "0", "--grpc-port", "0", "--data-dir", file}, 1,
			"start the node (--data-dir " + file + ")"},
		{"block period not whole seconds", []string{"--block-period", "1500ms"}, 2,
			"--block-period 1.5s: write a whole number of seconds"},
		{"block period below a second", []string{"--block-period", "0s"}, 2, "--block-period 0s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			requireOneLineExit(t, append([]string{"dev"}, tc.args...), tc.code, tc.want)
		})
	}
}

// TestServeStartupErrors: the same for `infernode serve`; a taken port
// fails before the node waits for its containers.
func TestServeStartupErrors(t *testing.T) {
	dir := t.TempDir()
	taken := takenPort(t)
	free := freeTCPPort(t)
	file := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(file, nil, 0o600))
	// The container never answers: only what fails before the wait, or the
	// wait itself, can end these runs.
	deadCtr := fmt.Sprintf("http://127.0.0.1:%d", freeTCPPort(t))
	liveCtr := httptest.NewServer(http.NotFoundHandler())
	defer liveCtr.Close()
	writeWith := func(name string, port int, dataDir, ctr, readyTimeout, extra string) string {
		path := filepath.Join(dir, name+".json")
		require.NoError(t, os.WriteFile(path, []byte(fmt.Sprintf(`{"manage_containers": false, %s
		  "server": {"host": "127.0.0.1", "port": %d}, "data_dir": %q,
		  "containers": [{"id": "c", "url": %q, "external": true, "ready_timeout": %q}]}`, extra, port, dataDir, ctr, readyTimeout)), 0o600))
		return path
	}
	write := func(name string, port int, dataDir string, readyTimeout string) string {
		return writeWith(name, port, dataDir, deadCtr, readyTimeout, "")
	}
	// The gRPC port taken (the REST port free): the same message as REST's.
	grpcTaken := filepath.Join(dir, "grpc.json")
	require.NoError(t, os.WriteFile(grpcTaken, []byte(fmt.Sprintf(`{"manage_containers": false,
	  "server": {"host": "127.0.0.1", "port": %d, "grpc_port": %d}, "data_dir": %q,
	  "containers": [{"id": "c", "url": %q, "external": true, "ready_timeout": "10m"}]}`, free, taken, filepath.Join(dir, "d4"), deadCtr)), 0o600))
	// A data directory another node holds.
	held := filepath.Join(dir, "held")
	st, err := storage.Open(held, storage.Options{})
	require.NoError(t, err)
	defer st.Close()
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"port taken", []string{"--config", write("taken", taken, filepath.Join(dir, "d1"), "10m")},
			fmt.Sprintf("server.port %d: 127.0.0.1:%d is already in use", taken, taken)},
		{"gRPC port taken", []string{"--config", grpcTaken},
			fmt.Sprintf("server.grpc_port %d: 127.0.0.1:%d is already in use (another node?); stop what holds it, or set server.grpc_port in", taken, taken)},
		{"pprof address taken", []string{"--config", write("pprof", free, filepath.Join(dir, "d2"), "10m"), "--pprof", fmt.Sprintf("127.0.0.1:%d", taken)},
			fmt.Sprintf("--pprof 127.0.0.1:%d", taken)},
		{"data_dir is a file", []string{"--config", write("datadir", free, file, "10m")}, "create data_dir " + file},
		{"container never answers", []string{"--config", write("ctr", free, filepath.Join(dir, "d3"), "1s")},
			"container c at " + deadCtr + " did not answer HTTP within 1s"},
		{"data_dir held by another node", []string{"--config", writeWith("held", free, held, liveCtr.URL, "10m", "")},
			"the directory is in use by another node"},
		// An unreachable chain is no startup error since the chain side is
		// built in Run and retried: REST serves and /health says unhealthy
		// (TestServeWithChainUnreachable; node's
		// TestNodeStartsWithEveryEndpointDown).
	} {
		t.Run(tc.name, func(t *testing.T) {
			requireOneLineExit(t, append([]string{"serve"}, tc.args...), 1, tc.want)
		})
	}
}

// TestServeWithChainUnreachable: `serve` whose only RPC endpoint (an API
// key in its path, a password in its user-info) refuses connections
// serves REST, with /health unhealthy, and stops cleanly; nothing it
// writes shows the URL's secrets (docs/relay.md, "The chain link").
func TestServeWithChainUnreachable(t *testing.T) {
	dir := t.TempDir()
	port := freeTCPPort(t)
	ctr := httptest.NewServer(http.NotFoundHandler())
	defer ctr.Close()
	path := filepath.Join(dir, "chain.json")
	require.NoError(t, os.WriteFile(path, []byte(fmt.Sprintf(`{"manage_containers": false,
	  "chain": {"enabled": true, "rpc_url": "http://alice:PASSWORD@127.0.0.1:%d/v3/APIKEY0123?token=QUERYKEY",
	    "coordinator_address": "0x67035b7bf1ec6151E3DfCcC794dbBa7ed133Aac9",
	    "wallet": {"private_key": "0x2cf2291ab4ac3703f0f342817432101cff3661699225fe2b5665a00c42083990"}},
	  "server": {"host": "127.0.0.1", "port": %d}, "data_dir": %q,
	  "containers": [{"id": "c", "url": %q, "external": true}]}`, freeTCPPort(t), port, filepath.Join(dir, "data"), ctr.URL)), 0o600))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var stdout, stderr syncBuffer
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"serve", "--config", path}, &stdout, &stderr) }()
	health := fmt.Sprintf("http://127.0.0.1:%d/health", port)
	require.Eventually(t, func() bool {
		resp, err := http.Get(health)
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusServiceUnavailable
	}, time.Minute, 50*time.Millisecond, "REST serves, /health unhealthy\n%s", stderr.String())
	cancel()
	require.Zero(t, <-done, stderr.String())
	out := stdout.String() + stderr.String()
	require.Contains(t, out, "no RPC endpoint answers")
	for _, secret := range []string{"PASSWORD", "alice", "APIKEY0123", "QUERYKEY", "/v3"} {
		require.NotContains(t, out, secret)
	}
}

// freeTCPPort returns a port nothing listens on (for a moment).
func freeTCPPort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := ln.Addr().(*net.TCPAddr).Port
	require.NoError(t, ln.Close())
	return port
}

// TestHelpShowsOneDefault: no flag's help shows two defaults (its text's
// own "(default: …)" and the flag package's "(default …)").
func TestHelpShowsOneDefault(t *testing.T) {
	cmds := [][]string{{"dev", "request"}}
	for _, c := range commands() {
		if c.name != "version" { // no flags
			cmds = append(cmds, []string{c.name})
		}
	}
	for _, c := range cmds {
		var stdout, stderr bytes.Buffer
		require.Equal(t, 0, run(context.Background(), append(c, "-h"), &stdout, &stderr), "%v -h", c)
		var entries []string
		for _, line := range strings.Split(stderr.String(), "\n") {
			switch {
			case strings.HasPrefix(line, "  -"):
				entries = append(entries, line)
			case strings.HasPrefix(line, "    \t") && len(entries) > 0:
				entries[len(entries)-1] += line
			}
		}
		for _, e := range entries {
			require.LessOrEqual(t, strings.Count(e, "(default"), 1, "%v: %s", c, e)
		}
	}
}

// TestBannerBlockPeriod: the banner says the period dev runs with (it
// always said "a block every second").
func TestBannerBlockPeriod(t *testing.T) {
	require.Equal(t, "every second", every(time.Second))
	require.Equal(t, "every 2s", every(2*time.Second))
	require.Equal(t, "every 1m0s", every(time.Minute))
}

// TestVersion: `infernode version` and `infernode --version` print the
// version, the commit, the Go version and the platform.
func TestVersion(t *testing.T) {
	want := fmt.Sprintf("infernode %s (commit abcdef012345-dirty, %s, %s/%s)", version.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	require.Equal(t, want, versionLine(&debug.BuildInfo{Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "abcdef0123456789abcdef0123456789abcdef01"}, {Key: "vcs.modified", Value: "true"}}}))
	require.Contains(t, versionLine(nil), "(commit unknown, ")
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, errOut := runCLI(t, args...)
		require.Equal(t, 0, code, errOut)
		require.Equal(t, versionLine(readBuildInfo())+"\n", out, args)
	}
}

// TestUsageErrorsAreOneLine: a usage mistake is told in one line, prefixed
// with the subcommand, and points at --help instead of printing every flag.
func TestUsageErrorsAreOneLine(t *testing.T) {
	cmds := [][]string{{"wallet", "create"}, {"dev", "request"}}
	for _, c := range commands() {
		if c.name != "version" && c.name != "wallet" {
			cmds = append(cmds, []string{c.name})
		}
	}
	for _, c := range cmds {
		name := strings.Join(c, " ")
		code, out, errOut := runCLI(t, append(c, "--bogus")...)
		require.Equal(t, 2, code, name)
		require.Empty(t, out, name)
		require.Equal(t, "infernode "+name+": flag provided but not defined: --bogus\nsee `infernode "+name+" --help`\n", errOut, name)
	}
	code, _, errOut := runCLI(t, "bench", "-n", "0")
	require.Equal(t, 2, code)
	require.Equal(t, 2, strings.Count(errOut, "\n"), errOut)
}

// TestHelpSpellsFlagsOneWay: the flag lists spell flags as the usage lines
// do: --name, and -x only for a one-letter flag.
func TestHelpSpellsFlagsOneWay(t *testing.T) {
	for _, c := range [][]string{{"bench"}, {"serve"}, {"deploy"}, {"wallet", "fund"}} {
		code, _, errOut := runCLI(t, append(c, "-h")...)
		require.Equal(t, 0, code, c)
		for _, line := range strings.Split(errOut, "\n") {
			if strings.HasPrefix(line, "  -") {
				name, _, _ := strings.Cut(strings.TrimSpace(line), " ")
				if len(strings.TrimLeft(name, "-")) > 1 {
					require.True(t, strings.HasPrefix(name, "--"), "%v -h: %q", c, line)
				} else {
					require.False(t, strings.HasPrefix(name, "--"), "%v -h: %q", c, line)
				}
			}
		}
	}
}

// TestWalletCreateHelpListsItsFlags: `wallet create -h` lists the flags
// create uses, not the other subcommands'.
func TestWalletCreateHelpListsItsFlags(t *testing.T) {
	code, _, errOut := runCLI(t, "wallet", "create", "-h")
	require.Equal(t, 0, code)
	for _, f := range []string{"--coordinator", "--registry", "--owner", "--rpc"} {
		require.Contains(t, errOut, "  "+f+" ")
	}
	for _, f := range []string{"--wallet", "--token", "--amount", "--spender"} {
		require.NotContains(t, errOut, "  "+f+" ", "create does not use %s", f)
	}
}
