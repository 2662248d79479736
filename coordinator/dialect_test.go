package coordinator

import (
	"errors"
	"fmt"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"
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
	a, b := common.Hash{0xaa, 0xaa}, common.Hash{0xbb, 0xbb}
	table := NewReverts(map[Outcome][]common.Hash{Full: {a}, Rejected: {b}})
	require.Equal(t, Full, table.Outcome(&RevertError{Name: "A", Selector: Selector(a)}))
	require.Equal(t, Rejected, table.Outcome(fmt.Errorf("send: %w", &RevertError{Selector: Selector(b)})), "by selector, wrapped, whatever its name")
	require.Equal(t, Retry, table.Outcome(&RevertError{Name: "A"}), "a name alone classifies nothing")
	require.Equal(t, Retry, table.Outcome(&RevertError{Selector: [4]byte{1, 2, 3, 4}}), "an unlisted selector is retried")
	require.Equal(t, Retry, table.Outcome(&RevertError{}), "an undecoded revert is retried")
	require.Equal(t, Retry, table.Outcome(errors.New("rpc: timeout")), "not a revert")
}
