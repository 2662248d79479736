package relay

import (
	"time"
)

// retainEvery is how often (block time) final delegated records past
// chain.delegated.retention are looked for.
const retainEvery = time.Hour

// retainBatch bounds the keys one sweep pass holds and deletes at once.
const retainBatch = 1000

// stampFinal records when d became final (block time; the wall clock
// before the first head).
func (r *Relay) stampFinal(d *Delegated) {
	if d.State.final() && d.Final == 0 {
		d.Final = int64(r.headTime.Load())
		if d.Final == 0 {
			d.Final = time.Now().Unix()
		}
	}
}

// saveDlg persists d under key, stamped when final.
func (r *Relay) saveDlg(key string, d *Delegated) error {
	r.stampFinal(d)
	return r.st.putDlg(key, d)
}

// retainDelegated deletes, once per retainEvery of block time and in the
// background, the final delegated records older than
// chain.delegated.retention: what a stranger made the node store goes
// away. Records final before Final was kept are stamped now (kept a
// retention from today).
func (r *Relay) retainDelegated(now time.Time) {
	last := r.retainedAt.Load()
	if last != 0 && now.Unix()-last < int64(retainEvery/time.Second) {
		return
	}
	if !r.retaining.CompareAndSwap(false, true) {
		return
	}
	r.retainedAt.Store(now.Unix())
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		defer r.retaining.Store(false)
		before := now.Add(-r.sp.lim.DelegatedRetention).Unix()
		deleted := 0
		for {
			gone, unstamped, err := r.st.expired(before, retainBatch)
			if err == nil && len(gone) > 0 {
				err = r.st.deleteDlgs(gone)
			}
			for _, k := range unstamped {
				if err != nil {
					break
				}
				if d, ok, derr := r.st.dlg(k); derr == nil && ok {
					d.Final = now.Unix()
					err = r.st.putDlg(k, d)
				}
			}
			if err != nil {
				r.o.Logger.Warn("relay: delete delegated records past chain.delegated.retention", "err", err)
				return
			}
			deleted += len(gone)
			if len(gone)+len(unstamped) < retainBatch {
				break
			}
		}
		if deleted > 0 {
			r.o.Logger.Info("relay: deleted final delegated records past chain.delegated.retention", "records", deleted, "retention", r.sp.lim.DelegatedRetention)
		}
	}()
}
