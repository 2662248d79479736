package chain

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// ErrDisagree: the endpoints in rotation gave different answers to a read
// that leads to spending, or no head is reported by a quorum of them. The
// caller waits and reads again; it never acts on one endpoint's word.
var ErrDisagree = errors.New("chain endpoints disagree")

// ErrClockAhead: the head's timestamp is further ahead of the local clock
// than MaxClockSkew allows; the node waits rather than compute intervals
// from it.
var ErrClockAhead = errors.New("chain head's timestamp is ahead of the local clock")

// trust is what the Client decided about its endpoints as a whole: the
// chain id they must report and the latest trouble (a disagreement, no
// quorum) that /health reports.
type trust struct {
	mu      sync.Mutex
	chainID *big.Int // the reference: Options.ChainID, or what the endpoints agreed on
	trouble error    // the head: nil while a quorum reports one
	// reads: per kind of confirmed read, the disagreement of its last
	// try; a kind leaves when its next read is confirmed.
	reads map[string]error
}

func (t *trust) setTrouble(err error) {
	t.mu.Lock()
	t.trouble = err
	t.mu.Unlock()
}

func (t *trust) setRead(what string, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err == nil {
		delete(t.reads, what)
		return
	}
	if t.reads == nil {
		t.reads = map[string]error{}
	}
	t.reads[what] = err
}

// Trouble is nil while the endpoints agree: the last head read had its
// quorum, and the last read of each kind that leads to spending was
// confirmed. /health reports it.
func (c *Client) Trouble() error {
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	if c.t.trouble != nil {
		return c.t.trouble
	}
	for _, what := range slices.Sorted(maps.Keys(c.t.reads)) {
		return c.t.reads[what]
	}
	return nil
}

// Quorum is how many endpoints must report a head before it is followed.
func (c *Client) Quorum() int { return c.o.Quorum }

// checkChainIDs reads every reachable endpoint's chain id and fixes the
// reference: Options.ChainID, else the id at least Quorum endpoints report
// (or the only one reported). Endpoints that report another leave the
// rotation for good. Endpoints not reachable now are checked when they
// first answer (checkID).
func (c *Client) checkChainIDs(ctx context.Context) error {
	ids := make([]*big.Int, len(c.eps))
	var wg sync.WaitGroup
	for i, e := range c.eps {
		if e.ec == nil {
			continue
		}
		wg.Go(func() {
			tctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
			defer cancel()
			// A failure is left to the first call to report (and
			// checkID to read again): Dial does not judge health.
			if id, err := e.ec.ChainID(tctx); err == nil {
				ids[i] = id
			}
		})
	}
	wg.Wait()
	ref := c.o.ChainID
	if ref == nil {
		votes := map[string]int{}
		var seen []string
		for _, id := range ids {
			if id != nil {
				if votes[id.String()] == 0 {
					seen = append(seen, id.String())
				}
				votes[id.String()]++
			}
		}
		switch {
		case len(seen) == 1:
			ref, _ = new(big.Int).SetString(seen[0], 10)
		case len(seen) > 1:
			best := slices.MaxFunc(seen, func(a, b string) int { return votes[a] - votes[b] })
			if votes[best] < c.o.Quorum || slices.ContainsFunc(seen, func(s string) bool { return s != best && votes[s] == votes[best] }) {
				var parts []string
				for i, id := range ids {
					if id != nil {
						parts = append(parts, fmt.Sprintf("endpoint %d: %s", i, id))
					}
				}
				return fmt.Errorf("chain: the endpoints report different chain ids (%s); set chain.chain_id to the chain this node serves", strings.Join(parts, ", "))
			}
			ref, _ = new(big.Int).SetString(best, 10)
		}
	}
	c.t.mu.Lock()
	c.t.chainID = ref
	c.t.mu.Unlock()
	for i, e := range c.eps {
		if ids[i] != nil {
			c.judgeID(e, ids[i])
		}
	}
	if ref != nil && !slices.ContainsFunc(c.eps, func(e *endpoint) bool { e.mu.Lock(); defer e.mu.Unlock(); return !e.wrong }) {
		return fmt.Errorf("chain: no endpoint in chain.rpc_urls serves chain id %s", ref)
	}
	return nil
}

// judgeID compares an endpoint's chain id with the reference (learning it
// when there is none yet).
func (c *Client) judgeID(e *endpoint, id *big.Int) {
	c.t.mu.Lock()
	if c.t.chainID == nil {
		c.t.chainID = new(big.Int).Set(id)
	}
	ref := c.t.chainID
	c.t.mu.Unlock()
	e.mu.Lock()
	e.idChecked = true
	wrong := id.Cmp(ref) != 0
	was := e.wrong
	e.wrong = e.wrong || wrong
	e.mu.Unlock()
	if wrong && !was {
		c.o.Logger.Error("chain: endpoint serves another chain; out of rotation for good (fix chain.rpc_urls)",
			"endpoint", e.index, "url", e.name, "chain_id", id, "want", ref)
		c.publish()
	}
}

// checkID reads e's chain id when it has not been checked since it last
// failed (a reconnect); nil when e may be used.
func (c *Client) checkID(ctx context.Context, e *endpoint) error {
	e.mu.Lock()
	checked, wrong := e.idChecked, e.wrong
	e.mu.Unlock()
	if wrong {
		return errWrongChain
	}
	if checked {
		return nil
	}
	tctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
	id, err := e.ec.ChainID(tctx)
	cancel()
	if _, err := c.report(ctx, e, err); err != nil {
		return fmt.Errorf("read chain id: %w", err)
	}
	c.judgeID(e, id)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.wrong {
		return errWrongChain
	}
	return nil
}

var errWrongChain = errors.New("serves another chain id")

// setDistrust marks e distrusted for why ("" trusts it again).
func (c *Client) setDistrust(e *endpoint, why string) {
	e.mu.Lock()
	was := e.distrust
	e.distrust = why
	e.mu.Unlock()
	switch {
	case why != "" && was == "":
		c.o.Logger.Warn("chain: endpoint distrusted; not followed", "endpoint", e.index, "url", e.name, "why", why)
	case why == "" && was != "":
		c.o.Logger.Info("chain: endpoint trusted again", "endpoint", e.index, "url", e.name, "was", was)
	}
	if why != was {
		c.publish()
	}
}

// skewed says why h is too far ahead of the local clock ("" when it is not).
func (c *Client) skewed(h *types.Header) string {
	if c.o.MaxClockSkew <= 0 || h == nil {
		return ""
	}
	now := c.o.Now()
	t := time.Unix(int64(h.Time), 0)
	if ahead := t.Sub(now); ahead > c.o.MaxClockSkew {
		return fmt.Sprintf("block %d's timestamp is %s ahead of the local clock (chain.rpc.max_clock_skew %s)", h.Number, ahead.Round(time.Second), c.o.MaxClockSkew)
	}
	return ""
}

// latest is HeaderByNumber(nil): with a quorum of one, the best endpoint's
// head (what it cost before); else the highest head that Quorum endpoints
// report with the same hash (quorumHead). Either way a head whose
// timestamp runs ahead of the local clock is not followed.
func (c *Client) latest(ctx context.Context) (*types.Header, error) {
	if c.o.Quorum <= 1 {
		h, err := do(ctx, c, c.o.Timeout, func(ctx context.Context, e *endpoint) (*types.Header, error) {
			h, err := e.ec.HeaderByNumber(ctx, nil)
			if err == nil && h != nil && h.Number != nil {
				c.observeHead(e, h.Number.Uint64())
				if why := c.skewed(h); why != "" {
					return nil, fmt.Errorf("endpoint %d: %w: %s", e.index, ErrClockAhead, why)
				}
			}
			return h, err
		})
		if errors.Is(err, ErrClockAhead) {
			c.t.setTrouble(err)
		} else if err == nil {
			c.t.setTrouble(nil)
		}
		return h, err
	}
	return c.quorumHead(ctx)
}

type vote struct {
	e   *endpoint
	top *types.Header // its latest
	at  *types.Header // its header at the quorum's height
}

// voters are the endpoints asked for their head: every one of the right
// chain that is in rotation or whose back-off has ended, distrusted ones
// included (so they can earn trust back).
func (c *Client) voters() []*endpoint {
	now := c.o.Now()
	var out []*endpoint
	for _, e := range c.eps {
		st, _, until := e.snapshot()
		e.mu.Lock()
		wrong := e.wrong
		e.mu.Unlock()
		if wrong || ((st == Dead || st == Limited) && now.Before(until)) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// quorumHead reads every voter's latest header at once and follows the
// highest block number that Quorum of them reach with the same hash.
// Voters ahead of it by more than MaxHeadLag, on another hash at that
// height, or with a clock ahead are distrusted (reads avoid them); no
// quorum is ErrDisagree, and the caller waits.
func (c *Client) quorumHead(ctx context.Context) (*types.Header, error) {
	eps := c.voters()
	tops := make([]*types.Header, len(eps))
	var wg sync.WaitGroup
	for i, e := range eps {
		wg.Go(func() {
			if e.ec == nil {
				if err := c.connect(ctx, e); err != nil {
					c.report(ctx, e, err)
					return
				}
			}
			if c.checkID(ctx, e) != nil {
				return
			}
			tctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
			h, err := e.ec.HeaderByNumber(tctx, nil)
			cancel()
			if _, err := c.report(ctx, e, err); err == nil && h != nil && h.Number != nil {
				e.mu.Lock()
				e.head = h.Number.Uint64()
				e.mu.Unlock()
				tops[i] = h
			}
		})
	}
	wg.Wait()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var votes []*vote
	for i, e := range eps {
		if tops[i] == nil {
			continue
		}
		if why := c.skewed(tops[i]); why != "" {
			c.setDistrust(e, why)
			continue
		}
		votes = append(votes, &vote{e: e, top: tops[i]})
	}
	q := c.o.Quorum
	if len(votes) < q {
		err := fmt.Errorf("%w: %d endpoint(s) give a usable head, chain.rpc.quorum is %d", ErrDisagree, len(votes), q)
		c.t.setTrouble(err)
		c.rank()
		return nil, err
	}
	slices.SortFunc(votes, func(a, b *vote) int { return b.top.Number.Cmp(a.top.Number) })
	n := votes[q-1].top.Number
	for _, v := range votes {
		if v.top.Number.Cmp(n) == 0 {
			v.at = v.top
			continue
		}
		tctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
		h, err := v.e.ec.HeaderByNumber(tctx, n)
		cancel()
		if _, err := c.report(ctx, v.e, err); err == nil {
			v.at = h
		}
	}
	groups := map[common.Hash][]*vote{}
	for _, v := range votes {
		if v.at != nil {
			groups[v.at.Hash()] = append(groups[v.at.Hash()], v)
		}
	}
	var won []*vote
	tie := false
	for _, g := range groups {
		switch {
		case len(g) > len(won):
			won, tie = g, false
		case len(g) == len(won):
			tie = true
		}
	}
	if len(won) < q || tie {
		var parts []string
		for _, v := range votes {
			h := "none"
			if v.at != nil {
				h = v.at.Hash().Hex()[:10]
			}
			parts = append(parts, fmt.Sprintf("endpoint %d: head %d, block %d %s", v.e.index, v.top.Number, n, h))
		}
		err := fmt.Errorf("%w on block %d (%s); waiting", ErrDisagree, n, strings.Join(parts, "; "))
		c.t.setTrouble(err)
		c.rank()
		return nil, err
	}
	hash := won[0].at.Hash()
	for _, v := range votes {
		switch {
		case v.at == nil || v.at.Hash() != hash:
			c.setDistrust(v.e, fmt.Sprintf("block %d differs from the one %d other endpoint(s) report (another fork)", n, len(won)))
		case v.top.Number.Uint64() > n.Uint64()+c.o.MaxHeadLag:
			c.setDistrust(v.e, fmt.Sprintf("head %d is ahead of the quorum's %d by more than %d blocks", v.top.Number, n, c.o.MaxHeadLag))
		default:
			c.setDistrust(v.e, "")
		}
	}
	c.t.setTrouble(nil)
	c.rank()
	return won[0].at, nil
}

// confirmed runs f on trusted endpoints, best first, until two of them
// give the same answer (eq on the values and the same error text), or one
// when only one is in rotation or the quorum is one: a single endpoint
// costs what it did. Answers that never match are ErrDisagree.
func confirmed[T any](ctx context.Context, c *Client, what string, f func(context.Context, *endpoint) (T, error), eq func(a, b T) bool) (T, error) {
	if c.o.Quorum <= 1 {
		return do(ctx, c, c.o.Timeout, f)
	}
	type answer struct {
		e   *endpoint
		v   T
		err error
	}
	var zero T
	var answers []answer
	var errs []error
	for _, e := range c.candidates() {
		if e.ec == nil {
			if err := c.connect(ctx, e); err != nil {
				c.report(ctx, e, err)
				continue
			}
		}
		if err := c.checkID(ctx, e); err != nil {
			errs = append(errs, fmt.Errorf("endpoint %d (%s): %w", e.index, e.name, err))
			continue
		}
		tctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
		v, err := f(tctx, e)
		cancel()
		oc, err := c.report(ctx, e, err)
		if oc != answered {
			errs = append(errs, fmt.Errorf("endpoint %d (%s): %w", e.index, e.name, err))
			if ctx.Err() != nil {
				break
			}
			continue
		}
		a := answer{e, v, err}
		for _, b := range answers {
			if errText(a.err) == errText(b.err) && (a.err != nil || eq(a.v, b.v)) {
				c.t.setRead(what, nil)
				return a.v, a.err
			}
		}
		answers = append(answers, a)
	}
	switch len(answers) {
	case 0:
		if len(errs) == 0 {
			return zero, ErrNoEndpoint
		}
		return zero, fmt.Errorf("%w: %w", ErrNoEndpoint, errors.Join(errs...))
	case 1:
		if len(c.trusted()) <= 1 {
			c.t.setRead(what, nil)
			return answers[0].v, answers[0].err // no second endpoint to ask
		}
	}
	var parts []string
	for _, a := range answers {
		parts = append(parts, fmt.Sprintf("endpoint %d", a.e.index))
	}
	err := fmt.Errorf("%w on %s (%s give different answers, or no second one answered); waiting", ErrDisagree, what, strings.Join(parts, ", "))
	c.t.setRead(what, err)
	return zero, err
}

// trusted are the endpoints in rotation (alive or lagging, right chain,
// not distrusted).
func (c *Client) trusted() []*endpoint {
	var out []*endpoint
	for _, e := range c.eps {
		st, _, _ := e.snapshot()
		e.mu.Lock()
		ok := !e.wrong && e.distrust == ""
		e.mu.Unlock()
		if ok && (st == Alive || st == Lagging) {
			out = append(out, e)
		}
	}
	return out
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	if errors.Is(err, ethereum.NotFound) {
		return "not found"
	}
	return err.Error()
}

func eqBytes(a, b []byte) bool { return string(a) == string(b) }

func eqUint(a, b uint64) bool { return a == b }

func eqReceipt(a, b *types.Receipt) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.TxHash == b.TxHash && a.BlockHash == b.BlockHash && a.Status == b.Status && a.GasUsed == b.GasUsed
}

func eqReceipts(a, b []*types.Receipt) bool {
	return slices.EqualFunc(a, b, eqReceipt)
}
