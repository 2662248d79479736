package node

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/fleet"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/rest"
)

// waitingChain is the chain side of a node started while no RPC endpoint
// answered, or while the endpoints disagreed (a pending nonce, chain ids):
// Run builds the relay, retrying with back-off (1s doubling to 1 min)
// while endpoints stay down or disagree, then runs it. A disagreement is a
// wait, never an exit: a supervisor would only restart into it. Until then the chain is
// unhealthy and delegated requests are refused as unavailable.
type waitingChain struct {
	build func(context.Context, ChainDeps) (Chain, error)
	deps  ChainDeps
	cfg   config.Chain // the chain it builds

	mu  sync.Mutex
	c   Chain // once built
	err error // the last attempt's failure
}

var _ Chain = (*waitingChain)(nil)

func (w *waitingChain) built() (Chain, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.c, w.err
}

func (w *waitingChain) Run(ctx context.Context) error {
	wait := time.Second
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		c, err := w.build(ctx, w.deps)
		if err == nil {
			w.mu.Lock()
			w.c, w.err = c, nil
			w.mu.Unlock()
			w.deps.Logger.Info("chain: an RPC endpoint answers; chain side up")
			return c.Run(ctx)
		}
		if !waitable(err) {
			return err // the chain answered and the configuration does not fit it
		}
		w.mu.Lock()
		w.err = err
		w.mu.Unlock()
		wait = min(2*wait, time.Minute)
		w.deps.Logger.Debug("chain: chain side still waiting", "retry_in", wait, "err", err)
	}
}

// waitable: a start-up failure the node waits out, serving REST: no
// endpoint answers, or those that answer disagree.
func waitable(err error) bool {
	return errors.Is(err, chain.ErrNoEndpoint) || errors.Is(err, chain.ErrDisagree)
}

func (w *waitingChain) SubmitDelegated(ctx context.Context, client string, raw json.RawMessage) error {
	if c, _ := w.built(); c != nil {
		return c.SubmitDelegated(ctx, client, raw)
	}
	return job.Reject(job.CodeUnavailable, "Chain unavailable")
}

func (w *waitingChain) Pending() int {
	if c, _ := w.built(); c != nil {
		return c.Pending()
	}
	return 0
}

func (w *waitingChain) Address() string {
	if c, _ := w.built(); c != nil {
		return c.Address()
	}
	return ""
}

func (w *waitingChain) Healthy(ctx context.Context) error {
	c, err := w.built()
	if c != nil {
		return c.Healthy(ctx)
	}
	return fmt.Errorf("chain side not up: %w", err)
}

// Endpoints is the built chain's; until one answers, every configured
// endpoint is dead (the log says why).
func (w *waitingChain) Endpoints() []rest.ChainEndpoint {
	if c, _ := w.built(); c != nil {
		return c.Endpoints()
	}
	out := make([]rest.ChainEndpoint, len(w.cfg.URLs()))
	for i := range out {
		out[i] = rest.ChainEndpoint{Index: i, State: chain.Dead.String()}
	}
	return out
}

// Fleet is the built chain's fleet, nil until it is built.
func (w *waitingChain) Fleet() *fleet.Fleet {
	if c, _ := w.built(); c != nil {
		return c.Fleet()
	}
	return nil
}
