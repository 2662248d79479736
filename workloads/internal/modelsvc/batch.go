package modelsvc

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Batch is what a workload brings for dynamic batching: concurrent
// requests for the same model whose inputs agree in everything but the
// batch dimension are stacked into one engine call. Every field is
// required.
type Batch[M, In, Out any] struct {
	// Key is in's stacking key for m: requests with equal keys (the
	// inputs' names, dtypes and dimensions after the first) can share one
	// call. ok is false when in cannot be batched (m has no free batch
	// dimension, or in does not fit m); it then runs alone.
	Key func(m M, in In) (key string, ok bool)
	// Stack makes one input of ins (each input concatenated along
	// dimension 0); Split cuts the stacked call's output back into one per
	// input of ins.
	Stack func(ins []In) (In, error)
	Split func(out Out, ins []In) ([]Out, error)
}

// Batching bounds dynamic batching: at most Max requests per engine call,
// and the first request of a batch waits at most Delay for others. Max 1
// turns batching off.
type Batching struct {
	Max   int
	Delay time.Duration
}

// DefaultBatchDelay is <PREFIX>_BATCH_DELAY's default. <PREFIX>_BATCH_MAX
// defaults to 1 (off): on two cores, batching lost to separate concurrent
// calls in every measured round (docs/engines.md, "Dynamic batching").
const DefaultBatchDelay = 2 * time.Millisecond

// BatchingFromEnv reads <prefix>_BATCH_MAX (1 to 256, default 1: off) and
// <prefix>_BATCH_DELAY (a Go duration, 0 to 1s, default
// DefaultBatchDelay).
func BatchingFromEnv(prefix string, getenv func(string) string) (Batching, error) {
	b := Batching{Max: 1, Delay: DefaultBatchDelay}
	if v := strings.TrimSpace(getenv(prefix + "_BATCH_MAX")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 256 {
			return Batching{}, fmt.Errorf("%s_BATCH_MAX %q is not a batch size; use 1 (off) to 256", prefix, v)
		}
		b.Max = n
	}
	if v := strings.TrimSpace(getenv(prefix + "_BATCH_DELAY")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > time.Second {
			return Batching{}, fmt.Errorf("%s_BATCH_DELAY %q is not a delay; use a Go duration from 0 to 1s, e.g. 2ms", prefix, v)
		}
		b.Delay = d
	}
	return b, nil
}

// batcher gathers requests with the same key into batches. The first
// request of a batch leads it: it waits until the batch is full or Delay
// has passed, runs it and hands each request its output. Nothing it holds
// outlives the batch, and a batch holds at most Max requests.
type batcher[In, Out any] struct {
	cfg  Batching
	mu   sync.Mutex
	open map[string]*batch[In, Out]
}

type batch[In, Out any] struct {
	ins  []In
	outs []Out
	errs []error
	full chan struct{} // closed when Max requests joined
	done chan struct{} // closed when outs or err are set
}

func newBatcher[In, Out any](cfg Batching) *batcher[In, Out] {
	return &batcher[In, Out]{cfg: cfg, open: map[string]*batch[In, Out]{}}
}

// do runs in within a batch of key; run runs a whole batch and gives each
// request its output or error. A request whose ctx ends leaves without its
// output; the batch still runs for the others, so run gets a context
// without the leader's cancellation.
func (b *batcher[In, Out]) do(ctx context.Context, key string, in In, run func(ctx context.Context, ins []In) ([]Out, []error)) (Out, error) {
	b.mu.Lock()
	bt := b.open[key]
	leader := bt == nil
	if leader {
		bt = &batch[In, Out]{full: make(chan struct{}), done: make(chan struct{})}
		b.open[key] = bt
	}
	i := len(bt.ins)
	bt.ins = append(bt.ins, in)
	if len(bt.ins) >= b.cfg.Max {
		delete(b.open, key)
		close(bt.full)
	}
	b.mu.Unlock()
	if leader {
		if b.cfg.Delay > 0 {
			t := time.NewTimer(b.cfg.Delay)
			select {
			case <-bt.full:
			case <-t.C:
			}
			t.Stop()
		}
		b.mu.Lock()
		if b.open[key] == bt {
			delete(b.open, key)
		}
		ins := bt.ins // no request joins a batch once it left b.open
		b.mu.Unlock()
		bt.outs, bt.errs = run(context.WithoutCancel(ctx), ins)
		close(bt.done)
	}
	var zero Out
	select {
	case <-bt.done:
	case <-ctx.Done():
		return zero, ctx.Err()
	}
	if bt.errs[i] != nil {
		return zero, bt.errs[i]
	}
	return bt.outs[i], nil
}

// runBatch is one engine call for a batch of requests for m: alone as it
// is, several stacked. A stacked call that fails is retried one request at
// a time, so that one request's mistake is its own.
func (s *Service[M, In, Out]) runBatch(ctx context.Context, m M, ins []In) ([]Out, []error) {
	outs, errs := make([]Out, len(ins)), make([]error, len(ins))
	if len(ins) > 1 {
		if stacked, err := s.spec.Batch.Stack(ins); err == nil {
			if out, err := s.spec.Run(ctx, m, stacked); err == nil {
				if split, err := s.spec.Batch.Split(out, ins); err == nil && len(split) == len(ins) {
					return split, errs
				}
			}
		}
	}
	for i, in := range ins {
		outs[i], errs[i] = s.spec.Run(ctx, m, in)
	}
	return outs, errs
}

// run infers in with m, in a batch where the workload batches and in can
// join one.
func (s *Service[M, In, Out]) run(ctx context.Context, m M, id string, in In) (Out, error) {
	if s.batches != nil {
		if key, ok := s.spec.Batch.Key(m, in); ok {
			return s.batches.do(ctx, id+"\x00"+key, in, func(ctx context.Context, ins []In) ([]Out, []error) {
				return s.runBatch(ctx, m, ins)
			})
		}
	}
	return s.spec.Run(ctx, m, in)
}
