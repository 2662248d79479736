package relay

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/assert"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/txm"
)

func TestMinedOutcome(t *testing.T) {
	mined := common.HexToHash("0x01")
	for _, tt := range []struct {
		name string
		rec  txm.Record
		want guard.Outcome
	}{
		{"delivered", txm.Record{State: txm.StateConfirmed, MinedHash: mined, Events: []common.Hash{codec.TopicComputeDelivered}}, guard.Delivered},
		{"callback failed", txm.Record{State: txm.StateConfirmed, MinedHash: mined, Events: []common.Hash{codec.TopicCallbackFailed, codec.TopicComputeDelivered}}, guard.CallbackFailed},
		{"reverted on chain", txm.Record{State: txm.StateFailed, MinedHash: mined, Err: "reverted on chain"}, guard.Reverted},
		{"given up for a self-transfer", txm.Record{State: txm.StateFailed, MinedHash: mined, Noop: true, GaveUp: true}, guard.NotSent},
		{"nonce taken by another transaction", txm.Record{State: txm.StateFailed, Err: "nonce consumed by another transaction"}, guard.NotSent},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, minedOutcome(ours.New(common.Address{}, nil, 0), &tt.rec))
		})
	}
}
