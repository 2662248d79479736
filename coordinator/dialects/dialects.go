// Package dialects chooses a Coordinator's dialect, once, for the node and
// the CLI alike: an Infernet SDK v1 deployment when a Registry is named
// (its contracts read from the Registry), else infernode's own Coordinator.
package dialects

import (
	"context"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/coordinator/infernetv1"
	"github.com/infernode/infernode/coordinator/ours"
)

// Target names the Coordinator: an SDK v1 Registry (chain.registry_address),
// or else our Coordinator's address (chain.coordinator_address).
type Target struct {
	Coordinator, Registry common.Address
}

// Options tune the dialect chosen.
type Options struct {
	// Containers are the ids this node serves (both dialects filter or
	// name subscriptions by their pipelines).
	Containers []string
	// BatchSize is how many subscriptions one SDK Reader call reads
	// (chain.snapshot_sync.batch_size; 0: the dialect's default).
	BatchSize uint32
}

var (
	_ coordinator.Dialect = (*ours.Dialect)(nil)
	_ coordinator.Dialect = (*infernetv1.Dialect)(nil)
)

// Choose returns the dialect of t. With a Registry it reads the SDK
// deployment's addresses from it (one batch of calls).
func Choose(ctx context.Context, c coordinator.Caller, t Target, o Options) (coordinator.Dialect, error) {
	if t.Registry == (common.Address{}) {
		return ours.New(t.Coordinator, o.Containers, 0), nil
	}
	addrs, err := infernetv1.ReadRegistry(ctx, c, t.Registry)
	if err != nil {
		return nil, err // it names the Registry
	}
	return infernetv1.New(addrs, infernetv1.Options{Containers: o.Containers, BatchSize: o.BatchSize}), nil
}
