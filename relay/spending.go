package relay

import (
	"fmt"
	"time"

	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/storage"
)

// spending is the relay's guard and what it follows to judge.
type spending struct {
	g       *guard.Guard
	waiting *guard.Waiting // delegated requests not active yet
	fair    *guard.Fair    // worker slots, handed to owners in turn
	heads   guard.Heads
	lim     guard.Limits
	held    heldLog
}

func newSpending(o Options) *spending {
	g := guard.New(storage.NewTable(o.DB, storage.RelayGuardPrefix()), o.Limits)
	lim := g.Limits()
	return &spending{g: g, lim: lim, fair: guard.NewFair(o.Workers),
		waiting: guard.NewWaiting(lim.DelegatedMaxPending, lim.DelegatedMaxPendingPerOwner, lim.DelegatedMaxHorizon)}
}

// subGuardKey names a tracked subscription to the guard.
func subGuardKey(id uint32) string { return fmt.Sprintf("%010d", id) }

// facts is what the guard is told of a delivery of s under key, for the
// interval that opened at block time opened (0: no deadline).
func facts(s *Sub, key string, opened uint64) guard.Delivery {
	d := guard.Delivery{Key: key, Owner: s.Owner, Paid: paid(s), Gas: uint64(s.MaxGasLimit),
		MaxFeePerGas: bigOf(s.MaxGasPrice), Period: time.Duration(s.Period) * time.Second,
		Cancelled: s.Cancelled, InputBytes: len(s.Inputs)}
	if opened > 0 {
		d.Opened = time.Unix(int64(opened), 0)
	}
	return d
}

// refusal is why the listener does not track s at all (guard.Static: it is
// never served as it stands), or "".
func (sp *spending) refusal(s *Sub, m *Metrics) string {
	v := sp.g.Static(facts(s, "", 0), sp.heads.Head().BlockTime)
	if v.Action == guard.Serve {
		return ""
	}
	m.Guarded.WithLabelValues(v.Action.String()).Inc()
	return v.Reason
}
