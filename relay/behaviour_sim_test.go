package relay

import (
	"context"
	"errors"
	"math/big"
	"net/netip"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/access"
	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/job"
)

// narrowLogs refuses eth_getLogs over more than max blocks, as hosted RPCs do.
type narrowLogs struct {
	chain.Backend
	max     uint64
	refused atomic.Int64
}

func (b *narrowLogs) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	if q.ToBlock.Uint64()-q.FromBlock.Uint64()+1 > b.max {
		b.refused.Add(1)
		return nil, errors.New("query returned more than 10000 results / block range too large")
	}
	return b.Backend.FilterLogs(ctx, q)
}

func (b *narrowLogs) SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error) {
	return nil, chain.ErrNoSubscriptions // force polling
}

func TestSimLogRangeSplitOnRefusal(t *testing.T) {
	h := newHarness(t, 1)
	// Thirty empty blocks, then the request: the first scan spans them all.
	for range 30 {
		h.commit()
	}
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("far"), 1))
	nb := &narrowLogs{Backend: h.backend(), max: 4}
	h.startNode(1, t.TempDir(), nb)
	h.mineEvery(100 * time.Millisecond)
	h.eventually(func() bool { return h.deliveries() == 1 }, "delivered though large ranges are refused")
	require.Positive(t, nb.refused.Load())
}

// flakyRunner fails the first n runs, then runs the real executor.
type flakyRunner struct {
	Runner
	failures atomic.Int64
}

func (f *flakyRunner) Run(ctx context.Context, in executor.Input) ([]job.ContainerResult, error) {
	if f.failures.Add(-1) >= 0 {
		return nil, &executor.ContainerError{Container: in.Containers[0], Message: "transient failure"}
	}
	return f.Runner.Run(ctx, in)
}

func TestSimRetriesUpToTheLimit(t *testing.T) {
	h := newHarness(t, 1)
	fr := &flakyRunner{Runner: h.exec}
	fr.failures.Store(2) // two failures, then success: the third attempt delivers
	n := h.startNodeWith(1, t.TempDir(), nil, nil, func(o *Options) { o.Runner = fr })
	h.mineEvery(100 * time.Millisecond)
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("retry"), 1))
	h.eventually(func() bool { return h.deliveries() == 1 }, "delivered on the third attempt")
	h.eventually(func() bool { iv, _ := n.r.store.iv(1, 1); return iv.State == IvDelivered }, "status delivered")
	iv, err := n.r.store.iv(1, 1)
	require.NoError(t, err)
	require.Equal(t, 3, iv.Attempts)

	fr.failures.Store(1 << 30) // always failing: gives up after MaxAttempts
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("never"), 1))
	h.eventually(func() bool { iv, _ := n.r.store.iv(2, 1); return iv.State == IvFailed }, "failed after the limit")
	iv, err = n.r.store.iv(2, 1)
	require.NoError(t, err)
	require.Equal(t, 3, iv.Attempts)
	require.Contains(t, iv.Err, "transient failure")
	require.Zero(t, responseCount(h, 2, 1))
}

func TestSimInputsFromGetContainerInputs(t *testing.T) {
	h := newHarness(t, 1)
	n := h.startNode(1, t.TempDir(), nil)
	h.mineEvery(100 * time.Millisecond)
	// No inputs: the relay asks the owner's getContainerInputs.
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackSubscribe("echo", []byte{}, 1, 0, 1))
	h.eventually(func() bool { return h.deliveries() == 1 }, "delivered")
	res, err := h.consumer().UnpackResults(h.call(h.dep.ExampleConsumer, h.consumer().PackResults(taskID(h, 1, 1))))
	require.NoError(t, err)
	bt, _ := abi.NewType("bytes", "", nil)
	outer, err := abi.Arguments{{Type: bt}, {Type: bt}}.Unpack(res.Output)
	require.NoError(t, err)
	inner, err := consumerABI.GetABI().Methods["getContainerInputs"].Inputs.Unpack(outer[0].([]byte)) // echo returns its input
	require.NoError(t, err)
	require.Equal(t, uint32(1), inner[0], "subscription id")
	require.Equal(t, uint32(1), inner[1], "interval")
	require.Equal(t, n.s.Address(), inner[3], "caller is the node")
}

func TestSimDelegatedGuardRejections(t *testing.T) {
	h := newHarness(t, 1)
	guard := access.NewGuardian([]access.Container{
		{ID: "echo", External: true, AllowedDelegateAddresses: []string{"0x00000000000000000000000000000000000000b0"}},
		{ID: "lan", External: true, AllowedIPs: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}},
	})
	n := h.startNodeWith(1, t.TempDir(), nil, nil, func(o *Options) { o.Guard = guard })
	head, err := h.client.HeaderByNumber(context.Background(), nil)
	require.NoError(t, err)
	body := func(containers string) []byte {
		r := &ours.DelegatedRequest{Delegate: ours.DelegateSubscription{Nonce: 1, Expiry: uint32(head.Time + 3600), Sub: ours.Subscription{
			Owner: h.dep.ExampleConsumer, Frequency: 1, Redundancy: 1, MaxGasPrice: big.NewInt(1e12), MaxGasLimit: 1_000_000,
			ContainerId: containers, Inputs: []byte{}, PaymentAmount: new(big.Int)}}}
		r.Sig, err = r.Delegate.Sign(ours.Domain{ChainID: h.chainID, Coordinator: h.dep.Coordinator}, h.keys[0])
		require.NoError(t, err)
		b, err := ours.EncodeDelegated(r)
		require.NoError(t, err)
		return b
	}
	for _, tc := range []struct {
		containers, client string
		code               job.Code
		msg                string
	}{
		{"echo", "127.0.0.1", job.CodeForbidden, "Container not allowed for address"}, // owner not a delegate
		{"lan", "127.0.0.1", job.CodeForbidden, "Container not allowed for address"},  // client IP
		{"nope", "127.0.0.1", job.CodeInvalid, "Container not supported"},
	} {
		err := n.r.SubmitDelegated(context.Background(), tc.client, body(tc.containers))
		var je *job.Error
		require.ErrorAs(t, err, &je, tc.containers)
		require.Equal(t, tc.code, je.Code)
		require.Equal(t, tc.msg, je.Message)
	}
	dl, err := n.r.store.delegated()
	require.NoError(t, err)
	require.Empty(t, dl, "nothing persisted for a rejected request")
}
