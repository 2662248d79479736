package respcache

import (
	"cmp"
	"container/list"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/internal/telemetry"
)

// Key is an entry's address: the SHA-256 of everything that determines the
// output (the executor's key, docs/cache.md).
type Key [32]byte

// EntryOverhead is what each entry costs beyond its value's bytes in the
// budget: its index in memory and in the store. Counting it bounds the
// index's memory by MaxBytes too, however small the values.
const EntryOverhead = 256

// Options configures Open.
type Options struct {
	// Store is the cache's table of the node's store
	// (Store.Table(storage.TableCache)). Required.
	Store storage.KeyValueStore
	// MaxBytes bounds values plus EntryOverhead per entry. Required (> 0).
	MaxBytes int64
	// TTL is how long an entry answers after it was stored; 0: no expiry.
	TTL time.Duration
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Registerer receives the cache's metrics. Default: none.
	Registerer prometheus.Registerer
	// Logger reports store failures. Default: slog.Default().
	Logger *slog.Logger
	// Budget, when set, is charged every cached byte the cache makes the
	// process hold (server.max_reply_bytes_in_flight): a value read from
	// the store is charged before it is read, and the caller of Get or Do
	// owns the charge of a hit (len of the value) and gives it back; a
	// value being written is charged until its write is committed, and not
	// stored without room. Without room for a hit, Get misses and Do
	// fails with ErrBusy.
	Budget Budget
}

// Cache is a bounded, persistent map from Key to bytes. It is safe for
// concurrent use; Close waits for its pending writes.
type Cache struct {
	budget Budget
	kv     storage.KeyValueStore
	max    int64
	ttl    time.Duration
	now    func() time.Time
	log    *slog.Logger
	wg     sync.WaitGroup
	closed bool

	mu      sync.Mutex
	index   map[Key]*list.Element // of *entry
	lru     *list.List            // front: most recently used
	bytes   int64
	flights map[Key]*flight

	requests *prometheus.CounterVec
	size     prometheus.Gauge
}

// Budget is a budget of bytes held (*ratelimit.Bytes).
type Budget interface {
	Take(n int64) bool
	Give(n int64)
}

type noBudget struct{}

func (noBudget) Take(int64) bool { return true }
func (noBudget) Give(int64)      {}

// Give returns n bytes of a hit's charge to the Budget.
func (c *Cache) Give(n int64) { c.budget.Give(n) }

// Charges reports whether the cache charges a Budget (Options.Budget).
func (c *Cache) Charges() bool {
	_, none := c.budget.(noBudget)
	return !none
}

// ErrBusy is Do's error for a hit the Budget has no room for.
var ErrBusy = errors.New("respcache: no room in the reply budget for the cached value")

type entry struct {
	key    Key
	cost   int64 // value bytes + EntryOverhead
	stored int64 // Unix nanoseconds
}

type flight struct {
	done  chan struct{}
	value []byte
	ok    bool
}

// Open loads the index of the entries opts.Store holds, dropping those
// past the TTL or over the budget.
func Open(opts Options) (*Cache, error) {
	if opts.Store == nil {
		return nil, errors.New("respcache: Options.Store is required")
	}
	if opts.MaxBytes <= 0 {
		return nil, errors.New("respcache: Options.MaxBytes must be positive")
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Budget == nil {
		opts.Budget = noBudget{}
	}
	c := &Cache{
		budget: opts.Budget, kv: opts.Store, max: opts.MaxBytes, ttl: opts.TTL, now: opts.Now, log: opts.Logger,
		index: map[Key]*list.Element{}, lru: list.New(), flights: map[Key]*flight{},
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "infernode_cache_requests_total",
			Help: "Response cache lookups by container and result (hit or miss).",
		}, []string{"container", "result"}),
		size: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "infernode_cache_bytes",
			Help: "Bytes the response cache holds (values plus per-entry index overhead).",
		}),
	}
	if opts.Registerer != nil {
		c.requests = telemetry.Reuse(opts.Registerer, c.requests)
		c.size = telemetry.Reuse(opts.Registerer, c.size)
	}
	if err := c.load(); err != nil {
		return nil, err
	}
	return c, nil
}

// load rebuilds the index from the store, in stored order: recency is not
// persisted (a hit would cost a write), so after a restart the oldest
// stored entries are the first evicted.
func (c *Cache) load() error {
	var entries []*entry
	err := c.kv.Scan(storage.CacheIndexPrefix(), func(k, v []byte) error {
		if len(k) != len(storage.CacheIndexPrefix())+32 || len(v) != 16 {
			return nil // not ours; left alone
		}
		e := &entry{stored: int64(binary.BigEndian.Uint64(v)), cost: int64(binary.BigEndian.Uint64(v[8:])) + EntryOverhead}
		copy(e.key[:], k[len(storage.CacheIndexPrefix()):])
		entries = append(entries, e)
		return nil
	})
	if err != nil {
		return fmt.Errorf("respcache: load index: %w", err)
	}
	sortByStored(entries)
	b := c.kv.NewBatch()
	defer b.Close()
	now := c.now().UnixNano()
	drop := 0
	for _, e := range entries {
		if c.expired(e, now) {
			deleteEntry(b, e.key)
			drop++
			continue
		}
		c.index[e.key] = c.lru.PushFront(e)
		c.bytes += e.cost
	}
	drop += c.evict(b, 0)
	if drop > 0 {
		if err := b.Commit(); err != nil {
			return fmt.Errorf("respcache: drop expired entries: %w", err)
		}
	}
	c.size.Set(float64(c.bytes))
	return nil
}

func (c *Cache) expired(e *entry, now int64) bool {
	return c.ttl > 0 && now-e.stored >= int64(c.ttl)
}

// evict removes least recently used entries until need more bytes fit,
// adding their deletion to b; it returns how many went. Called with mu
// held (or before the cache is shared).
func (c *Cache) evict(b storage.Batch, need int64) int {
	n := 0
	for c.bytes+need > c.max {
		back := c.lru.Back()
		if back == nil {
			break
		}
		e := back.Value.(*entry)
		c.remove(back)
		deleteEntry(b, e.key)
		n++
	}
	return n
}

func (c *Cache) remove(el *list.Element) {
	e := el.Value.(*entry)
	c.lru.Remove(el)
	delete(c.index, e.key)
	c.bytes -= e.cost
}

func deleteEntry(b storage.Batch, k Key) {
	_ = b.Delete(storage.CacheValueKey(k))
	_ = b.Delete(storage.CacheIndexKey(k))
}

// Get returns the value under k, counting a hit or a miss for container.
func (c *Cache) Get(container string, k Key) ([]byte, bool) {
	v, ok, _ := c.get(k)
	c.count(container, ok)
	return v, ok
}

func (c *Cache) count(container string, hit bool) {
	result := "miss"
	if hit {
		result = "hit"
	}
	c.requests.WithLabelValues(container, result).Inc()
}

func (c *Cache) get(k Key) (v []byte, ok, busy bool) {
	c.mu.Lock()
	el, ok := c.index[k]
	if !ok {
		c.mu.Unlock()
		return nil, false, false
	}
	e := el.Value.(*entry)
	if c.expired(e, c.now().UnixNano()) {
		c.dropLocked(el)
		c.mu.Unlock()
		return nil, false, false
	}
	c.lru.MoveToFront(el)
	c.mu.Unlock()
	size := e.cost - EntryOverhead
	if !c.budget.Take(size) {
		return nil, false, true
	}
	v, err := c.kv.Get(storage.CacheValueKey(k))
	if err != nil {
		c.budget.Give(size)
		if !errors.Is(err, storage.ErrKeyNotFound) {
			c.log.Warn("response cache: read failed; running the container", "err", err)
		}
		c.mu.Lock()
		if el, ok := c.index[k]; ok {
			c.dropLocked(el)
		}
		c.mu.Unlock()
		return nil, false, false
	}
	if d := int64(len(v)) - size; d != 0 { // a value the index misstates
		if d > 0 && !c.budget.Take(d) {
			c.budget.Give(size)
			return nil, false, true
		}
		if d < 0 {
			c.budget.Give(-d)
		}
	}
	return v, true, false
}

// dropLocked removes an entry from the index and the store. mu held.
func (c *Cache) dropLocked(el *list.Element) {
	e := el.Value.(*entry)
	c.remove(el)
	b := c.kv.NewBatch()
	deleteEntry(b, e.key)
	c.commitLocked(b, 0)
}

// commitLocked applies b without waiting for its sync (the cache is
// rebuilt from what survives a crash; nothing depends on an entry being
// durable), in mu's order so a delete and a later put of one key land in
// that order. mu held.
// held is what the batch's copy of a value holds of the budget, given
// back once the batch is closed.
func (c *Cache) commitLocked(b storage.Batch, held int64) {
	c.size.Set(float64(c.bytes))
	pb, ok := b.(storage.PipelinedBatch)
	if !ok {
		if err := b.Commit(); err != nil {
			c.log.Warn("response cache: write failed", "err", err)
		}
		b.Close()
		c.budget.Give(held)
		return
	}
	wait, err := pb.CommitPipelined()
	if err != nil {
		c.log.Warn("response cache: write failed", "err", err)
		b.Close()
		c.budget.Give(held)
		return
	}
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		if err := wait(); err != nil {
			c.log.Warn("response cache: sync failed", "err", err)
		}
		b.Close()
		c.budget.Give(held)
	}()
}

// Put stores v under k, evicting least recently used entries to make room.
// A value larger than the whole budget is not stored.
func (c *Cache) Put(k Key, v []byte) {
	cost := int64(len(v)) + EntryOverhead
	if cost > c.max {
		return
	}
	// The batch copies v: that copy is charged until it is committed.
	if !c.budget.Take(int64(len(v))) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		c.budget.Give(int64(len(v)))
		return
	}
	b := c.kv.NewBatch()
	if el, ok := c.index[k]; ok {
		c.remove(el)
	}
	c.evict(b, cost)
	e := &entry{key: k, cost: cost, stored: c.now().UnixNano()}
	var rec [16]byte
	binary.BigEndian.PutUint64(rec[:], uint64(e.stored))
	binary.BigEndian.PutUint64(rec[8:], uint64(len(v)))
	if err := b.Put(storage.CacheValueKey(k), v); err != nil {
		b.Close()
		c.budget.Give(int64(len(v)))
		return
	}
	if err := b.Put(storage.CacheIndexKey(k), rec[:]); err != nil {
		b.Close()
		c.budget.Give(int64(len(v)))
		return
	}
	c.index[k] = c.lru.PushFront(e)
	c.bytes += cost
	c.commitLocked(b, int64(len(v)))
}

// Do returns the value under k, or runs fn to make it and stores what fn
// returns when fn reports it cacheable (a success). While fn runs, other
// calls for k wait for it rather than run fn again; if it fails, they try
// themselves. hit says whether the value came from the cache (or from a
// concurrent call's run).
func (c *Cache) Do(ctx context.Context, container string, k Key, fn func() (v []byte, cacheable bool, err error)) (v []byte, hit bool, err error) {
	for {
		v, ok, busy := c.get(k)
		if ok {
			c.count(container, true)
			return v, true, nil
		}
		if busy {
			return nil, false, ErrBusy
		}
		c.mu.Lock()
		f, running := c.flights[k]
		if !running {
			f = &flight{done: make(chan struct{})}
			c.flights[k] = f
		}
		c.mu.Unlock()
		if running {
			select {
			case <-f.done:
				if f.ok {
					if !c.budget.Take(int64(len(f.value))) {
						return nil, false, ErrBusy
					}
					c.count(container, true)
					return f.value, true, nil
				}
				continue
			case <-ctx.Done():
				return nil, false, context.Cause(ctx)
			}
		}
		c.count(container, false)
		v, cacheable, err := fn()
		if err == nil && cacheable {
			c.Put(k, v)
			f.value, f.ok = v, true
		}
		c.mu.Lock()
		delete(c.flights, k)
		c.mu.Unlock()
		close(f.done)
		return v, false, err
	}
}

// Bytes is what the cache holds now: values plus EntryOverhead per entry.
func (c *Cache) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// Len is the number of entries.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.index)
}

// Close stops storing and waits for the writes in flight to be synced.
// Lookups still answer; call it before closing the store.
func (c *Cache) Close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.wg.Wait()
}

func sortByStored(es []*entry) {
	slices.SortFunc(es, func(a, b *entry) int { return cmp.Compare(a.stored, b.stored) })
}
