package guard

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHoldNamesItsBound: a Wait for want of unpaid gas names which bound
// held it and the configuration key that raises it, for the relay's log
// line and its held-by-reason count.
func TestHoldNamesItsBound(t *testing.T) {
	for _, tc := range []struct {
		name        string
		lim         Limits
		hold, bound string
	}{
		{"new owner's day", Limits{NewOwnerGasPerDay: 2_000_000, OwnerGasPerDay: 100_000_000, UnpaidMaxGas: 1_000_000}, HoldNewOwnerDay, "chain.unpaid.new_owner_gas_per_day"},
		{"owner's day", Limits{OwnerGasPerDay: 2_000_000, UnpaidMaxGas: 1_000_000}, HoldOwnerDay, "chain.unpaid.owner_gas_per_day"},
		{"fair share", Limits{OwnerGasPerDay: 100_000_000, GasPerDay: 4_000_000, UnpaidMaxGas: 1_000_000}, HoldFairShare, "chain.unpaid.gas_per_day"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGuard(t, tc.lim)
			for range 10 {
				_, v, err := g.Charge(mallet, 1_000_000, t0)
				require.NoError(t, err)
				if v.Action == Serve {
					continue
				}
				require.Equal(t, Wait, v.Action)
				require.Equal(t, tc.hold, v.Hold, v.Reason)
				require.Equal(t, tc.bound, v.Bound)
				require.Contains(t, v.Reason, tc.bound)
				return
			}
			t.Fatal("never held")
		})
	}
}
