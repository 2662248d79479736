package relay

import (
	"sync/atomic"
	"time"
)

// retainEvery is how often (block time) final delegated records past
// chain.delegated.retention are looked for.
const retainEvery = time.Hour

// retainBatch bounds the keys one sweep pass holds and deletes at once.
const retainBatch = 1000

// retention is the sweep of what is over: final delegated records older
// than chain.delegated.retention, and, chain.retention after they ended,
// subscriptions with their intervals' records and the records of closed
// intervals of the running ones (the sender deletes its journal's final
// records itself: txm.SenderOptions.Retention). A node running for months
// keeps a store that plateaus.
type retention struct {
	// at is the block time of the last sweep; running is set while the
	// background part runs.
	at      atomic.Int64
	running atomic.Bool
}

// retainPeriod is how often (block time) the sweep runs for retentions
// keep: hourly, or a quarter of a retention shorter than 4 hours (tests
// and the soak run short ones).
func retainPeriod(keep time.Duration) time.Duration {
	return max(min(retainEvery, keep/4), time.Second)
}

// sweep runs the retention sweep of r at head time now, once per
// retainPeriod: the subscriptions' part inline (onHead's goroutine is the
// one that writes subscriptions: the listener, a rollback), the delegated
// records' in the background (counted in r.wg).
func (rt *retention) sweep(r *Relay, now time.Time) {
	keep, keepDlg := r.spending.lim.Retention, r.spending.lim.DelegatedRetention
	last := rt.at.Load()
	if last != 0 && now.Unix()-last < int64(retainPeriod(min(keep, keepDlg))/time.Second) {
		return
	}
	if !rt.running.CompareAndSwap(false, true) {
		return
	}
	rt.at.Store(now.Unix())
	rt.subs(r, now, keep)
	log := r.opts.Logger
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		defer rt.running.Store(false)
		if n, err := sweepDelegated(now, r.store, keepDlg); err != nil {
			log.Warn("relay: delete delegated records past chain.delegated.retention", "err", err)
		} else if n > 0 {
			log.Info("relay: deleted final delegated records past chain.delegated.retention", "records", n, "retention", keepDlg)
		}
	}()
}

// sweepDelegated deletes the final delegated records of st older than
// keep: what a stranger made the node store goes away. Records final
// before Final was kept are stamped now (kept a retention from today).
func sweepDelegated(now time.Time, st state, keep time.Duration) (int, error) {
	before := now.Add(-keep).Unix()
	deleted := 0
	for {
		gone, unstamped, err := st.expired(before, retainBatch)
		if err == nil && len(gone) > 0 {
			err = st.deleteDlgs(gone)
		}
		for _, k := range unstamped {
			if err != nil {
				break
			}
			if d, ok, derr := st.dlg(k); derr == nil && ok {
				d.Final = now.Unix()
				err = st.putDlg(k, d)
			}
		}
		if err != nil {
			return deleted, err
		}
		deleted += len(gone)
		if len(gone)+len(unstamped) < retainBatch {
			return deleted, nil
		}
	}
}

// subs stamps the subscriptions of r found over (cancelled, past their
// last interval, their one interval final) with now, deletes those over
// for keep with their intervals' records, and deletes the records of the
// intervals of the others that closed keep ago. A subscription with a
// worker running is left for the next sweep.
func (rt *retention) subs(r *Relay, now time.Time, keep time.Duration) {
	subs, err := r.store.subs()
	if err != nil {
		r.opts.Logger.Warn("relay: read subscriptions for chain.retention", "err", err)
		return
	}
	t := uint64(max(now.Unix(), 0))
	before := uint64(max(now.Add(-keep).Unix(), 0))
	deleted, trimmed := 0, 0
	for _, s := range subs {
		r.mu.Lock()
		busy := r.running[s.ID]
		_, queued := r.queued[s.ID]
		r.mu.Unlock()
		if busy {
			continue
		}
		_, due := r.nextDue(s, t)
		switch {
		case due || queued:
			// Live: forget the intervals that closed keep ago.
			if s.Period == 0 || before < uint64(s.ActiveAt)+uint64(s.Period) {
				continue
			}
			upto := uint32(min((before-uint64(s.ActiveAt))/uint64(s.Period)+1, uint64(s.Frequency)+1))
			if n, err := r.store.trimIvs(s.ID, upto); err != nil {
				r.opts.Logger.Warn("relay: delete interval records past chain.retention", "id", s.ID, "err", err)
			} else {
				trimmed += n
			}
		case s.Ended == 0:
			s.Ended = t
			if err := r.store.putSub(s); err != nil {
				r.opts.Logger.Warn("relay: stamp an ended subscription", "id", s.ID, "err", err)
			}
		case s.Ended <= before:
			if err := r.store.deleteSub(s.ID); err != nil {
				r.opts.Logger.Warn("relay: delete a subscription past chain.retention", "id", s.ID, "err", err)
				continue
			}
			r.unschedule(s.ID)
			deleted++
		}
	}
	if deleted > 0 || trimmed > 0 {
		r.opts.Logger.Info("relay: deleted records past chain.retention", "subscriptions", deleted, "interval_records", trimmed, "retention", keep)
	}
}
