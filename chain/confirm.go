package chain

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
)

// Confirmation: with a quorum of two or more, a read that leads to
// spending is answered by the best endpoint and confirmed by a second one.
// Reads asking for the latest state are pinned to the head the client
// follows (by hash), so two honest endpoints give the same answer however
// their heads differ. An endpoint that has not reached the block a read
// needs, or is slow, is waited for at most ConfirmTimeout; then the
// endpoints that have it confirm it alone (its late answer is still
// compared). Only a differing answer from an endpoint that has the block
// is a disagreement.

// pinHead is the head reads asking for the latest state are pinned to:
// nil with a quorum of one (the endpoint's latest, as before) or while no
// head can be followed.
func (c *Client) pinHead(ctx context.Context) *types.Header {
	if c.o.Quorum <= 1 {
		return nil
	}
	if h := c.followed(); h != nil {
		return h
	}
	h, err := c.latest(ctx)
	if err != nil {
		return nil
	}
	return h
}

// blockArg is the JSON-RPC block argument for h: its hash, or "latest".
func blockArg(h *types.Header) any {
	if h == nil {
		return "latest"
	}
	return map[string]any{"blockHash": h.Hash()}
}

// pinNumber is the block number a read pinned to h needs (0: none).
func pinNumber(h *types.Header) uint64 {
	if h == nil {
		return 0
	}
	return h.Number.Uint64()
}

type answer[T any] struct {
	e   *endpoint
	v   T
	err error
}

func same[T any](a, b answer[T], eq func(a, b T) bool) bool {
	return errText(a.err) == errText(b.err) && (a.err != nil || eq(a.v, b.v))
}

type confirmation int

const (
	agreed   confirmation = iota
	behind                // not reached the block, slow, or down: not a voter
	differed              // has the block and answers otherwise
)

// confirmed runs f on the best endpoint that answers, then confirms the
// answer on the next ones (conf, default f, on each) until one agrees: a
// single endpoint, or a quorum of one, costs what it did. need says which
// block an answer depends on (nil: none): an endpoint whose head is below
// it has not reached it. Answers that never match are ErrDisagree.
func confirmed[T any](ctx context.Context, c *Client, what string, need func(T) uint64,
	f, conf func(context.Context, *endpoint) (T, error), eq func(a, b T) bool) (T, error) {
	if c.o.Quorum <= 1 {
		return do(ctx, c, c.o.Timeout, f)
	}
	if conf == nil {
		conf = f
	}
	// Before the first head the endpoints are not judged yet: judge them
	// (one head read), so a faulty one is not asked to confirm.
	c.pinHead(ctx)
	var zero T
	var errs []error
	cands := c.candidates()
	var first *answer[T]
	var rest []*endpoint
	for i, e := range cands {
		v, oc, err := ask(ctx, c, e, f, c.o.Timeout)
		if oc != answered {
			errs = append(errs, fmt.Errorf("endpoint %d (%s): %w", e.index, e.name, err))
			if ctx.Err() != nil {
				break
			}
			continue
		}
		first, rest = &answer[T]{e, v, err}, cands[i+1:]
		break
	}
	if first == nil {
		if len(errs) == 0 {
			return zero, ErrNoEndpoint
		}
		return zero, fmt.Errorf("%w: %w", ErrNoEndpoint, errors.Join(errs...))
	}
	// An endpoint may be excused as behind only for a block the quorum
	// has followed: an answer naming a later one (a receipt in a block
	// nobody else has) must be confirmed as it is.
	var needed uint64
	if need != nil && first.err == nil {
		needed = need(first.v)
		if h := c.followed(); h == nil || needed > h.Number.Uint64() {
			needed = 0
		}
	}
	others := []answer[T]{}
	for _, e := range rest {
		b, st := confirmOn(ctx, c, what, e, *first, needed, conf, eq)
		switch st {
		case agreed:
			c.t.setRead(what, nil)
			return first.v, first.err
		case differed:
			for _, o := range others {
				if same(b, o, eq) {
					c.t.setRead(what, nil)
					return b.v, b.err
				}
			}
			others = append(others, b)
		}
	}
	if len(others) == 0 {
		// Nobody else has it in time: confirmed by those that have it.
		c.t.setRead(what, nil)
		return first.v, first.err
	}
	parts := []string{fmt.Sprintf("endpoint %d", first.e.index)}
	for _, o := range others {
		parts = append(parts, fmt.Sprintf("endpoint %d", o.e.index))
	}
	err := fmt.Errorf("%w on %s (%s give different answers); waiting", ErrDisagree, what, strings.Join(parts, ", "))
	c.t.setRead(what, err)
	return zero, err
}

// ask runs f on e (connecting and checking its chain id first), bounded
// by timeout, recording its health and pace.
func ask[T any](ctx context.Context, c *Client, e *endpoint, f func(context.Context, *endpoint) (T, error), timeout time.Duration) (T, outcome, error) {
	var zero T
	if e.ec == nil {
		if err := c.connect(ctx, e); err != nil {
			_, err = c.report(ctx, e, err)
			return zero, failed, err
		}
	}
	if err := c.checkID(ctx, e); err != nil {
		return zero, failed, err
	}
	start := time.Now()
	tctx, cancel := context.WithTimeout(ctx, timeout)
	v, err := f(tctx, e)
	cancel()
	c.paced(e, time.Since(start))
	oc, err := c.report(ctx, e, err)
	return v, oc, err
}

// confirmOn asks e to confirm a: agreed, differed (with its answer), or
// behind: e has not reached the block needed within ConfirmTimeout (asked
// again meanwhile), does not answer in time (not waited for at all when it
// is known to be slow), or fails. An answer to a pinned read that comes
// after the wait is still compared: a late disagreement is reported
// (Trouble) and logged.
func confirmOn[T any](ctx context.Context, c *Client, what string, e *endpoint, a answer[T], needed uint64,
	conf func(context.Context, *endpoint) (T, error), eq func(a, b T) bool) (answer[T], confirmation) {
	wait := c.o.ConfirmTimeout
	if e.isSlow() {
		wait = 0
	}
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	type result struct {
		b  answer[T]
		oc outcome
	}
	for {
		ch := make(chan result, 1)
		// The call outlives the wait (bounded by Timeout): a late answer
		// is still checked.
		lctx := context.WithoutCancel(ctx)
		go func() {
			v, oc, err := ask(lctx, c, e, conf, c.o.Timeout)
			ch <- result{answer[T]{e, v, err}, oc}
		}()
		select {
		case r := <-ch:
			switch {
			case r.oc != answered:
				return r.b, behind
			case same(a, r.b, eq):
				return r.b, agreed
			case needed > 0 && headOf(e) < needed:
				// Not there yet: ask again shortly, while the wait lasts.
				select {
				case <-time.After(min(c.o.PollInterval, 250*time.Millisecond)):
					continue
				case <-deadline.C:
					return r.b, behind
				case <-ctx.Done():
					return r.b, behind
				}
			}
			return r.b, differed
		case <-deadline.C:
		case <-ctx.Done():
		}
		go func() {
			r := <-ch
			// Only a read pinned to a block is comparable late: an unpinned
			// one (a pending nonce) may have moved meanwhile, by this node's
			// own sends among others, so a late difference proves nothing.
			if r.oc == answered && needed > 0 && headOf(e) >= needed && !same(a, r.b, eq) {
				err := fmt.Errorf("%w on %s (endpoint %d's late answer differs from endpoint %d's)", ErrDisagree, what, e.index, a.e.index)
				c.t.setRead(what, err)
				c.o.Logger.Warn("chain: a slow endpoint's late answer differs", "endpoint", e.index, "url", e.name, "what", what, "confirmed_by", a.e.index)
			}
		}()
		return answer[T]{e: e}, behind
	}
}

func headOf(e *endpoint) uint64 {
	_, h, _ := e.snapshot()
	return h
}

// confirmBatch gathers the confirmations of sender-independent reads
// (ReadCallContract) made within confirmLinger of each other, or while
// another batch is in flight, into one eth_call per endpoint and block:
// cross-checking costs about one call per batch of deliveries, not one
// per delivery (group commit).
type confirmBatch struct {
	mu    sync.Mutex
	queue []*readReq
	busy  bool
}

type readReq struct {
	e     *endpoint
	block any // blockArg
	key   string
	msgs  []ethereum.CallMsg
	done  chan readRes
}

type readRes struct {
	v   callsAnswer
	err error
}

// confirmLinger is how long a batch waits for more confirmations before
// it goes out: deliveries falling due together are checked over a few
// hundred milliseconds by the relay's workers, not at one instant, and a
// confirmation is not urgent at block times of a second or more.
const confirmLinger = 50 * time.Millisecond

// maxBatchedCalls bounds the calls one batched eth_call makes (its gas:
// a node's eth_call gas cap is commonly 50M).
const maxBatchedCalls = 256

// batchedRead answers msgs on e at block as part of the next batch.
func (c *Client) batchedRead(ctx context.Context, e *endpoint, block any, msgs []ethereum.CallMsg) (callsAnswer, error) {
	r := &readReq{e: e, block: block, key: fmt.Sprintf("%d/%v", e.index, block), msgs: msgs, done: make(chan readRes, 1)}
	c.cb.mu.Lock()
	c.cb.queue = append(c.cb.queue, r)
	lead := !c.cb.busy
	c.cb.busy = true
	c.cb.mu.Unlock()
	if lead {
		go c.flushReads()
	}
	select {
	case res := <-r.done:
		return res.v, res.err
	case <-ctx.Done():
		return callsAnswer{}, ctx.Err()
	}
}

// flushReads answers the queued reads, one eth_call per endpoint and
// block (at most maxBatchedCalls calls each), until none is queued.
func (c *Client) flushReads() {
	for {
		time.Sleep(confirmLinger)
		c.cb.mu.Lock()
		q := c.cb.queue
		c.cb.queue = nil
		if len(q) == 0 {
			c.cb.busy = false
			c.cb.mu.Unlock()
			return
		}
		c.cb.mu.Unlock()
		var groups [][]*readReq
		at := map[string]int{}
		calls := map[string]int{}
		for _, r := range q {
			i, ok := at[r.key]
			if !ok || calls[r.key]+len(r.msgs) > maxBatchedCalls {
				i = len(groups)
				at[r.key], calls[r.key] = i, 0
				groups = append(groups, nil)
			}
			groups[i] = append(groups[i], r)
			calls[r.key] += len(r.msgs)
		}
		var wg sync.WaitGroup
		for _, g := range groups {
			wg.Go(func() { c.readGroup(g) })
		}
		wg.Wait()
	}
}

// readGroup answers g's reads (one endpoint, one block) in one eth_call.
func (c *Client) readGroup(g []*readReq) {
	var msgs []ethereum.CallMsg
	for _, r := range g {
		msgs = append(msgs, r.msgs...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.o.Timeout)
	defer cancel()
	v, err := c.readOn(ctx, g[0].e, g[0].block, msgs)
	for _, r := range g {
		if err != nil {
			r.done <- readRes{err: err}
			continue
		}
		n := len(r.msgs)
		r.done <- readRes{v: callsAnswer{outs: v.outs[:n:n], errs: v.errs[:n:n]}}
		v.outs, v.errs = v.outs[n:], v.errs[n:]
	}
}

// callArg is an eth_call's transaction argument.
func callArg(m ethereum.CallMsg) map[string]any {
	arg := map[string]any{"to": m.To, "data": hexutil.Bytes(m.Data)}
	if m.From != (common.Address{}) {
		arg["from"] = m.From
	}
	return arg
}
