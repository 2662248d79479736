package txm

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStallWatch: the oldest open nonce is stalled once it has been the
// oldest for StuckBlocks heads; a new oldest, or none open, starts over.
func TestStallWatch(t *testing.T) {
	type obs struct {
		open        bool
		nonce, head uint64
		stalled     bool
	}
	for _, tc := range []struct {
		name string
		seq  []obs
	}{
		{"moving nonces", []obs{{true, 1, 10, false}, {true, 2, 12, false}, {true, 3, 20, false}}},
		{"stuck", []obs{{true, 4, 10, false}, {true, 4, 12, false}, {true, 4, 13, true}, {true, 5, 14, false}}},
		{"nothing open", []obs{{true, 4, 10, false}, {false, 0, 0, false}, {true, 6, 30, false}, {true, 6, 33, true}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w stallWatch
			for i, o := range tc.seq {
				w.observe(o.open, o.nonce, o.head)
				require.Equal(t, o.stalled, w.stalled(3) != nil, "step %d", i)
			}
		})
	}
}
