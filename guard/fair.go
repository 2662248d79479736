package guard

import (
	"context"
	"sync"

	"github.com/ethereum/go-ethereum/common"
)

// Fair hands a fixed number of worker slots to owners in turn: when a slot
// frees, the owner next in the round gets it, however many of its own
// deliveries another owner has waiting. So one owner's troubles (hundreds
// of deliveries, slow containers) delay another owner's delivery by at
// most one slot's release, never by the length of its queue. It holds one
// small record per waiter; the waiters are the relay's own, bounded by the
// subscriptions it tracks.
type Fair struct {
	mu    sync.Mutex
	free  int
	ring  []common.Address               // owners with waiters, in turn order
	queue map[common.Address][]*fairWait // FIFO per owner
}

type fairWait struct {
	ready   chan struct{}
	granted bool
}

// NewFair returns a queue of slots worker slots (at least 1).
func NewFair(slots int) *Fair {
	return &Fair{free: max(slots, 1), queue: map[common.Address][]*fairWait{}}
}

// Acquire waits for a slot for owner, or for ctx to end. release gives the
// slot back (once).
func (f *Fair) Acquire(ctx context.Context, owner common.Address) (release func(), err error) {
	f.mu.Lock()
	if f.free > 0 && len(f.ring) == 0 {
		f.free--
		f.mu.Unlock()
		return f.releaser(), nil
	}
	w := &fairWait{ready: make(chan struct{})}
	if len(f.queue[owner]) == 0 {
		f.ring = append(f.ring, owner)
	}
	f.queue[owner] = append(f.queue[owner], w)
	f.mu.Unlock()

	select {
	case <-w.ready:
		return f.releaser(), nil
	case <-ctx.Done():
		f.mu.Lock()
		defer f.mu.Unlock()
		if w.granted { // granted as ctx ended: pass the slot on
			f.grantLocked()
			return nil, ctx.Err()
		}
		f.removeLocked(owner, w)
		return nil, ctx.Err()
	}
}

// Waiting counts the waiters.
func (f *Fair) Waiting() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, q := range f.queue {
		n += len(q)
	}
	return n
}

func (f *Fair) releaser() func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.grantLocked()
		})
	}
}

// grantLocked gives a freed slot to the first waiter of the owner next in
// turn, or returns it to the pool.
func (f *Fair) grantLocked() {
	if len(f.ring) == 0 {
		f.free++
		return
	}
	owner := f.ring[0]
	q := f.queue[owner]
	w := q[0]
	q[0] = nil
	q = q[1:]
	f.ring = f.ring[1:]
	if len(q) == 0 {
		delete(f.queue, owner)
	} else {
		f.queue[owner] = q
		f.ring = append(f.ring, owner) // its next waiter goes to the back
	}
	w.granted = true
	close(w.ready)
}

func (f *Fair) removeLocked(owner common.Address, w *fairWait) {
	q := f.queue[owner]
	for i, x := range q {
		if x == w {
			q = append(q[:i], q[i+1:]...)
			break
		}
	}
	if len(q) > 0 {
		f.queue[owner] = q
		return
	}
	delete(f.queue, owner)
	for i, o := range f.ring {
		if o == owner {
			f.ring = append(f.ring[:i], f.ring[i+1:]...)
			break
		}
	}
}
