package modelstore

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/infernode/infernode/workloads/protocol"
)

// Registry keeps loaded models by model id, loading each at most once at a
// time, and at most the store's MaxLoaded at once: loading one more drops
// the least recently used model the operator did not preload. M is the
// workload's model type; it must be safe for concurrent use once loaded,
// and release what it holds outside the Go heap when it becomes unreachable
// (both engines' models free their sessions with runtime.AddCleanup), since
// a dropped model may still be running a request. A Registry is safe for
// concurrent use.
type Registry[M any] struct {
	store  *Store
	open   Opener[M]
	loadMu sync.Mutex   // one load at a time
	mu     sync.RWMutex // guards models and ids
	models map[string]*entry[M]
	ids    []protocol.ModelID // load order
	clock  atomic.Uint64      // ticks of use, for least recently used
}

type entry[M any] struct {
	m      M
	pinned atomic.Bool   // preloaded by the operator: never dropped
	used   atomic.Uint64 // the registry's clock at the last use
}

// A Fetcher gives the path of a model file in the cache (Store.Fetch,
// Download or Peek, as the caller may).
type Fetcher func(ctx context.Context, id protocol.ModelID) (string, error)

// An Opener makes the model of id, reading its files through fetch: id's
// own file, or files beside it (id with another File).
type Opener[M any] func(ctx context.Context, id protocol.ModelID, fetch Fetcher) (M, error)

// NewRegistry loads the file of each model id, fetched from store, with
// load.
func NewRegistry[M any](store *Store, load func(raw []byte) (M, error)) *Registry[M] {
	return NewRegistryOf(store, func(ctx context.Context, id protocol.ModelID, fetch Fetcher) (M, error) {
		var zero M
		path, err := fetch(ctx, id)
		if err != nil {
			return zero, err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return zero, fmt.Errorf("model %s: read the cached file: %w", id, noPath(err))
		}
		m, err := load(raw)
		if err != nil {
			store.Discard(id) // a download that does not load is not kept
			return zero, fmt.Errorf("model %s: %w", id, err)
		}
		return m, nil
	})
}

// NewRegistryOf makes models with open: for a model of several files.
func NewRegistryOf[M any](store *Store, open Opener[M]) *Registry[M] {
	return &Registry[M]{store: store, open: open, models: map[string]*entry[M]{}}
}

// Get returns the loaded model of id, fetching and loading it on first use.
// Loads are serialised (concurrent first requests for a model wait for one
// load instead of racing); requests for loaded models never wait on a load.
func (r *Registry[M]) Get(ctx context.Context, id protocol.ModelID) (M, error) {
	return r.get(ctx, id, r.store.Fetch, false)
}

// Preload is Get for the operator's own model (the workload's default): it
// downloads whatever the download policy, and the model is never dropped.
func (r *Registry[M]) Preload(ctx context.Context, id protocol.ModelID) (M, error) {
	return r.get(ctx, id, r.store.Download, true)
}

// LoadCached is Get without downloading: the model loads only from files
// already in the cache, and only from a repository clients may name.
func (r *Registry[M]) LoadCached(ctx context.Context, id protocol.ModelID) (M, error) {
	if err := r.store.Allowed(id); err != nil {
		var zero M
		return zero, err
	}
	return r.get(ctx, id, func(_ context.Context, id protocol.ModelID) (string, error) { return r.store.Peek(id) }, false)
}

func (r *Registry[M]) get(ctx context.Context, id protocol.ModelID, fetch Fetcher, pin bool) (M, error) {
	key := id.String()
	if m, ok := r.lookup(key, pin); ok {
		return m, nil
	}
	r.loadMu.Lock()
	defer r.loadMu.Unlock()
	if m, ok := r.lookup(key, pin); ok {
		return m, nil
	}
	return r.loadLocked(ctx, id, fetch, pin)
}

// loadLocked opens id, its files fetched with fetch; the caller holds
// loadMu.
func (r *Registry[M]) loadLocked(ctx context.Context, id protocol.ModelID, fetch Fetcher, pin bool) (M, error) {
	m, err := r.open(ctx, id, fetch)
	if err != nil {
		var zero M
		return zero, err
	}
	e := &entry[M]{m: m}
	e.pinned.Store(pin)
	e.used.Store(r.clock.Add(1))
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.models) >= r.store.MaxLoaded() {
		r.dropLocked()
	}
	r.models[id.String()] = e
	r.ids = append(r.ids, id)
	return m, nil
}

// dropLocked forgets the least recently used model that is not pinned, if
// any; the caller holds mu.
func (r *Registry[M]) dropLocked() {
	victim, oldest := -1, uint64(0)
	for i, id := range r.ids {
		e := r.models[id.String()]
		if u := e.used.Load(); !e.pinned.Load() && (victim < 0 || u < oldest) {
			victim, oldest = i, u
		}
	}
	if victim >= 0 {
		delete(r.models, r.ids[victim].String())
		r.ids = slices.Delete(r.ids, victim, victim+1)
	}
}

// lookup returns the loaded model of key and marks it used (and pinned,
// for a preload).
func (r *Registry[M]) lookup(key string, pin bool) (M, bool) {
	r.mu.RLock()
	e, ok := r.models[key]
	r.mu.RUnlock()
	if !ok {
		var zero M
		return zero, false
	}
	e.used.Store(r.clock.Add(1))
	if pin {
		e.pinned.Store(true)
	}
	return e.m, true
}

// Loaded lists the models in memory, in load order.
func (r *Registry[M]) Loaded() []protocol.ModelID {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return append([]protocol.ModelID(nil), r.ids...)
}

// Store is the registry's store.
func (r *Registry[M]) Store() *Store { return r.store }

// Support answers ?model_id=: supported only when the model is loaded, or
// in the cache and loads. It never downloads: anyone who may ask the node
// for /resources can ask this, so a question must not start a download
// (disk, bandwidth) on their behalf; a job that names the model does (when
// the download policy allows), and the operator preloads the default model.
func (r *Registry[M]) Support(ctx context.Context, raw string) protocol.ModelSupport {
	id, err := protocol.ParseModelID(raw)
	if err != nil {
		return protocol.ModelSupport{Error: err.Error()}
	}
	if _, err := r.LoadCached(ctx, id); err != nil {
		return protocol.ModelSupport{Error: err.Error()}
	}
	return protocol.ModelSupport{Supported: true}
}

// MLModels describes the loaded models for /service-resources.
func (r *Registry[M]) MLModels(mlType string) []protocol.MLModel {
	out := []protocol.MLModel{}
	for _, id := range r.Loaded() {
		out = append(out, protocol.MLModel{Owner: id.Owner, Name: id.Name, Repository: id.Repository(),
			Storage: string(id.Storage), Files: []string{id.File}, Version: id.Version, MLType: mlType})
	}
	return out
}
