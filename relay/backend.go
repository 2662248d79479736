package relay

import (
	"context"
	"math/big"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/infernode/infernode/coordinator"
)

// Backend is what the relay needs from a chain: the sender's and the
// verifier's needs plus log filtering. *ethclient.Client and the simulated
// backend's client satisfy it; SubscribeNewHead is used when the backend
// also implements HeadSubscriber (WebSocket or in-process RPC).
type Backend interface {
	coordinator.Backend
	FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error)
}

// HeadSubscriber is implemented by backends that push new heads.
type HeadSubscriber interface {
	SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error)
}

// Instrumented wraps a Backend, timing every call into the
// infernode_relay_rpc_seconds histogram and counting calls (Calls). Safe
// for concurrent use.
type Instrumented struct {
	Backend
	hist  *prometheus.HistogramVec
	calls atomic.Int64
}

// Instrument wraps b; hist may be nil (counting only).
func Instrument(b Backend, m *Metrics) *Instrumented {
	in := &Instrumented{Backend: b}
	if m != nil {
		in.hist = m.RPC
	}
	return in
}

// Calls is the number of RPC calls made through the wrapper so far.
func (b *Instrumented) Calls() int64 { return b.calls.Load() }

func (b *Instrumented) obs(method string, start time.Time) {
	b.calls.Add(1)
	if b.hist != nil {
		b.hist.WithLabelValues(method).Observe(time.Since(start).Seconds())
	}
}

func (b *Instrumented) HeaderByNumber(ctx context.Context, n *big.Int) (*types.Header, error) {
	defer b.obs("eth_getBlockByNumber", time.Now())
	return b.Backend.HeaderByNumber(ctx, n)
}

func (b *Instrumented) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	defer b.obs("eth_getLogs", time.Now())
	return b.Backend.FilterLogs(ctx, q)
}

func (b *Instrumented) CallContract(ctx context.Context, m ethereum.CallMsg, n *big.Int) ([]byte, error) {
	defer b.obs("eth_call", time.Now())
	return b.Backend.CallContract(ctx, m, n)
}

func (b *Instrumented) EstimateGas(ctx context.Context, m ethereum.CallMsg) (uint64, error) {
	defer b.obs("eth_estimateGas", time.Now())
	return b.Backend.EstimateGas(ctx, m)
}

func (b *Instrumented) SendTransaction(ctx context.Context, tx *types.Transaction) error {
	defer b.obs("eth_sendRawTransaction", time.Now())
	return b.Backend.SendTransaction(ctx, tx)
}

func (b *Instrumented) TransactionReceipt(ctx context.Context, h common.Hash) (*types.Receipt, error) {
	defer b.obs("eth_getTransactionReceipt", time.Now())
	return b.Backend.TransactionReceipt(ctx, h)
}

func (b *Instrumented) TransactionByHash(ctx context.Context, h common.Hash) (*types.Transaction, bool, error) {
	defer b.obs("eth_getTransactionByHash", time.Now())
	return b.Backend.TransactionByHash(ctx, h)
}

func (b *Instrumented) NonceAt(ctx context.Context, a common.Address, n *big.Int) (uint64, error) {
	defer b.obs("eth_getTransactionCount", time.Now())
	return b.Backend.NonceAt(ctx, a, n)
}

func (b *Instrumented) PendingNonceAt(ctx context.Context, a common.Address) (uint64, error) {
	defer b.obs("eth_getTransactionCount", time.Now())
	return b.Backend.PendingNonceAt(ctx, a)
}

func (b *Instrumented) SuggestGasTipCap(ctx context.Context) (*big.Int, error) {
	defer b.obs("eth_maxPriorityFeePerGas", time.Now())
	return b.Backend.SuggestGasTipCap(ctx)
}

// SubscribeNewHead forwards to the wrapped backend when it can push heads.
func (b *Instrumented) SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error) {
	hs, ok := b.Backend.(HeadSubscriber)
	if !ok {
		return nil, errNoSubscriptions
	}
	return hs.SubscribeNewHead(ctx, ch)
}
