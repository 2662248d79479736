// Package runtimetest is a conformance suite for implementations of
// executor.Runtime, in the style of go-ethereum's ethdb/dbtest: every
// runtime (the unmanaged one in package executor, the Docker one in
// executor/docker) runs the same tests, so the node can rely on one
// contract whichever runs its containers.
//
// The suite asks a Factory for runtimes serving abstract workloads; the
// factory decides how a workload runs (an in-process HTTP server, a
// container) and the suite checks only what the Runtime interface promises.
// It never uses testing.Short: a caller whose factory starts containers
// skips the whole suite under -short itself.
package runtimetest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/executor"
)

// Workload is one container the suite wants.
type Workload struct {
	ID     string
	Bearer string // the runtime must hand it out in Endpoint.Bearer
	// Broken makes a workload that never answers HTTP (a closed port, a
	// container that exits at once): Start must fail and name it.
	Broken bool
}

// Factory returns a runtime, not started, for ws in that order. A workload
// that is not Broken serves the echo protocol of EchoHandler. The factory
// releases what it set up with t.Cleanup; the suite calls Start and Stop.
type Factory func(t *testing.T, ws []Workload) executor.Runtime

// EchoHandler serves the part of the container protocol the suite uses:
// POST /service_output {"data": X, ...} answers {"output": X}; any other
// path answers 200 {} (readiness probes).
func EchoHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method != http.MethodPost || r.URL.Path != "/service_output" {
			io.WriteString(w, "{}")
			return
		}
		var in struct {
			Data json.RawMessage `json:"data"`
		}
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		json.NewEncoder(w).Encode(map[string]json.RawMessage{"output": in.Data})
	})
}

// Run runs the whole suite against the runtimes f makes.
func Run(t *testing.T, f Factory) {
	t.Run("BeforeStart", func(t *testing.T) { testBeforeStart(t, f) })
	t.Run("StartServeStop", func(t *testing.T) { testStartServeStop(t, f) })
	t.Run("UnknownContainer", func(t *testing.T) { testUnknown(t, f) })
	t.Run("StartTwice", func(t *testing.T) { testStartTwice(t, f) })
	t.Run("BrokenContainer", func(t *testing.T) { testBroken(t, f) })
	t.Run("CancelledStart", func(t *testing.T) { testCancelledStart(t, f) })
}

func ids(ws []Workload) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.ID
	}
	return out
}

func stateIDs(ss []executor.ContainerState) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.ID
	}
	return out
}

func stop(t *testing.T, r executor.Runtime) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	require.NoError(t, r.Stop(ctx))
}

// States lists every container in configuration order from the start, and
// nothing is ready or reachable before Start.
func testBeforeStart(t *testing.T, f Factory) {
	ws := []Workload{{ID: "zeta"}, {ID: "alpha"}}
	r := f(t, ws)
	ss := r.States()
	require.Equal(t, ids(ws), stateIDs(ss))
	for _, s := range ss {
		require.False(t, s.Ready, "%s ready before Start", s.ID)
		require.NotEmpty(t, s.State)
		_, err := r.Endpoint(s.ID)
		require.Error(t, err, "Endpoint(%s) before Start", s.ID)
	}
}

// After Start every container is ready and serves jobs at its Endpoint,
// while Endpoint and States are used concurrently; after Stop no Endpoint
// is handed out and a second Stop is harmless.
func testStartServeStop(t *testing.T, f Factory) {
	ws := []Workload{{ID: "alpha"}, {ID: "beta", Bearer: "secret-token"}, {ID: "gamma"}}
	r := f(t, ws)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	require.NoError(t, r.Start(ctx))
	ss := r.States()
	require.Equal(t, ids(ws), stateIDs(ss))
	for _, s := range ss {
		require.True(t, s.Ready, "%s: %+v", s.ID, s)
		require.Empty(t, s.Error, s.ID)
		require.Zero(t, s.Restarts, s.ID)
	}

	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 5 {
				w := ws[(i+j)%len(ws)]
				ep, err := r.Endpoint(w.ID)
				if !assertNoError(t, err) {
					return
				}
				_ = r.States()
				out, err := callEcho(ctx, ep, fmt.Sprintf(`{"n":%d,"id":%q}`, i*10+j, w.ID))
				if !assertNoError(t, err) {
					return
				}
				if got, want := out, fmt.Sprintf(`{"output":{"n":%d,"id":%q}}`, i*10+j, w.ID); got != want {
					t.Errorf("echo through %s: got %s, want %s", w.ID, got, want)
				}
			}
		}()
	}
	wg.Wait()

	for _, w := range ws {
		ep, err := r.Endpoint(w.ID)
		require.NoError(t, err)
		require.Equal(t, w.Bearer, ep.Bearer, w.ID)
		require.False(t, strings.HasSuffix(ep.URL, "/"), "URL without trailing slash: %s", ep.URL)
		require.True(t, strings.HasPrefix(ep.URL, "http://") || strings.HasPrefix(ep.URL, "https://"), ep.URL)
	}

	stop(t, r)
	for _, w := range ws {
		_, err := r.Endpoint(w.ID)
		require.Error(t, err, "Endpoint(%s) after Stop", w.ID)
	}
	require.Equal(t, ids(ws), stateIDs(r.States()), "States after Stop")
	stop(t, r)
}

func assertNoError(t *testing.T, err error) bool {
	if err != nil {
		t.Error(err)
		return false
	}
	return true
}

func callEcho(ctx context.Context, ep executor.Endpoint, data string) (string, error) {
	body := `{"source":1,"destination":1,"data":` + data + `,"requires_proof":false}`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL+"/service_output", bytes.NewReader([]byte(body)))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	if ep.Bearer != "" {
		req.Header.Set("Authorization", "Bearer "+ep.Bearer)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("status %d: %s", resp.StatusCode, b)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, b); err != nil {
		return "", fmt.Errorf("reply is not JSON: %w: %s", err, b)
	}
	return compact.String(), nil
}

func testUnknown(t *testing.T, f Factory) {
	r := f(t, []Workload{{ID: "alpha"}})
	require.NoError(t, r.Start(context.Background()))
	defer stop(t, r)
	_, err := r.Endpoint("no-such-container")
	require.ErrorContains(t, err, "no-such-container")
}

func testStartTwice(t *testing.T, f Factory) {
	r := f(t, []Workload{{ID: "alpha"}})
	require.NoError(t, r.Start(context.Background()))
	defer stop(t, r)
	require.Error(t, r.Start(context.Background()))
	_, err := r.Endpoint("alpha")
	require.NoError(t, err, "a refused second Start leaves the first one serving")
}

// A container that never answers makes Start fail with an error naming
// it; Stop then still succeeds.
func testBroken(t *testing.T, f Factory) {
	r := f(t, []Workload{{ID: "healthy"}, {ID: "broken-one", Broken: true}})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	err := r.Start(ctx)
	require.ErrorContains(t, err, "broken-one")
	require.NotContains(t, err.Error(), "healthy")
	var broken executor.ContainerState
	for _, s := range r.States() {
		if s.ID == "broken-one" {
			broken = s
		}
	}
	require.False(t, broken.Ready)
	_, err = r.Endpoint("broken-one")
	require.Error(t, err)
	stop(t, r)
}

func testCancelledStart(t *testing.T, f Factory) {
	r := f(t, []Workload{{ID: "alpha"}})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.Error(t, r.Start(ctx))
	stop(t, r)
}
