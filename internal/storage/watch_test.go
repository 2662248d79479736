package storage

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
)

// closed reports whether ch is closed within d.
func closed(ch <-chan struct{}, d time.Duration) bool {
	select {
	case <-ch:
		return true
	default:
	}
	select {
	case <-ch:
		return true
	case <-time.After(d):
		return false
	}
}

func TestWatch(t *testing.T) {
	const client = "127.0.0.1"
	failed := job.Result{Status: job.StatusFailed, Result: &job.ContainerResult{Container: "a", Error: "boom"}}
	tests := []struct {
		name string
		// setup creates the watched jobs and returns their ids and a func
		// that finishes them (nil: nothing to finish, Done must be closed at once).
		setup func(t *testing.T, s *Store) (ids []string, finish func())
	}{
		{"none running: unknown ids", func(t *testing.T, s *Store) ([]string, func()) {
			return []string{"nope", "also-nope"}, nil
		}},
		{"none running: already finished", func(t *testing.T, s *Store) ([]string, func()) {
			id, err := s.Create(client, []string{"a"})
			require.NoError(t, err)
			require.NoError(t, s.Finish(id, success("a", `{}`)))
			return []string{id}, nil
		}},
		{"finish of jobs this process created", func(t *testing.T, s *Store) ([]string, func()) {
			a, err := s.Create(client, []string{"a"})
			require.NoError(t, err)
			b, err := s.Create(client, []string{"a"})
			require.NoError(t, err)
			return []string{a, b, a, "unknown"}, func() {
				require.NoError(t, s.Finish(a, success("a", `{}`)))
				require.NoError(t, s.Finish(b, failed))
			}
		}},
		{"finish of a job registered by PUT /api/status", func(t *testing.T, s *Store) ([]string, func()) {
			require.NoError(t, s.PutStatus(client, "ext-1", job.StatusRunning, []string{"a"}))
			return []string{"ext-1"}, func() { require.NoError(t, s.Finish("ext-1", success("a", `{}`))) }
		}},
		{"terminal PUT /api/status", func(t *testing.T, s *Store) ([]string, func()) {
			id, err := s.Create(client, []string{"a"})
			require.NoError(t, err)
			return []string{id}, func() { require.NoError(t, s.PutStatus(client, id, job.StatusFailed, []string{"a"})) }
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t, t.TempDir(), Options{NoSync: true})
			defer s.Close()
			ids, finish := tc.setup(t, s)
			w, err := s.Watch(ids)
			require.NoError(t, err)
			defer w.Close()
			if finish == nil {
				require.True(t, closed(w.Done(), 0), "nothing running: Done at once")
				return
			}
			require.False(t, closed(w.Done(), 20*time.Millisecond), "Done before the jobs finished")
			finish()
			require.True(t, closed(w.Done(), time.Second), "Done after every job finished")
		})
	}
}

func TestWatchPartialAndClose(t *testing.T) {
	s := open(t, t.TempDir(), Options{NoSync: true})
	defer s.Close()
	a, err := s.Create("c", []string{"a"})
	require.NoError(t, err)
	b, err := s.Create("c", []string{"a"})
	require.NoError(t, err)

	w, err := s.Watch([]string{a, b})
	require.NoError(t, err)
	other, err := s.Watch([]string{a})
	require.NoError(t, err)
	require.Equal(t, 2, s.Watched(), "a and b are waited for")
	require.NoError(t, s.Finish(a, success("a", `{}`)))
	require.True(t, closed(other.Done(), time.Second), "a watch of a alone is done")
	require.False(t, closed(w.Done(), 20*time.Millisecond), "b still runs")

	// A closed watch is deregistered: the finish of b finds nobody.
	w.Close()
	w.Close()
	st := s.stripe(b)
	st.mu.Lock()
	require.Empty(t, st.waiters[b])
	st.mu.Unlock()
	require.NoError(t, s.Finish(b, success("a", `{}`)))
	other.Close()
}

// TestWatchRacesFinish registers watches while the jobs finish: every
// watch must end exactly once (a second close of Done panics), whichever
// side wins.
func TestWatchRacesFinish(t *testing.T) {
	s := open(t, t.TempDir(), Options{NoSync: true})
	defer s.Close()
	const n = 500
	ids := make([]string, n)
	for i := range ids {
		var err error
		ids[i], err = s.Create("c", []string{"a"})
		require.NoError(t, err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for _, id := range ids {
			if err := s.Finish(id, success("a", `{}`)); err != nil {
				t.Error(err)
			}
		}
	}()
	// Watches of several jobs each: jobs finish while a watch is still
	// registering the later ones.
	for i := range ids {
		w, err := s.Watch(ids[i:min(i+8, n)])
		require.NoError(t, err)
		require.True(t, closed(w.Done(), 5*time.Second), "watch from job %d never ended", i)
		w.Close()
	}
	wg.Wait()
	for i := range s.stripes {
		require.Empty(t, s.stripes[i].waiters, "no watch left registered")
	}
}
