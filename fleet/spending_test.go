package fleet

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"
)

// TestMembersHeldToOneBudget: three members charging the same owner at
// once, each as if its own guard allowed every charge, spend one
// chain.unpaid.gas_per_day and one owner_gas_per_day together, not three;
// what is given back can be spent again, and another day has its own.
func TestMembersHeldToOneBudget(t *testing.T) {
	e := newTestEtcd(t)
	members := []*Fleet{member(t, e.Etcd, "a", 1), member(t, e.Etcd, "b", 2), member(t, e.Etcd, "c", 3)}
	ctx := context.Background()
	at := time.Unix(1_800_000_000, 0)
	alice, bob := common.HexToAddress("0xA1"), common.HexToAddress("0xB0")
	lim := SpendLimits{GasPerDay: 1_000_000, OwnerGasPerDay: 600_000}
	const charge = 10_000

	var spent [2]atomic.Uint64
	var wg sync.WaitGroup
	for _, m := range members {
		for i, owner := range []common.Address{alice, bob} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 60 { // 60 × 10,000 each: 1.8M asked per owner
					ok, reason, err := m.Spending().Spend(ctx, owner, charge, at, lim)
					require.NoError(t, err)
					if ok {
						spent[i].Add(charge)
					} else {
						require.Contains(t, reason, "all members together")
					}
				}
			}()
		}
	}
	wg.Wait()
	total := spent[0].Load() + spent[1].Load()
	t.Logf("alice %d, bob %d, together %d (limits: owner %d, fleet %d)", spent[0].Load(), spent[1].Load(), total, lim.OwnerGasPerDay, lim.GasPerDay)
	require.LessOrEqual(t, spent[0].Load(), lim.OwnerGasPerDay, "one owner budget across the members")
	require.LessOrEqual(t, spent[1].Load(), lim.OwnerGasPerDay)
	require.Equal(t, lim.GasPerDay, total, "one node budget across the members, all of it used")

	ok, _, err := members[0].Spending().Spend(ctx, alice, charge, at, lim)
	require.NoError(t, err)
	require.False(t, ok, "spent")
	require.NoError(t, members[1].Spending().Refund(ctx, alice, charge, at), "a charge not spent comes back")
	ok, _, err = members[2].Spending().Spend(ctx, alice, charge, at, lim)
	require.NoError(t, err)
	require.True(t, ok, "to any member")
	ok, _, err = members[0].Spending().Spend(ctx, alice, charge, at.Add(24*time.Hour), lim)
	require.NoError(t, err)
	require.True(t, ok, "the next day has its own budget")
}
