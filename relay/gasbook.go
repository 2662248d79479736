package relay

import (
	"sync"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/txm"
)

// gasBook spares a recurring subscription's deliveries their
// eth_estimateGas (docs/relay.md, "RPC calls per delivery"): once one was
// mined as delivered within its estimate, the next is sent with that
// estimate (txm.Call.Estimated) instead of a fresh one. The checks batch
// still runs before each container run, so an interval already full or
// responded to costs no container and no transaction. What only the
// simulation would catch is kept out: paid and verified subscriptions,
// a delivery whose call grew, and an interval someone else already
// answered are always estimated; a learned send that is mined reverted
// (a lost race, the owner's callback) puts its subscription back on
// estimates for good, so that costs at most one transaction's gas a
// subscription, charged to its owner like any delivery.
type gasBook struct {
	mu sync.Mutex
	// learned is the estimate to send a subscription's next delivery with.
	learned map[subRef]learnedGas
	// sent are the transactions in flight, by sender key, until mined.
	sent map[string]sentGas
	// estimated are the subscriptions whose deliveries are always
	// estimated (a learned send of theirs was mined reverted).
	estimated map[subRef]bool
}

// subRef names a subscription for the book: a subscription re-created
// under the same id by a reorg is another.
type subRef struct {
	id    uint32
	block common.Hash
}

type learnedGas struct {
	est     uint64
	dataLen int // the call's data length when est was measured
}

type sentGas struct {
	sub     subRef
	learned learnedGas
	// unsimulated: the send used a learned estimate.
	unsimulated bool
	last        bool // the subscription's last interval
}

// grownBytes is how much longer a call's data may be than the learned
// one's and still be sent with its estimate (two words: the gas margin
// covers them).
const grownBytes = 64

func newGasBook() *gasBook {
	return &gasBook{learned: map[subRef]learnedGas{}, sent: map[string]sentGas{}, estimated: map[subRef]bool{}}
}

// learnable reports whether s's deliveries may be sent unsimulated: a
// recurring, unpaid subscription without a verifier (payment and proofs
// can fail in ways only the simulation sees).
func learnable(s *Sub) bool {
	return s.Frequency > 1 && !paid(s) && s.Verifier == (common.Address{})
}

// estimate returns the learned estimate for call, a delivery of s, or 0
// (estimate it). contested: the checks found the interval answered by
// someone else, so a race is likely and the simulation is worth its call.
func (b *gasBook) estimate(s *Sub, call txm.Call, contested bool) uint64 {
	if !learnable(s) || contested {
		return 0
	}
	ref := subRef{s.ID, s.BlockHash}
	b.mu.Lock()
	defer b.mu.Unlock()
	l, ok := b.learned[ref]
	if !ok || b.estimated[ref] || len(call.Data) > l.dataLen+grownBytes {
		return 0
	}
	return l.est
}

// sentTx records the transaction rec sent for call, a delivery of
// interval k of s.
func (b *gasBook) sentTx(s *Sub, k uint32, call txm.Call, rec *txm.Record) {
	if !learnable(s) || rec.Estimated == 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.sent[call.Key] = sentGas{sub: subRef{s.ID, s.BlockHash}, learned: learnedGas{est: rec.Estimated, dataLen: len(call.Data)},
		unsimulated: call.Estimated > 0, last: k >= s.Frequency}
}

// mined learns from the mined transaction rec sent under key, whose
// outcome is o: delivered within its estimate, the estimate is kept for
// the next delivery; anything else forgets it, and a learned send mined
// reverted puts the subscription on estimates for good.
func (b *gasBook) mined(key string, rec *txm.Record, o guard.Outcome) {
	b.mu.Lock()
	defer b.mu.Unlock()
	sg, ok := b.sent[key]
	if !ok {
		return
	}
	delete(b.sent, key)
	switch {
	case o == guard.Delivered && rec.GasUsed <= sg.learned.est && !sg.last:
		b.learned[sg.sub] = sg.learned
	case (o == guard.Reverted || o == guard.LostRace) && sg.unsimulated:
		b.estimated[sg.sub] = true
		delete(b.learned, sg.sub)
	default:
		delete(b.learned, sg.sub)
	}
}
