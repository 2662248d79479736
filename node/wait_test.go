package node

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/job"
)

// getAsync issues GET path in the background; the channel yields the
// decoded answer.
func getAsync(t *testing.T, tn *testNode, path string) <-chan []job.Result {
	out := make(chan []job.Result, 1)
	go func() {
		resp, err := http.Get(tn.url + path)
		if err != nil {
			t.Error(err)
			close(out)
			return
		}
		defer resp.Body.Close()
		var rs []job.Result
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d", path, resp.StatusCode)
		}
		if err := json.NewDecoder(resp.Body).Decode(&rs); err != nil {
			t.Error(err)
		}
		out <- rs
	}()
	return out
}

// TestWaitReturnsWhenEveryJobFinished: GET /api/jobs?wait= holds the answer
// until all the listed jobs are finished, then answers their results.
func TestWaitReturnsWhenEveryJobFinished(t *testing.T) {
	url, release := blocking(t)
	tn := startNode(t, &config.Config{Containers: []config.Container{{ID: "slow", URL: url, External: true}}}, Options{})
	a, b := tn.submit(t, "slow"), tn.submit(t, "slow")

	got := getAsync(t, tn, "/api/jobs?wait=30s&id="+a+"&id="+b+"&id=unknown")
	select {
	case rs := <-got:
		t.Fatalf("answered before the jobs finished: %+v", rs)
	case <-time.After(100 * time.Millisecond):
	}
	release()
	select {
	case rs := <-got:
		require.Len(t, rs, 2)
		for _, r := range rs {
			require.Equal(t, job.StatusSuccess, r.Status, "%+v", r)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the wait did not end when the jobs finished")
	}

	// Finished jobs are answered at once.
	select {
	case rs := <-getAsync(t, tn, "/api/jobs?wait=1m&id="+a):
		require.Equal(t, job.StatusSuccess, rs[0].Status)
	case <-time.After(20 * time.Second):
		t.Fatal("a wait for a finished job was held")
	}
}

// TestWaitEndsWithTheWaitOrTheNode: a job that outlasts the wait is
// answered as running; a stopping node releases the waits it holds rather
// than keeping its shutdown waiting for them (a held request would be cut
// when the grace ran out, and the client would get an error, not an answer).
func TestWaitEndsWithTheWaitOrTheNode(t *testing.T) {
	url, _ := blocking(t) // never released
	tn := startNode(t, &config.Config{Containers: []config.Container{{ID: "stuck", URL: url, External: true}}},
		Options{ShutdownGrace: 2 * time.Second})
	id := tn.submit(t, "stuck")

	select {
	case rs := <-getAsync(t, tn, "/api/jobs?wait=50ms&id="+id):
		require.Equal(t, []job.Result{{ID: id, Status: job.StatusRunning}}, rs)
	case <-time.After(20 * time.Second):
		t.Fatal("a 50ms wait was held")
	}

	got := getAsync(t, tn, "/api/jobs?wait=60s&id="+id)
	require.Eventually(t, func() bool { return tn.node.back.store.Watched() == 1 }, 20*time.Second, time.Millisecond, "the wait begins")
	stopped := make(chan error, 1)
	go func() { stopped <- tn.stop() }()
	select {
	case rs := <-got:
		require.Equal(t, []job.Result{{ID: id, Status: job.StatusRunning}}, rs)
	case <-time.After(20 * time.Second):
		t.Fatal("shutdown did not release the wait")
	}
	select {
	case err := <-stopped:
		require.NoError(t, err)
	case <-time.After(40 * time.Second):
		t.Fatal("the node did not stop")
	}
}
