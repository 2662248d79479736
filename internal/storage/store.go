package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"log/slog"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/vfs"
	gethpebble "github.com/ethereum/go-ethereum/ethdb/pebble"
	"github.com/google/uuid"

	"github.com/infernode/infernode/internal/job"
)

// ErrNotFound is returned for a job id the store does not hold.
var ErrNotFound = errors.New("job not found")

// ErrOldFormat is returned by Open when a data directory written by
// infernode 1.3 or earlier (Pebble v1's oldest on-disk format, which the
// Pebble v2 this release uses no longer reads) could not be upgraded.
var ErrOldFormat = errors.New("the data directory was written by infernode 1.3 or earlier and its one-time format upgrade failed; " +
	"fix the cause above and start again, or run infernode 1.3 on it, or move it aside to start with an empty store")

// InterruptedReason is the error of a job that a crash or restart left running.
const InterruptedReason = "interrupted by node restart"

// ErrManaged is returned by PutStatus for a job the node itself runs
// (created by Create): a status report may never change one.
var ErrManaged = errors.New("job is managed by the node")

// Options configures Open. Zero values take the documented defaults.
type Options struct {
	// Logger receives Pebble's messages at debug level. Default: discarded.
	Logger *slog.Logger
	// Now is the clock for created/finished times. Default: time.Now.
	Now func() time.Time
	// NoSync skips the fsync on writes. Only for benchmarks and tests that
	// do not kill the process: with it a crash can lose accepted jobs and
	// take back results already served.
	NoSync bool
	// FS, when set, holds the database in memory instead of dir on disk:
	// tests use it to simulate a crash (MemFS.Crash).
	FS *MemFS
	// PurgeBatch is how many finished jobs one purge batch deletes.
	// Default 1000.
	PurgeBatch int
	// NewID makes a job id (a UUID). Default uuid.NewString; a fleet member
	// tags its ids with its node id (fleet.NewJobID).
	NewID func() string
}

// Store is the job store. It is safe for concurrent use; the caller of Open
// must call Close once every user is done.
type Store struct {
	newID   func() string
	db      *pebble.DB
	now     func() time.Time
	wo      *pebble.WriteOptions // every write: pebble.Sync unless Options.NoSync
	batch   int
	pending atomic.Int64
	seed    maphash.Seed
	stripes [64]stripe

	closeMu sync.RWMutex
	closed  bool
}

// stripe serialises updates of the ids that hash to it and remembers the
// running jobs created by this process, so finishing one needs no read.
type stripe struct {
	mu      sync.Mutex
	running map[string]runningJob
	waiters map[string][]*Watch // watches of running jobs (see watch.go)
	recent  recentRing          // small results finished lately (see recent.go)
}

type runningJob struct {
	client     string
	containers []string
	created    int64
	finishing  bool // a Finish is committing it
}

// Job is one stored job.
type Job struct {
	ID           string                `json:"id"`
	Client       string                `json:"client"`
	Containers   []string              `json:"containers"`
	Status       job.Status            `json:"status"`
	Result       *job.ContainerResult  `json:"result,omitempty"`
	Intermediate []job.ContainerResult `json:"intermediate,omitempty"`
	Created      int64                 `json:"created"`            // unix nanoseconds
	Finished     int64                 `json:"finished,omitempty"` // unix nanoseconds, 0 while running
}

// JobResult is the client-facing JobResult; intermediate results are
// included only when asked for.
func (j *Job) JobResult(intermediate bool) job.Result {
	r := job.Result{ID: j.ID, Status: j.Status, Result: j.Result}
	if intermediate {
		// Non-nil so the key is present (as []) when asked for, as clients
		// of the reference node expect.
		r.Intermediate = j.Intermediate
		if r.Intermediate == nil {
			r.Intermediate = []job.ContainerResult{}
		}
	}
	return r
}

// Open opens (creating if needed) the store in dir.
func Open(dir string, opts Options) (*Store, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.PurgeBatch <= 0 {
		opts.PurgeBatch = 1000
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	var fs vfs.FS
	memTable := uint64(0) // Pebble's default
	if opts.FS != nil {
		if err := opts.FS.mkdir(dir); err != nil {
			return nil, fmt.Errorf("open store %s: %w", dir, err)
		}
		fs = opts.FS.fs
		// The crashable filesystem copies a whole file on every sync, and
		// the WAL grows to the memtable's size: small memtables keep the
		// relay simulator's day of fsyncs linear (they halved its time).
		memTable = 256 << 10
	} else {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("open store %s: %w", dir, err)
		}
		if err := MakePrivate(dir); err != nil {
			return nil, fmt.Errorf("open store %s: make it private to the node's user: %w", dir, err)
		}
		fs = privateFS{vfs.Default}
	}
	popts := &pebble.Options{Logger: pebbleLogger{log}, FS: fs,
		// Job ids are random (UUIDv4), so every flushed table overlaps the
		// whole base level and each L0 compaction rewrites it: a later L0
		// trigger means fewer, larger compactions (Pebble's background work
		// fell from ~18% to ~10% of the node's CPU under load). 32 MiB
		// memtables measured no better and cost 56 MiB more.
		L0CompactionThreshold: 16,
		L0StopWritesThreshold: 40,
		MemTableSize:          memTable,
	}
	db, err := pebble.Open(dir, popts)
	if err != nil && opts.FS == nil && strings.Contains(err.Error(), "no longer supported") {
		// Written by infernode 1.3 or earlier (Pebble v1). Ratchet the
		// format once to the oldest one Pebble v2 reads; keys and values
		// stay as they are, and 1.3 can still open the directory.
		log.Warn("storage: upgrading the data directory's on-disk format written by infernode 1.3 or earlier", "dir", dir)
		if uerr := gethpebble.Upgrade(dir); uerr != nil {
			return nil, fmt.Errorf("open store %s: %w: %v", dir, ErrOldFormat, uerr)
		}
		if err := MakePrivate(dir); err != nil { // what the upgrade wrote
			return nil, fmt.Errorf("open store %s: make it private to the node's user: %w", dir, err)
		}
		db, err = pebble.Open(dir, popts)
	}
	if err != nil {
		// Another process holding the lock surfaces as flock's bare
		// EWOULDBLOCK ("resource temporarily unavailable"), this process
		// as Pebble's "lock held by current process".
		if errors.Is(err, syscall.EWOULDBLOCK) || strings.Contains(err.Error(), "lock") {
			return nil, fmt.Errorf("open store %s: the directory is in use by another node (%w); stop that node or choose another data_dir", dir, err)
		}
		return nil, fmt.Errorf("open store %s: %w", dir, err)
	}
	s := &Store{db: db, now: opts.Now, wo: pebble.Sync, batch: opts.PurgeBatch, seed: maphash.MakeSeed(), newID: opts.NewID}
	if s.newID == nil {
		s.newID = uuid.NewString
	}
	for i := range s.stripes {
		s.stripes[i].running = map[string]runningJob{}
	}
	if opts.NoSync {
		s.wo = pebble.NoSync
	}
	n, err := s.countPrefix(prefixPending)
	if err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("open store %s: count pending jobs: %w", dir, err)
	}
	s.pending.Store(int64(n))
	return s, nil
}

// Close flushes and closes the database.
// Close waits for operations in progress, then closes the database; later
// calls fail with ErrClosed.
func (s *Store) Close() error {
	s.closeMu.Lock()
	defer s.closeMu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	return s.db.Close()
}

// ErrClosed is returned by a Store used after Close.
var ErrClosed = errors.New("store closed")

// enter guards one operation against a concurrent Close (Pebble panics on
// a closed DB); leave ends it.
func (s *Store) enter() error {
	s.closeMu.RLock()
	if s.closed {
		s.closeMu.RUnlock()
		return ErrClosed
	}
	return nil
}

func (s *Store) leave() { s.closeMu.RUnlock() }

// Table is the part of the database under prefix (one of the Table*
// constants in schema.go) as the KeyValueStore of the subsystem that owns
// it. It stays usable until the Store is closed.
func (s *Store) Table(prefix string) KeyValueStore { return NewTable(pebbleKV{s.db}, prefix) }

// Pending is the number of jobs in the running state.
func (s *Store) Pending() int { return int(s.pending.Load()) }

// Ping checks that the database answers reads.
func (s *Store) Ping() error {
	if err := s.enter(); err != nil {
		return err
	}
	defer s.leave()
	_, closer, err := s.db.Get(keyPing)
	if err == nil {
		closer.Close()
	}
	if err != nil && !errors.Is(err, pebble.ErrNotFound) {
		return err
	}
	return nil
}

// Create records a new running job for client and returns its UUIDv4. The
// write is durable (fsync) before Create returns.
func (s *Store) Create(client string, containers []string) (string, error) {
	ids, err := s.CreateBatch(client, [][]string{containers})
	if err != nil {
		return "", err
	}
	return ids[0], nil
}

// CreateBatch records len(containers) new running jobs for client, one per
// entry, in one durable write (one fsync for all), and returns their ids in
// order. Either all are created or none is.
func (s *Store) CreateBatch(client string, containers [][]string) ([]string, error) {
	ids, durable, err := s.CreateBatchPipelined(client, containers)
	if err != nil {
		return nil, err
	}
	if err := durable(); err != nil {
		return nil, err
	}
	return ids, nil
}

// CreateBatchPipelined is CreateBatch without waiting for the fsync: when
// it returns, the jobs exist (readable, counted, finishable), so their work
// can start while the disk syncs. durable waits until they are on disk; it
// must be called exactly once, and before any id is given to a client.
//
// A crash before the sync loses the jobs and anything written after them
// (the WAL is written in order), which is safe only because no client has
// their ids yet. The fsync is a disk round trip (~0.2 ms here) during which
// the jobs would otherwise sit idle.
func (s *Store) CreateBatchPipelined(client string, containers [][]string) (ids []string, durable func() error, err error) {
	if err := s.enter(); err != nil {
		return nil, nil, err
	}
	b := s.db.NewBatch()
	// Each job gets its own nanosecond so the client's index lists the
	// batch in order.
	created := s.now().UnixNano()
	ids = make([]string, len(containers))
	for i, cs := range containers {
		ids[i] = s.newID()
		putRunning(b, &Job{ID: ids[i], Client: client, Containers: cs, Status: job.StatusRunning, Created: created + int64(i)})
	}
	wait := func() error { return nil }
	if s.wo.Sync {
		// Pebble's documented way to apply a synced write without waiting
		// for its sync (marked experimental; the version is pinned).
		err = s.db.ApplyNoSyncWait(b, s.wo)
		wait = b.SyncWait
	} else {
		err = b.Commit(s.wo)
	}
	if err != nil {
		b.Close()
		s.leave()
		return nil, nil, fmt.Errorf("create job: %w", err)
	}
	for i, id := range ids {
		st := s.stripe(id)
		st.mu.Lock()
		st.running[id] = runningJob{client: client, containers: containers[i], created: created + int64(i)}
		st.mu.Unlock()
	}
	s.pending.Add(int64(len(ids)))
	var once sync.Once
	var serr error
	durable = func() error {
		once.Do(func() {
			// The store stays open (enter) until the batch is synced and
			// closed: Close must not pull the database from under it.
			defer s.leave()
			defer b.Close()
			if err := wait(); err != nil {
				serr = fmt.Errorf("create job: sync: %w", err)
			}
		})
		return serr
	}
	return ids, durable, nil
}

// Finish records the outcome of a running job: res.Status must be success
// or failed; res.Result and res.Intermediate are stored. Finishing a job
// that is already finished is a no-op, so a late timeout cannot overwrite a
// result.
func (s *Store) Finish(id string, res job.Result) error {
	if !res.Status.Terminal() {
		return fmt.Errorf("finish job %s: status %q is not terminal", id, res.Status)
	}
	if err := s.enter(); err != nil {
		return err
	}
	defer s.leave()
	st := s.stripe(id)
	st.mu.Lock()
	r, ok := st.running[id]
	if !ok {
		// Not created by this process (or re-registered by PutStatus):
		// read-modify-write under the stripe lock.
		defer st.mu.Unlock()
		j, err := s.get(id)
		if err != nil {
			return fmt.Errorf("finish job %s: %w", id, err)
		}
		if j.Status.Terminal() {
			return nil
		}
		if err := s.commitFinish(j, res); err != nil {
			return err
		}
		st.finishedLocked(j)
		return nil
	}
	if r.finishing {
		st.mu.Unlock()
		return nil
	}
	// Mark it and commit outside the lock, so readers of other jobs in the
	// stripe never wait for this fsync. It stays readable as running (Get,
	// Watch) until the commit has returned, that is until the finish is
	// fsynced: Pebble makes a batch visible to its own reads before its WAL
	// sync, so nothing may publish a result from there first, or a kill
	// could take back a result a client has read.
	r.finishing = true
	st.running[id] = r
	st.mu.Unlock()
	j := &Job{ID: id, Client: r.client, Containers: r.containers, Status: job.StatusRunning, Created: r.created}
	err := s.commitFinish(j, res)
	st.mu.Lock()
	if err != nil {
		r.finishing = false
		st.running[id] = r
	} else {
		delete(st.running, id)
		st.finishedLocked(j)
	}
	st.mu.Unlock()
	return err
}

func (s *Store) commitFinish(j *Job, res job.Result) error {
	b := s.db.NewBatch()
	defer b.Close()
	// The pending key was set once (by Create, or by PutStatus after a
	// Delete of any earlier one), so a SingleDelete may remove it: unlike a
	// Delete, it cancels out with that Set when both reach the same flush,
	// and neither is written to disk. Most jobs finish within one memtable.
	_ = b.SingleDelete(indexKey(prefixPending, j.Client, j.Created, j.ID), nil)
	j.Status, j.Result, j.Intermediate = res.Status, res.Result, res.Intermediate
	j.Finished = s.now().UnixNano()
	putFinished(b, j)
	// Count it finished before it is visible as finished, so a reader that
	// sees the result never sees it still counted as pending.
	s.pending.Add(-1)
	if err := b.Commit(s.wo); err != nil {
		s.pending.Add(1)
		return fmt.Errorf("finish job %s: %w", j.ID, err)
	}
	return nil
}

// PutStatus records a status reported for id by a container that keeps its
// own job ids (PUT /api/status): the id is registered for client with
// containers, running or finished without a result. Such a job is a
// reported job; updating one keeps its owner and creation time. A job the
// node runs (made by Create) is never touched: ErrManaged. Reported jobs
// obey the same retention as any other (Purge), and ExpireReported fails
// the ones left running past the job timeout.
func (s *Store) PutStatus(client, id string, status job.Status, containers []string) error {
	if err := s.enter(); err != nil {
		return err
	}
	defer s.leave()
	if !status.Valid() {
		return fmt.Errorf("put status %s: invalid status %q", id, status)
	}
	if id == "" || len(id) > 256 || bytes.IndexByte([]byte(id), 0) >= 0 {
		return fmt.Errorf("put status: invalid id %q", id)
	}
	st := s.stripe(id)
	st.mu.Lock()
	defer st.mu.Unlock()
	if _, ok := st.running[id]; ok {
		return ErrManaged
	}
	old, err := s.get(id)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("put status %s: %w", id, err)
	}
	if old != nil {
		reported, err := s.has(reportedKey(id))
		if err != nil {
			return fmt.Errorf("put status %s: %w", id, err)
		}
		if !reported {
			return ErrManaged
		}
	}
	b := s.db.NewBatch()
	defer b.Close()
	delta := int64(0)
	j := &Job{ID: id, Client: client, Containers: containers, Status: status, Created: s.now().UnixNano()}
	if old != nil {
		j.Client, j.Created = old.Client, old.Created
		if old.Status == job.StatusRunning {
			_ = b.Delete(indexKey(prefixPending, old.Client, old.Created, id), nil)
			_ = b.Delete(repRunKey(old.Created, id), nil)
			delta--
		} else {
			_ = b.Delete(indexKey(prefixFinished, old.Client, old.Created, id), nil)
			_ = b.Delete(finTimeKey(old.Finished, id), nil)
		}
	}
	_ = b.Set(reportedKey(id), nil, nil)
	if status == job.StatusRunning {
		putRunning(b, j)
		_ = b.Set(repRunKey(j.Created, id), nil, nil)
		delta++
	} else {
		j.Finished = s.now().UnixNano()
		putFinished(b, j)
	}
	// Count the change before it is visible, as commitFinish does.
	s.pending.Add(delta)
	if err := b.Commit(s.wo); err != nil {
		s.pending.Add(-delta)
		return fmt.Errorf("put status %s: %w", id, err)
	}
	st.recent.forget(id)
	if status.Terminal() {
		st.notifyLocked(id)
	}
	return nil
}

// ExpireReported fails the reported jobs (PutStatus) still running that
// were created before cutoff, with reason as their error, as the job
// timeout fails the node's own jobs. It returns how many it failed.
func (s *Store) ExpireReported(ctx context.Context, cutoff time.Time, reason string) (int, error) {
	if err := s.enter(); err != nil {
		return 0, err
	}
	defer s.leave()
	upper := repRunKey(cutoff.UnixNano(), "")
	n := 0
	for {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		ids, err := s.rangeIDs(prefixRepRun, upper, s.batch)
		if err != nil {
			return n, fmt.Errorf("expire reported jobs: %w", err)
		}
		for _, id := range ids {
			if err := s.expireReported(id, reason); err != nil {
				return n, fmt.Errorf("expire reported jobs: %w", err)
			}
			n++
		}
		if len(ids) < s.batch {
			return n, nil
		}
	}
}

// OldestReported returns the creation time of the oldest reported job
// (PutStatus) still indexed as running, and false when there is none: the
// node sleeps until its deadline rather than polling.
func (s *Store) OldestReported() (time.Time, bool, error) {
	if err := s.enter(); err != nil {
		return time.Time{}, false, err
	}
	defer s.leave()
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: prefixRepRun, UpperBound: prefixEnd(prefixRepRun)})
	if err != nil {
		return time.Time{}, false, fmt.Errorf("oldest reported job: %w", err)
	}
	defer it.Close()
	if !it.First() {
		return time.Time{}, false, it.Error()
	}
	created := binary.BigEndian.Uint64(it.Key()[len(prefixRepRun):])
	return time.Unix(0, int64(created)), true, nil
}

func (s *Store) expireReported(id, reason string) error {
	st := s.stripe(id)
	st.mu.Lock()
	defer st.mu.Unlock()
	j, err := s.get(id)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	b := s.db.NewBatch()
	defer b.Close()
	_ = b.Delete(repRunKey(j.Created, id), nil)
	if j.Status != job.StatusRunning {
		return b.Commit(pebble.NoSync) // a stale index entry
	}
	name := ""
	if len(j.Containers) > 0 {
		name = j.Containers[len(j.Containers)-1]
	}
	_ = b.Delete(indexKey(prefixPending, j.Client, j.Created, id), nil)
	j.Status = job.StatusFailed
	j.Result = &job.ContainerResult{Container: name, Error: reason}
	j.Finished = s.now().UnixNano()
	putFinished(b, j)
	s.pending.Add(-1)
	if err := b.Commit(s.wo); err != nil {
		s.pending.Add(1)
		return err
	}
	st.recent.forget(id)
	st.notifyLocked(id)
	return nil
}

// has reports whether key exists.
func (s *Store) has(key []byte) (bool, error) {
	_, closer, err := s.db.Get(key)
	if errors.Is(err, pebble.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	closer.Close()
	return true, nil
}

// rangeIDs returns the ids of up to n keys of a time index (prefix, BE8
// time, id) below upper.
func (s *Store) rangeIDs(prefix, upper []byte, n int) ([]string, error) {
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: prefix, UpperBound: upper})
	if err != nil {
		return nil, err
	}
	defer it.Close()
	var ids []string
	for it.First(); it.Valid() && len(ids) < n; it.Next() {
		ids = append(ids, string(it.Key()[len(prefix)+8:]))
	}
	return ids, it.Error()
}

// Get returns the job id, or ErrNotFound.
func (s *Store) Get(id string) (*Job, error) {
	if err := s.enter(); err != nil {
		return nil, err
	}
	defer s.leave()
	// A job this process is running is answered from memory: clients poll
	// running jobs far more often than anything else.
	st := s.stripe(id)
	st.mu.Lock()
	r, ok := st.running[id]
	recent, fresh := st.recent.get(id)
	st.mu.Unlock()
	if ok {
		return &Job{ID: id, Client: r.client, Containers: r.containers, Status: job.StatusRunning, Created: r.created}, nil
	}
	if fresh {
		return recent, nil
	}
	return s.get(id)
}

func (s *Store) get(id string) (*Job, error) {
	v, closer, err := s.db.Get(append(append([]byte{}, prefixJob...), id...))
	if errors.Is(err, pebble.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get job %s: %w", id, err)
	}
	defer closer.Close()
	var j Job
	if err := decodeRecord(v, &j); err != nil {
		return nil, fmt.Errorf("decode job %s: %w", id, err)
	}
	return &j, nil
}

// List returns client's job ids in creation order: pending nil = all
// (running first), true = running, false = finished.
func (s *Store) List(client string, pending *bool) ([]string, error) {
	if err := s.enter(); err != nil {
		return nil, err
	}
	defer s.leave()
	var ids []string
	var err error
	if pending == nil || *pending {
		if ids, err = s.listIndex(prefixPending, client, ids); err != nil {
			return nil, err
		}
	}
	if pending == nil || !*pending {
		if ids, err = s.listIndex(prefixFinished, client, ids); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

func (s *Store) listIndex(prefix []byte, client string, ids []string) ([]string, error) {
	lo := append(append(append([]byte{}, prefix...), client...), 0)
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: lo, UpperBound: prefixEnd(lo)})
	if err != nil {
		return nil, fmt.Errorf("list jobs: %w", err)
	}
	defer it.Close()
	for it.First(); it.Valid(); it.Next() {
		ids = append(ids, string(it.Key()[len(lo)+8:]))
	}
	return ids, it.Error()
}

// RecoverInterrupted marks every job left running (by a crash or a stop
// that could not finish it) as failed with InterruptedReason. Call it once
// at startup, before new jobs are accepted. It returns how many it marked.
// It commits one synced batch per Options.PurgeBatch jobs.
func (s *Store) RecoverInterrupted() (int, error) {
	if err := s.enter(); err != nil {
		return 0, err
	}
	defer s.leave()
	n := 0
	for {
		ids, err := s.firstIDs(prefixPending, s.batch)
		if err != nil {
			return n, fmt.Errorf("recover interrupted jobs: %w", err)
		}
		if len(ids) == 0 {
			return n, nil
		}
		b := s.db.NewBatch()
		for _, id := range ids {
			j, err := s.get(id)
			if err != nil {
				b.Close()
				return n, fmt.Errorf("recover interrupted jobs: %w", err)
			}
			name := ""
			if len(j.Containers) > 0 {
				name = j.Containers[0]
			}
			if len(j.Intermediate) > 0 && len(j.Intermediate) < len(j.Containers) {
				name = j.Containers[len(j.Intermediate)]
			}
			_ = b.Delete(indexKey(prefixPending, j.Client, j.Created, j.ID), nil)
			_ = b.Delete(repRunKey(j.Created, j.ID), nil) // a reported job's, if it is one
			j.Status = job.StatusFailed
			j.Result = &job.ContainerResult{Container: name, Error: InterruptedReason}
			j.Finished = s.now().UnixNano()
			putFinished(b, j)
		}
		s.pending.Add(-int64(len(ids))) // before the commit makes them visible
		err = b.Commit(s.wo)
		b.Close()
		if err != nil {
			s.pending.Add(int64(len(ids)))
			return n, fmt.Errorf("recover interrupted jobs: %w", err)
		}
		n += len(ids)
	}
}

// firstIDs returns the ids of the first n entries of an index.
func (s *Store) firstIDs(prefix []byte, n int) ([]string, error) {
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: prefix, UpperBound: prefixEnd(prefix)})
	if err != nil {
		return nil, err
	}
	defer it.Close()
	var ids []string
	for it.First(); it.Valid() && len(ids) < n; it.Next() {
		k := it.Key()
		i := bytes.IndexByte(k, 0)
		ids = append(ids, string(k[i+1+8:]))
	}
	return ids, it.Error()
}

// Purge deletes finished jobs that finished before cutoff, in batches of
// Options.PurgeBatch so memory stays flat however many there are. It
// returns how many it deleted.
func (s *Store) Purge(ctx context.Context, cutoff time.Time) (int, error) {
	if err := s.enter(); err != nil {
		return 0, err
	}
	defer s.leave()
	upper := finTimeKey(cutoff.UnixNano(), "")
	n := 0
	for {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		k, done, err := s.purgeBatch(upper)
		n += k
		if err != nil {
			return n, fmt.Errorf("purge jobs: %w", err)
		}
		if done {
			return n, nil
		}
	}
}

func (s *Store) purgeBatch(upper []byte) (int, bool, error) {
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: prefixFinTime, UpperBound: upper})
	if err != nil {
		return 0, false, err
	}
	defer it.Close()
	b := s.db.NewBatch()
	defer b.Close()
	n := 0
	for it.First(); it.Valid() && n < s.batch; it.Next() {
		id := string(it.Key()[len(prefixFinTime)+8:])
		_ = b.Delete(it.Key(), nil)
		j, err := s.get(id)
		if errors.Is(err, ErrNotFound) {
			n++
			continue
		}
		if err != nil {
			return n, false, err
		}
		_ = b.Delete(indexKey(prefixFinished, j.Client, j.Created, id), nil)
		_ = b.Delete(jobKey(id), nil)
		_ = b.Delete(reportedKey(id), nil)
		st := s.stripe(id)
		st.mu.Lock()
		st.recent.forget(id)
		st.mu.Unlock()
		n++
	}
	if err := it.Error(); err != nil {
		return 0, false, err
	}
	if n == 0 {
		return 0, true, nil
	}
	// A purge lost to a crash is redone by the next sweep: no fsync needed.
	if err := b.Commit(pebble.NoSync); err != nil {
		return 0, false, err
	}
	return n, n < s.batch, nil
}

// putRunning and putFinished add a job's record and index keys to b (a
// batch's Set fails only once it is committed or closed).
func putRunning(b *pebble.Batch, j *Job) {
	_ = b.Set(jobKey(j.ID), appendRecord(nil, j), nil)
	_ = b.Set(indexKey(prefixPending, j.Client, j.Created, j.ID), nil, nil)
}

func putFinished(b *pebble.Batch, j *Job) {
	_ = b.Set(jobKey(j.ID), appendRecord(nil, j), nil)
	_ = b.Set(indexKey(prefixFinished, j.Client, j.Created, j.ID), nil, nil)
	_ = b.Set(finTimeKey(j.Finished, j.ID), nil, nil)
}

func (s *Store) countPrefix(prefix []byte) (int, error) {
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: prefix, UpperBound: prefixEnd(prefix)})
	if err != nil {
		return 0, err
	}
	defer it.Close()
	n := 0
	for it.First(); it.Valid(); it.Next() {
		n++
	}
	return n, it.Error()
}

func (s *Store) stripe(id string) *stripe {
	return &s.stripes[maphash.String(s.seed, id)%uint64(len(s.stripes))]
}

// pebbleLogger routes Pebble's messages to slog; Fatalf still panics, as
// Pebble expects it not to return.
type pebbleLogger struct{ l *slog.Logger }

func (p pebbleLogger) Infof(format string, args ...any) {
	p.l.Debug(fmt.Sprintf(format, args...), "component", "pebble")
}
func (p pebbleLogger) Errorf(format string, args ...any) {
	p.l.Error(fmt.Sprintf(format, args...), "component", "pebble")
}
func (p pebbleLogger) Fatalf(format string, args ...any) {
	panic(fmt.Sprintf("pebble: "+format, args...))
}
