package txm

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
)

// monitor follows the open transactions to a final state, once per head:
// the receipts of each new block, the lowest unmined nonce replaced when
// priced below the market or given up when stuck (stuckDetector), a
// dropped one rebroadcast, and nonces a reorg dropped sent again
// (repairGap). chainlink-evm's txm splits its confirmer the same way. One
// step at a time (stepMu guards its state); its seam is the sender it
// watches: the open records, the journal, signing and broadcast.
type monitor struct {
	s     *Sender
	kick  chan struct{}
	stuck *stuckDetector
	stall stallWatch

	stepMu   sync.Mutex  // one step at a time; guards the fields below
	stepHead common.Hash // head of the last step
	pruned   uint64      // block time of the last prune
	scanned  uint64      // last block whose receipts were read
	mined    map[common.Hash]*types.Receipt
	checked  map[uint64]uint64 // nonce -> head at the last pool check
	gap      gapSeen           // a nonce gap below the open ones, being confirmed
	// resendable: SetResendCheck's check, nil when none.
	resendable ResendCheck
}

func newMonitor(s *Sender) *monitor {
	return &monitor{s: s, kick: make(chan struct{}, 1), stuck: newStuckDetector(s.o.StuckBlocks),
		mined: map[common.Hash]*types.Receipt{}, checked: map[uint64]uint64{}}
}

// wake makes the loop step now (a new head).
func (m *monitor) wake() {
	select {
	case m.kick <- struct{}{}:
	default:
	}
}

// Run is the monitor loop: every PollInterval (or a new head) it follows
// each open transaction to confirmation, replaces stuck ones and
// rebroadcasts dropped ones. It returns when ctx is done.
func (s *Sender) Run(ctx context.Context) error { return s.mon.run(ctx) }

// Step runs one monitor pass over the open transactions (tests drive it).
func (s *Sender) Step(ctx context.Context) error { return s.mon.step(ctx) }

// Stalled is nil unless the oldest open nonce has not moved for
// StuckBlocks blocks; /health reports it.
func (s *Sender) Stalled() error { return s.mon.stall.stalled(s.o.StuckBlocks) }

// run is the monitor loop (Sender.Run).
func (m *monitor) run(ctx context.Context) error {
	t := time.NewTicker(m.s.o.PollInterval)
	defer t.Stop()
	for {
		if err := m.step(ctx); err != nil && ctx.Err() == nil {
			m.s.o.Logger.Warn("sender: monitor step", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		case <-m.kick:
		}
	}
}

// step runs one monitor pass over the open transactions. It acts once per
// new head (and on reserved nonces at once): the receipts of every block
// since the last pass are read with one eth_getBlockReceipts each, so the
// cost does not grow with the number of transactions in flight.
func (m *monitor) step(ctx context.Context) error {
	m.stepMu.Lock()
	defer m.stepMu.Unlock()
	m.s.mu.Lock()
	recs := make([]*Record, 0, len(m.s.open))
	reserved := false
	for _, r := range m.s.open {
		recs = append(recs, r)
		reserved = reserved || r.State == StateReserved
	}
	m.s.mu.Unlock()
	reorged := m.s.heads.sawReorg()
	if len(recs) == 0 {
		m.stall.observe(false, 0, 0)
		if h := m.s.heads.peek(); h != nil { // idle: the records final by now go too
			m.prune(h.Time)
		}
		if reorged || m.gap.head != 0 {
			return m.idleGapCheck(ctx)
		}
		return nil
	}
	sort.Slice(recs, func(i, k int) bool { return recs[i].Nonce < recs[k].Nonce })
	head, err := m.s.heads.latest(ctx, m.s.b)
	if err != nil {
		return fmt.Errorf("read head: %w", err)
	}
	n := head.Number.Uint64()
	m.stall.observe(true, recs[0].Nonce, n)
	if head.Hash() == m.stepHead && !reserved {
		return nil // nothing can have changed on chain
	}
	m.stepHead = head.Hash()
	m.prune(head.Time)
	if n <= m.scanned { // a reorg: the head's block is new
		m.scanned = n - 1
	}
	perTx := m.scanReceipts(ctx, recs, n)
	var mined uint64
	var minedRead bool
	var errs []error
	var fin []finalRecord
	for _, r := range recs {
		if err := m.follow(ctx, r, head, perTx, &fin, func() (uint64, error) {
			if !minedRead {
				// At the head whose receipts were scanned, not the
				// latest: a transaction mined after it would be
				// taken for one whose receipt the scan missed and
				// be read alone (a call per transaction).
				m, err := m.s.b.NonceAt(ctx, m.s.addr, head.Number)
				if err != nil {
					return 0, fmt.Errorf("read nonce: %w", err)
				}
				mined, minedRead = m, true
			}
			return mined, nil
		}); err != nil {
			errs = append(errs, fmt.Errorf("nonce %d: %w", r.Nonce, err))
		}
	}
	if err := m.finishAll(fin); err != nil {
		errs = append(errs, err)
	}
	if minedRead {
		m.s.heads.clearReorg()
	}
	if minedRead && mined < recs[0].Nonce {
		if err := m.repairGap(ctx, mined, recs[0].Nonce, head); err != nil {
			errs = append(errs, fmt.Errorf("repair nonces %d-%d: %w", mined, recs[0].Nonce-1, err))
		}
	} else {
		m.gap = gapSeen{}
	}
	return errors.Join(errs...)
}

// scanReceipts reads the receipts of the blocks after the last scanned one
// up to head and keeps those of open transactions. It returns true when
// receipts must be read per transaction instead: the backend cannot serve
// block receipts, a read failed, or the range is too long (after a restart).
func (m *monitor) scanReceipts(ctx context.Context, recs []*Record, head uint64) bool {
	mine := map[common.Hash]bool{}
	minSent := uint64(1<<63 - 1)
	for _, r := range recs {
		m.s.mu.Lock()
		for _, h := range r.Hashes() {
			mine[h] = true
		}
		if r.State == StateSent {
			minSent = min(minSent, r.SentHead)
		}
		m.s.mu.Unlock()
	}
	// A transaction is mined after the head it was priced against: the
	// first pass starts after the oldest one'm.s. A block scanned before a
	// transaction joined the set is caught by the per-transaction check
	// in follow (its nonce is spent but no receipt was seen).
	// Blocks scanned while nothing was open are not rescanned: after
	// a quiet spell (a recurring subscription's period) the scan starts
	// after the newest head a transaction was sent at or before, not where
	// the last one ended, so it stays one eth_getBlockReceipts per block.
	from := max(m.scanned, minSent) + 1
	const maxScan = 16
	if head >= from && head-from >= maxScan {
		m.scanned = head
		return true
	}
	for b := from; b <= head; b++ {
		rcs, err := m.s.b.BlockReceipts(ctx, rpc.BlockNumberOrHashWithNumber(rpc.BlockNumber(b)))
		if err != nil {
			m.s.o.Logger.Debug("sender: block receipts; reading per transaction", "block", b, "err", err)
			return true
		}
		for _, rc := range rcs {
			if mine[rc.TxHash] {
				m.mined[rc.TxHash] = rc
			}
		}
		m.scanned = b
	}
	return false
}

// follow moves r on: a final state found is appended to fin (Step journals
// them together), a stuck transaction is replaced, a dropped one rebroadcast.
func (m *monitor) follow(ctx context.Context, r *Record, head *types.Header, perTx bool, fin *[]finalRecord, minedNonce func() (uint64, error)) error {
	m.s.mu.Lock()
	state := r.State
	hashes := r.Hashes()
	m.s.mu.Unlock()
	if state == StateReserved {
		return m.fillNoop(ctx, r, head)
	}
	for _, h := range hashes {
		rc := m.mined[h]
		if rc == nil && !perTx {
			continue
		}
		if rc == nil || m.s.o.Confirmations > 1 && head.Number.Uint64()+1-rc.BlockNumber.Uint64() >= m.s.o.Confirmations {
			// Per transaction, or re-read when deep enough: a reorg may
			// have moved it.
			var err error
			rc, err = m.s.b.TransactionReceipt(ctx, h)
			if errors.Is(err, ethereum.NotFound) || (err == nil && rc == nil) ||
				(err != nil && strings.Contains(err.Error(), "indexing is in progress")) {
				delete(m.mined, h)
				continue
			}
			if err != nil {
				return fmt.Errorf("receipt %s: %w", h, err)
			}
		}
		depth := head.Number.Uint64() + 1 - rc.BlockNumber.Uint64()
		if head.Number.Uint64() < rc.BlockNumber.Uint64() || depth < m.s.o.Confirmations {
			m.mined[h] = rc
			return nil // mined, not yet deep enough
		}
		final := *r
		final.MinedHash, final.MinedBlock, final.GasUsed = h, rc.BlockNumber.Uint64(), rc.GasUsed
		final.Events = targetEvents(rc, r.To)
		switch {
		case r.Noop:
			final.State = StateFailed
			if final.Err == "" {
				final.Err = "nonce filled by a no-op"
			}
		case rc.Status == types.ReceiptStatusSuccessful:
			final.State = StateConfirmed
		default:
			final.State, final.Err = StateFailed, "reverted on chain"
		}
		m.s.adm.learn(r.Nonce, rc.GasUsed)
		final.FinalAt = head.Time
		*fin = append(*fin, finalRecord{r, &final})
		return nil
	}
	mined, err := minedNonce()
	if err != nil {
		return err
	}
	if mined > r.Nonce {
		if !perTx { // scanned blocks may have missed it: ask once directly
			return m.follow(ctx, r, head, true, fin, minedNonce)
		}
		// The nonce was consumed by a transaction we never journaled.
		final := *r
		final.State, final.Err = StateFailed, "nonce consumed by another transaction"
		final.FinalAt = head.Time
		*fin = append(*fin, finalRecord{r, &final})
		return nil
	}
	tx := r.Latest()
	if tx == nil {
		return m.fillNoop(ctx, r, head)
	}
	if mined == r.Nonce && head.Number.Uint64() > r.SentHead {
		// The lowest unmined nonce, passed over by a block: the only
		// one ever replaced.
		if done, err := m.unstick(ctx, r, tx, head); done || err != nil {
			return err
		}
	}
	// The lowest unmined nonce, not mined in a block since it was sent:
	// is it still in the pool? Asked once per block, for that nonce only
	// (those behind it cannot be mined before it; a dropped one is found
	// when its turn comes).
	if mined != r.Nonce || head.Number.Uint64() == r.SentHead || m.checked[r.Nonce] == head.Number.Uint64() {
		return nil
	}
	m.checked[r.Nonce] = head.Number.Uint64()
	if _, _, err := m.s.b.TransactionByHash(ctx, tx.Hash()); errors.Is(err, ethereum.NotFound) {
		m.s.broadcast(ctx, r, tx) // dropped from the pool: send the same bytes again
	}
	return nil
}

// pruneBatch bounds the records one prune pass reads and deletes at once.
const pruneBatch = 1000

// prune deletes the journal's records final for SenderOptions.Retention
// (block time now), once an hour of block time or a quarter of a shorter
// retention. Records final before their time was kept are stamped now and
// go a retention later. Nothing reads a final record that old: a
// delivery's outcome is recorded once its transaction is final.
func (m *monitor) prune(now uint64) {
	keep := m.s.o.Retention
	period := uint64(max(min(time.Hour, keep/4), time.Second) / time.Second)
	if m.pruned != 0 && now < m.pruned+period {
		return
	}
	m.pruned = now
	before := uint64(0)
	if k := uint64(keep / time.Second); now > k {
		before = now - k
	}
	deleted := 0
	for {
		n, stamped, err := m.s.j.prune(before, now, pruneBatch)
		deleted += n
		if err != nil {
			m.s.o.Logger.Warn("sender: delete final journal records past chain.retention", "err", err)
			return
		}
		if n+stamped < pruneBatch {
			break
		}
	}
	if deleted > 0 {
		m.s.o.Logger.Info("sender: deleted final journal records past chain.retention", "records", deleted, "retention", keep)
	}
}

// finalRecord is an open record and the final state follow found for it.
type finalRecord struct{ r, final *Record }

// finishAll journals the final states of one monitor step in one synced
// batch, then frees their slots and wakes the waiters once: a block of
// hundreds of deliveries costs one fsync and one wake-up, so the pending-gas
// budget is given back right after the block's receipts are read.
func (m *monitor) finishAll(fin []finalRecord) error {
	if len(fin) == 0 {
		return nil
	}
	finals := make([]*Record, len(fin))
	for i, f := range fin {
		finals[i] = f.final
	}
	if err := m.s.j.putAll(finals); err != nil {
		return fmt.Errorf("journal %d final states: %w", len(fin), err)
	}
	nonces := make([]uint64, len(fin))
	m.s.mu.Lock()
	for i, f := range fin {
		nonces[i] = f.r.Nonce
		*f.r = *f.final
		delete(m.s.open, f.r.Nonce)
	}
	m.s.notifyLocked()
	m.s.mu.Unlock()
	m.s.adm.finished(nonces)
	for _, f := range fin {
		delete(m.checked, f.r.Nonce) // finishAll runs under stepMu
		m.stuck.forget(f.r.Nonce)
		for _, h := range f.final.Hashes() {
			delete(m.mined, h)
		}
		m.s.o.Logger.Debug("sender: final", "nonce", f.r.Nonce, "state", f.final.State, "key", f.r.Key, "hash", f.final.MinedHash)
	}
	return nil
}

// idleGapCheck is the reorg check of a wallet with nothing open: after a
// head that replaced the last one, the chain's nonce is read once per head
// until it agrees with the journal's next; below it, the dropped final
// transactions are sent again (repairGap, after two heads in a row). Heads
// that extend the chain cost nothing, so the idle cost is unchanged.
func (m *monitor) idleGapCheck(ctx context.Context) error {
	head, err := m.s.heads.latest(ctx, m.s.b)
	if err != nil {
		return fmt.Errorf("read head: %w", err)
	}
	if head.Hash() == m.stepHead {
		return nil
	}
	m.stepHead = head.Hash()
	next, ok, err := m.s.j.next()
	if err != nil {
		return fmt.Errorf("read journal: %w", err)
	}
	mined, err := m.s.b.NonceAt(ctx, m.s.addr, head.Number)
	if err != nil {
		return fmt.Errorf("read nonce: %w", err)
	}
	m.s.heads.clearReorg()
	if !ok || mined >= next {
		m.gap = gapSeen{}
		return nil
	}
	if err := m.repairGap(ctx, mined, next, head); err != nil {
		return fmt.Errorf("repair nonces %d-%d: %w", mined, next-1, err)
	}
	return nil
}

// targetEvents is the first topic of each log rc's target emitted (a
// receipt's other logs are the callee's business, and unbounded).
func targetEvents(rc *types.Receipt, to common.Address) []common.Hash {
	var out []common.Hash
	for _, l := range rc.Logs {
		if l.Address == to && len(l.Topics) > 0 && len(out) < 8 {
			out = append(out, l.Topics[0])
		}
	}
	return out
}
