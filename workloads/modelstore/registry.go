package modelstore

import (
	"context"
	"fmt"
	"os"
	"sync"

	"github.com/infernode/infernode/workloads/protocol"
)

// Registry keeps loaded models by model id, loading each at most once at a
// time. M is the workload's model type; it must be safe for concurrent use
// once loaded. A Registry is safe for concurrent use.
type Registry[M any] struct {
	store  *Store
	load   func(raw []byte) (M, error)
	loadMu sync.Mutex   // one load at a time
	mu     sync.RWMutex // guards models and ids
	models map[string]M
	ids    []protocol.ModelID // load order
}

// NewRegistry loads files fetched from store with load.
func NewRegistry[M any](store *Store, load func(raw []byte) (M, error)) *Registry[M] {
	return &Registry[M]{store: store, load: load, models: map[string]M{}}
}

// Get returns the loaded model of id, fetching and loading it on first use.
// Loads are serialised (concurrent first requests for a model wait for one
// load instead of racing); requests for loaded models never wait on a load.
func (r *Registry[M]) Get(ctx context.Context, id protocol.ModelID) (M, error) {
	key := id.String()
	if m, ok := r.lookup(key); ok {
		return m, nil
	}
	r.loadMu.Lock()
	defer r.loadMu.Unlock()
	if m, ok := r.lookup(key); ok {
		return m, nil
	}
	return r.loadLocked(ctx, id, r.store.Fetch)
}

// loadLocked fetches id with fetch and loads it; the caller holds loadMu.
func (r *Registry[M]) loadLocked(ctx context.Context, id protocol.ModelID, fetch func(context.Context, protocol.ModelID) (string, error)) (M, error) {
	key := id.String()
	var zero M
	path, err := fetch(ctx, id)
	if err != nil {
		return zero, err
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return zero, fmt.Errorf("model %s: read the cached file: %w", id, noPath(err))
	}
	m, err := r.load(raw)
	if err != nil {
		return zero, fmt.Errorf("model %s: %w", id, err)
	}
	r.mu.Lock()
	r.models[key] = m
	r.ids = append(r.ids, id)
	r.mu.Unlock()
	return m, nil
}

func (r *Registry[M]) lookup(key string) (M, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	m, ok := r.models[key]
	return m, ok
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
// (disk, bandwidth) on their behalf; a job that names the model does, and
// the operator preloads with the default model.
func (r *Registry[M]) Support(ctx context.Context, raw string) protocol.ModelSupport {
	id, err := protocol.ParseModelID(raw)
	if err != nil {
		return protocol.ModelSupport{Error: err.Error()}
	}
	if _, ok := r.lookup(id.String()); !ok {
		r.loadMu.Lock()
		_, ok = r.lookup(id.String())
		if !ok {
			_, err = r.loadLocked(ctx, id, func(_ context.Context, id protocol.ModelID) (string, error) { return r.store.Peek(id) })
		}
		r.loadMu.Unlock()
		if err != nil {
			return protocol.ModelSupport{Error: err.Error()}
		}
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
