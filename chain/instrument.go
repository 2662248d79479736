package chain

import (
	"context"
	"math/big"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/prometheus/client_golang/prometheus"
)

// Instrumented wraps a Backend, timing every call into a histogram by
// method (infernode_relay_rpc_seconds) and counting calls (Calls,
// CallsByMethod: the figures docs/relay.md reports per delivery). A batch
// counts once, as eth_call_batch or eth_sendRawTransaction_batch, and a
// ReadCallContract as eth_call_read (one eth_call, or its fallback batch). Safe for
// concurrent use.
type Instrumented struct {
	b     Backend
	hist  *prometheus.HistogramVec
	calls atomic.Int64
	mu    sync.Mutex
	by    map[string]int64
}

var _ Backend = (*Instrumented)(nil)

// Instrument wraps b; hist may be nil (counting only).
func Instrument(b Backend, hist *prometheus.HistogramVec) *Instrumented {
	return &Instrumented{b: b, hist: hist}
}

// Calls is the number of RPC calls made through the wrapper so far.
func (b *Instrumented) Calls() int64 { return b.calls.Load() }

// CallsByMethod is the number of RPC calls made so far, by method.
func (b *Instrumented) CallsByMethod() map[string]int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make(map[string]int64, len(b.by))
	for k, v := range b.by {
		out[k] = v
	}
	return out
}

func (b *Instrumented) obs(method string, start time.Time) {
	b.calls.Add(1)
	b.mu.Lock()
	if b.by == nil {
		b.by = map[string]int64{}
	}
	b.by[method]++
	b.mu.Unlock()
	if b.hist != nil {
		b.hist.WithLabelValues(method).Observe(time.Since(start).Seconds())
	}
}

// ChainID is not counted: read once at start.
func (b *Instrumented) ChainID(ctx context.Context) (*big.Int, error) {
	return b.b.ChainID(ctx)
}

func (b *Instrumented) HeaderByNumber(ctx context.Context, n *big.Int) (*types.Header, error) {
	defer b.obs("eth_getBlockByNumber", time.Now())
	return b.b.HeaderByNumber(ctx, n)
}

func (b *Instrumented) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	defer b.obs("eth_getLogs", time.Now())
	return b.b.FilterLogs(ctx, q)
}

func (b *Instrumented) SubscribeFilterLogs(ctx context.Context, q ethereum.FilterQuery, ch chan<- types.Log) (ethereum.Subscription, error) {
	return b.b.SubscribeFilterLogs(ctx, q, ch)
}

func (b *Instrumented) CallContract(ctx context.Context, m ethereum.CallMsg, n *big.Int) ([]byte, error) {
	defer b.obs("eth_call", time.Now())
	return b.b.CallContract(ctx, m, n)
}

func (b *Instrumented) EstimateGas(ctx context.Context, m ethereum.CallMsg) (uint64, error) {
	defer b.obs("eth_estimateGas", time.Now())
	return b.b.EstimateGas(ctx, m)
}

func (b *Instrumented) EstimateGasAtBlock(ctx context.Context, m ethereum.CallMsg, n *big.Int) (uint64, error) {
	defer b.obs("eth_estimateGas", time.Now())
	return b.b.EstimateGasAtBlock(ctx, m, n)
}

func (b *Instrumented) SendTransactions(ctx context.Context, txs []*types.Transaction) []error {
	defer b.obs("eth_sendRawTransaction_batch", time.Now())
	return b.b.SendTransactions(ctx, txs)
}

func (b *Instrumented) SendTransaction(ctx context.Context, tx *types.Transaction) error {
	defer b.obs("eth_sendRawTransaction", time.Now())
	return b.b.SendTransaction(ctx, tx)
}

func (b *Instrumented) TransactionReceipt(ctx context.Context, h common.Hash) (*types.Receipt, error) {
	defer b.obs("eth_getTransactionReceipt", time.Now())
	return b.b.TransactionReceipt(ctx, h)
}

func (b *Instrumented) TransactionByHash(ctx context.Context, h common.Hash) (*types.Transaction, bool, error) {
	defer b.obs("eth_getTransactionByHash", time.Now())
	return b.b.TransactionByHash(ctx, h)
}

func (b *Instrumented) NonceAt(ctx context.Context, a common.Address, n *big.Int) (uint64, error) {
	defer b.obs("eth_getTransactionCount", time.Now())
	return b.b.NonceAt(ctx, a, n)
}

func (b *Instrumented) PendingNonceAt(ctx context.Context, a common.Address) (uint64, error) {
	defer b.obs("eth_getTransactionCount", time.Now())
	return b.b.PendingNonceAt(ctx, a)
}

func (b *Instrumented) SuggestGasTipCap(ctx context.Context) (*big.Int, error) {
	defer b.obs("eth_maxPriorityFeePerGas", time.Now())
	return b.b.SuggestGasTipCap(ctx)
}

func (b *Instrumented) BatchCallContract(ctx context.Context, msgs []ethereum.CallMsg) ([][]byte, []error, error) {
	defer b.obs("eth_call_batch", time.Now())
	return b.b.BatchCallContract(ctx, msgs)
}

func (b *Instrumented) ReadCallContract(ctx context.Context, msgs []ethereum.CallMsg) ([][]byte, []error, error) {
	defer b.obs("eth_call_read", time.Now())
	return b.b.ReadCallContract(ctx, msgs)
}

func (b *Instrumented) BlockReceipts(ctx context.Context, n rpc.BlockNumberOrHash) ([]*types.Receipt, error) {
	defer b.obs("eth_getBlockReceipts", time.Now())
	return b.b.BlockReceipts(ctx, n)
}

func (b *Instrumented) BalanceAt(ctx context.Context, a common.Address, n *big.Int) (*big.Int, error) {
	defer b.obs("eth_getBalance", time.Now())
	return b.b.BalanceAt(ctx, a, n)
}

func (b *Instrumented) CodeAt(ctx context.Context, a common.Address, n *big.Int) ([]byte, error) {
	defer b.obs("eth_getCode", time.Now())
	return b.b.CodeAt(ctx, a, n)
}

// Anchor passes a stored block to the wrapped Client (no call).
func (b *Instrumented) Anchor(n uint64, h common.Hash) {
	if a, ok := b.b.(interface{ Anchor(uint64, common.Hash) }); ok {
		a.Anchor(n, h)
	}
}

// SubscribeNewHead is not counted: one subscription, then pushes.
func (b *Instrumented) SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error) {
	return b.b.SubscribeNewHead(ctx, ch)
}
