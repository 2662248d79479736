package relay

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/txm"
)

// TestAnchorOf: the resend check reads the block a delivery depends on
// from the record's typed Anchor; records journaled before anchors were
// kept name it in their key.
func TestAnchorOf(t *testing.T) {
	h := common.HexToHash("0xabcdef0123456789aabbccddeeff00112233445566778899aabbccddeeff0011")
	s := &Sub{ID: 7, Block: 41, BlockHash: h}
	tests := []struct {
		name   string
		rec    txm.Record
		number uint64
		hash   []byte
		ok     bool
	}{
		{"anchored", txm.Record{Key: deliverKey(s, 2, 1), Anchor: anchor(s)}, 41, h.Bytes(), true},
		{"legacy key", txm.Record{Key: deliverKey(s, 2, 1)}, 41, h.Bytes()[:8], true},
		{"no anchor", txm.Record{Key: "collateral/0x1/0x2/0"}, 0, nil, false},
		{"delivery of a subscription with no block hash", txm.Record{Key: deliverKey(&Sub{ID: 7}, 2, 1), Anchor: anchor(&Sub{ID: 7})}, 0, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, hash, ok := anchorOf(&tt.rec)
			require.Equal(t, tt.ok, ok)
			require.Equal(t, tt.number, n)
			require.Equal(t, tt.hash, hash)
		})
	}
}
