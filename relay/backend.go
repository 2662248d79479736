package relay

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/infernode/infernode/payments"
	"github.com/infernode/infernode/txm"
)

// Backend is what the relay needs from a chain: the sender's and the
// verifier's needs plus log filtering. *ethclient.Client and the simulated
// backend's client satisfy it; SubscribeNewHead is used when the backend
// also implements HeadSubscriber (WebSocket or in-process RPC).
type Backend interface {
	txm.Backend
	FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error)
}

// HeadSubscriber is implemented by backends that push new heads.
type HeadSubscriber interface {
	SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error)
}

// CallBatcher is implemented by backends that run several eth_calls
// against the latest block in one JSON-RPC request (Instrumented).
type CallBatcher interface {
	BatchCallContract(ctx context.Context, msgs []ethereum.CallMsg) (outs [][]byte, errs []error, err error)
}

// rpcClienter is *ethclient.Client (and the simulated backend's client):
// the raw RPC client, for batches.
type rpcClienter interface{ Client() *rpc.Client }

// batchCall runs msgs as one JSON-RPC batch when b can (CallBatcher, or an
// ethclient underneath), else one call after another. err is the request's
// failure; errs[i] is call i's (a revert, with its data).
func batchCall(ctx context.Context, b Backend, msgs []ethereum.CallMsg) ([][]byte, []error, error) {
	if cb, ok := b.(CallBatcher); ok {
		return cb.BatchCallContract(ctx, msgs)
	}
	return batchCallOn(ctx, b, msgs)
}

func batchCallOn(ctx context.Context, b Backend, msgs []ethereum.CallMsg) ([][]byte, []error, error) {
	outs, errs := make([][]byte, len(msgs)), make([]error, len(msgs))
	rc, ok := b.(rpcClienter)
	if !ok {
		for i, m := range msgs {
			outs[i], errs[i] = b.CallContract(ctx, m, nil)
		}
		return outs, errs, nil
	}
	res := make([]hexutil.Bytes, len(msgs))
	elems := make([]rpc.BatchElem, len(msgs))
	for i, m := range msgs {
		arg := map[string]any{"to": m.To, "data": hexutil.Bytes(m.Data)}
		if m.From != (common.Address{}) {
			arg["from"] = m.From
		}
		elems[i] = rpc.BatchElem{Method: "eth_call", Args: []any{arg, "latest"}, Result: &res[i]}
	}
	if err := rc.Client().BatchCallContext(ctx, elems); err != nil {
		return nil, nil, fmt.Errorf("eth_call batch of %d: %w", len(msgs), err)
	}
	for i := range elems {
		outs[i], errs[i] = res[i], elems[i].Error
	}
	return outs, errs, nil
}

// Instrumented wraps a Backend, timing every call into the
// infernode_relay_rpc_seconds histogram and counting calls (Calls). Safe
// for concurrent use.
type Instrumented struct {
	Backend
	hist  *prometheus.HistogramVec
	calls atomic.Int64
	mu    sync.Mutex
	by    map[string]int64
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

// CallsByMethod is the number of RPC requests made so far, by method (a
// batch counts once, as eth_call_batch).
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

// EstimateGasAtBlock estimates against block n (nil: the latest) when the
// wrapped backend can choose (txm.BlockGasEstimator), else as
// EstimateGas does.
func (b *Instrumented) EstimateGasAtBlock(ctx context.Context, m ethereum.CallMsg, n *big.Int) (uint64, error) {
	defer b.obs("eth_estimateGas", time.Now())
	if be, ok := b.Backend.(txm.BlockGasEstimator); ok {
		return be.EstimateGasAtBlock(ctx, m, n)
	}
	return b.Backend.EstimateGas(ctx, m)
}

// SendTransactions broadcasts txs as one JSON-RPC batch (counted once, as
// eth_sendRawTransaction_batch) when the wrapped backend is an RPC client,
// else one after another (txm.TransactionBatchSender).
func (b *Instrumented) SendTransactions(ctx context.Context, txs []*types.Transaction) []error {
	errs := make([]error, len(txs))
	rc, ok := b.Backend.(rpcClienter)
	if !ok {
		for i, tx := range txs {
			errs[i] = b.SendTransaction(ctx, tx)
		}
		return errs
	}
	defer b.obs("eth_sendRawTransaction_batch", time.Now())
	elems := make([]rpc.BatchElem, len(txs))
	for i, tx := range txs {
		raw, err := tx.MarshalBinary()
		if err != nil {
			errs[i] = err
			raw = nil
		}
		elems[i] = rpc.BatchElem{Method: "eth_sendRawTransaction", Args: []any{hexutil.Bytes(raw)}, Result: new(common.Hash)}
	}
	if err := rc.Client().BatchCallContext(ctx, elems); err != nil {
		for i := range errs {
			errs[i] = fmt.Errorf("eth_sendRawTransaction batch of %d: %w", len(txs), err)
		}
		return errs
	}
	for i := range elems {
		if errs[i] == nil {
			errs[i] = elems[i].Error
		}
	}
	return errs
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

// BatchCallContract runs msgs in one JSON-RPC batch (one request counted)
// when the wrapped backend is an ethclient, else one call after another.
func (b *Instrumented) BatchCallContract(ctx context.Context, msgs []ethereum.CallMsg) ([][]byte, []error, error) {
	if _, ok := b.Backend.(rpcClienter); ok {
		defer b.obs("eth_call_batch", time.Now())
		return batchCallOn(ctx, b.Backend, msgs)
	}
	return batchCallOn(ctx, b, msgs) // counted per call
}

// BlockReceipts forwards eth_getBlockReceipts when the wrapped backend
// serves it.
func (b *Instrumented) BlockReceipts(ctx context.Context, n rpc.BlockNumberOrHash) ([]*types.Receipt, error) {
	br, ok := b.Backend.(txm.BlockReceiptsReader)
	if !ok {
		return nil, errors.ErrUnsupported
	}
	defer b.obs("eth_getBlockReceipts", time.Now())
	return br.BlockReceipts(ctx, n)
}

// BalanceReader is implemented by backends that read an account's native
// balance (ethclient, the simulated backend's client).
type BalanceReader = payments.BalanceReader

// BalanceAt forwards eth_getBalance when the wrapped backend serves it.
func (b *Instrumented) BalanceAt(ctx context.Context, a common.Address, n *big.Int) (*big.Int, error) {
	br, ok := b.Backend.(BalanceReader)
	if !ok {
		return nil, errors.ErrUnsupported
	}
	defer b.obs("eth_getBalance", time.Now())
	return br.BalanceAt(ctx, a, n)
}

// SubscribeNewHead forwards to the wrapped backend when it can push heads.
func (b *Instrumented) SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error) {
	hs, ok := b.Backend.(HeadSubscriber)
	if !ok {
		return nil, errNoSubscriptions
	}
	return hs.SubscribeNewHead(ctx, ch)
}
