package relay

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/coordinator"
	v1dialect "github.com/infernode/infernode/coordinator/infernetv1"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/txm"
)

// TestSimDeliveryLoopBothKinds drives a subscription and a delegated
// subscription, both recurring, through the one delivery loop: each
// interval is delivered once, and both kinds' progress is persisted in
// their records.
func TestSimDeliveryLoopBothKinds(t *testing.T) {
	if testing.Short() {
		t.Skip("simulated chain: full tier")
	}
	h := newHarness(t, 1)
	n := h.startNode(1, t.TempDir(), nil)
	h.mineSettled(n)
	const frequency, period = 2, 10
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackSubscribe("echo", []byte("tick"), frequency, period, 1))

	head, err := h.client.HeaderByNumber(context.Background(), nil)
	require.NoError(t, err)
	req := &ours.DelegatedRequest{Delegate: ours.DelegateSubscription{Nonce: 7, Expiry: uint32(head.Time + 3600), Sub: ours.Subscription{
		Owner: h.dep.ExampleConsumer, ActiveAt: uint32(head.Time), Period: period, Frequency: frequency, Redundancy: 1,
		MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 1_000_000, ContainerId: "echo", Inputs: []byte("dlg"), PaymentAmount: new(big.Int),
	}}, Data: json.RawMessage(`{"prompt":"hi"}`)}
	req.Sig, err = req.Delegate.Sign(ours.Domain{ChainID: h.chainID, Coordinator: h.dep.Coordinator}, h.keys[0])
	require.NoError(t, err)
	body, err := ours.EncodeDelegated(req)
	require.NoError(t, err)
	require.NoError(t, n.r.SubmitDelegated(context.Background(), "127.0.0.1", body))

	h.eventually(func() bool { return h.deliveries() == 2*frequency }, "every interval of both subscriptions delivered")
	for id := uint32(1); id <= 2; id++ {
		for k := uint32(1); k <= frequency; k++ {
			require.Equal(t, uint16(1), responseCount(h, id, k), "subscription %d interval %d", id, k)
		}
	}
	h.eventually(func() bool {
		iv, err := n.r.store.iv(1, frequency)
		return err == nil && iv.State == IvDelivered
	}, "the subscription's last interval recorded delivered")
	d, ok, err := n.r.store.dlg(string(storage.RelayDelegatedKey(h.dep.ExampleConsumer, 7)))
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, IvDelivered, d.State)
	require.Equal(t, uint32(2), d.SubID, "the delegated subscription was created by this node's delivery")
	require.Equal(t, 1, d.Attempts)
}

// TestSendFailedOneClassification: a failed send means the same for both
// kinds of delivery through the dialect's outcome, except that a
// delegated subscription another node created is adopted by the next
// check instead of ending here.
func TestSendFailedOneClassification(t *testing.T) {
	m, err := NewMetrics(nil)
	require.NoError(t, err)
	oursD, v1D := ours.New(common.Address{}, nil, 0), v1dialect.New(v1dialect.Addresses{}, v1dialect.Options{})
	tests := []struct {
		name      string
		dialect   Dialect
		err       error
		interval  IvState // "" = tried again
		delegated IvState
		counted   bool // the try used up an attempt
	}{
		{"already responded", oursD, oursD.Decoder().Revert("NodeAlreadyResponded"), IvDelivered, "", true},
		{"SDK already responded", v1D, v1D.Decoder().Revert("NodeRespondedAlready"), IvDelivered, "", true},
		{"interval full", oursD, oursD.Decoder().Revert("IntervalRedundancyReached"), IvSkipped, "", true},
		{"SDK interval full", v1D, v1D.Decoder().Revert("IntervalCompleted"), IvSkipped, "", true},
		{"cancelled", oursD, oursD.Decoder().Revert("SubscriptionIsCancelled"), IvSkipped, "", true},
		{"bad signature", oursD, oursD.Decoder().Revert("InvalidSignature"), IvFailed, IvFailed, true},
		{"wallet short", oursD, oursD.Decoder().Revert("InsufficientFunds"), "", "", false},
		{"unknown revert", oursD, &coordinator.RevertError{}, "", "", true},
		{"gas above limit", oursD, txm.ErrGasAboveLimit, "", "", true},
		{"RPC trouble", oursD, errors.New("connection refused"), "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &deliverer{o: delivererOptions{Metrics: m, Logger: slog.New(slog.DiscardHandler)}, d: tt.dialect}
			for _, kind := range []struct {
				d    delivery
				want IvState
			}{
				{&intervalDelivery{dv: r, s: &Sub{ID: 1}, k: 1}, tt.interval},
				{&delegatedDelivery{dv: r, d: &Delegated{}}, tt.delegated},
			} {
				p := kind.d.progress()
				p.Attempts, p.TxKey = 1, "key"
				st, _ := r.sendFailed(kind.d, tt.err)
				require.Equal(t, kind.want, st, "%T", kind.d)
				require.Empty(t, p.TxKey, "nothing journaled")
				if st == "" {
					require.Equal(t, map[bool]int{true: 1, false: 0}[tt.counted], p.Attempts, "%T attempts", kind.d)
				}
			}
		})
	}
}

func TestDeliverable(t *testing.T) {
	const now = 1_000_000
	tests := []struct {
		name    string
		sub     Sub
		expiry  uint32
		wantErr string
	}{
		{"one-shot", Sub{ActiveAt: 0, Frequency: 1}, now + 60, ""},
		{"recurring from now", Sub{ActiveAt: now, Period: 3, Frequency: 3}, now + 60, ""},
		{"recurring, last interval still open", Sub{ActiveAt: now - 8, Period: 3, Frequency: 3}, now + 60, ""},
		{"future start before expiry", Sub{ActiveAt: now + 30, Period: 3, Frequency: 3}, now + 60, ""},
		{"active_at 0 and recurring: long over", Sub{ActiveAt: 0, Period: 3, Frequency: 3}, now + 60, "its 3 intervals of 3 s from active_at 0 ended at block time 9"},
		{"last interval just closed", Sub{ActiveAt: now - 9, Period: 3, Frequency: 3}, now + 60, "ended at block time 1000000"},
		{"starts after the signature expires", Sub{ActiveAt: now + 60, Frequency: 1}, now + 60, "at or after the signature's expiry"},
		{"no intervals", Sub{ActiveAt: now, Frequency: 0}, now + 60, "frequency is 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := deliverable(&tt.sub, tt.expiry, now)
			if tt.wantErr == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, "can never be delivered")
			require.ErrorContains(t, err, tt.wantErr)
			var jerr *job.Error
			require.ErrorAs(t, err, &jerr)
			require.Equal(t, job.CodeInvalid, jerr.Code, "a 400, as for a bad signature")
		})
	}
}
