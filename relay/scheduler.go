package relay

import (
	"context"
	"time"
)

// schedule puts s in the timer queue at the start of its next interval this
// node has not finished, computed from the latest head's time; it drops
// subscriptions that are cancelled or past their last interval. An idle
// subscription costs nothing until its time comes.
func (r *Relay) schedule(s *Sub) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.scheduleLocked(s)
}

// reschedule schedules subscription id as persisted now. The read happens
// under r.mu so that it cannot use a record older than a cancellation the
// listener persisted and then unscheduled.
func (r *Relay) reschedule(id uint32) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s, ok, err := r.store.sub(id); err == nil && ok {
		r.scheduleLocked(s)
	}
}

func (r *Relay) scheduleLocked(s *Sub) {
	due, ok := r.nextDue(s, r.head.time.Load())
	if !ok {
		delete(r.queued, s.ID)
		delete(r.hold, s.ID)
		return
	}
	if h, held := r.hold[s.ID]; held { // backing off (guard): no worker, no call until then
		if h > due {
			due = h
		} else {
			delete(r.hold, s.ID)
		}
	}
	if cur, ok := r.queued[s.ID]; ok && cur == due {
		return
	}
	r.queued[s.ID] = due
	r.queue.push(entry{due: due, id: s.ID})
}

func (r *Relay) nextDue(s *Sub, t uint64) (uint64, bool) {
	if s.Cancelled {
		return 0, false
	}
	if t < uint64(s.ActiveAt) {
		return uint64(s.ActiveAt), true
	}
	k, ok := s.Interval(t)
	if !ok {
		return 0, false
	}
	iv, err := r.store.ivOf(s, k)
	if err != nil || !iv.State.final() {
		return t, true
	}
	if s.Period == 0 || k >= s.Frequency {
		return 0, false
	}
	return s.Start(k + 1), true
}

func (r *Relay) unschedule(id uint32) {
	r.mu.Lock()
	delete(r.queued, id)
	delete(r.hold, id)
	r.mu.Unlock()
}

// dispatch starts a worker for every subscription due at the latest head.
func (r *Relay) dispatch(ctx context.Context) {
	t := r.head.time.Load()
	var due []uint32
	r.mu.Lock()
	for r.queue.Len() > 0 && r.queue[0].due <= t {
		e := r.queue.pop()
		if r.queued[e.id] != e.due {
			continue // stale entry
		}
		delete(r.queued, e.id)
		if r.running[e.id] {
			continue // its worker reschedules when done
		}
		r.running[e.id] = true
		due = append(due, e.id)
	}
	r.mu.Unlock()
	for _, id := range due {
		r.pending.Add(1)
		r.deliverer.preparing.Add(1)
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			defer r.pending.Add(-1)
			defer r.deliverer.preparing.Add(-1)
			r.work(ctx, id)
		}()
	}
}

func (r *Relay) work(ctx context.Context, id uint32) {
	var s *Sub
	var k uint32
	defer func() {
		r.mu.Lock()
		delete(r.running, id)
		r.mu.Unlock()
		if ctx.Err() == nil {
			r.reschedule(id)
			// A later interval that opened while this one was being
			// delivered is due now: it need not wait for the next head.
			if k != 0 {
				if cur, ok := s.Interval(r.head.time.Load()); ok && cur > k {
					r.dispatch(ctx)
				}
			}
		}
	}()
	s, ok, err := r.store.sub(id)
	if err != nil || !ok {
		return
	}
	k, ok = s.Interval(r.head.time.Load())
	if !ok {
		return
	}
	if err := r.deliverer.deliverInterval(ctx, s, k); err != nil && ctx.Err() == nil {
		r.opts.Logger.Warn("relay: interval", "sub", id, "interval", k, "err", err)
	}
}

// holdUntil keeps subscription id from being dispatched before block time t.
func (r *Relay) holdUntil(id uint32, t time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.hold == nil {
		r.hold = map[uint32]uint64{}
	}
	r.hold[id] = uint64(max(t.Unix(), 0))
}
