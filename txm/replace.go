package txm

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/infernode/infernode/internal/storage"
)

// stuckDetector decides when the lowest unmined nonce is stuck: priced
// below the market (chainlink-evm's stuck_tx_detector is the model). Only
// that nonce is ever looked at: the ones behind it wait for it and are
// not bumped. It owns its state; the monitor (one step at a time) calls
// it.
type stuckDetector struct {
	blocks uint64            // how long below market before giving up
	since  map[uint64]uint64 // nonce -> first head it was seen below market
	bumped map[uint64]uint64 // nonce -> head of its last replacement

	mu      sync.Mutex        // broadcasts (any goroutine) record refusals
	refused map[uint64]string // nonce -> why the pool refused it for good
}

// refuse records that the pool refused nonce's transaction for a reason
// that will not change (chain.IsPermanent).
func (d *stuckDetector) refuse(nonce uint64, why string) {
	d.mu.Lock()
	d.refused[nonce] = why
	d.mu.Unlock()
}

func (d *stuckDetector) refusal(nonce uint64) (string, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	why, ok := d.refused[nonce]
	return why, ok
}

func newStuckDetector(blocks uint64) *stuckDetector {
	return &stuckDetector{blocks: blocks, since: map[uint64]uint64{}, bumped: map[uint64]uint64{}, refused: map[uint64]string{}}
}

func (d *stuckDetector) forget(nonce uint64) {
	delete(d.since, nonce)
	delete(d.bumped, nonce)
	d.mu.Lock()
	delete(d.refused, nonce)
	d.mu.Unlock()
}

// unstick handles r, the lowest unmined nonce, not mined in a block since
// it was sent. Priced at the market, it is left alone (the pool check
// rebroadcasts it if dropped). Below the market, it is replaced at the
// market within its ceiling, at most once a block; when no replacement
// fits and it has stayed below the market for stuck_blocks blocks, or the
// pool refused it for good, its delivery is given up and the nonce filled
// by a zero-value self-transfer at the market. done reports that r was
// acted on.
func (m *monitor) unstick(ctx context.Context, r *Record, tx *types.Transaction, head *types.Header) (done bool, err error) {
	d, n := m.stuck, head.Number.Uint64()
	if why, ok := d.refusal(r.Nonce); ok {
		return true, m.giveUp(ctx, r, tx, head, "refused by the pool: "+why)
	}
	below, err := m.s.price.belowMarket(ctx, tx, head)
	if err != nil || !below {
		delete(d.since, r.Nonce)
		return false, err
	}
	first, ok := d.since[r.Nonce]
	if !ok {
		first, d.since[r.Nonce] = n, n
	}
	if d.bumped[r.Nonce] == n {
		return true, nil
	}
	tip, feeCap, fits, err := m.s.price.replacement(ctx, tx, head, ceiling(r))
	if err != nil {
		return true, err
	}
	if fits {
		d.bumped[r.Nonce] = n
		return true, m.resign(ctx, r, tx, head, tip, feeCap, "sender: replacing the lowest nonce, priced below the market")
	}
	if n-first >= d.blocks {
		return true, m.giveUp(ctx, r, tx, head, fmt.Sprintf("stuck below the market for %d blocks (its fee cap allows no more)", n-first))
	}
	return false, nil
}

// resign signs r again at tip and feeCap, journals the new version, then
// broadcasts it.
func (m *monitor) resign(ctx context.Context, r *Record, old *types.Transaction, head *types.Header, tip, feeCap *big.Int, msg string) error {
	tx, err := m.s.sign(ctx, r, tip, feeCap)
	if err != nil {
		return err
	}
	if err := m.s.commitVersion(r, tx, head.Number.Uint64()); err != nil {
		return err
	}
	m.s.o.Logger.Info(msg, "nonce", r.Nonce, "key", r.Key, "old", old.Hash(), "new", tx.Hash(), "tip", tip, "fee_cap", feeCap, "base_fee", baseFee(head))
	m.s.broadcast(ctx, r, tx)
	return nil
}

// giveUp replaces r's transaction by a zero-value self-transfer at the
// market, so the nonces behind it move: a valid replacement of what the
// pool holds, within the node's max_fee_per_gas and maxBumpFactor × the
// fee suggested at r's first send (not the subscription's cap, which is
// what made it stuck). When the market is above that, it waits for the
// next block. Its record ends Failed with Noop set and why in Err: the
// caller records the delivery as given up.
func (m *monitor) giveUp(ctx context.Context, r *Record, old *types.Transaction, head *types.Header, why string) error {
	tip, feeCap, fits, err := m.s.price.replacement(ctx, old, head, minCap(m.s.o.MaxFeePerGas, bumpCeiling(r)))
	if err != nil {
		return fmt.Errorf("give up nonce %d (%s): %w", r.Nonce, why, err)
	}
	if !fits {
		m.s.o.Logger.Warn("sender: a stuck nonce cannot be filled within the fee ceilings yet; retrying next block",
			"nonce", r.Nonce, "key", r.Key, "base_fee", baseFee(head), "why", why)
		return nil
	}
	m.s.mu.Lock()
	r.To, r.Data, r.Value, r.Gas, r.Noop, r.GaveUp, r.FeeCap, r.Err = m.s.addr, nil, nil, 21000, true, true, nil, "given up: "+why
	m.s.mu.Unlock()
	m.s.o.Logger.Warn("sender: giving up a stuck nonce; filling it with a no-op", "nonce", r.Nonce, "key", r.Key, "why", why)
	return m.resign(ctx, r, old, head, tip, feeCap, "sender: no-op replaces a given-up transaction")
}

// fillNoop spends a reserved nonce whose transaction was never signed with a
// zero-value self-transfer, so later nonces are not blocked.
func (m *monitor) fillNoop(ctx context.Context, r *Record, head *types.Header) error {
	tip, feeCap, err := m.s.price.market(ctx, head, m.s.o.MaxFeePerGas)
	if err != nil {
		return err
	}
	m.s.mu.Lock()
	r.To, r.Data, r.Value, r.Gas, r.Noop, r.FeeCap = m.s.addr, nil, nil, 21000, true, nil
	m.s.mu.Unlock()
	tx, err := m.s.sign(ctx, r, tip, feeCap)
	if err != nil {
		return err
	}
	if err := m.s.commitVersion(r, tx, head.Number.Uint64()); err != nil {
		return err
	}
	m.s.o.Logger.Warn("sender: filling unsent nonce with a no-op", "nonce", r.Nonce, "key", r.Key)
	m.s.broadcast(ctx, r, tx)
	return nil
}

// gapSeen is a gap below the lowest open nonce, first seen at head.
type gapSeen struct{ from, to, head uint64 }

// repairGap handles the chain's nonce (from) below the lowest open one
// (to) while every nonce between is final in the journal: a reorg dropped
// transactions the node had counted final. Seen on two heads in a row (a
// lagging endpoint's read is not a reorg), each of those nonces is opened
// again and its last signed version re-sent, so a dropped delivery is
// delivered once more (or fails on chain, if its interval is gone) and the
// nonces behind it move; a nonce with no record is filled by a no-op.
func (m *monitor) repairGap(ctx context.Context, from, to uint64, head *types.Header) error {
	n := head.Number.Uint64()
	if m.gap.from != from || m.gap.to != to || m.gap.head == 0 {
		m.gap = gapSeen{from, to, n}
		return nil
	}
	if n <= m.gap.head {
		return nil
	}
	recs := make([]*Record, 0, to-from)
	stale := map[uint64]bool{}
	for nonce := from; nonce < to; nonce++ {
		r, err := m.s.j.get(nonce)
		if errors.Is(err, storage.ErrKeyNotFound) {
			r, err = &Record{Nonce: nonce, State: StateReserved}, nil
		}
		if err != nil {
			return err
		}
		if m.resendable != nil && r.Key != "" && !r.Noop && len(r.Raw) > 0 {
			ok, err := m.resendable(ctx, r)
			if err != nil { // checked again at the next head
				return fmt.Errorf("can nonce %d (%s) be sent again: %w", nonce, r.Key, err)
			}
			stale[nonce] = !ok
		}
		recs = append(recs, r)
	}
	m.gap = gapSeen{}
	m.s.o.Logger.Warn("sender: the chain's nonce is below the journal's (a reorg dropped final transactions); sending them again",
		"chain_nonce", from, "lowest_open", to)
	for _, r := range recs {
		nonce := r.Nonce
		r.MinedHash, r.MinedBlock, r.SentHead = common.Hash{}, 0, n
		if r.State.Final() {
			r.State, r.Err = StateSent, ""
		}
		if err := m.s.j.put(r); err != nil {
			return err
		}
		m.s.mu.Lock()
		_, open := m.s.open[nonce]
		if !open {
			m.s.open[nonce] = r
		}
		m.s.mu.Unlock()
		if !open {
			m.s.adm.track(nonce, r.Gas)
		}
		if stale[nonce] {
			// What it was sent for is gone with the reorg (a subscription
			// created in a replaced block): the same bytes could land for
			// another request, so the nonce is filled by a no-op instead.
			r.GaveUp, r.Err = true, "given up: its request was reorged out"
			if err := m.fillNoop(ctx, r, head); err != nil {
				return err
			}
			continue
		}
		if tx := r.Latest(); tx != nil {
			m.s.broadcast(ctx, r, tx)
		}
	}
	return nil
}

// ResendCheck reports whether what the dropped final transaction rec was
// sent for still stands on the canonical chain (its Anchor, typically).
type ResendCheck func(ctx context.Context, rec *Record) (bool, error)

// SetResendCheck sets the check a dropped final transaction passes before
// it is sent again after a reorg (see repairGap). The relay sets it;
// without it every dropped one is sent again. Call it before Run.
func (s *Sender) SetResendCheck(f ResendCheck) {
	s.mon.resendable = f
}
