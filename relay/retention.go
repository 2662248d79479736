package relay

import (
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// retainEvery is how often (block time) final delegated records past
// chain.delegated.retention are looked for.
const retainEvery = time.Hour

// retainBatch bounds the keys one sweep pass holds and deletes at once.
const retainBatch = 1000

// stampFinal records when d became final (block time head; the wall clock
// before the first head).
func stampFinal(d *Delegated, head uint64) {
	if d.State.final() && d.Final == 0 {
		d.Final = int64(head)
		if d.Final == 0 {
			d.Final = time.Now().Unix()
		}
	}
}

// saveDlg persists d under key, stamped when final (head: the block time
// now).
func (s state) saveDlg(key string, d *Delegated, head uint64) error {
	stampFinal(d, head)
	return s.putDlg(key, d)
}

// retention is the sweep of final delegated records older than
// chain.delegated.retention.
type retention struct {
	// at is the block time of the last sweep; running is set while one
	// runs.
	at      atomic.Int64
	running atomic.Bool
}

// sweep deletes, once per retainEvery of block time and in the background
// (counted in wg), the final delegated records of st older than keep: what
// a stranger made the node store goes away. Records final before Final
// was kept are stamped now (kept a retention from today).
func (rt *retention) sweep(now time.Time, st state, keep time.Duration, wg *sync.WaitGroup, log *slog.Logger) {
	last := rt.at.Load()
	if last != 0 && now.Unix()-last < int64(retainEvery/time.Second) {
		return
	}
	if !rt.running.CompareAndSwap(false, true) {
		return
	}
	rt.at.Store(now.Unix())
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer rt.running.Store(false)
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
				log.Warn("relay: delete delegated records past chain.delegated.retention", "err", err)
				return
			}
			deleted += len(gone)
			if len(gone)+len(unstamped) < retainBatch {
				break
			}
		}
		if deleted > 0 {
			log.Info("relay: deleted final delegated records past chain.delegated.retention", "records", deleted, "retention", keep)
		}
	}()
}
