package guard

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/internal/storage"
)

// ledger mirrors in memory the unpaid gas of the last day of every owner
// that has some (the owner records' buckets), so the node-wide budget and
// each owner's fair share are judged without scanning the store. It holds
// what the owner records hold: bounded by the owners charged in a day.
// Guarded by Guard.mu; loaded from the store on first use.
type ledger struct {
	loaded bool
	gas    map[common.Address][]bucket
}

func (g *Guard) ledgerAt(now time.Time) (*ledger, error) {
	l := &g.led
	if l.loaded {
		return l, nil
	}
	l.gas = map[common.Address][]bucket{}
	err := storage.ScanJSON(g.kv, storage.GuardOwnerPrefix(), func(k []byte, o *ownerRecord) error {
		o.prune(now)
		if len(o.Gas) > 0 {
			l.gas[common.HexToAddress(string(k[len(storage.GuardOwnerPrefix()):]))] = slices.Clone(o.Gas)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("guard: read unpaid gas of the day: %w", err)
	}
	l.loaded = true
	return l, nil
}

// set records owner's buckets after a change of its record.
func (l *ledger) set(owner common.Address, gas []bucket) {
	if !l.loaded {
		return
	}
	if len(gas) == 0 {
		delete(l.gas, owner)
		return
	}
	l.gas[owner] = slices.Clone(gas)
}

func liveGas(bs []bucket, now time.Time) uint64 {
	var n uint64
	for _, b := range bs {
		if live(b, now) {
			n += b.Gas
		}
	}
	return n
}

// totals is the unpaid gas of the last day in all, by owner with some.
func (l *ledger) totals(now time.Time) (total uint64, by map[common.Address]uint64, oldest int64) {
	by = make(map[common.Address]uint64, len(l.gas))
	oldest = now.Unix() / hour
	for o, bs := range l.gas {
		n := liveGas(bs, now)
		if n == 0 {
			continue
		}
		by[o] = n
		total += n
		for _, b := range bs {
			if live(b, now) {
				oldest = min(oldest, b.Hour)
			}
		}
	}
	return total, by, oldest
}

// ownerBudget is owner's day budget: chain.unpaid.new_owner_gas_per_day
// while it was first charged less than a day ago (or never), else
// chain.unpaid.owner_gas_per_day. An owner whose record was swept (no
// unpaid gas and no failure for a day) is new again.
func (g *Guard) ownerBudget(own ownerRecord, now time.Time) (uint64, string) {
	if g.lim.NewOwnerGasPerDay > 0 && (own.First == 0 || now.Unix()-own.First < int64(Day/time.Second)) {
		return min(g.lim.NewOwnerGasPerDay, g.lim.OwnerGasPerDay), fmt.Sprintf("chain.unpaid.new_owner_gas_per_day %d: owner first seen less than a day ago", min(g.lim.NewOwnerGasPerDay, g.lim.OwnerGasPerDay))
	}
	return g.lim.OwnerGasPerDay, fmt.Sprintf("chain.unpaid.owner_gas_per_day %d", g.lim.OwnerGasPerDay)
}

// nodeFits judges gas more for owner against the node-wide budget
// (chain.unpaid.gas_per_day) at now. Fair between owners: the first half
// of the day's budget is first come, first served; past it an owner gets
// gas only while its own day's spending stays within an equal share of
// the budget among the owners spending today (itself included, at least
// two: one owner never takes more than half). So whatever the number of
// owners the node spends at most the budget, and as charges leave the
// rolling window the gas goes first to owners below their share. Caller
// holds g.mu.
func (g *Guard) nodeFits(owner common.Address, gas uint64, now time.Time) (Verdict, bool, error) {
	if g.lim.GasPerDay == 0 {
		return Verdict{}, true, nil
	}
	l, err := g.ledgerAt(now)
	if err != nil {
		return Verdict{}, false, err
	}
	total, by, oldest := l.totals(now)
	owners := uint64(len(by))
	mine, ok := by[owner]
	if !ok {
		owners++
	}
	wait := func(until time.Time, hold, why string) (Verdict, bool, error) {
		if next := now.Add(g.lim.BackoffBase); next.Before(until) {
			until = next
		}
		return Verdict{Action: Wait, Until: until, Reason: why, Hold: hold, Bound: "chain.unpaid.gas_per_day"}, false, nil
	}
	if total+gas > g.lim.GasPerDay {
		return wait(time.Unix((oldest+1)*hour, 0).Add(Day), HoldNodeDay,
			fmt.Sprintf("the node's unpaid gas for the day spent (chain.unpaid.gas_per_day %d)", g.lim.GasPerDay))
	}
	share := g.lim.GasPerDay / max(owners, 2) // one owner alone gets at most half
	if total+gas > g.lim.GasPerDay/2 && mine+gas > share {
		return wait(now.Add(g.lim.BackoffBase), HoldFairShare,
			fmt.Sprintf("owner above its fair share (%d gas: chain.unpaid.gas_per_day among %d owners spending today) with more than half the node's day budget spent", share, max(owners, 2)))
	}
	return Verdict{}, true, nil
}

// OwnerGas is one owner's unpaid gas over the last day.
type OwnerGas struct {
	Owner common.Address
	Gas   uint64
}

// Spent is the unpaid gas of the last day at now: in all, the top owners
// (at most top, most first) and the rest together, for /metrics.
func (g *Guard) Spent(now time.Time, top int) (total uint64, owners []OwnerGas, other uint64, err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	l, err := g.ledgerAt(now)
	if err != nil {
		return 0, nil, 0, err
	}
	total, by, _ := l.totals(now)
	for o, n := range by {
		owners = append(owners, OwnerGas{o, n})
	}
	slices.SortFunc(owners, func(a, b OwnerGas) int {
		if c := cmp.Compare(b.Gas, a.Gas); c != 0 {
			return c
		}
		return a.Owner.Cmp(b.Owner)
	})
	for _, o := range owners[min(top, len(owners)):] {
		other += o.Gas
	}
	return total, owners[:min(top, len(owners))], other, nil
}
