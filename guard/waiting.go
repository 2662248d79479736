package guard

import (
	"container/heap"
	"fmt"
	"sync"
	"time"

	"github.com/infernode/infernode/internal/job"
)

// Waiting is the set of delegated requests accepted but not yet active:
// one heap by activation time, no goroutine or timer each; the relay takes
// the due ones on each head (Due). New requests are admitted while it
// holds fewer than max in all and fewer than perOwner of their owner; a
// request activating beyond the horizon is refused before it is accepted.
// A request already accepted that waits again (held back, resumed after a
// restart) is never refused: it needs no new slot.
type Waiting struct {
	mu       sync.Mutex
	max      int
	perOwner int
	horizon  time.Duration
	h        waitHeap
	at       map[string]*waitItem
	owners   map[string]int // waiting requests by owner
}

type waitItem struct {
	key, owner       string
	activeAt, expiry int64 // unix seconds
	i                int
}

// NewWaiting returns a set admitting at most maxPending requests
// (chain.delegated.max_pending), perOwner of one owner
// (chain.delegated.max_pending_per_owner), activating within horizon
// (chain.delegated.max_horizon); zero values take the defaults.
func NewWaiting(maxPending, perOwner int, horizon time.Duration) *Waiting {
	if maxPending <= 0 {
		maxPending = DefaultDelegatedMaxPending
	}
	if perOwner <= 0 {
		perOwner = DefaultMaxPendingPerOwner
	}
	if horizon <= 0 {
		horizon = DefaultDelegatedMaxHorizon
	}
	return &Waiting{max: maxPending, perOwner: perOwner, horizon: horizon, at: map[string]*waitItem{}, owners: map[string]int{}}
}

// CheckDelegated refuses, with a 400 naming the field, a delegated request
// whose signature expired at now, that expires before it activates (it
// could never be created), or whose activeAt lies beyond the horizon.
func (w *Waiting) CheckDelegated(activeAt, expiry, now time.Time) error {
	if !expiry.After(now) {
		return job.Reject(job.CodeInvalid, "Signature expired", "expiry", expiry.Unix())
	}
	if !expiry.After(activeAt) {
		return job.Reject(job.CodeInvalid, "Invalid request: the signature expires before subscription.active_at, so the subscription could never be created; sign with a later expiry",
			"field", "subscription.active_at")
	}
	if activeAt.Sub(now) > w.horizon {
		return job.Reject(job.CodeInvalid, fmt.Sprintf(
			"Invalid request: subscription.active_at is %s after the latest block; this node takes delegated subscriptions active within %s (chain.delegated.max_horizon); post it closer to its start",
			activeAt.Sub(now).Truncate(time.Second), w.horizon), "field", "subscription.active_at")
	}
	return nil
}

// Add admits a new request of owner under key until activeAt, to be
// dropped at expiry. It refuses with 429 when the set holds max requests,
// or perOwner of owner's; adding a key already there changes nothing.
func (w *Waiting) Add(key, owner string, activeAt, expiry time.Time) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.at[key]; ok {
		return nil
	}
	if len(w.h) >= w.max {
		return job.Reject(job.CodeRateLimited, "Too many requests", "limit", "chain.delegated.max_pending", "max_pending", w.max)
	}
	if w.owners[owner] >= w.perOwner {
		return job.Reject(job.CodeRateLimited, "Too many requests", "limit", "chain.delegated.max_pending_per_owner", "max_pending_per_owner", w.perOwner)
	}
	w.push(key, owner, activeAt, expiry)
	return nil
}

// Hold puts an accepted request back until until, whatever the bounds:
// its own retries need no new slot (it held one when it was accepted).
func (w *Waiting) Hold(key, owner string, until, expiry time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.at[key]; ok {
		return
	}
	w.push(key, owner, until, expiry)
}

func (w *Waiting) push(key, owner string, activeAt, expiry time.Time) {
	it := &waitItem{key: key, owner: owner, activeAt: activeAt.Unix(), expiry: expiry.Unix()}
	heap.Push(&w.h, it)
	w.at[key] = it
	w.owners[owner]++
}

func (w *Waiting) drop(it *waitItem) {
	delete(w.at, it.key)
	if w.owners[it.owner]--; w.owners[it.owner] <= 0 {
		delete(w.owners, it.owner)
	}
}

// Due removes and returns the requests active at now (ready) and those
// whose signature expired first (expired: to be recorded as failed).
func (w *Waiting) Due(now time.Time) (ready, expired []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	t := now.Unix()
	for len(w.h) > 0 && w.h[0].activeAt <= t {
		it := heap.Pop(&w.h).(*waitItem)
		w.drop(it)
		if it.expiry <= t {
			expired = append(expired, it.key)
		} else {
			ready = append(ready, it.key)
		}
	}
	return ready, expired
}

// Remove drops key from the set (no error when absent).
func (w *Waiting) Remove(key string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if it, ok := w.at[key]; ok {
		heap.Remove(&w.h, it.i)
		w.drop(it)
	}
}

// Len counts the waiting requests.
func (w *Waiting) Len() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.h)
}

type waitHeap []*waitItem

func (h waitHeap) Len() int           { return len(h) }
func (h waitHeap) Less(i, j int) bool { return h[i].activeAt < h[j].activeAt }
func (h waitHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].i, h[j].i = i, j
}
func (h *waitHeap) Push(x any) {
	it := x.(*waitItem)
	it.i = len(*h)
	*h = append(*h, it)
}
func (h *waitHeap) Pop() any {
	old := *h
	it := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	return it
}
