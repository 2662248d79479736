package respcache

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/ratelimit"
)

func key(s string) Key { return sha256.Sum256([]byte(s)) }

func openStore(t *testing.T, dir string) *storage.Store {
	t.Helper()
	st, err := storage.Open(dir, storage.Options{})
	require.NoError(t, err)
	return st
}

func open(t *testing.T, st *storage.Store, max int64, opts ...func(*Options)) *Cache {
	t.Helper()
	o := Options{Store: st.Table(storage.TableCache), MaxBytes: max}
	for _, f := range opts {
		f(&o)
	}
	c, err := Open(o)
	require.NoError(t, err)
	return c
}

// storedBytes sums what the cache's table holds on disk.
func storedBytes(t *testing.T, st *storage.Store) (n int64, entries int) {
	t.Helper()
	require.NoError(t, st.Table(storage.TableCache).Scan(nil, func(k, v []byte) error {
		n += int64(len(k) + len(v))
		if strings.HasPrefix(string(k), "v/") {
			entries++
		}
		return nil
	}))
	return n, entries
}

func TestPutGetAndLRU(t *testing.T) {
	st := openStore(t, t.TempDir())
	defer st.Close()
	// Room for three 100-byte values.
	c := open(t, st, 3*(100+EntryOverhead))
	defer c.Close()
	val := func(s string) []byte { return []byte(strings.Repeat(s, 100)) }
	for _, s := range []string{"a", "b", "c"} {
		c.Put(key(s), val(s))
	}
	v, ok := c.Get("x", key("a")) // a is now the most recent
	require.True(t, ok)
	require.Equal(t, val("a"), v)
	c.Put(key("d"), val("d")) // evicts b, the least recently used
	_, ok = c.Get("x", key("b"))
	require.False(t, ok)
	for _, s := range []string{"a", "c", "d"} {
		_, ok := c.Get("x", key(s))
		require.True(t, ok, s)
	}
	require.Equal(t, int64(3*(100+EntryOverhead)), c.Bytes())
	c.Put(key("huge"), make([]byte, 4*(100+EntryOverhead))) // larger than the budget: not kept
	_, ok = c.Get("x", key("huge"))
	require.False(t, ok)
	require.Equal(t, 3, c.Len())
}

// The budget bounds both the index in memory and what the store holds,
// however many entries go through.
func TestMemoryAndStoreBounded(t *testing.T) {
	st := openStore(t, t.TempDir())
	defer st.Close()
	const max = 64 << 10
	c := open(t, st, max)
	for i := range 5000 {
		c.Put(key(fmt.Sprint(i)), make([]byte, i%700))
		require.LessOrEqual(t, c.Bytes(), int64(max))
	}
	c.Close()
	require.LessOrEqual(t, c.Len(), max/EntryOverhead)
	disk, entries := storedBytes(t, st)
	require.Equal(t, c.Len(), entries, "evicted entries are deleted from the store")
	require.LessOrEqual(t, disk, int64(max))
	// The newest entry is there, the oldest gone.
	_, ok := c.Get("x", key("4999"))
	require.True(t, ok)
	_, ok = c.Get("x", key("0"))
	require.False(t, ok)
}

func TestRestartKeepsEntries(t *testing.T) {
	dir := t.TempDir()
	st := openStore(t, dir)
	c := open(t, st, 1<<20)
	c.Put(key("a"), []byte(`{"out":1}`))
	c.Put(key("b"), []byte(`{"out":2}`))
	c.Close()
	require.NoError(t, st.Close())

	st = openStore(t, dir)
	defer st.Close()
	c = open(t, st, 1<<20)
	defer c.Close()
	require.Equal(t, 2, c.Len())
	v, ok := c.Get("x", key("b"))
	require.True(t, ok)
	require.JSONEq(t, `{"out":2}`, string(v))

	// Reopened with a smaller budget, the oldest stored go first.
	c.Close()
	small := open(t, st, 100+EntryOverhead)
	defer small.Close()
	require.Equal(t, 1, small.Len())
	_, ok = small.Get("x", key("b"))
	require.True(t, ok)
	_, entries := storedBytes(t, st)
	require.Equal(t, 1, entries)
}

func TestTTL(t *testing.T) {
	st := openStore(t, t.TempDir())
	defer st.Close()
	now := time.Unix(1_000_000, 0)
	clock := func() time.Time { return now }
	c := open(t, st, 1<<20, func(o *Options) { o.TTL = time.Minute; o.Now = clock })
	c.Put(key("a"), []byte("1"))
	now = now.Add(59 * time.Second)
	_, ok := c.Get("x", key("a"))
	require.True(t, ok)
	now = now.Add(time.Second)
	_, ok = c.Get("x", key("a"))
	require.False(t, ok, "expired at the TTL")
	require.Zero(t, c.Len())

	// Expired entries are dropped when the cache opens.
	c.Put(key("b"), []byte("2"))
	c.Close()
	now = now.Add(time.Hour)
	c = open(t, st, 1<<20, func(o *Options) { o.TTL = time.Minute; o.Now = clock })
	defer c.Close()
	require.Zero(t, c.Len())
	_, entries := storedBytes(t, st)
	require.Zero(t, entries)
}

// Do runs the work once for concurrent misses of one key, keeps only
// successes, and counts hits and misses per container.
func TestDoSingleFlightAndMetrics(t *testing.T) {
	st := openStore(t, t.TempDir())
	defer st.Close()
	reg := prometheus.NewRegistry()
	c := open(t, st, 1<<20, func(o *Options) { o.Registerer = reg })
	defer c.Close()
	ctx := context.Background()

	var runs atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, _, err := c.Do(ctx, "onnx", key("x"), func() ([]byte, bool, error) {
				runs.Add(1)
				<-release
				return []byte("out"), true, nil
			})
			require.NoError(t, err)
			require.Equal(t, "out", string(v))
		}()
	}
	// Wait until every caller is either running or waiting on the run.
	require.Eventually(t, func() bool { return runs.Load() == 1 }, 10*time.Second, time.Millisecond)
	close(release)
	wg.Wait()
	require.Equal(t, int32(1), runs.Load())
	_, hit, err := c.Do(ctx, "onnx", key("x"), func() ([]byte, bool, error) { panic("not run on a hit") })
	require.NoError(t, err)
	require.True(t, hit)

	// Failures and uncacheable results are not kept.
	boom := errors.New("boom")
	_, _, err = c.Do(ctx, "onnx", key("y"), func() ([]byte, bool, error) { return nil, false, boom })
	require.ErrorIs(t, err, boom)
	_, _, err = c.Do(ctx, "onnx", key("y"), func() ([]byte, bool, error) { return []byte("no"), false, nil })
	require.NoError(t, err)
	_, ok := c.Get("onnx", key("y"))
	require.False(t, ok)

	require.Equal(t, 8.0, metric(t, reg, "infernode_cache_requests_total", "hit"), "seven waiters and one lookup")
	require.Equal(t, 4.0, metric(t, reg, "infernode_cache_requests_total", "miss"))
	require.Equal(t, float64(c.Bytes()), metric(t, reg, "infernode_cache_bytes", ""))
}

// metric reads a gauge, or the container "onnx" counter of result.
func metric(t *testing.T, reg *prometheus.Registry, name, result string) float64 {
	t.Helper()
	fams, err := reg.Gather()
	require.NoError(t, err)
	for _, f := range fams {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			if result == "" {
				return m.GetGauge().GetValue()
			}
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["container"] == "onnx" && labels["result"] == result {
				return m.GetCounter().GetValue()
			}
		}
	}
	return 0
}

// A caller waiting on another's run gives up with its context.
func TestDoWaiterCancelled(t *testing.T) {
	st := openStore(t, t.TempDir())
	defer st.Close()
	c := open(t, st, 1<<20)
	defer c.Close()
	release := make(chan struct{})
	started := make(chan struct{})
	go func() {
		_, _, _ = c.Do(context.Background(), "x", key("k"), func() ([]byte, bool, error) {
			close(started)
			<-release
			return []byte("v"), true, nil
		})
	}()
	<-started
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := c.Do(ctx, "x", key("k"), func() ([]byte, bool, error) { panic("a second run") })
	require.ErrorIs(t, err, context.Canceled)
	close(release)
}

// TestBudget: a value being stored is charged until its write is
// committed (not stored without room), and a hit is charged before it is
// read, the caller owning the charge.
func TestBudget(t *testing.T) {
	st, err := storage.Open(t.TempDir(), storage.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	budget := ratelimit.NewBytes(100)
	c, err := Open(Options{Store: st.Table(storage.TableCache), MaxBytes: 1 << 20, Budget: budget})
	require.NoError(t, err)
	require.True(t, c.Charges())
	c.Put(Key{1}, make([]byte, 101))
	require.Zero(t, c.Len(), "no room for the write's copy: not stored")
	c.Put(Key{2}, make([]byte, 60))
	require.Equal(t, 1, c.Len())
	c.Close() // committed
	require.Zero(t, budget.Held(), "the write's charge given back once committed")
	v, ok := c.Get("m", Key{2})
	require.True(t, ok)
	require.Len(t, v, 60)
	require.Equal(t, int64(60), budget.Held(), "the hit is charged; the caller owns it")
	_, ok = c.Get("m", Key{2})
	require.False(t, ok, "no room for a second read of it: a miss")
	_, _, err = c.Do(context.Background(), "m", Key{2}, func() ([]byte, bool, error) { return nil, false, nil })
	require.ErrorIs(t, err, ErrBusy)
	c.Give(60)
	require.Zero(t, budget.Held())
}
