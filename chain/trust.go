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
	head  *types.Header // the last head followed (reads are pinned to it)
	// known: blocks the node followed or stored (Anchor), by number, the
	// newest followedKept: what the stored-block check asks for.
	known map[uint64]common.Hash
}

// followedKept bounds trust.known.
const followedKept = 256

func (t *trust) remember(n uint64, h common.Hash) {
	if t.known == nil {
		t.known = map[uint64]common.Hash{}
	}
	t.known[n] = h
	if len(t.known) > followedKept {
		delete(t.known, slices.Min(slices.Collect(maps.Keys(t.known))))
	}
}

// anchorBelow is the newest known block below n.
func (t *trust) anchorBelow(n uint64) (uint64, common.Hash, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var best uint64
	var hash common.Hash
	ok := false
	for k, h := range t.known {
		if k < n && (!ok || k > best) {
			best, hash, ok = k, h, true
		}
	}
	return best, hash, ok
}

// follow records h as the head followed.
func (c *Client) follow(h *types.Header) {
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	c.t.head = h
	c.t.remember(h.Number.Uint64(), h.Hash())
}

// followed is the last head followed (nil before the first).
func (c *Client) followed() *types.Header {
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	return c.t.head
}

// Anchor tells the client of a block the node stored (its last processed
// block, at start-up): with several endpoints, one that does not hold it
// while another does fails the stored-block check.
func (c *Client) Anchor(n uint64, h common.Hash) {
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	c.t.remember(n, h)
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
				return fmt.Errorf("chain: %w: they report different chain ids (%s); set chain.chain_id to the chain this node serves", ErrDisagree, strings.Join(parts, ", "))
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

// setDistrust marks e distrusted (outvoted) for why ("" trusts it again).
func (c *Client) setDistrust(e *endpoint, why string) {
	c.setVerdict(e, &e.distrust, why, "chain: endpoint distrusted; not followed", "chain: endpoint trusted again")
}

// setFaulty marks e as failing an objective check for why ("" passes).
func (c *Client) setFaulty(e *endpoint, why string) {
	c.setVerdict(e, &e.faulty, why, "chain: endpoint fails a check; out of rotation as if down", "chain: endpoint passes its checks again")
}

// setVerdict sets one of e's verdicts (a field under e.mu) to why,
// logging and publishing a change.
func (c *Client) setVerdict(e *endpoint, v *string, why, bad, good string) {
	e.mu.Lock()
	was := *v
	*v = why
	e.mu.Unlock()
	switch {
	case why != "" && was == "":
		c.o.Logger.Warn(bad, "endpoint", e.index, "url", e.name, "why", why)
	case why == "" && was != "":
		c.o.Logger.Info(good, "endpoint", e.index, "url", e.name, "was", was)
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
	e      *endpoint
	top    *types.Header // its latest
	at     *types.Header // its header at the quorum's height, when read
	atHash common.Hash   // the hash of its block at the quorum's height
}

// voters are the endpoints asked for their head: every one of the right
// chain that is in rotation or whose back-off has ended, distrusted and
// faulty ones included (so they can pass again).
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

// top is one endpoint's latest header (nil when it failed).
type top struct {
	e *endpoint
	h *types.Header
}

// readTop reads e's latest header, recording its health, head and pace.
func (c *Client) readTop(ctx context.Context, e *endpoint) *types.Header {
	if e.ec == nil {
		if err := c.connect(ctx, e); err != nil {
			c.report(ctx, e, err)
			return nil
		}
	}
	if c.checkID(ctx, e) != nil {
		return nil
	}
	start := time.Now()
	tctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
	h, err := e.ec.HeaderByNumber(tctx, nil)
	cancel()
	c.paced(e, time.Since(start))
	if _, err := c.report(ctx, e, err); err != nil || h == nil || h.Number == nil {
		return nil
	}
	e.mu.Lock()
	e.head = h.Number.Uint64()
	e.mu.Unlock()
	return h
}

// paced records whether e answered within ConfirmTimeout: a slow endpoint
// is not waited for (its answers still count when they come in time).
func (c *Client) paced(e *endpoint, took time.Duration) {
	slow := took > c.o.ConfirmTimeout
	e.mu.Lock()
	was := e.slow
	e.slow = slow
	e.mu.Unlock()
	if slow != was {
		c.o.Logger.Info("chain: endpoint's pace changed", "endpoint", e.index, "url", e.name, "slow", slow, "took", took.Round(time.Millisecond))
	}
}

func (e *endpoint) isSlow() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.slow
}

// tops asks every voter for its latest header at once and returns the
// answers in by the time the others have had ConfirmTimeout after the
// first (an endpoint known to be slow is not waited for at all). A late
// answer still records the endpoint's head and pace.
func (c *Client) tops(ctx context.Context, eps []*endpoint) []top {
	ch := make(chan top, len(eps))
	fast := map[*endpoint]bool{}
	// A read outlives the wait (bounded by Timeout), so a late answer
	// still records the endpoint's head and pace.
	lctx := context.WithoutCancel(ctx)
	for _, e := range eps {
		if !e.isSlow() {
			fast[e] = true
		}
		go func() { ch <- top{e, c.readTop(lctx, e)} }()
	}
	var got []top
	var window <-chan time.Time
	answered := false
	for len(got) < len(eps) {
		if answered && len(fast) == 0 {
			break // only slow ones are left
		}
		select {
		case t := <-ch:
			got = append(got, t)
			delete(fast, t.e)
			if t.h != nil && !answered {
				answered = true
				tm := time.NewTimer(c.o.ConfirmTimeout)
				defer tm.Stop()
				window = tm.C
			}
		case <-window:
			return got
		case <-ctx.Done():
			return got
		}
	}
	return got
}

// quorumHead reads every voter's latest header at once and follows the
// highest block number that Quorum of them reach with the same hash, the
// quorum taken over the endpoints that answer in time and pass every
// objective check (a block timestamped ahead of the local clock; a chain
// that lacks a block the node followed): one that fails a check is
// faulty, treated as a dead one. Voters that pass the checks but are
// ahead of the head by more than MaxHeadLag or on another hash at its
// height are distrusted (reads avoid them); passing voters that still
// disagree with no majority are ErrDisagree, and the caller waits.
func (c *Client) quorumHead(ctx context.Context) (*types.Header, error) {
	got := c.tops(ctx, c.voters())
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var votes []*vote
	var down []string
	for _, t := range got {
		if t.h == nil {
			continue
		}
		if why := c.skewed(t.h); why != "" {
			c.setFaulty(t.e, why)
			down = append(down, fmt.Sprintf("endpoint %d: %s", t.e.index, why))
			continue
		}
		votes = append(votes, &vote{e: t.e, top: t.h})
	}
	// Faulty for lacking a followed block: out of the vote until its
	// block at the head agrees with the others'.
	var held []*vote
	votes = slices.DeleteFunc(votes, func(v *vote) bool {
		v.e.mu.Lock()
		f := v.e.faulty != "" && strings.HasPrefix(v.e.faulty, lacksPrefix)
		v.e.mu.Unlock()
		if f {
			held = append(held, v)
		}
		return f
	})
	if len(votes) == 0 && len(held) > 0 {
		votes, held = held, nil // none else: let them vote (the check runs again)
	}
	for {
		h, err, again := c.decide(ctx, votes, down)
		if !again {
			if h != nil {
				c.readmit(ctx, held, h)
			}
			c.rank()
			return h, err
		}
		votes = slices.DeleteFunc(votes, func(v *vote) bool { return !v.e.usable() && v.e.faultyNow() })
	}
}

func (e *endpoint) faultyNow() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.faulty != ""
}

const lacksPrefix = "lacks block"

// decide follows the highest head Quorum (over votes) report; again when
// the stored-block check took a voter out and the vote must be redone.
func (c *Client) decide(ctx context.Context, votes []*vote, down []string) (*types.Header, error, bool) {
	q := min(c.o.Quorum, len(votes))
	if q == 0 {
		why := "none answers"
		if len(down) > 0 {
			why = strings.Join(down, "; ")
		}
		err := fmt.Errorf("%w: no endpoint gives a usable head (%s)", ErrNoEndpoint, why)
		c.t.setTrouble(err)
		return nil, err, false
	}
	slices.SortFunc(votes, func(a, b *vote) int { return b.top.Number.Cmp(a.top.Number) })
	n := votes[q-1].top.Number
	for _, v := range votes {
		v.at, v.atHash = nil, common.Hash{}
		switch v.top.Number.Uint64() {
		case n.Uint64():
			v.at, v.atHash = v.top, v.top.Hash()
			continue
		case n.Uint64() + 1: // its parent is the block at n: no call
			v.atHash = v.top.ParentHash
			continue
		}
		tctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
		h, err := v.e.ec.HeaderByNumber(tctx, n)
		cancel()
		if _, err := c.report(ctx, v.e, err); err == nil && h != nil {
			v.at, v.atHash = h, h.Hash()
		}
	}
	groups := map[common.Hash][]*vote{}
	for _, v := range votes {
		if v.atHash != (common.Hash{}) {
			groups[v.atHash] = append(groups[v.atHash], v)
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
		if c.checkFollowed(ctx, votes, n.Uint64()) {
			return nil, nil, true
		}
		var parts []string
		for _, v := range votes {
			h := "none"
			if v.atHash != (common.Hash{}) {
				h = v.atHash.Hex()[:10]
			}
			parts = append(parts, fmt.Sprintf("endpoint %d: head %d, block %d %s", v.e.index, v.top.Number, n, h))
		}
		err := fmt.Errorf("%w on block %d (%s); waiting", ErrDisagree, n, strings.Join(parts, "; "))
		c.t.setTrouble(err)
		return nil, err, false
	}
	hash := won[0].atHash
	var head *types.Header
	for _, v := range won {
		if v.at != nil {
			head = v.at
			break
		}
	}
	if head == nil {
		tctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
		h, err := won[0].e.ec.HeaderByNumber(tctx, n)
		cancel()
		if _, err := c.report(ctx, won[0].e, err); err != nil || h == nil || h.Hash() != hash {
			err = fmt.Errorf("%w: read block %d: %v", ErrNoEndpoint, n, err)
			c.t.setTrouble(err)
			return nil, err, false
		}
		head = h
	}
	for _, v := range votes {
		c.setFaulty(v.e, "")
		switch {
		case v.atHash != hash:
			c.setDistrust(v.e, fmt.Sprintf("block %d differs from the one %d other endpoint(s) report (another fork)", n, len(won)))
		case v.top.Number.Uint64() > n.Uint64()+c.o.MaxHeadLag:
			c.setDistrust(v.e, fmt.Sprintf("head %d is ahead of the quorum's %d by more than %d blocks", v.top.Number, n, c.o.MaxHeadLag))
		default:
			c.setDistrust(v.e, "")
		}
	}
	c.follow(head)
	c.t.setTrouble(nil)
	return head, nil, false
}

// readmit puts back an endpoint held out for lacking a followed block
// once its block at the head's height is the head.
func (c *Client) readmit(ctx context.Context, held []*vote, head *types.Header) {
	for _, v := range held {
		var hash common.Hash
		switch {
		case v.top.Number.Cmp(head.Number) == 0:
			hash = v.top.Hash()
		case v.top.Number.Uint64() == head.Number.Uint64()+1:
			hash = v.top.ParentHash
		case v.top.Number.Cmp(head.Number) > 0:
			tctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
			h, err := v.e.ec.HeaderByNumber(tctx, head.Number)
			cancel()
			if _, err := c.report(ctx, v.e, err); err == nil && h != nil {
				hash = h.Hash()
			}
		}
		if hash == head.Hash() {
			c.setFaulty(v.e, "")
			c.setDistrust(v.e, "")
		}
	}
}

// checkFollowed is the objective tie-break: each voter is asked for the
// newest block below n the node followed (or was told of, Anchor); those
// that do not hold it, while another voter does, fail the check and are
// faulty. It reports whether one was taken out.
func (c *Client) checkFollowed(ctx context.Context, votes []*vote, n uint64) bool {
	num, hash, ok := c.t.anchorBelow(n)
	if !ok {
		return false
	}
	holds := make([]bool, len(votes))
	var wg sync.WaitGroup
	for i, v := range votes {
		wg.Go(func() {
			tctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
			h, err := v.e.ec.HeaderByNumber(tctx, new(big.Int).SetUint64(num))
			cancel()
			if oc, _ := c.report(ctx, v.e, err); oc == answered {
				holds[i] = err == nil && h != nil && h.Hash() == hash
			} else {
				holds[i] = true // unknown: not judged on a failed call
			}
		})
	}
	wg.Wait()
	if !slices.Contains(holds, true) {
		return false // none holds it: a reorg below it, the listener's to handle
	}
	out := false
	for i, v := range votes {
		if !holds[i] {
			c.setFaulty(v.e, fmt.Sprintf("%s %d (%s) that the node followed: another chain", lacksPrefix, num, hash.Hex()[:10]))
			out = true
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
