package txm

import (
	"context"
	"sync"
)

// admission decides when a transaction may be sent: a slot among
// MaxInFlight and room in the pending-gas budget for the gas it is
// expected to use, learned from the ratio of gas used to estimate on this
// sender's mined transactions (go-ethereum's legacypool keeps admission
// apart from the pool's upkeep the same way). One lock; its seam is the
// latest block's gas limit, the default budget.
type admission struct {
	maxInFlight   int
	maxPendingGas uint64
	blockGas      func() uint64 // the latest block's gas limit (0: unknown)

	mu    sync.Mutex
	slots int
	// gas is the expected gas of the open transactions (expect by nonce).
	gas    uint64
	expect map[uint64]uint64
	// usedRatio is gas used / estimate on this sender's mined
	// transactions (a moving average; initialUsedRatio until the first
	// receipt), from estimates by nonce.
	usedRatio float64
	learned   bool
	estimates map[uint64]uint64
	freed     chan struct{} // closed and replaced when a slot or gas is given back
}

func newAdmission(maxInFlight int, maxPendingGas uint64, blockGas func() uint64) *admission {
	return &admission{maxInFlight: maxInFlight, maxPendingGas: maxPendingGas, blockGas: blockGas,
		expect: map[uint64]uint64{}, estimates: map[uint64]uint64{}, usedRatio: initialUsedRatio,
		freed: make(chan struct{})}
}

// initialUsedRatio is the ratio of gas used to estimate assumed until this
// sender's first receipt. A delivery's estimate carries the callback's whole
// gas reserve (the echo's: estimated ~137,000, used ~86,000, 0.63); 1 would
// let a cold node's first block of a backlog fill to about 60 %. Erring low
// costs little: the first receipts replace it, and what the first block
// cannot take is mined in the next.
const initialUsedRatio = 0.5

// acquire takes a slot for a transaction expected to use gas: it waits
// while MaxInFlight transactions are open, or while their expected gas plus
// this one's would exceed the pending-gas budget.
func (a *admission) acquire(ctx context.Context, gas uint64) error {
	for {
		budget := a.maxPendingGas
		if budget == 0 {
			budget = a.blockGas()
		}
		a.mu.Lock()
		if a.slots < a.maxInFlight && (a.gas == 0 || budget == 0 || a.gas+gas <= budget) {
			a.slots++
			a.gas += gas
			a.mu.Unlock()
			return nil
		}
		ch := a.freed
		a.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// release gives back a slot acquired for gas and not used.
func (a *admission) release(gas uint64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.slots--
	a.gas -= min(gas, a.gas)
	a.notifyLocked()
}

func (a *admission) notifyLocked() {
	close(a.freed)
	a.freed = make(chan struct{})
}

// expected is the gas a transaction estimated at est is expected to use.
func (a *admission) expected(est uint64) uint64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	return max(uint64(float64(est)*a.usedRatio), 21_000)
}

// sent records that nonce holds the slot acquired for it, expected to use
// exp gas of an estimate est.
func (a *admission) sent(nonce, exp, est uint64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.expect[nonce], a.estimates[nonce] = exp, est
}

// track gives nonce, open without a Send (journaled before a restart,
// opened again after a reorg), a slot and its gas.
func (a *admission) track(nonce, gas uint64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.slots++
	a.expect[nonce] = gas
	a.gas += gas
}

// learn updates the ratio of gas used to estimate from a mined receipt.
func (a *admission) learn(nonce, used uint64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	est := a.estimates[nonce]
	if est == 0 || used == 0 {
		return
	}
	ratio := min(float64(used)/float64(est), 1)
	if !a.learned {
		a.usedRatio, a.learned = ratio, true
		return
	}
	a.usedRatio = 0.8*a.usedRatio + 0.2*ratio
}

// finished gives back the slots and gas of nonces, now final, and wakes
// the sends waiting for them once.
func (a *admission) finished(nonces []uint64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	var exp uint64
	for _, n := range nonces {
		exp += a.expect[n]
		delete(a.expect, n)
		delete(a.estimates, n)
	}
	a.slots -= len(nonces)
	a.gas -= min(exp, a.gas)
	a.notifyLocked()
}

// inFlight counts the slots taken: transactions sent or being sent and not
// yet final.
func (a *admission) inFlight() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.slots
}
