package guard

import (
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/storage"
)

// TestNodeBudget: whatever the number of owners, the unpaid gas charged
// over a day stays within chain.unpaid.gas_per_day; owners first seen less
// than a day ago get the smaller budget; past half the node's budget an
// owner above its equal share waits while one below it is served; the
// ledger survives a restart and Spent reports the top owners and the rest.
func TestNodeBudget(t *testing.T) {
	lim := Limits{OwnerGasPerDay: 50_000_000, NewOwnerGasPerDay: 5_000_000, GasPerDay: 100_000_000, UnpaidMaxGas: 1_000_000}
	dir := t.TempDir()
	db := openStore(t, dir)
	g := New(storage.NewTable(db.Table(storage.TableRelay), storage.RelayGuardPrefix()), lim)
	charge := func(g *Guard, owner common.Address, at time.Time) bool {
		c, v, err := g.Charge(owner, 1_000_000, at)
		require.NoError(t, err)
		if v.Action == Serve {
			require.Equal(t, uint64(1_000_000), c.Gas)
			return true
		}
		require.Equal(t, Wait, v.Action)
		return false
	}
	sybil := func(i int) common.Address { return common.BigToAddress(new(big.Int).Lsh(big.NewInt(1), uint(i+8))) }

	// 60 new owners, each charging until refused: 5M each while the node
	// has gas, never more than the node's 100M in all.
	var total uint64
	for i := range 60 {
		n := 0
		for charge(g, sybil(i), t0) {
			n++
			require.LessOrEqual(t, n, 5, "a new owner's budget is 5M")
		}
		total += uint64(n) * 1_000_000
	}
	require.LessOrEqual(t, total, lim.GasPerDay, "node-wide budget")
	require.Greater(t, total, lim.GasPerDay/2, "the budget is used")
	all, top, other, err := g.Spent(t0, 3)
	require.NoError(t, err)
	require.Equal(t, total, all)
	require.Len(t, top, 3)
	require.Equal(t, all, top[0].Gas+top[1].Gas+top[2].Gas+other)

	// The window is full: the flood waits.
	require.False(t, charge(g, sybil(0), t0.Add(time.Minute)))
	require.False(t, charge(g, alice, t0.Add(time.Minute)), "nothing left today")

	// A day later the window is empty, and the owners are no longer new.
	later := t0.Add(Day + 2*time.Hour)
	for range 6 {
		require.True(t, charge(g, sybil(0), later))
	}
	require.NoError(t, db.Close())

	// Restart: the ledger is read back from the owner records.
	db = openStore(t, dir)
	t.Cleanup(func() { _ = db.Close() })
	g = New(storage.NewTable(db.Table(storage.TableRelay), storage.RelayGuardPrefix()), lim)
	all, top, _, err = g.Spent(later, 10)
	require.NoError(t, err)
	require.Equal(t, uint64(6_000_000), all, fmt.Sprint(top))
	require.Equal(t, sybil(0), top[0].Owner)
}

// TestFairShare: past half the node's day budget an owner above its equal
// share waits while one below it is served; one owner alone never takes
// more than half.
func TestFairShare(t *testing.T) {
	g := newGuard(t, Limits{OwnerGasPerDay: 100_000_000, GasPerDay: 100_000_000, UnpaidMaxGas: 1_000_000})
	n := 0
	for {
		_, v, err := g.Charge(mallet, 1_000_000, t0)
		require.NoError(t, err)
		if v.Action != Serve {
			require.Contains(t, v.Reason, "fair share")
			break
		}
		n++
	}
	require.Equal(t, 50, n, "one owner alone: half the node's budget")
	for range 50 {
		_, v, err := g.Charge(alice, 1_000_000, t0)
		require.NoError(t, err)
		require.Equal(t, Serve, v.Action, v.Reason)
	}
	_, v, err := g.Charge(alice, 1_000_000, t0)
	require.NoError(t, err)
	require.Equal(t, Wait, v.Action)
	require.Contains(t, v.Reason, "chain.unpaid.gas_per_day")
}
