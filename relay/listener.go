package relay

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// listen reads Coordinator logs from the block after the last processed
// one up to head - TrailHeadBlocks, after checking the last processed block
// is still canonical (rolling back what reorged blocks produced if not).
func (r *Relay) listen(ctx context.Context, head *types.Header) error {
	r.listening.mu.Lock()
	defer r.listening.mu.Unlock()
	n := head.Number.Uint64()
	if n < r.opts.TrailHeadBlocks {
		return nil
	}
	target := n - r.opts.TrailHeadBlocks
	last, ok, err := r.store.last()
	if err != nil {
		return err
	}
	from := r.opts.StartBlock
	if ok {
		if last, err = r.checkReorg(ctx, last, head); err != nil {
			return err
		}
		from = last.Number + 1
	}
	defer func() { r.opts.Metrics.Lag.Set(float64(r.lag(n, r.lastNumber()))) }()
	size := r.listening.logRange // learned: the largest range the RPC last accepted
	if size == 0 {
		size = r.opts.MaxLogRange
	}
	defer func() { r.listening.logRange = size }()
	for from <= target {
		to := min(from+size-1, target)
		q := r.dialect.LogQuery(from, to)
		logs, err := r.opts.Backend.FilterLogs(ctx, q)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if size > 1 { // the RPC may refuse a large range: split it
				size = max(1, (to-from+1)/2)
				r.opts.Logger.Debug("relay: splitting log range", "from", from, "to", to, "size", size, "err", err)
				continue
			}
			return fmt.Errorf("read logs %d-%d: %w", from, to, err)
		}
		hdr := head
		if to != n { // the head's own header is at hand; older ones are read
			if hdr, err = r.opts.Backend.HeaderByNumber(ctx, new(big.Int).SetUint64(to)); err != nil {
				return fmt.Errorf("read header %d: %w", to, err)
			}
		}
		if err := r.handleLogs(ctx, logs); err != nil {
			return err
		}
		if err := r.markProcessed(to, hdr.Hash()); err != nil {
			return err
		}
		from = to + 1
	}
	return nil
}

func (r *Relay) lastNumber() uint64 {
	last, ok, _ := r.store.last()
	if !ok {
		return r.opts.StartBlock
	}
	return last.Number
}

func (r *Relay) markProcessed(n uint64, h common.Hash) error {
	// Keep the hashes of the last 256 processed ranges for reorg walks.
	var keepFrom uint64
	if n > 256*r.opts.MaxLogRange {
		keepFrom = n - 256*r.opts.MaxLogRange
	}
	return r.store.processed(n, h, keepFrom)
}

// checkReorg compares the last processed block's hash with the canonical
// chain; on a mismatch it walks back the stored hashes to the newest block
// still canonical and rolls back everything seen after it.
func (r *Relay) checkReorg(ctx context.Context, last blockRef, head *types.Header) (blockRef, error) {
	// The common case costs no call: the head builds on the last block.
	n := head.Number.Uint64()
	if (n == last.Number+1 && head.ParentHash == last.Hash) || (n == last.Number && head.Hash() == last.Hash) {
		return last, nil
	}
	// A stored block the endpoints do not know (beyond the head they
	// follow, or "not found": it came from an endpoint since removed or
	// distrusted) is not canonical: roll back past it, never wedge.
	canonical := func(ref blockRef) (bool, error) {
		if ref.Number > n {
			return false, nil
		}
		hdr, err := r.opts.Backend.HeaderByNumber(ctx, new(big.Int).SetUint64(ref.Number))
		if errors.Is(err, ethereum.NotFound) {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("read header %d: %w", ref.Number, err)
		}
		return hdr.Hash() == ref.Hash, nil
	}
	if ok, err := canonical(last); err != nil || ok {
		return last, err
	}
	refs, err := r.store.blocks()
	if err != nil {
		return last, err
	}
	ancestor := blockRef{Number: r.opts.StartBlock - min(r.opts.StartBlock, 1)}
	for i := len(refs) - 1; i >= 0; i-- {
		ok, err := canonical(refs[i])
		if err != nil {
			return last, err
		}
		if ok {
			ancestor = refs[i]
			break
		}
	}
	r.opts.Logger.Warn("relay: reorg, or a stored block the endpoints do not know; rolling back", "from", last.Number, "to", ancestor.Number)
	return ancestor, r.rollback(ancestor)
}

// rollback forgets subscriptions created and cancellations seen after the
// ancestor block; the re-scan reads the canonical ones again.
func (r *Relay) rollback(ancestor blockRef) error {
	subs, err := r.store.subs()
	if err != nil {
		return err
	}
	var deleted []uint32
	var restored []*Sub
	for _, s := range subs {
		switch {
		case s.Block > ancestor.Number:
			deleted = append(deleted, s.ID)
		case s.Cancelled && s.CancelBlock > ancestor.Number:
			s.Cancelled, s.CancelBlock, s.Ended = false, 0, 0 // live again: not over
			restored = append(restored, s)
		}
	}
	if err := r.store.rollback(ancestor, deleted, restored); err != nil {
		return err
	}
	for _, id := range deleted {
		r.unschedule(id)
	}
	for _, s := range restored {
		r.schedule(s)
	}
	return nil
}

// handleLogs reads the subscriptions one range's logs created (batched by
// the dialect) and applies creations and cancellations in log order.
func (r *Relay) handleLogs(ctx context.Context, logs []types.Log) error {
	// Each log is parsed once: its event, then the creations' reads in one
	// batch, then the events in order.
	events := make([]subEvent, 0, len(logs))
	var ids []uint32
	for _, l := range logs {
		if l.Removed {
			continue
		}
		if id, created, ok := r.dialect.ParseLog(l); ok {
			events = append(events, subEvent{log: l, id: id, created: created})
			if created {
				ids = append(ids, id)
			}
		}
	}
	var subs map[uint32]*Sub
	if len(ids) > 0 {
		var err error
		if subs, err = r.dialect.ReadSubs(ctx, r.opts.Backend, ids); err != nil {
			return err
		}
	}
	for _, e := range events {
		if err := r.handleEvent(e, subs); err != nil {
			return fmt.Errorf("handle log %s/%d: %w", e.log.TxHash, e.log.Index, err)
		}
	}
	return nil
}

// subEvent is a Coordinator log the dialect parsed: a subscription's
// creation or cancellation.
type subEvent struct {
	log     types.Log
	id      uint32
	created bool
}

func (r *Relay) handleEvent(e subEvent, subs map[uint32]*Sub) error {
	id, l := e.id, e.log
	if !e.created {
		return r.cancelled(id, l.BlockNumber)
	}
	read, ok := subs[id]
	if !ok {
		r.opts.Logger.Debug("relay: ignoring subscription of a pipeline this node does not serve", "id", id)
		return nil
	}
	s := *read
	s.Block, s.BlockHash = l.BlockNumber, l.BlockHash
	if jerr := r.opts.Guard.CheckChain(s.Owner.Hex(), false, s.Containers(), s.Verifier != (common.Address{})); jerr != nil {
		r.opts.Logger.Debug("relay: ignoring subscription", "id", id, "containers", s.ContainerID, "reason", jerr.Message)
		return nil
	}
	if err := r.opts.Payments.Check(paymentRequest(&s)); err != nil {
		r.opts.Logger.Info("relay: skipping subscription", "id", id, "containers", s.ContainerID, "reason", err.Error())
		return nil
	}
	if reason := r.spending.refusal(&s, r.opts.Metrics); reason != "" { // never served as it stands: not even tracked
		r.opts.Logger.Info("relay: skipping subscription", "id", id, "owner", s.Owner, "containers", s.ContainerID, "reason", reason)
		return nil
	}
	if err := r.store.putSub(&s); err != nil {
		return err
	}
	r.opts.Logger.Info("relay: subscription", "id", id, "owner", s.Owner, "containers", s.ContainerID, "frequency", s.Frequency, "period", s.Period)
	r.opts.Metrics.Tracked.Inc()
	r.schedule(&s)
	return nil
}

func (r *Relay) cancelled(id uint32, block uint64) error {
	s, ok, err := r.store.sub(id)
	if err != nil || !ok {
		return err
	}
	s.Cancelled, s.CancelBlock = true, block
	if err := r.store.putSub(s); err != nil {
		return err
	}
	r.opts.Logger.Info("relay: subscription cancelled", "id", id)
	r.unschedule(id)
	return nil
}
