package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/rest"
	"github.com/infernode/infernode/rest/resttest"
)

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestClientCommands(t *testing.T) {
	srv := resttest.Serve(resttest.New(), rest.Options{Logger: slog.New(slog.DiscardHandler)})
	defer srv.Close()
	t.Setenv("SERVER_URL", srv.URL)

	code, out, _ := runCLI(t, "health")
	require.Equal(t, 0, code)
	require.JSONEq(t, `{"status":"healthy"}`, out)

	code, out, _ = runCLI(t, "info", "--url", srv.URL)
	require.Equal(t, 0, code)
	require.Contains(t, out, `"version": "1.4.0"`)

	code, out, _ = runCLI(t, "resources", "--model-id", "local/a/b:f")
	require.Equal(t, 0, code)
	require.JSONEq(t, `{"echo":{"model":"local/a/b:f"}}`, out)

	code, out, _ = runCLI(t, "job", "--containers", "echo", "--data", `{"x":1}`)
	require.Equal(t, 0, code)
	var idOut map[string]string
	require.NoError(t, json.Unmarshal([]byte(out), &idOut))
	id := idOut["id"]

	code, out, _ = runCLI(t, "job", "--containers", "echo", "--data", `{"x":2}`, "--sync", "--poll", "1ms")
	require.Equal(t, 0, code)
	var res struct {
		Status string          `json:"status"`
		Result json.RawMessage `json:"result"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	require.Equal(t, "success", res.Status)
	require.JSONEq(t, `{"container":"echo","output":{"output":{"x":2}}}`, string(res.Result))

	dataFile := filepath.Join(t.TempDir(), "data.json")
	require.NoError(t, os.WriteFile(dataFile, []byte(`{"from":"file"}`), 0o600))
	code, _, _ = runCLI(t, "job", "--containers", "echo", "--data", "@"+dataFile)
	require.Equal(t, 0, code)

	code, out, _ = runCLI(t, "results", id, "--intermediate")
	require.Equal(t, 0, code)
	require.Contains(t, out, id)
	require.Contains(t, out, "intermediate_results")

	code, out, _ = runCLI(t, "ids")
	require.Equal(t, 0, code)
	var ids []string
	require.NoError(t, json.Unmarshal([]byte(out), &ids))
	require.Len(t, ids, 3)
	code, out, _ = runCLI(t, "ids", "--pending", "false")
	require.Equal(t, 0, code)
	require.NoError(t, json.Unmarshal([]byte(out), &ids))
	require.Len(t, ids, 1, "only the --sync job was polled to completion")

	batch := filepath.Join(t.TempDir(), "batch.json")
	require.NoError(t, os.WriteFile(batch, []byte(`[{"containers":["echo"],"data":{}},{"containers":["nope"],"data":{}}]`), 0o600))
	code, out, errOut := runCLI(t, "batch", "--file", batch)
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "1 of 2 items rejected")
	require.Contains(t, out, `"error": "Container not supported"`)

	code, out, errOut = runCLI(t, "stream", "--containers", "echo", "--data", `{"p":"hi"}`)
	require.Equal(t, 0, code)
	require.Equal(t, `{"p":"hi"}`, out)
	require.Len(t, strings.TrimSpace(errOut), 36)
}

func TestClientCommandErrors(t *testing.T) {
	srv := resttest.Serve(resttest.New(), rest.Options{Logger: slog.New(slog.DiscardHandler)})
	defer srv.Close()
	t.Setenv("SERVER_URL", srv.URL)

	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"job"}, 2, "--containers is required"},
		{[]string{"job", "--containers", "echo", "--data", "[1]"}, 2, "--data must be a JSON object"},
		{[]string{"job", "--bogus"}, 2, "flag provided but not defined: --bogus"},
		{[]string{"results"}, 2, "give at least one job id"},
		{[]string{"ids", "--pending", "maybe"}, 2, `--pending must be true or false, got "maybe"`},
		{[]string{"batch"}, 2, "--file is required"},
		{[]string{"info", "--url", "ftp://127.0.0.1:1"}, 2, "want http(s)://host[:port]"},
		{[]string{"job", "--containers", "nope"}, 1, `answered 400 Container not supported {"container":"nope"}`},
		{[]string{"info", "--url", "http://127.0.0.1:1"}, 1, "cannot reach node http://127.0.0.1:1"},
	} {
		code, _, errOut := runCLI(t, tc.args...)
		require.Equal(t, tc.code, code, "%v: %s", tc.args, errOut)
		require.Contains(t, errOut, tc.err, "%v", tc.args)
	}
}

func TestHealthCommandUnhealthy(t *testing.T) {
	b := resttest.New()
	b.Unhealthy.Store(true)
	srv := resttest.Serve(b, rest.Options{Logger: slog.New(slog.DiscardHandler)})
	defer srv.Close()
	code, out, errOut := runCLI(t, "health", "--url", srv.URL)
	require.Equal(t, 1, code)
	require.JSONEq(t, `{"status":"unhealthy","reason":"resttest: unhealthy"}`, out)
	require.Contains(t, errOut, "is unhealthy: resttest: unhealthy")
}

// TestURLWithoutScheme: --url host:port is the node's plain http, as curl
// takes it; another scheme is explained.
func TestURLWithoutScheme(t *testing.T) {
	srv := resttest.Serve(resttest.New(), rest.Options{Logger: slog.New(slog.DiscardHandler)})
	defer srv.Close()
	code, out, errOut := runCLI(t, "health", "--url", strings.TrimPrefix(srv.URL, "http://"))
	require.Equal(t, 0, code, errOut)
	require.JSONEq(t, `{"status":"healthy"}`, out)

	code, _, errOut = runCLI(t, "health", "--url", "ftp://127.0.0.1:1")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, `infernode health: --url: node url "ftp://127.0.0.1:1": want http(s)://host[:port]`)
}
