package storage

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/infernode/infernode/internal/job"
)

// Watch waits for a set of jobs to finish (GET /api/jobs?wait=...). It is
// told of every terminal transition of its jobs: a Finish, a terminal
// PUT /api/status. Close it when done waiting.
type Watch struct {
	s         *Store
	ids       []string // registered, each once
	remaining atomic.Int64
	done      chan struct{}
	closeOnce sync.Once
}

// Watch registers a wait on every id among ids that is running now; ids
// already finished or unknown are not waited for. Done is closed once all
// the registered jobs have finished (at once when none was running).
//
// The check and the registration happen under the job's stripe lock, the
// same lock under which a finish is published, so no finish can slip in
// between them.
func (s *Store) Watch(ids []string) (*Watch, error) {
	if err := s.enter(); err != nil {
		return nil, err
	}
	defer s.leave()
	w := &Watch{s: s, done: make(chan struct{})}
	// One count for the registration itself, dropped at its end, so that
	// jobs finishing while later ones are being registered cannot close
	// done early.
	w.remaining.Store(1)
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		st := s.stripe(id)
		st.mu.Lock()
		running, err := s.runningLocked(st, id)
		if err != nil {
			st.mu.Unlock()
			w.Close()
			return nil, fmt.Errorf("watch job %s: %w", id, err)
		}
		if running {
			if st.waiters == nil {
				st.waiters = map[string][]*Watch{}
			}
			st.waiters[id] = append(st.waiters[id], w)
			w.ids = append(w.ids, id)
			w.remaining.Add(1)
		}
		st.mu.Unlock()
	}
	w.finished()
	return w, nil
}

// runningLocked reports whether id is running; the caller holds st.mu.
func (s *Store) runningLocked(st *stripe, id string) (bool, error) {
	if _, ok := st.running[id]; ok {
		return true, nil
	}
	j, err := s.get(id)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return j.Status == job.StatusRunning, nil
}

// Watched is the number of running jobs that some watch waits for.
func (s *Store) Watched() int {
	n := 0
	for i := range s.stripes {
		st := &s.stripes[i]
		st.mu.Lock()
		n += len(st.waiters)
		st.mu.Unlock()
	}
	return n
}

// Done is closed when every watched job has finished.
func (w *Watch) Done() <-chan struct{} { return w.done }

// Close deregisters the watch. It is safe to call more than once.
func (w *Watch) Close() {
	w.closeOnce.Do(func() {
		for _, id := range w.ids {
			st := w.s.stripe(id)
			st.mu.Lock()
			st.removeWaiter(id, w)
			st.mu.Unlock()
		}
	})
}

// finished tells w that one of its jobs finished.
func (w *Watch) finished() {
	if w.remaining.Add(-1) == 0 {
		close(w.done)
	}
}

// finishedLocked publishes a committed finish of j: its result joins the
// recent ones and its watches are told. The caller holds st.mu.
func (st *stripe) finishedLocked(j *Job) {
	st.recent.add(j)
	st.notifyLocked(j.ID)
}

// notifyLocked publishes id's finish to its watches; the caller holds st.mu.
func (st *stripe) notifyLocked(id string) {
	ws, ok := st.waiters[id]
	if !ok {
		return
	}
	delete(st.waiters, id)
	for _, w := range ws {
		w.finished()
	}
}

func (st *stripe) removeWaiter(id string, w *Watch) {
	ws := st.waiters[id]
	for i, x := range ws {
		if x == w {
			ws = append(ws[:i], ws[i+1:]...)
			break
		}
	}
	if len(ws) == 0 {
		delete(st.waiters, id)
		return
	}
	st.waiters[id] = ws
}
