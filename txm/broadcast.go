package txm

import (
	"context"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/infernode/infernode/chain"
)

// broadcastQueue hands first broadcasts to the chain in nonce order.
// Concurrent sends journal their nonces in order but finish their fsync
// waits in any order; a transaction broadcast before a lower nonce leaves a
// gap, and a block built meanwhile takes only the nonces below it (a block
// that had 219 deliveries ready took 46).
type broadcastQueue struct {
	mu    sync.Mutex
	next  uint64 // lowest nonce reserved by Send and not yet broadcast
	ready map[uint64]queuedTx
	busy  bool // a Send is broadcasting for the others
}

type queuedTx struct {
	r  *Record
	tx *types.Transaction
}

// broadcastInOrder queues a journaled transaction; the Send that finds no
// other broadcasting takes every queued one whose lower nonces are gone and
// broadcasts them in order, as one batch when the backend can. Every nonce
// Send reserves reaches this queue (after its journal sync), so the queue
// never waits for a nonce that will not come; a broadcast lost here is
// repeated by the monitor.
func (s *Sender) broadcastInOrder(ctx context.Context, r *Record, tx *types.Transaction) {
	q := &s.bq
	q.mu.Lock()
	q.ready[r.Nonce] = queuedTx{r, tx}
	if q.busy {
		q.mu.Unlock()
		return
	}
	q.busy = true
	// The batch carries other Sends' transactions: it must not end with
	// this caller's context.
	bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	for {
		var batch []queuedTx
		for {
			it, ok := q.ready[q.next]
			if !ok {
				break
			}
			delete(q.ready, q.next)
			q.next++
			batch = append(batch, it)
		}
		if len(batch) == 0 {
			q.busy = false
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
		s.broadcastAll(bctx, batch)
		q.mu.Lock()
	}
}

// broadcastAll broadcasts txs in order, several in one JSON-RPC batch.
func (s *Sender) broadcastAll(ctx context.Context, txs []queuedTx) {
	if len(txs) == 1 {
		s.broadcast(ctx, txs[0].r, txs[0].tx)
		return
	}
	signed := make([]*types.Transaction, len(txs))
	for i, q := range txs {
		signed[i] = q.tx
	}
	errs := s.b.SendTransactions(ctx, signed)
	for i, q := range txs {
		var err error
		if i < len(errs) {
			err = errs[i]
		}
		s.broadcasted(q.r, q.tx, err)
	}
}

func (s *Sender) broadcast(ctx context.Context, r *Record, tx *types.Transaction) {
	s.broadcasted(r, tx, s.b.SendTransaction(ctx, tx))
}

// broadcasted logs the outcome of broadcasting tx.
func (s *Sender) broadcasted(r *Record, tx *types.Transaction, err error) {
	if err == nil || chain.IsKnown(err) {
		s.o.Logger.Debug("sender: broadcast", "nonce", r.Nonce, "hash", tx.Hash(), "key", r.Key)
		return
	}
	if chain.IsPermanent(err) {
		s.mon.stuck.refuse(r.Nonce, err.Error()) // given up when it is the lowest unmined nonce
	}
	// The monitor retries; a nonce already used shows up there as a receipt.
	s.o.Logger.Warn("sender: broadcast failed", "nonce", r.Nonce, "hash", tx.Hash(), "key", r.Key, "err", err)
}
