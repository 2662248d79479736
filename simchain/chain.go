package simchain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/infernode/infernode/chain"
)

// Options configure a Chain.
type Options struct {
	ChainID     *big.Int
	Coordinator common.Address
	// GasLimit is every block's gas limit. Default 30,000,000.
	GasLimit uint64
	// BaseFee is the genesis base fee. Default 1 gwei.
	BaseFee *big.Int
	// Genesis is the genesis block's time.
	Genesis time.Time
	// Faults is the fault plan (nil: none).
	Faults *Plan
}

// Chain is the simulated chain. Safe for concurrent use.
type Chain struct {
	o      Options
	signer types.Signer

	mu     sync.Mutex
	blocks []*block // canonical, by number
	st     *state
	pool   map[common.Address]map[uint64]*types.Transaction
	txs    map[common.Hash]txLoc // canonical transactions
	subs   []*headSub
	forks  uint64 // reorgs so far: a new branch's blocks differ in Extra
	spike  int    // blocks left of a base-fee spike
	calls  uint64 // calls answered, for the simulator's figures
	// Mined counts every delivery transaction mined on the canonical
	// chain, by sender (the invariants read it).
}

type block struct {
	header   *types.Header
	base     *big.Int // the base fee without a spike: the next one follows it
	hash     common.Hash
	txs      []*types.Transaction
	receipts []*types.Receipt
	undo     []func() // reverts this block's state changes, in reverse
}

type txLoc struct {
	block uint64
	index int
}

// New returns a chain holding its genesis block.
func New(o Options) *Chain {
	if o.GasLimit == 0 {
		o.GasLimit = 30_000_000
	}
	if o.BaseFee == nil {
		o.BaseFee = big.NewInt(1e9)
	}
	c := &Chain{o: o, signer: types.LatestSignerForChainID(o.ChainID), st: newState(),
		pool: map[common.Address]map[uint64]*types.Transaction{}, txs: map[common.Hash]txLoc{}}
	h := &types.Header{Number: new(big.Int), Time: uint64(o.Genesis.Unix()), GasLimit: o.GasLimit,
		BaseFee: new(big.Int).Set(o.BaseFee), Difficulty: new(big.Int)}
	c.blocks = []*block{{header: h, hash: h.Hash(), base: new(big.Int).Set(o.BaseFee)}}
	return c
}

var _ chain.Backend = (*Chain)(nil)

// Head is the canonical head.
func (c *Chain) Head() *types.Header {
	c.mu.Lock()
	defer c.mu.Unlock()
	return types.CopyHeader(c.head().header)
}

func (c *Chain) head() *block { return c.blocks[len(c.blocks)-1] }

// Genesis is the genesis block's time (block n is at about Genesis+n).
func (c *Chain) Genesis() uint64 { return uint64(c.o.Genesis.Unix()) }

// Calls is how many calls the chain has answered.
func (c *Chain) Calls() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.calls
}

// Mine builds the next block at time t from the pool: per sender in nonce
// order, transactions whose fee cap covers the base fee, while the gas
// limit lasts. It first applies the plan's faults for that block (a reorg
// replaces the last blocks by a longer branch), then pushes the new head
// to the subscribers.
func (c *Chain) Mine(t time.Time) *types.Header {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := uint64(len(c.blocks))
	f := c.o.Faults.at(n)
	if f.SpikeBlocks > 0 {
		c.spike = f.SpikeBlocks
	}
	if f.Reorg > 0 && int(f.Reorg) < len(c.blocks)-1 {
		c.reorg(int(f.Reorg), t)
	}
	b := c.build(t, true)
	if f.DropHeads {
		for _, s := range c.subs {
			s.fail(errors.New("simchain: head subscription dropped"))
		}
		c.subs = nil
	}
	live := c.subs[:0]
	for _, s := range c.subs {
		if s.push(types.CopyHeader(b.header)) {
			live = append(live, s)
		}
	}
	c.subs = live
	return types.CopyHeader(b.header)
}

// reorg drops the last depth blocks, undoing their state, returns their
// transactions to the pool and starts a new branch.
func (c *Chain) reorg(depth int, t time.Time) {
	for range depth {
		b := c.head()
		for i := len(b.undo) - 1; i >= 0; i-- {
			b.undo[i]()
		}
		for _, tx := range b.txs {
			delete(c.txs, tx.Hash())
			from, _ := types.Sender(c.signer, tx)
			if c.pool[from] == nil {
				c.pool[from] = map[uint64]*types.Transaction{}
			}
			c.pool[from][tx.Nonce()] = tx
		}
		c.blocks = c.blocks[:len(c.blocks)-1]
	}
	c.forks++
	// The new branch is one block longer than the old one: depth blocks
	// now (the first ones empty, so the reorged transactions move to other
	// blocks), then the block of this step.
	for i := range depth {
		c.build(t.Add(-time.Duration(depth-i)*time.Millisecond), false)
	}
}

func (c *Chain) build(t time.Time, withTxs bool) *block {
	parent := c.head()
	h := &types.Header{ParentHash: parent.hash, Number: new(big.Int).Add(parent.header.Number, common.Big1),
		Time: max(uint64(t.Unix()), parent.header.Time+1), GasLimit: c.o.GasLimit, Difficulty: new(big.Int),
		Extra: []byte(fmt.Sprintf("fork%d", c.forks))}
	b := &block{header: h, base: c.nextBaseFee(parent)}
	h.BaseFee = new(big.Int).Set(b.base)
	if c.spike > 0 {
		c.spike--
		h.BaseFee.Mul(h.BaseFee, big.NewInt(8))
	}
	c.blocks = append(c.blocks, b)
	if withTxs {
		c.include(b)
	}
	h.GasUsed = 0
	if n := len(b.receipts); n > 0 {
		h.GasUsed = b.receipts[n-1].CumulativeGasUsed
	}
	b.hash = h.Hash()
	for i, r := range b.receipts {
		r.BlockHash, r.BlockNumber, r.TransactionIndex = b.hash, new(big.Int).Set(h.Number), uint(i)
		for _, l := range r.Logs {
			l.BlockHash, l.BlockNumber = b.hash, h.Number.Uint64()
		}
	}
	return b
}

// nextBaseFee is EIP-1559's: ±1/8 by how full the parent was against half
// its limit; the model keeps it at least the genesis fee (a quiet public
// chain's floor), and a spike's eightfold fee is not carried on.
func (c *Chain) nextBaseFee(pb *block) *big.Int {
	p := pb.header
	base := new(big.Int).Set(pb.base)
	target := p.GasLimit / 2
	if p.GasUsed != target {
		d := new(big.Int).Mul(base, new(big.Int).SetUint64(max(p.GasUsed, target)-min(p.GasUsed, target)))
		d.Div(d, new(big.Int).SetUint64(target))
		d.Div(d, big.NewInt(8))
		if p.GasUsed > target {
			base.Add(base, d)
		} else {
			base.Sub(base, d)
		}
	}
	return base.Set(bigMax(base, c.o.BaseFee))
}

// include executes the pool's executable transactions into b.
func (c *Chain) include(b *block) {
	senders := make([]common.Address, 0, len(c.pool))
	for a := range c.pool {
		senders = append(senders, a)
	}
	slices.SortFunc(senders, func(x, y common.Address) int { return x.Cmp(y) })
	var used uint64
	for _, from := range senders {
		for {
			nonce := c.st.nonce(from)
			tx, ok := c.pool[from][nonce]
			if !ok || tx.GasFeeCap().Cmp(b.header.BaseFee) < 0 || used+tx.Gas() > c.o.GasLimit {
				break
			}
			delete(c.pool[from], nonce)
			r := c.execute(b, from, tx)
			used += r.GasUsed
			r.CumulativeGasUsed = used
			c.txs[tx.Hash()] = txLoc{b.header.Number.Uint64(), len(b.txs)}
			b.txs = append(b.txs, tx)
			b.receipts = append(b.receipts, r)
		}
		if len(c.pool[from]) == 0 {
			delete(c.pool, from)
		}
	}
}

// execute applies tx (its sender from) to the state as a transaction of b.
func (c *Chain) execute(b *block, from common.Address, tx *types.Transaction) *types.Receipt {
	price := effectivePrice(tx, b.header.BaseFee)
	ctx := &execCtx{c: c, b: b, from: from, price: price, txHash: tx.Hash()}
	b.undo = append(b.undo, c.st.bumpNonce(from))
	ctx.mark = len(b.undo)
	gas, logs, err := ctx.run(tx.To(), tx.Data(), tx.Gas())
	r := &types.Receipt{Type: tx.Type(), Status: types.ReceiptStatusSuccessful, TxHash: tx.Hash(),
		GasUsed: gas, EffectiveGasPrice: price, Logs: logs}
	if err != nil {
		r.Status, r.Logs = types.ReceiptStatusFailed, nil
	}
	for i, l := range r.Logs {
		l.TxHash, l.TxIndex, l.Index = tx.Hash(), uint(len(b.txs)), uint(i)
	}
	if r.Logs == nil {
		r.Logs = []*types.Log{}
	}
	r.Bloom = types.CreateBloom(r)
	return r
}

func effectivePrice(tx *types.Transaction, base *big.Int) *big.Int {
	p := new(big.Int).Add(base, tx.GasTipCap())
	if p.Cmp(tx.GasFeeCap()) > 0 {
		p.Set(tx.GasFeeCap())
	}
	return p
}

func bigMax(a, b *big.Int) *big.Int {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

// ---- chain.Backend ------------------------------------------------------

// enter applies the plan's faults of the current block to a call: a rate
// limit fails it with a 429, a black hole with the timeout its caller
// would have met. Neither waits: under testing/synctest simulated time
// moves only while every goroutine is blocked on a channel or timer, and
// the node holds mutexes across some calls (txm's fee suggestion), so a
// call that waited on a timer would stop the clock. A slow endpoint is
// therefore modelled by its effect on ordering, a stale answer (lag).
func (c *Chain) enter(ctx context.Context) error {
	c.mu.Lock()
	c.calls++
	f := c.o.Faults.at(uint64(len(c.blocks)))
	c.mu.Unlock()
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case f.RateLimited:
		return errRateLimited
	case f.BlackHole:
		return errBlackHole
	}
	return nil
}

var errBlackHole = fmt.Errorf("simchain: no answer before the deadline: %w", context.DeadlineExceeded)

var errRateLimited = errors.New("429 Too Many Requests")

// lag is how many blocks the answering endpoint trails by now.
func (c *Chain) lag() int {
	f := c.o.Faults.at(uint64(len(c.blocks)))
	l := int(f.Lag)
	if f.Slow > 0 {
		l = max(l, 1)
	}
	return min(l, len(c.blocks)-1)
}

func (c *Chain) ChainID(ctx context.Context) (*big.Int, error) {
	return new(big.Int).Set(c.o.ChainID), nil
}

func (c *Chain) HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error) {
	if err := c.enter(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	top := len(c.blocks) - 1 - c.lag()
	if number == nil || number.Sign() < 0 {
		return types.CopyHeader(c.blocks[top].header), nil
	}
	if !number.IsUint64() || number.Uint64() > uint64(top) {
		return nil, ethereum.NotFound
	}
	return types.CopyHeader(c.blocks[number.Uint64()].header), nil
}

func (c *Chain) TransactionReceipt(ctx context.Context, h common.Hash) (*types.Receipt, error) {
	if err := c.enter(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	loc, ok := c.txs[h]
	if !ok || loc.block > uint64(len(c.blocks)-1-c.lag()) {
		return nil, ethereum.NotFound
	}
	return copyReceipt(c.blocks[loc.block].receipts[loc.index]), nil
}

func copyReceipt(r *types.Receipt) *types.Receipt {
	cp := *r
	cp.Logs = make([]*types.Log, len(r.Logs))
	for i, l := range r.Logs {
		lc := *l
		cp.Logs[i] = &lc
	}
	return &cp
}

func (c *Chain) TransactionByHash(ctx context.Context, h common.Hash) (*types.Transaction, bool, error) {
	if err := c.enter(ctx); err != nil {
		return nil, false, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if loc, ok := c.txs[h]; ok {
		return c.blocks[loc.block].txs[loc.index], false, nil
	}
	for _, m := range c.pool {
		for _, tx := range m {
			if tx.Hash() == h {
				return tx, true, nil
			}
		}
	}
	return nil, false, ethereum.NotFound
}

func (c *Chain) BlockReceipts(ctx context.Context, bn rpc.BlockNumberOrHash) ([]*types.Receipt, error) {
	if err := c.enter(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	top := uint64(len(c.blocks) - 1 - c.lag())
	var b *block
	if h, ok := bn.Hash(); ok {
		for i := len(c.blocks) - 1; i >= 0 && b == nil; i-- {
			if c.blocks[i].hash == h && uint64(i) <= top {
				b = c.blocks[i]
			}
		}
	} else if n, ok := bn.Number(); ok {
		switch {
		case n < 0:
			b = c.blocks[top]
		case uint64(n) <= top:
			b = c.blocks[n]
		}
	}
	if b == nil {
		return nil, ethereum.NotFound
	}
	out := make([]*types.Receipt, len(b.receipts))
	for i, r := range b.receipts {
		out[i] = copyReceipt(r)
	}
	return out, nil
}

// NonceAt is a's nonce at the answering endpoint's head: a lagging one
// has not seen a's transactions of the blocks it trails by.
func (c *Chain) NonceAt(ctx context.Context, a common.Address, _ *big.Int) (uint64, error) {
	if err := c.enter(ctx); err != nil {
		return 0, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.st.nonce(a)
	for _, b := range c.blocks[len(c.blocks)-c.lag():] {
		for _, tx := range b.txs {
			if from, _ := types.Sender(c.signer, tx); from == a {
				n--
			}
		}
	}
	return n, nil
}

func (c *Chain) PendingNonceAt(ctx context.Context, a common.Address) (uint64, error) {
	if err := c.enter(ctx); err != nil {
		return 0, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.st.nonce(a)
	for {
		if _, ok := c.pool[a][n]; !ok {
			return n, nil
		}
		n++
	}
}

func (c *Chain) BalanceAt(ctx context.Context, _ common.Address, _ *big.Int) (*big.Int, error) {
	if err := c.enter(ctx); err != nil {
		return nil, err
	}
	return new(big.Int).Mul(big.NewInt(1e18), big.NewInt(1000)), nil
}

func (c *Chain) CodeAt(ctx context.Context, a common.Address, _ *big.Int) ([]byte, error) {
	if err := c.enter(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if a == c.o.Coordinator || c.st.signers[a] != (common.Address{}) {
		return []byte{0x60, 0x00}, nil
	}
	return nil, nil
}

func (c *Chain) SuggestGasTipCap(ctx context.Context) (*big.Int, error) {
	if err := c.enter(ctx); err != nil {
		return nil, err
	}
	return big.NewInt(1e9), nil
}

func (c *Chain) SuggestGasPrice(ctx context.Context) (*big.Int, error) {
	if err := c.enter(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return new(big.Int).Add(c.head().header.BaseFee, big.NewInt(1e9)), nil
}

func (c *Chain) CallContract(ctx context.Context, msg ethereum.CallMsg, _ *big.Int) ([]byte, error) {
	if err := c.enter(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.call(msg)
}

func (c *Chain) call(msg ethereum.CallMsg) ([]byte, error) {
	ctx := &execCtx{c: c, b: c.head(), from: msg.From, view: true}
	return ctx.view2(msg.To, msg.Data)
}

// ReadCallContract is BatchCallContract: one request either way here.
func (c *Chain) ReadCallContract(ctx context.Context, msgs []ethereum.CallMsg) ([][]byte, []error, error) {
	return c.BatchCallContract(ctx, msgs)
}

func (c *Chain) BatchCallContract(ctx context.Context, msgs []ethereum.CallMsg) ([][]byte, []error, error) {
	if err := c.enter(ctx); err != nil {
		return nil, nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	outs, errs := make([][]byte, len(msgs)), make([]error, len(msgs))
	for i, m := range msgs {
		outs[i], errs[i] = c.call(m)
	}
	return outs, errs, nil
}

func (c *Chain) EstimateGas(ctx context.Context, msg ethereum.CallMsg) (uint64, error) {
	return c.EstimateGasAtBlock(ctx, msg, nil)
}

// EstimateGasAtBlock runs msg against the head's state (a past block:
// against the head's state with what later blocks created left out, as
// far as the model tracks it: delegated creations).
func (c *Chain) EstimateGasAtBlock(ctx context.Context, msg ethereum.CallMsg, n *big.Int) (uint64, error) {
	if err := c.enter(ctx); err != nil {
		return 0, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.head()
	at := uint64(len(c.blocks) - 1)
	if n != nil && n.IsUint64() && n.Uint64() < at {
		at = n.Uint64()
	}
	ex := &execCtx{c: c, b: b, from: msg.From, estimate: true, estimateAt: at}
	gas := msg.Gas
	if gas == 0 {
		gas = c.o.GasLimit
	}
	used, _, err := ex.run(msg.To, msg.Data, gas)
	ex.rollback()
	if err != nil {
		return 0, err
	}
	return used, nil
}

func (c *Chain) SendTransaction(ctx context.Context, tx *types.Transaction) error {
	if err := c.enter(ctx); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.add(tx)
}

// Submit adds a user's transaction to the pool past the fault plan (the
// plan is the node's endpoints', not the users').
func (c *Chain) Submit(tx *types.Transaction) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.add(tx)
}

func (c *Chain) SendTransactions(ctx context.Context, txs []*types.Transaction) []error {
	errs := make([]error, len(txs))
	if err := c.enter(ctx); err != nil {
		for i := range errs {
			errs[i] = err
		}
		return errs
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, tx := range txs {
		errs[i] = c.add(tx)
	}
	return errs
}

// add takes tx into the pool by a node's rules.
func (c *Chain) add(tx *types.Transaction) error {
	from, err := types.Sender(c.signer, tx)
	if err != nil {
		return fmt.Errorf("invalid sender: %w", err)
	}
	if tx.Gas() > c.o.GasLimit {
		return errors.New("exceeds block gas limit")
	}
	if _, ok := c.txs[tx.Hash()]; ok {
		return errors.New("already known")
	}
	if tx.Nonce() < c.st.nonce(from) {
		return errors.New("nonce too low")
	}
	m := c.pool[from]
	if m == nil {
		m = map[uint64]*types.Transaction{}
		c.pool[from] = m
	}
	if old, ok := m[tx.Nonce()]; ok {
		if old.Hash() == tx.Hash() {
			return errors.New("already known")
		}
		// A replacement must raise both caps by 10%.
		if !bumped(tx.GasFeeCap(), old.GasFeeCap()) || !bumped(tx.GasTipCap(), old.GasTipCap()) {
			return errors.New("replacement transaction underpriced")
		}
	}
	m[tx.Nonce()] = tx
	return nil
}

func bumped(x, old *big.Int) bool {
	min := new(big.Int).Mul(old, big.NewInt(110))
	min.Div(min, big.NewInt(100))
	return x.Cmp(min) >= 0
}

func (c *Chain) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	if err := c.enter(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	top := uint64(len(c.blocks) - 1 - c.lag())
	from, to := uint64(0), top
	if q.BlockHash != nil {
		for i := len(c.blocks) - 1; i >= 0; i-- {
			if c.blocks[i].hash == *q.BlockHash {
				from, to = uint64(i), uint64(i)
			}
		}
	} else {
		if q.FromBlock != nil {
			from = q.FromBlock.Uint64()
		}
		if q.ToBlock != nil && q.ToBlock.Sign() >= 0 {
			// A range past the endpoint's head is refused, not cut short:
			// a lagging endpoint answering with the logs it has would hide
			// the rest (docs/testing.md, what the model leaves out).
			if q.ToBlock.Uint64() > to {
				return nil, fmt.Errorf("simchain: block range beyond the head %d", to)
			}
			to = q.ToBlock.Uint64()
		}
	}
	var out []types.Log
	for n := from; n <= to && n < uint64(len(c.blocks)); n++ {
		for _, r := range c.blocks[n].receipts {
			for _, l := range r.Logs {
				if matches(l, q) {
					out = append(out, *l)
				}
			}
		}
	}
	return out, nil
}

func matches(l *types.Log, q ethereum.FilterQuery) bool {
	if len(q.Addresses) > 0 && !slices.Contains(q.Addresses, l.Address) {
		return false
	}
	for i, want := range q.Topics {
		if len(want) == 0 {
			continue
		}
		if i >= len(l.Topics) || !slices.Contains(want, l.Topics[i]) {
			return false
		}
	}
	return true
}

func (c *Chain) SubscribeFilterLogs(context.Context, ethereum.FilterQuery, chan<- types.Log) (ethereum.Subscription, error) {
	return nil, chain.ErrNoSubscriptions
}

func (c *Chain) SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error) {
	if err := c.enter(ctx); err != nil {
		return nil, err
	}
	s := &headSub{ch: ch, err: make(chan error, 1), quit: make(chan struct{}), in: make(chan *types.Header, 4096)}
	go s.forward()
	c.mu.Lock()
	c.subs = append(c.subs, s)
	c.mu.Unlock()
	return s, nil
}

// headSub forwards pushed heads to its channel in order, as an RPC
// client's subscription does; a subscriber that falls 4096 heads behind
// loses the subscription.
type headSub struct {
	ch   chan<- *types.Header
	in   chan *types.Header
	err  chan error
	quit chan struct{}
	once sync.Once
}

func (s *headSub) forward() {
	for {
		select {
		case <-s.quit:
			return
		case h := <-s.in:
			select {
			case s.ch <- h:
			case <-s.quit:
				return
			}
		}
	}
}

// push queues h; false when the subscription is over.
func (s *headSub) push(h *types.Header) bool {
	select {
	case <-s.quit:
		return false
	default:
	}
	select {
	case s.in <- h:
		return true
	default:
		s.fail(errors.New("simchain: subscription queue overflow"))
		return false
	}
}

func (s *headSub) fail(err error) {
	s.once.Do(func() {
		s.err <- err
		close(s.quit)
	})
}

func (s *headSub) Unsubscribe() { s.once.Do(func() { close(s.quit); close(s.err) }) }

func (s *headSub) Err() <-chan error { return s.err }
