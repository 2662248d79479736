package txm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/infernode/infernode/internal/storage"
)

// Sentinel errors callers branch on.
var (
	// ErrFeeAboveCap: the network's base fee is above the cap for this
	// call (the subscription's maxGasPrice or the node's max_fee_per_gas);
	// nothing was sent. Retry later.
	ErrFeeAboveCap = errors.New("base fee above the fee cap")
	// ErrGasAboveLimit: the estimated gas exceeds wallet.max_gas_limit.
	ErrGasAboveLimit = errors.New("estimated gas above wallet.max_gas_limit")
)

// SenderOptions configure a Sender. Zero values take the documented defaults.
type SenderOptions struct {
	// Signer signs every transaction (an in-memory key, a keystore, a
	// remote signer). Required.
	Signer Signer
	// MaxGasLimit caps the gas of any transaction (wallet.max_gas_limit).
	// Default 10,000,000 (the example consumer asks 5,000,000 for its callback).
	MaxGasLimit uint64
	// MaxFeePerGas and MaxTipPerGas are the node's fee limits in wei;
	// nil means no node limit (a call's own cap still applies).
	MaxFeePerGas *big.Int
	MaxTipPerGas *big.Int
	// GasMarginPercent is added to every gas estimate. Default 25.
	GasMarginPercent uint64
	// Confirmations is how many blocks (the mined one included) make a
	// receipt final. Default 1.
	Confirmations uint64
	// MaxInFlight bounds unconfirmed transactions (memory and journal
	// records); Send waits for a slot. Default 1024. Block space is
	// bounded by MaxPendingGas, not by this count.
	MaxInFlight int
	// MaxPendingGas bounds the gas the transactions sent and not yet final
	// are expected to use; Send waits while the next one would exceed it
	// (one transaction is always let through). Expected gas is the
	// estimate scaled by the ratio of gas used to estimate measured on this
	// sender's mined transactions. Default 0: the gas limit of the latest
	// block, so deliveries fill each block and the backlog waits in the
	// node (where it can still be skipped) rather than in the pool (where
	// it would be replaced as stuck).
	MaxPendingGas uint64
	// StuckBlocks is how many new heads a transaction may stay unmined
	// before it is replaced with a higher fee. Default 3.
	StuckBlocks uint64
	// PollInterval paces the monitor loop. Default 1s.
	PollInterval time.Duration
	// Decoder decodes revert reasons (coordinator.RevertDecoder); nil
	// leaves simulation errors as the RPC returned them.
	Decoder RevertDecoder
	// AllowedSimErrors are substrings of simulation errors that do not stop
	// a send (wallet.allowed_sim_errors).
	AllowedSimErrors []string
	Logger           *slog.Logger
}

func (o *SenderOptions) defaults() {
	if o.MaxGasLimit == 0 {
		o.MaxGasLimit = 10_000_000
	}
	if o.GasMarginPercent == 0 {
		o.GasMarginPercent = 25
	}
	if o.Confirmations == 0 {
		o.Confirmations = 1
	}
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = 1024
	}
	if o.StuckBlocks == 0 {
		o.StuckBlocks = 3
	}
	if o.PollInterval <= 0 {
		o.PollInterval = time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Decoder == nil {
		o.Decoder = rawErrors{}
	}
}

// RevertDecoder turns an RPC error that carries revert data into a typed
// revert error, and returns any other error unchanged
// (coordinator.RevertDecoder).
type RevertDecoder interface {
	FromError(err error) error
}

// rawErrors is the RevertDecoder of a sender given none.
type rawErrors struct{}

func (rawErrors) FromError(err error) error { return err }

// Call is one transaction to send.
type Call struct {
	// Key makes Send idempotent: a second Send with a key already in the
	// journal returns the first record and sends nothing. Empty: no check.
	Key   string
	To    common.Address
	Data  []byte
	Value *big.Int
	// MaxFeePerGas caps the fee per gas of this call (a subscription's
	// maxGasPrice); nil: only the node's limit.
	MaxFeePerGas *big.Int
	// MinGas is a floor for the gas limit (e.g. the callback's gas plus
	// overhead), applied after the estimate and its margin.
	MinGas uint64
}

// Sender signs, sends and tracks the transactions of one account, with
// every nonce journaled in the nonce table (storage.TableNonce) before the
// transaction leaves the process. Safe for concurrent use. Run must be
// running for transactions to be confirmed, replaced or rebroadcast.
type Sender struct {
	b       Backend
	o       SenderOptions
	j       *journal
	addr    common.Address
	chainID *big.Int
	signer  types.Signer

	sendMu  sync.Mutex // serialises nonce reservation
	mu      sync.Mutex // guards open, slots, gas, expect, changed, head, tip*, usedRatio
	open    map[uint64]*Record
	slots   int
	changed chan struct{}
	// gas is the expected gas of the open transactions (expect by nonce).
	gas    uint64
	expect map[uint64]uint64
	// usedRatio is gas used / estimate on this sender's mined
	// transactions (a moving average; initialUsedRatio until the first
	// receipt).
	usedRatio float64
	learned   bool
	estimates map[uint64]uint64 // estimate by nonce, for usedRatio
	// head is the latest head, pushed by ObserveHead (headFed) or read by
	// the monitor; tip is the suggested tip read once for tipBlock.
	head     *types.Header
	headFed  bool
	tip      *big.Int
	tipBlock uint64
	kick     chan struct{}
	tipMu    sync.Mutex
	bq       broadcastQueue

	stepMu   sync.Mutex  // one monitor step at a time; guards the fields below
	stepHead common.Hash // head of the last monitor step
	scanned  uint64      // last block whose receipts were read
	mined    map[common.Hash]*types.Receipt
	checked  map[uint64]uint64 // nonce -> head at the last pool check
}

// NewSender opens the journal of opts.Key's account in nonces (the node
// store's storage.TableNonce table) and reconciles it
// with the chain: the next nonce is the larger of the journal's and the
// chain's pending nonce, and every journaled nonce the chain has not seen
// is tracked again (sent ones rebroadcast, reserved ones filled by a no-op).
func NewSender(ctx context.Context, b Backend, nonces storage.KeyValueStore, opts SenderOptions) (*Sender, error) {
	if opts.Signer == nil {
		return nil, errors.New("sender: no signer (chain.wallet)")
	}
	opts.defaults()
	chainID, err := b.ChainID(ctx)
	if err != nil {
		return nil, fmt.Errorf("sender: read chain id: %w", err)
	}
	s := &Sender{
		b: b, o: opts, chainID: chainID,
		addr:    opts.Signer.Address(),
		signer:  types.LatestSignerForChainID(chainID),
		open:    map[uint64]*Record{},
		changed: make(chan struct{}),
		expect:  map[uint64]uint64{}, estimates: map[uint64]uint64{}, usedRatio: initialUsedRatio,
		kick:  make(chan struct{}, 1),
		mined: map[common.Hash]*types.Receipt{}, checked: map[uint64]uint64{},
	}
	s.j = newJournal(nonces, s.addr)
	if err := s.reconcile(ctx); err != nil {
		return nil, fmt.Errorf("sender: reconcile nonces of %s: %w", s.addr, err)
	}
	next, _, err := s.j.next()
	if err != nil {
		return nil, fmt.Errorf("sender: read next nonce: %w", err)
	}
	s.bq = broadcastQueue{next: next, ready: map[uint64]queuedTx{}}
	return s, nil
}

func (s *Sender) reconcile(ctx context.Context) error {
	open, err := s.j.open()
	if err != nil {
		return err
	}
	for _, r := range open {
		s.open[r.Nonce] = r
	}
	pending, err := s.b.PendingNonceAt(ctx, s.addr)
	if err != nil {
		return fmt.Errorf("read pending nonce: %w", err)
	}
	next, ok, err := s.j.next()
	if err != nil {
		return err
	}
	switch {
	case !ok || pending > next:
		if err := s.j.setNext(pending); err != nil {
			return err
		}
	case next > pending:
		// Nonces the chain has not seen: each must have a record; a gap
		// (should not happen: reservation is one batch) gets a no-op.
		for n := pending; n < next; n++ {
			if _, ok := s.open[n]; ok {
				continue
			}
			if _, err := s.j.get(n); err == nil {
				continue
			}
			r := &Record{Nonce: n, State: StateReserved}
			if err := s.j.put(r); err != nil {
				return err
			}
			s.open[n] = r
		}
	}
	s.slots = len(s.open)
	for n, r := range s.open {
		s.expect[n] = r.Gas
		s.gas += r.Gas
	}
	if len(s.open) > 0 {
		s.o.Logger.Info("sender: resuming journaled transactions", "address", s.addr, "open", len(s.open), "pending_nonce", pending)
	}
	return nil
}

// Address is the sending account.
func (s *Sender) Address() common.Address { return s.addr }

// ChainID is the chain's id, read at start.
func (s *Sender) ChainID() *big.Int { return new(big.Int).Set(s.chainID) }

// InFlight counts transactions sent or being sent and not yet final.
func (s *Sender) InFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.slots
}

// Lookup returns the journal record sent under key.
func (s *Sender) Lookup(key string) (*Record, bool, error) {
	r, err := s.j.byKey(key)
	if errors.Is(err, storage.ErrKeyNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return r, true, nil
}

// Records returns every journal record (tests and tooling).
func (s *Sender) Records() ([]*Record, error) { return s.j.all() }

func (s *Sender) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// acquire takes a slot for a transaction expected to use gas: it waits
// while MaxInFlight transactions are open, or while their expected gas plus
// this one's would exceed the pending-gas budget.
func (s *Sender) acquire(ctx context.Context, gas uint64) error {
	for {
		s.mu.Lock()
		budget := s.o.MaxPendingGas
		if budget == 0 && s.head != nil {
			budget = s.head.GasLimit
		}
		if s.slots < s.o.MaxInFlight && (s.gas == 0 || budget == 0 || s.gas+gas <= budget) {
			s.slots++
			s.gas += gas
			s.mu.Unlock()
			return nil
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (s *Sender) release(gas uint64) {
	s.mu.Lock()
	s.slots--
	s.gas -= min(gas, s.gas)
	s.notifyLocked()
	s.mu.Unlock()
}

// initialUsedRatio is the ratio of gas used to estimate assumed until this
// sender's first receipt. A delivery's estimate carries the callback's whole
// gas reserve (the echo's: estimated ~137,000, used ~86,000, 0.63); 1 would
// let a cold node's first block of a backlog fill to about 60 %. Erring low
// costs little: the first receipts replace it, and what the first block
// cannot take is mined in the next.
const initialUsedRatio = 0.5

// expected is the gas a transaction estimated at est is expected to use.
func (s *Sender) expected(est uint64) uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return max(uint64(float64(est)*s.usedRatio), 21_000)
}

// ObserveHead gives the sender the latest head (the relay follows heads
// anyway): sends price against it instead of reading it again, and the
// monitor is woken to read the new block's receipts.
func (s *Sender) ObserveHead(h *types.Header) {
	s.mu.Lock()
	s.head, s.headFed = h, true // lower after a reorg, too
	s.mu.Unlock()
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

// latestHead is the observed head when heads are pushed, else a fresh read.
func (s *Sender) latestHead(ctx context.Context) (*types.Header, error) {
	s.mu.Lock()
	h, fed := s.head, s.headFed
	s.mu.Unlock()
	if fed && h != nil {
		return h, nil
	}
	h, err := s.b.HeaderByNumber(ctx, nil)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if s.head == nil || h.Number.Cmp(s.head.Number) >= 0 {
		s.head = h
	}
	s.mu.Unlock()
	return h, nil
}

// Simulate runs c with eth_call from the sender's address against the latest
// block and returns the decoded revert, if any.
func (s *Sender) Simulate(ctx context.Context, c Call) ([]byte, error) {
	out, err := s.b.CallContract(ctx, s.msg(c), nil)
	if err != nil {
		return nil, s.o.Decoder.FromError(err)
	}
	return out, nil
}

func (s *Sender) msg(c Call) ethereum.CallMsg {
	to := c.To
	return ethereum.CallMsg{From: s.addr, To: &to, Data: c.Data, Value: c.Value}
}

func (s *Sender) simAllowed(err error) bool {
	for _, a := range s.o.AllowedSimErrors {
		if a != "" && strings.Contains(err.Error(), a) {
			return true
		}
	}
	return false
}

// Send simulates c, estimates its gas, prices it within the caps, reserves a
// nonce, journals the signed transaction and broadcasts it (in nonce order:
// a concurrent Send may be the one that hands it to the chain, just after
// this one returns). It returns the journal record; Wait follows it to a
// final state. A simulation revert is
// returned as a *RevertError and nothing is sent; ErrFeeAboveCap means the
// base fee is above the cap now.
func (s *Sender) Send(ctx context.Context, c Call) (*Record, error) {
	if c.Key != "" {
		if r, ok, err := s.Lookup(c.Key); err != nil {
			return nil, fmt.Errorf("look up %q: %w", c.Key, err)
		} else if ok {
			return r, nil
		}
	}
	// The estimate is the simulation: a revert comes back from it decoded.
	gas, est, err := s.estimate(ctx, c)
	if err != nil {
		return nil, err
	}
	if _, err := s.latestHead(ctx); err != nil { // the budget needs the block gas limit
		return nil, fmt.Errorf("read head: %w", err)
	}
	exp := s.expected(est)
	if err := s.acquire(ctx, exp); err != nil {
		return nil, err
	}
	r, err := s.send(ctx, c, gas, est, exp)
	if err != nil {
		s.release(exp)
		return nil, err
	}
	return r, nil
}

func (s *Sender) send(ctx context.Context, c Call, gas, est, exp uint64) (*Record, error) {
	head, err := s.latestHead(ctx)
	if err != nil {
		return nil, fmt.Errorf("read head: %w", err)
	}
	limit := minCap(c.MaxFeePerGas, s.o.MaxFeePerGas)
	tip, feeCap, err := s.fees(ctx, head, limit)
	if err != nil {
		return nil, err
	}

	s.sendMu.Lock()
	locked := true
	defer func() {
		if locked {
			s.sendMu.Unlock()
		}
	}()
	if c.Key != "" { // a concurrent Send with the same key may have won
		if r, ok, err := s.Lookup(c.Key); err != nil {
			return nil, err
		} else if ok {
			s.release(exp)
			return r, nil
		}
	}
	nonce, _, err := s.j.next()
	if err != nil {
		return nil, fmt.Errorf("read next nonce: %w", err)
	}
	r := &Record{Nonce: nonce, Key: c.Key, State: StateReserved, To: c.To, Data: c.Data, Gas: gas}
	if c.Value != nil {
		r.Value = (*hexutil.Big)(new(big.Int).Set(c.Value))
	}
	if limit != nil {
		r.FeeCap = (*hexutil.Big)(new(big.Int).Set(limit))
	}
	// Signed first, so the nonce, the signed bytes and the next nonce are
	// journaled in one synced batch (one fsync per transaction on the
	// serialised path); nothing leaves the process before it.
	tx, err := s.sign(ctx, r, tip, feeCap)
	if err != nil {
		return nil, fmt.Errorf("sign nonce %d: %w", nonce, err)
	}
	raw, err := tx.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("encode nonce %d: %w", nonce, err)
	}
	r.Raw, r.State, r.SentHead = []hexutil.Bytes{raw}, StateSent, head.Number.Uint64()
	wait, err := s.j.reserveNoSyncWait(r)
	if err != nil {
		return nil, fmt.Errorf("journal nonce %d: %w", nonce, err)
	}
	// The next nonce is taken in memory order; the fsync is shared with
	// concurrent sends, outside the lock.
	s.sendMu.Unlock()
	locked = false
	if err := wait(); err != nil {
		// Applied but not known durable: the nonce is in the WAL, so it
		// is tracked (the monitor rebroadcasts it), never reused.
		s.o.Logger.Error("sender: journal sync failed", "nonce", nonce, "err", err)
	}
	// From here the nonce is accounted for: the monitor follows it (and
	// rebroadcasts it if this broadcast is lost).
	out := r.copy()
	s.mu.Lock()
	s.open[nonce] = r
	s.expect[nonce], s.estimates[nonce] = exp, est
	s.mu.Unlock()
	s.broadcastInOrder(ctx, out, tx)
	return out, nil
}

// broadcastQueue hands first broadcasts to the chain in nonce order.
// Concurrent sends journal their nonces in order but finish their fsync
// waits in any order; a transaction broadcast before a lower nonce leaves a
// gap, and a block built meanwhile takes only the nonces below it (a block
// that had 219 deliveries ready took 46).
type broadcastQueue struct {
	mu    sync.Mutex
	next  uint64 // lowest nonce reserved by Send and not yet broadcast
	ready map[uint64]queuedTx
	busy  bool // a Send is broadcasting for the others
}

type queuedTx struct {
	r  *Record
	tx *types.Transaction
}

// broadcastInOrder queues a journaled transaction; the Send that finds no
// other broadcasting takes every queued one whose lower nonces are gone and
// broadcasts them in order, as one batch when the backend can. Every nonce
// Send reserves reaches this queue (after its journal sync), so the queue
// never waits for a nonce that will not come; a broadcast lost here is
// repeated by the monitor.
func (s *Sender) broadcastInOrder(ctx context.Context, r *Record, tx *types.Transaction) {
	q := &s.bq
	q.mu.Lock()
	q.ready[r.Nonce] = queuedTx{r, tx}
	if q.busy {
		q.mu.Unlock()
		return
	}
	q.busy = true
	// The batch carries other Sends' transactions: it must not end with
	// this caller's context.
	bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	for {
		var batch []queuedTx
		for {
			it, ok := q.ready[q.next]
			if !ok {
				break
			}
			delete(q.ready, q.next)
			q.next++
			batch = append(batch, it)
		}
		if len(batch) == 0 {
			q.busy = false
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
		s.broadcastAll(bctx, batch)
		q.mu.Lock()
	}
}

// broadcastAll broadcasts txs in order: one JSON-RPC batch when the
// backend can, else one after another.
func (s *Sender) broadcastAll(ctx context.Context, txs []queuedTx) {
	bs, ok := s.b.(TransactionBatchSender)
	if !ok || len(txs) == 1 {
		for _, q := range txs {
			s.broadcast(ctx, q.r, q.tx)
		}
		return
	}
	signed := make([]*types.Transaction, len(txs))
	for i, q := range txs {
		signed[i] = q.tx
	}
	errs := bs.SendTransactions(ctx, signed)
	for i, q := range txs {
		var err error
		if i < len(errs) {
			err = errs[i]
		}
		s.broadcasted(q.r, q.tx, err)
	}
}

func (r *Record) copy() *Record {
	c := *r
	c.Raw = append([]hexutil.Bytes(nil), r.Raw...)
	return &c
}

// estimate returns the gas limit for c and the bare estimate. A revert is
// returned decoded, as the simulation's error.
func (s *Sender) estimate(ctx context.Context, c Call) (gas, est uint64, err error) {
	if be, ok := s.b.(BlockGasEstimator); ok {
		est, err = be.EstimateGasAtBlock(ctx, s.msg(c), nil) // latest, not pending
	} else {
		est, err = s.b.EstimateGas(ctx, s.msg(c))
	}
	if err != nil {
		decoded := s.o.Decoder.FromError(err)
		if !s.simAllowed(decoded) {
			if decoded != err { // a revert, with its reason
				return 0, 0, fmt.Errorf("simulate: %w", decoded)
			}
			return 0, 0, fmt.Errorf("estimate gas: %w", err)
		}
		est = s.o.MaxGasLimit
	}
	gas = est + est*s.o.GasMarginPercent/100
	if gas < c.MinGas {
		gas = c.MinGas
	}
	if gas > s.o.MaxGasLimit {
		if est > s.o.MaxGasLimit || c.MinGas > s.o.MaxGasLimit {
			return 0, 0, fmt.Errorf("%w: need %d, limit %d", ErrGasAboveLimit, max(est, c.MinGas), s.o.MaxGasLimit)
		}
		gas = s.o.MaxGasLimit
	}
	return gas, est, nil
}

func minCap(a, b *big.Int) *big.Int {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case a.Cmp(b) <= 0:
		return a
	}
	return b
}

// fees picks an EIP-1559 tip and fee cap: the suggested tip (capped by the
// node's tip limit), a fee cap of 2*baseFee+tip, both within limit.
func (s *Sender) fees(ctx context.Context, head *types.Header, limit *big.Int) (tip, feeCap *big.Int, err error) {
	base := head.BaseFee
	if base == nil {
		base = new(big.Int)
	}
	if limit != nil && base.Cmp(limit) > 0 {
		return nil, nil, fmt.Errorf("%w: base fee %s > cap %s", ErrFeeAboveCap, base, limit)
	}
	if tip, err = s.suggestTip(ctx, head); err != nil {
		return nil, nil, err
	}
	if s.o.MaxTipPerGas != nil && tip.Cmp(s.o.MaxTipPerGas) > 0 {
		tip = new(big.Int).Set(s.o.MaxTipPerGas)
	}
	feeCap = new(big.Int).Add(new(big.Int).Mul(base, big.NewInt(2)), tip)
	if limit != nil && feeCap.Cmp(limit) > 0 {
		feeCap = new(big.Int).Set(limit)
	}
	if tip.Cmp(feeCap) > 0 {
		tip = new(big.Int).Set(feeCap)
	}
	return tip, feeCap, nil
}

// suggestTip reads the suggested tip once per block.
func (s *Sender) suggestTip(ctx context.Context, head *types.Header) (*big.Int, error) {
	n := head.Number.Uint64()
	s.tipMu.Lock() // concurrent sends at a new block ask once
	defer s.tipMu.Unlock()
	s.mu.Lock()
	if s.tip != nil && s.tipBlock == n {
		tip := new(big.Int).Set(s.tip)
		s.mu.Unlock()
		return tip, nil
	}
	s.mu.Unlock()
	tip, err := s.b.SuggestGasTipCap(ctx)
	if err != nil {
		return nil, fmt.Errorf("suggest tip: %w", err)
	}
	s.mu.Lock()
	if n >= s.tipBlock {
		s.tip, s.tipBlock = new(big.Int).Set(tip), n
	}
	s.mu.Unlock()
	return tip, nil
}

func (s *Sender) sign(ctx context.Context, r *Record, tip, feeCap *big.Int) (*types.Transaction, error) {
	to := r.To
	return s.o.Signer.SignTx(ctx, types.NewTx(&types.DynamicFeeTx{
		ChainID: s.chainID, Nonce: r.Nonce, GasTipCap: tip, GasFeeCap: feeCap,
		Gas: r.Gas, To: &to, Value: bigOrZero(r.Value), Data: r.Data,
	}), s.chainID)
}

// commitVersion journals a newly signed version of r before it is broadcast.
func (s *Sender) commitVersion(r *Record, tx *types.Transaction, head uint64) error {
	raw, err := tx.MarshalBinary()
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r.Raw = append(r.Raw, raw)
	r.State = StateSent
	r.SentHead = head
	return s.j.put(r)
}

func (s *Sender) broadcast(ctx context.Context, r *Record, tx *types.Transaction) {
	s.broadcasted(r, tx, s.b.SendTransaction(ctx, tx))
}

// broadcasted logs the outcome of broadcasting tx.
func (s *Sender) broadcasted(r *Record, tx *types.Transaction, err error) {
	if err == nil || strings.Contains(err.Error(), "already known") {
		s.o.Logger.Debug("sender: broadcast", "nonce", r.Nonce, "hash", tx.Hash(), "key", r.Key)
		return
	}
	// The monitor retries; a nonce already used shows up there as a receipt.
	s.o.Logger.Warn("sender: broadcast failed", "nonce", r.Nonce, "hash", tx.Hash(), "key", r.Key, "err", err)
}

// Wait blocks until the transaction sent under key is final and returns its
// record (State Confirmed or Failed).
func (s *Sender) Wait(ctx context.Context, key string) (*Record, error) {
	nonce, known := uint64(0), false
	for {
		s.mu.Lock()
		ch := s.changed
		// While the nonce is open, nothing final is in the journal: the
		// wake-up costs no read (many deliveries wait at once).
		if known {
			if r, open := s.open[nonce]; open && r.Key == key {
				s.mu.Unlock()
				select {
				case <-ch:
					continue
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			}
		}
		s.mu.Unlock()
		r, ok, err := s.Lookup(key)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, fmt.Errorf("wait for %q: no such transaction", key)
		}
		if r.State.Final() {
			return r, nil
		}
		nonce, known = r.Nonce, true
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// Run is the monitor loop: every PollInterval (or Kick) it follows each open
// transaction to confirmation, replaces stuck ones and rebroadcasts dropped
// ones. It returns when ctx is done.
func (s *Sender) Run(ctx context.Context) error {
	t := time.NewTicker(s.o.PollInterval)
	defer t.Stop()
	for {
		if err := s.Step(ctx); err != nil && ctx.Err() == nil {
			s.o.Logger.Warn("sender: monitor step", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		case <-s.kick:
		}
	}
}

// Step runs one monitor pass over the open transactions. It acts once per
// new head (and on reserved nonces at once): the receipts of every block
// since the last pass are read with one eth_getBlockReceipts each, so the
// cost does not grow with the number of transactions in flight.
func (s *Sender) Step(ctx context.Context) error {
	s.stepMu.Lock()
	defer s.stepMu.Unlock()
	s.mu.Lock()
	recs := make([]*Record, 0, len(s.open))
	reserved := false
	for _, r := range s.open {
		recs = append(recs, r)
		reserved = reserved || r.State == StateReserved
	}
	s.mu.Unlock()
	if len(recs) == 0 {
		return nil
	}
	sort.Slice(recs, func(i, k int) bool { return recs[i].Nonce < recs[k].Nonce })
	head, err := s.latestHead(ctx)
	if err != nil {
		return fmt.Errorf("read head: %w", err)
	}
	n := head.Number.Uint64()
	if head.Hash() == s.stepHead && !reserved {
		return nil // nothing can have changed on chain
	}
	s.stepHead = head.Hash()
	if n <= s.scanned { // a reorg: the head's block is new
		s.scanned = n - 1
	}
	perTx := s.scanReceipts(ctx, recs, n)
	var mined uint64
	var minedRead bool
	var errs []error
	var fin []finalRecord
	for _, r := range recs {
		if err := s.follow(ctx, r, head, perTx, &fin, func() (uint64, error) {
			if !minedRead {
				m, err := s.b.NonceAt(ctx, s.addr, nil)
				if err != nil {
					return 0, fmt.Errorf("read nonce: %w", err)
				}
				mined, minedRead = m, true
			}
			return mined, nil
		}); err != nil {
			errs = append(errs, fmt.Errorf("nonce %d: %w", r.Nonce, err))
		}
	}
	if err := s.finishAll(fin); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// BlockReceiptsReader is implemented by backends that serve
// eth_getBlockReceipts (ethclient, the simulated backend's client).
type BlockReceiptsReader interface {
	BlockReceipts(ctx context.Context, blockNrOrHash rpc.BlockNumberOrHash) ([]*types.Receipt, error)
}

// scanReceipts reads the receipts of the blocks after the last scanned one
// up to head and keeps those of open transactions. It returns true when
// receipts must be read per transaction instead: the backend cannot serve
// block receipts, a read failed, or the range is too long (after a restart).
func (s *Sender) scanReceipts(ctx context.Context, recs []*Record, head uint64) bool {
	br, ok := s.b.(BlockReceiptsReader)
	if !ok {
		return true
	}
	mine := map[common.Hash]bool{}
	minSent := uint64(1<<63 - 1)
	for _, r := range recs {
		s.mu.Lock()
		for _, h := range r.Hashes() {
			mine[h] = true
		}
		if r.State == StateSent {
			minSent = min(minSent, r.SentHead)
		}
		s.mu.Unlock()
	}
	// A transaction is mined after the head it was priced against: the
	// first pass starts after the oldest one's. A block scanned before a
	// transaction joined the set is caught by the per-transaction check
	// in follow (its nonce is spent but no receipt was seen).
	from := s.scanned + 1
	if s.scanned == 0 {
		from = minSent + 1
	}
	const maxScan = 16
	if head >= from && head-from >= maxScan {
		s.scanned = head
		return true
	}
	for b := from; b <= head; b++ {
		rcs, err := br.BlockReceipts(ctx, rpc.BlockNumberOrHashWithNumber(rpc.BlockNumber(b)))
		if err != nil {
			s.o.Logger.Debug("sender: block receipts; reading per transaction", "block", b, "err", err)
			return true
		}
		for _, rc := range rcs {
			if mine[rc.TxHash] {
				s.mined[rc.TxHash] = rc
			}
		}
		s.scanned = b
	}
	return false
}

// follow moves r on: a final state found is appended to fin (Step journals
// them together), a stuck transaction is replaced, a dropped one rebroadcast.
func (s *Sender) follow(ctx context.Context, r *Record, head *types.Header, perTx bool, fin *[]finalRecord, minedNonce func() (uint64, error)) error {
	s.mu.Lock()
	state := r.State
	hashes := r.Hashes()
	s.mu.Unlock()
	if state == StateReserved {
		return s.fillNoop(ctx, r, head)
	}
	for _, h := range hashes {
		rc := s.mined[h]
		if rc == nil && !perTx {
			continue
		}
		if rc == nil || s.o.Confirmations > 1 && head.Number.Uint64()+1-rc.BlockNumber.Uint64() >= s.o.Confirmations {
			// Per transaction, or re-read when deep enough: a reorg may
			// have moved it.
			var err error
			rc, err = s.b.TransactionReceipt(ctx, h)
			if errors.Is(err, ethereum.NotFound) || (err == nil && rc == nil) ||
				(err != nil && strings.Contains(err.Error(), "indexing is in progress")) {
				delete(s.mined, h)
				continue
			}
			if err != nil {
				return fmt.Errorf("receipt %s: %w", h, err)
			}
		}
		depth := head.Number.Uint64() + 1 - rc.BlockNumber.Uint64()
		if head.Number.Uint64() < rc.BlockNumber.Uint64() || depth < s.o.Confirmations {
			s.mined[h] = rc
			return nil // mined, not yet deep enough
		}
		final := *r
		final.MinedHash, final.MinedBlock = h, rc.BlockNumber.Uint64()
		switch {
		case r.Noop:
			final.State, final.Err = StateFailed, "nonce filled by a no-op"
		case rc.Status == types.ReceiptStatusSuccessful:
			final.State = StateConfirmed
		default:
			final.State, final.Err = StateFailed, "reverted on chain"
		}
		s.learn(r.Nonce, rc.GasUsed)
		*fin = append(*fin, finalRecord{r, &final})
		return nil
	}
	mined, err := minedNonce()
	if err != nil {
		return err
	}
	if mined > r.Nonce {
		if !perTx { // scanned blocks may have missed it: ask once directly
			return s.follow(ctx, r, head, true, fin, minedNonce)
		}
		// The nonce was consumed by a transaction we never journaled.
		final := *r
		final.State, final.Err = StateFailed, "nonce consumed by another transaction"
		*fin = append(*fin, finalRecord{r, &final})
		return nil
	}
	tx := r.Latest()
	if tx == nil {
		return s.fillNoop(ctx, r, head)
	}
	if head.Number.Uint64() >= r.SentHead+s.o.StuckBlocks {
		return s.replace(ctx, r, tx, head)
	}
	// Not mined in a block since it was sent: is it still in the pool?
	// Asked once per block per transaction.
	if head.Number.Uint64() == r.SentHead || s.checked[r.Nonce] == head.Number.Uint64() {
		return nil
	}
	s.checked[r.Nonce] = head.Number.Uint64()
	if _, _, err := s.b.TransactionByHash(ctx, tx.Hash()); errors.Is(err, ethereum.NotFound) {
		s.broadcast(ctx, r, tx) // dropped from the pool: send the same bytes again
	}
	return nil
}

// learn updates the ratio of gas used to estimate from a mined receipt.
func (s *Sender) learn(nonce, used uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	est := s.estimates[nonce]
	if est == 0 || used == 0 {
		return
	}
	ratio := min(float64(used)/float64(est), 1)
	if !s.learned {
		s.usedRatio, s.learned = ratio, true
		return
	}
	s.usedRatio = 0.8*s.usedRatio + 0.2*ratio
}

// finalRecord is an open record and the final state follow found for it.
type finalRecord struct{ r, final *Record }

// finishAll journals the final states of one monitor step in one synced
// batch, then frees their slots and wakes the waiters once: a block of
// hundreds of deliveries costs one fsync and one wake-up, so the pending-gas
// budget is given back right after the block's receipts are read.
func (s *Sender) finishAll(fin []finalRecord) error {
	if len(fin) == 0 {
		return nil
	}
	finals := make([]*Record, len(fin))
	for i, f := range fin {
		finals[i] = f.final
	}
	if err := s.j.putAll(finals); err != nil {
		return fmt.Errorf("journal %d final states: %w", len(fin), err)
	}
	var exp uint64
	s.mu.Lock()
	for _, f := range fin {
		n := f.r.Nonce
		*f.r = *f.final
		delete(s.open, n)
		exp += s.expect[n]
		delete(s.expect, n)
		delete(s.estimates, n)
	}
	s.slots -= len(fin)
	s.gas -= min(exp, s.gas)
	s.notifyLocked()
	s.mu.Unlock()
	for _, f := range fin {
		delete(s.checked, f.r.Nonce) // finishAll runs under stepMu
		for _, h := range f.final.Hashes() {
			delete(s.mined, h)
		}
		s.o.Logger.Debug("sender: final", "nonce", f.r.Nonce, "state", f.final.State, "key", f.r.Key, "hash", f.final.MinedHash)
	}
	return nil
}

// bump returns x * 1.125, rounded up: more than the pools' 10% minimum.
func bump(x *big.Int) *big.Int {
	y := new(big.Int).Mul(x, big.NewInt(1125))
	y.Add(y, big.NewInt(999))
	return y.Div(y, big.NewInt(1000))
}

// replace re-signs a stuck transaction with tip and fee cap raised by at
// least 12.5% (and to the current market), within the record's cap; when the
// cap leaves no room for a valid replacement, it rebroadcasts instead.
func (s *Sender) replace(ctx context.Context, r *Record, old *types.Transaction, head *types.Header) error {
	var limit *big.Int
	if r.FeeCap != nil {
		limit = (*big.Int)(r.FeeCap)
	}
	tip, feeCap, err := s.fees(ctx, head, limit)
	if err != nil {
		s.broadcast(ctx, r, old)
		return nil
	}
	minTip, minCap := bump(old.GasTipCap()), bump(old.GasFeeCap())
	if tip.Cmp(minTip) < 0 {
		tip = minTip
	}
	if feeCap.Cmp(minCap) < 0 {
		feeCap = minCap
	}
	if feeCap.Cmp(tip) < 0 {
		feeCap = new(big.Int).Set(tip)
	}
	if limit != nil && feeCap.Cmp(limit) > 0 {
		s.broadcast(ctx, r, old)
		s.mu.Lock()
		r.SentHead = head.Number.Uint64()
		s.mu.Unlock()
		return nil
	}
	tx, err := s.sign(ctx, r, tip, feeCap)
	if err != nil {
		return err
	}
	if err := s.commitVersion(r, tx, head.Number.Uint64()); err != nil {
		return err
	}
	s.o.Logger.Info("sender: replacing stuck transaction", "nonce", r.Nonce, "old", old.Hash(), "new", tx.Hash(), "tip", tip, "fee_cap", feeCap)
	s.broadcast(ctx, r, tx)
	return nil
}

// fillNoop spends a reserved nonce whose transaction was never signed with a
// zero-value self-transfer, so later nonces are not blocked.
func (s *Sender) fillNoop(ctx context.Context, r *Record, head *types.Header) error {
	tip, feeCap, err := s.fees(ctx, head, s.o.MaxFeePerGas)
	if err != nil {
		return err
	}
	s.mu.Lock()
	r.To, r.Data, r.Value, r.Gas, r.Noop, r.FeeCap = s.addr, nil, nil, 21000, true, nil
	s.mu.Unlock()
	tx, err := s.sign(ctx, r, tip, feeCap)
	if err != nil {
		return err
	}
	if err := s.commitVersion(r, tx, head.Number.Uint64()); err != nil {
		return err
	}
	s.o.Logger.Warn("sender: filling unsent nonce with a no-op", "nonce", r.Nonce, "key", r.Key)
	s.broadcast(ctx, r, tx)
	return nil
}
