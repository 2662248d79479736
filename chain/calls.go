package chain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
)

// The reads: each on the best endpoint, with the call deadline.

// ChainID is the reference chain id (chain.chain_id, or what the
// endpoints agreed on at Dial); read from the best endpoint when neither
// is known yet.
func (c *Client) ChainID(ctx context.Context) (*big.Int, error) {
	c.t.mu.Lock()
	ref := c.t.chainID
	c.t.mu.Unlock()
	if ref != nil {
		return new(big.Int).Set(ref), nil
	}
	return do(ctx, c, c.o.Timeout, func(ctx context.Context, e *endpoint) (*big.Int, error) { return e.ec.ChainID(ctx) })
}

// HeaderByNumber with n nil is the head the node follows (latest: the
// quorum's, its clock checked); with a number, the best endpoint's header.
func (c *Client) HeaderByNumber(ctx context.Context, n *big.Int) (*types.Header, error) {
	if n == nil {
		return c.latest(ctx)
	}
	return do(ctx, c, c.o.Timeout, func(ctx context.Context, e *endpoint) (*types.Header, error) {
		return e.ec.HeaderByNumber(ctx, n)
	})
}

// CallContract is confirmed on a second endpoint when the quorum is two
// or more: calls decide what is delivered and paid.
func (c *Client) CallContract(ctx context.Context, m ethereum.CallMsg, n *big.Int) ([]byte, error) {
	pin, need := c.pinned(ctx, n)
	return confirmed(ctx, c, "eth_call", func([]byte) uint64 { return need }, func(ctx context.Context, e *endpoint) ([]byte, error) {
		if pin != nil {
			return e.ec.CallContractAtHash(ctx, m, pin.Hash())
		}
		return e.ec.CallContract(ctx, m, n)
	}, nil, eqBytes)
}

// pinned is the block a read of block n depends on: n itself, or (n nil,
// the latest) the head followed, which the read is pinned to by hash.
func (c *Client) pinned(ctx context.Context, n *big.Int) (*types.Header, uint64) {
	if n != nil {
		if n.Sign() < 0 { // a tag (pending, finalized): not pinned
			return nil, 0
		}
		return nil, n.Uint64()
	}
	pin := c.pinHead(ctx)
	return pin, pinNumber(pin)
}

func (c *Client) EstimateGas(ctx context.Context, m ethereum.CallMsg) (uint64, error) {
	return do(ctx, c, c.o.Timeout, func(ctx context.Context, e *endpoint) (uint64, error) { return e.ec.EstimateGas(ctx, m) })
}

func (c *Client) EstimateGasAtBlock(ctx context.Context, m ethereum.CallMsg, n *big.Int) (uint64, error) {
	return do(ctx, c, c.o.Timeout, func(ctx context.Context, e *endpoint) (uint64, error) {
		return e.ec.EstimateGasAtBlock(ctx, m, n)
	})
}

func (c *Client) SuggestGasTipCap(ctx context.Context) (*big.Int, error) {
	return do(ctx, c, c.o.Timeout, func(ctx context.Context, e *endpoint) (*big.Int, error) { return e.ec.SuggestGasTipCap(ctx) })
}

// TransactionReceipt is confirmed (it makes a delivery final).
func (c *Client) TransactionReceipt(ctx context.Context, h common.Hash) (*types.Receipt, error) {
	// An endpoint below the receipt's block has not reached it.
	need := func(r *types.Receipt) uint64 {
		if r == nil || r.BlockNumber == nil {
			return 0
		}
		return r.BlockNumber.Uint64()
	}
	return confirmed(ctx, c, "eth_getTransactionReceipt", need, func(ctx context.Context, e *endpoint) (*types.Receipt, error) {
		return e.ec.TransactionReceipt(ctx, h)
	}, nil, eqReceipt)
}

func (c *Client) TransactionByHash(ctx context.Context, h common.Hash) (*types.Transaction, bool, error) {
	type r struct {
		tx      *types.Transaction
		pending bool
	}
	v, err := do(ctx, c, c.o.Timeout, func(ctx context.Context, e *endpoint) (r, error) {
		tx, p, err := e.ec.TransactionByHash(ctx, h)
		return r{tx, p}, err
	})
	return v.tx, v.pending, err
}

// NonceAt and PendingNonceAt are confirmed: the account nonce decides
// what is signed.
func (c *Client) NonceAt(ctx context.Context, a common.Address, n *big.Int) (uint64, error) {
	pin, need := c.pinned(ctx, n)
	return confirmed(ctx, c, "eth_getTransactionCount", func(uint64) uint64 { return need }, func(ctx context.Context, e *endpoint) (uint64, error) {
		if pin != nil {
			return e.ec.NonceAtHash(ctx, a, pin.Hash())
		}
		return e.ec.NonceAt(ctx, a, n)
	}, nil, eqUint)
}

func (c *Client) PendingNonceAt(ctx context.Context, a common.Address) (uint64, error) {
	return confirmed(ctx, c, "eth_getTransactionCount (pending)", nil, func(ctx context.Context, e *endpoint) (uint64, error) { return e.ec.PendingNonceAt(ctx, a) }, nil, eqUint)
}

func (c *Client) BalanceAt(ctx context.Context, a common.Address, n *big.Int) (*big.Int, error) {
	return do(ctx, c, c.o.Timeout, func(ctx context.Context, e *endpoint) (*big.Int, error) { return e.ec.BalanceAt(ctx, a, n) })
}

func (c *Client) CodeAt(ctx context.Context, a common.Address, n *big.Int) ([]byte, error) {
	return do(ctx, c, c.o.Timeout, func(ctx context.Context, e *endpoint) ([]byte, error) { return e.ec.CodeAt(ctx, a, n) })
}

// FilterLogs has the longer LogsTimeout: a range of blocks may take a
// while to scan.
func (c *Client) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	return do(ctx, c, c.o.LogsTimeout, func(ctx context.Context, e *endpoint) ([]types.Log, error) { return e.ec.FilterLogs(ctx, q) })
}

// SubscribeFilterLogs pushes logs where the best endpoint can.
func (c *Client) SubscribeFilterLogs(ctx context.Context, q ethereum.FilterQuery, ch chan<- types.Log) (ethereum.Subscription, error) {
	return do(ctx, c, c.o.Timeout, func(ctx context.Context, e *endpoint) (ethereum.Subscription, error) {
		return noPush(e.ec.SubscribeFilterLogs(ctx, q, ch))
	})
}

// noPush turns the RPC client's "HTTP cannot push" (decided locally, no
// request made) into ErrNoSubscriptions.
func noPush(sub ethereum.Subscription, err error) (ethereum.Subscription, error) {
	if errors.Is(err, rpc.ErrNotificationsUnsupported) {
		return nil, ErrNoSubscriptions
	}
	return sub, err
}

// BlockReceipts is confirmed (receipts make deliveries final).
func (c *Client) BlockReceipts(ctx context.Context, b rpc.BlockNumberOrHash) ([]*types.Receipt, error) {
	var need uint64
	if n, ok := b.Number(); ok && n >= 0 {
		need = uint64(n)
	}
	return confirmed(ctx, c, "eth_getBlockReceipts", func([]*types.Receipt) uint64 { return need }, func(ctx context.Context, e *endpoint) ([]*types.Receipt, error) {
		return e.ec.BlockReceipts(ctx, b)
	}, nil, eqReceipts)
}

// SubscribeNewHead subscribes on the best endpoint that can push; the
// deadline bounds the subscribing, not the subscription. With a quorum of
// two or more a pushed head is one endpoint's word: ErrNoSubscriptions,
// and the caller polls (HeaderByNumber(nil) asks the quorum).
func (c *Client) SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error) {
	if c.o.Quorum > 1 {
		return nil, ErrNoSubscriptions
	}
	return do(ctx, c, c.o.Timeout, func(sctx context.Context, e *endpoint) (ethereum.Subscription, error) {
		return noPush(e.ec.SubscribeNewHead(sctx, ch))
	})
}

// BatchCallContract runs msgs against the latest block in one JSON-RPC
// batch. err is the request's failure; errs[i] is call i's.
func (c *Client) BatchCallContract(ctx context.Context, msgs []ethereum.CallMsg) ([][]byte, []error, error) {
	pin := c.pinHead(ctx)
	block := blockArg(pin)
	v, err := confirmed(ctx, c, "eth_call batch", func(callsAnswer) uint64 { return pinNumber(pin) }, func(ctx context.Context, e *endpoint) (callsAnswer, error) {
		return batchCalls(ctx, e, block, msgs)
	}, nil, eqCallsAnswer)
	if err != nil {
		return nil, nil, fmt.Errorf("eth_call batch of %d: %w", len(msgs), err)
	}
	return v.outs, v.errs, nil
}

// batchCalls asks e for msgs at block (blockArg) in one JSON-RPC batch.
func batchCalls(ctx context.Context, e *endpoint, block any, msgs []ethereum.CallMsg) (callsAnswer, error) {
	res := make([]hexutil.Bytes, len(msgs))
	elems := make([]rpc.BatchElem, len(msgs))
	for i, m := range msgs {
		elems[i] = rpc.BatchElem{Method: "eth_call", Args: []any{callArg(m), block}, Result: &res[i]}
	}
	if err := e.rc.BatchCallContext(ctx, elems); err != nil {
		return callsAnswer{}, err
	}
	out := callsAnswer{make([][]byte, len(msgs)), make([]error, len(msgs))}
	for i := range elems {
		out.outs[i], out.errs[i] = res[i], elems[i].Error
	}
	// An element failing as the endpoint does (internal error, rate
	// limit) is the endpoint's failure, not a revert.
	for _, err := range out.errs {
		if oc := classify(ctx, err); oc != answered {
			return callsAnswer{}, err
		}
	}
	return out, nil
}

// SendTransaction broadcasts tx to every endpoint in rotation; it succeeds
// when one accepted it (or already knew it).
func (c *Client) SendTransaction(ctx context.Context, tx *types.Transaction) error {
	return c.SendTransactions(ctx, []*types.Transaction{tx})[0]
}

// SendTransactions sends txs as one JSON-RPC batch to the best endpoint;
// errs[i] is transaction i's outcome: nil when an endpoint accepted it (or
// already knew it), else the best endpoint's refusal. A transaction the
// best endpoint does not accept, and any whose sender and nonce were sent
// before (a rebroadcast or a replacement: the first send may not have
// spread), goes to every endpoint in rotation: an endpoint that swallows
// transactions delays a delivery, it does not stop it, and the usual send
// costs one call, not one per endpoint.
func (c *Client) SendTransactions(ctx context.Context, txs []*types.Transaction) (out []error) {
	raws := make([]hexutil.Bytes, len(txs))
	encErr := make([]error, len(txs))
	for i, tx := range txs {
		raws[i], encErr[i] = tx.MarshalBinary()
	}
	cands := c.candidates() // the right chain, trusted
	if len(cands) == 0 {
		return fill(len(txs), ErrNoEndpoint)
	}
	again := c.sent.mark(txs)
	out = c.sendTo(ctx, cands[0], raws, encErr)
	defer func() {
		for i, err := range out {
			if IsKnown(err) {
				out[i] = nil
			}
		}
	}()
	if len(cands) == 1 {
		return out
	}
	rest := make([]hexutil.Bytes, len(txs))
	restErr := make([]error, len(txs))
	more := false
	for i := range txs {
		restErr[i] = errSkip
		if encErr[i] == nil && (again[i] || (out[i] != nil && !IsKnown(out[i]))) {
			rest[i], restErr[i], more = raws[i], nil, true
		}
	}
	if !more {
		return out
	}
	results := make([][]error, len(cands)-1)
	var wg sync.WaitGroup
	for k, e := range cands[1:] {
		wg.Go(func() { results[k] = c.sendTo(ctx, e, rest, restErr) })
	}
	wg.Wait()
	for i := range txs {
		if out[i] == nil || IsKnown(out[i]) {
			continue
		}
		for _, res := range results {
			if res[i] == nil || IsKnown(res[i]) {
				out[i] = nil
				break
			}
		}
	}
	return out
}

// errSkip marks a transaction sendTo leaves out.
var errSkip = errors.New("not sent to this endpoint")

// sentNonces remembers the (sender, nonce) of recent sends, so a second
// send of a nonce (rebroadcast, replacement) goes to every endpoint.
type sentNonces struct {
	mu    sync.Mutex
	seen  map[sentKey]bool
	order []sentKey
}

type sentKey struct {
	from  common.Address
	nonce uint64
}

// sentKept bounds sentNonces (well above chain.max_txs_in_flight's default).
const sentKept = 8192

// mark records txs and reports which were sent before.
func (s *sentNonces) mark(txs []*types.Transaction) []bool {
	out := make([]bool, len(txs))
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seen == nil {
		s.seen = map[sentKey]bool{}
	}
	for i, tx := range txs {
		from, err := types.Sender(types.LatestSignerForChainID(tx.ChainId()), tx)
		if err != nil {
			out[i] = true // unknown sender: send everywhere
			continue
		}
		k := sentKey{from, tx.Nonce()}
		if s.seen[k] {
			out[i] = true
			continue
		}
		s.seen[k] = true
		s.order = append(s.order, k)
		if len(s.order) > sentKept {
			delete(s.seen, s.order[0])
			s.order = s.order[1:]
		}
	}
	return out
}

func (c *Client) sendTo(ctx context.Context, e *endpoint, raws []hexutil.Bytes, encErr []error) []error {
	if e.rc == nil {
		if err := c.connect(ctx, e); err != nil {
			_, err = c.report(ctx, e, err)
			return fill(len(raws), err)
		}
	}
	elems := make([]rpc.BatchElem, 0, len(raws))
	idx := make([]int, 0, len(raws))
	errs := make([]error, len(raws))
	for i, raw := range raws {
		if encErr[i] != nil {
			errs[i] = encErr[i]
			continue
		}
		elems = append(elems, rpc.BatchElem{Method: "eth_sendRawTransaction", Args: []any{raw}, Result: new(common.Hash)})
		idx = append(idx, i)
	}
	if len(elems) == 0 {
		return errs
	}
	tctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
	defer cancel()
	var err error
	if len(elems) == 1 {
		err = e.rc.CallContext(tctx, elems[0].Result, elems[0].Method, elems[0].Args...)
		elems[0].Error, err = err, nil
		if oc := classify(ctx, elems[0].Error); oc != answered {
			err = elems[0].Error
		}
	} else {
		err = e.rc.BatchCallContext(tctx, elems)
	}
	if _, err = c.report(ctx, e, err); err != nil {
		return fill(len(raws), fmt.Errorf("endpoint %d (%s): eth_sendRawTransaction: %w", e.index, e.name, err))
	}
	for k, el := range elems {
		errs[idx[k]] = redactErr(el.Error, e.url)
	}
	return errs
}

func fill(n int, err error) []error {
	out := make([]error, n)
	for i := range out {
		out[i] = err
	}
	return out
}

// observeHead records e's head and takes lagging endpoints out of (or
// back into) rotation.
func (c *Client) observeHead(e *endpoint, n uint64) {
	e.mu.Lock()
	e.head = n // lower after a reorg, too
	e.mu.Unlock()
	c.rank()
}

// rank marks endpoints whose head trails the best by more than MaxHeadLag
// as lagging, and lagging ones that caught up as alive.
func (c *Client) rank() {
	var best uint64
	for _, e := range c.eps {
		if st, head, _ := e.snapshot(); (st == Alive || st == Lagging) && e.usable() {
			best = max(best, head) // a distrusted head sets no pace
		}
	}
	for _, e := range c.eps {
		e.mu.Lock()
		prev := e.state
		switch {
		case e.state == Alive && e.head+c.o.MaxHeadLag < best:
			e.state = Lagging
		case e.state == Lagging && e.head+c.o.MaxHeadLag >= best:
			e.state = Alive
		}
		now := e.state
		e.mu.Unlock()
		if now != prev {
			c.transition(e, prev, now, errors.New("head behind the best endpoint's"))
		}
	}
	c.publish()
}

func (c *Client) PendingCodeAt(ctx context.Context, a common.Address) ([]byte, error) {
	return do(ctx, c, c.o.Timeout, func(ctx context.Context, e *endpoint) ([]byte, error) { return e.ec.PendingCodeAt(ctx, a) })
}

func (c *Client) SuggestGasPrice(ctx context.Context) (*big.Int, error) {
	return do(ctx, c, c.o.Timeout, func(ctx context.Context, e *endpoint) (*big.Int, error) { return e.ec.SuggestGasPrice(ctx) })
}
