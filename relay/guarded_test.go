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

// TestCallbackJudgedAlone: a delivery's callback is judged from its own
// share of the gas, in both dialects and both delivery kinds (issue 35).
// Figures from docs/gas.md (mainnet rules): a delegated create + deliver of
// 302,567 gas whose create step alone estimates at 200,000.
func TestCallbackJudgedAlone(t *testing.T) {
	for _, tt := range []struct {
		name      string
		m         minedAttempt
		used      uint64
		limit     uint64
		burnt     bool
		notJudged bool
	}{
		{name: "ours, interval: an honest callback", m: minedAttempt{known: true}, used: 159_195, limit: 100_000},
		{name: "ours, interval: a callback burning its limit", m: minedAttempt{known: true}, used: 100_000 + 95_000, limit: 100_000, burnt: true},
		{name: "ours, delegated: the creation is not the callback's", m: minedAttempt{setup: 200_000 - intrinsicBase, known: true}, used: 302_567, limit: 100_000},
		{name: "ours, delegated: a callback burning its limit", m: minedAttempt{setup: 179_000, known: true}, used: 179_000 + 100_000 + 95_000, limit: 100_000, burnt: true},
		{name: "ours, delegated: create step not told", m: minedAttempt{}, used: 302_567, limit: 100_000, notJudged: true},
		{name: "SDK v1, interval: no callback limit", m: minedAttempt{known: true}, used: 400_000, notJudged: true},
		{name: "SDK v1, delegated: no callback limit", m: minedAttempt{known: true}, used: 900_000, notJudged: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cb, lim := judgedCallback(&tt.m, tt.used, tt.limit)
			r := guard.Result{Outcome: guard.Delivered, GasUsed: tt.used, CallbackGasUsed: cb, CallbackGasLimit: lim}
			assert.Equal(t, tt.burnt, r.Failed())
			assert.Equal(t, tt.notJudged, lim == 0)
		})
	}
}
