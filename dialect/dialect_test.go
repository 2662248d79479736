package dialect

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/coordinator"
)

func TestSubInterval(t *testing.T) {
	recurring := &Sub{ActiveAt: 100, Period: 10, Frequency: 3}
	tests := []struct {
		name string
		s    *Sub
		t    uint64
		k    uint32
		ok   bool
	}{
		{"before activeAt", recurring, 99, 0, false},
		{"first interval opens at activeAt", recurring, 100, 1, true},
		{"last second of the first", recurring, 109, 1, true},
		{"second", recurring, 110, 2, true},
		{"last", recurring, 129, 3, true},
		{"past the last", recurring, 130, 0, false},
		{"one-shot any time after activeAt", &Sub{ActiveAt: 5, Frequency: 1}, 1 << 40, 1, true},
		{"cancelled", &Sub{ActiveAt: 5, Frequency: 1, Cancelled: true}, 6, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, ok := tt.s.Interval(tt.t)
			require.Equal(t, tt.ok, ok)
			require.Equal(t, tt.k, k)
			if ok {
				require.LessOrEqual(t, tt.s.Start(k), tt.t)
			}
		})
	}
}

func TestRevertsOutcome(t *testing.T) {
	table := Reverts{"A": Full, "B": Rejected}
	require.Equal(t, Full, table.Outcome(coordinator.Reverted("A")))
	require.Equal(t, Rejected, table.Outcome(&coordinator.RevertError{Name: "B"}))
	require.Equal(t, Retry, table.Outcome(coordinator.Reverted("Unlisted")), "an unknown revert is retried")
	require.Equal(t, Retry, table.Outcome(&coordinator.RevertError{}), "an undecoded revert is retried")
	require.Equal(t, Retry, table.Outcome(errors.New("rpc: timeout")), "not a revert")
}
