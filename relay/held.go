package relay

import (
	"log/slog"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/guard"
)

// heldLog says, at the default log level, once per owner, bound and day
// (block time, UTC), that a spending bound holds an owner's unpaid work,
// and which configuration key raises it; every hold is counted by bound in
// infernode_relay_held_total. Without it a node whose default budgets hold
// new owners' recurring subscriptions for the rest of the day says so only
// at debug.
type heldLog struct {
	mu   sync.Mutex
	day  int64
	seen map[heldKey]bool
}

type heldKey struct {
	owner common.Address
	hold  string
}

// maxHeldLogged bounds the owners logged in one day: past it the day's
// further holds are only counted (one line says so).
const maxHeldLogged = 1000

// note records v, a verdict for owner's delivery at block time at.
func (h *heldLog) note(log *slog.Logger, m *Metrics, owner common.Address, v guard.Verdict, at time.Time) {
	if v.Action != guard.Wait || v.Hold == "" {
		return
	}
	if m != nil && m.Held != nil {
		m.Held.WithLabelValues(v.Hold).Inc()
	}
	day := at.UTC().Unix() / int64(guard.Day/time.Second)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.seen == nil || day != h.day {
		h.day, h.seen = day, map[heldKey]bool{}
	}
	k := heldKey{owner, v.Hold}
	if h.seen[k] {
		return
	}
	switch {
	case len(h.seen) < maxHeldLogged:
		attrs := []any{"owner", owner, "bound", v.Hold, "reason", v.Reason, "raise", v.Bound}
		if !v.Until.IsZero() {
			attrs = append(attrs, "until", v.Until.Unix())
		}
		log.Warn("relay: unpaid work held by a spending bound until it has room (once per owner, bound and day)", attrs...)
	case len(h.seen) == maxHeldLogged:
		log.Warn("relay: more owners held by spending bounds today than are logged; see infernode_relay_held_total", "logged", maxHeldLogged)
	default:
		return
	}
	h.seen[k] = true
}
