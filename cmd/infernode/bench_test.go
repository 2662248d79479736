package main

import (
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/rest"
	"github.com/infernode/infernode/rest/resttest"
)

func TestBenchCommand(t *testing.T) {
	srv := resttest.Serve(resttest.New(), rest.Options{Logger: slog.New(slog.DiscardHandler)})
	defer srv.Close()

	code, out, errOut := runCLI(t, "bench", "--url", srv.URL, "-n", "20", "-c", "4", "--runs", "3", "--poll", "1ms")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "run 3/3: node "+srv.URL+": 20 jobs, concurrency 4")
	require.Contains(t, out, "median of 3 runs:")

	code, out, errOut = runCLI(t, "bench", "--url", srv.URL, "-n", "10", "--rate", "1000", "--json")
	require.Equal(t, 0, code, errOut)
	var rep struct {
		Runs []struct {
			Succeeded int     `json:"succeeded"`
			Rate      float64 `json:"rate"`
		} `json:"runs"`
		Median struct {
			Throughput float64 `json:"throughput"`
		} `json:"median"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Equal(t, 10, rep.Runs[0].Succeeded)
	require.Equal(t, 1000.0, rep.Runs[0].Rate)
	require.Positive(t, rep.Median.Throughput)

	code, _, errOut = runCLI(t, "bench", "--url", srv.URL, "--containers", "nope", "-n", "2")
	require.Equal(t, 1, code)
	require.Contains(t, errOut, `has no container "nope" (it has: `)
	require.NotContains(t, errOut, "jobs could not be run", "no job is sent for a container the node does not have")

	code, _, _ = runCLI(t, "bench", "-n", "0")
	require.Equal(t, 2, code)
}
