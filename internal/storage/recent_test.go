package storage

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
)

// TestRecentResultsReadBackAsStored: a result answered from the cache
// equals the one read from disk after a restart, a status report replaces
// it, and outputs too large for the cache still read back.
func TestRecentResultsReadBackAsStored(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir, Options{NoSync: true})
	big := `{"text":"` + strings.Repeat("x", recentMaxBytes) + `"}`
	tests := []struct {
		name   string
		res    job.Result
		cached bool
	}{
		{"small success", success("a", `{"output":{"x":1}}`), true},
		{"failure", job.Result{Status: job.StatusFailed, Result: &job.ContainerResult{Container: "b", Error: "boom"},
			Intermediate: []job.ContainerResult{{Container: "a", Output: json.RawMessage(`{"y":2}`)}}}, true},
		{"large output", success("a", big), false},
	}
	ids := make([]string, len(tests))
	fromCache := make([]*Job, len(tests))
	for i, tc := range tests {
		id, err := s.Create("c", []string{"a", "b"})
		require.NoError(t, err)
		require.NoError(t, s.Finish(id, tc.res))
		ids[i] = id
		st := s.stripe(id)
		st.mu.Lock()
		_, cached := st.recent.get(id)
		st.mu.Unlock()
		require.Equal(t, tc.cached, cached, tc.name)
		fromCache[i], err = s.Get(id)
		require.NoError(t, err)
	}

	// A status report replaces the cached result.
	reported, err := s.Create("c", []string{"a"})
	require.NoError(t, err)
	require.NoError(t, s.Finish(reported, success("a", `{}`)))
	require.NoError(t, s.PutStatus("c", reported, job.StatusFailed, []string{"a"}))
	j, err := s.Get(reported)
	require.NoError(t, err)
	require.Equal(t, job.StatusFailed, j.Status)
	require.Nil(t, j.Result)

	require.NoError(t, s.Close())
	s = open(t, dir, Options{NoSync: true})
	defer s.Close()
	for i, id := range ids {
		fromDisk, err := s.Get(id)
		require.NoError(t, err)
		require.Equal(t, fromDisk, fromCache[i], tests[i].name)
	}
}

func TestRecentRingIsBounded(t *testing.T) {
	var r recentRing
	for i := range 3 * recentPerStripe {
		r.add(&Job{ID: strings.Repeat("j", i+1)})
	}
	require.Len(t, r.jobs, recentPerStripe)
	_, ok := r.get(strings.Repeat("j", 3*recentPerStripe))
	require.True(t, ok, "the newest is kept")
	_, ok = r.get("j")
	require.False(t, ok, "the oldest is evicted")
}
