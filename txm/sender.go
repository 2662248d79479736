package txm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/internal/storage"
)

// Sentinel errors callers branch on.
var (
	// ErrFeeAboveCap: the network's base fee is above the cap for this
	// call (the subscription's maxGasPrice or the node's max_fee_per_gas);
	// nothing was sent. Retry later.
	ErrFeeAboveCap = errors.New("base fee above the fee cap")
	// ErrGasAboveLimit: the estimated gas exceeds wallet.max_gas_limit or
	// the latest block's gas limit.
	ErrGasAboveLimit = errors.New("estimated gas above wallet.max_gas_limit")
	// ErrGasAboveCap: the estimated gas exceeds the call's MaxGas.
	ErrGasAboveCap = errors.New("estimated gas above the call's cap")
)

// SenderOptions configure a Sender. Zero values take the documented defaults.
// DefaultRetention is SenderOptions.Retention's default (chain.retention's).
const DefaultRetention = 7 * 24 * time.Hour

type SenderOptions struct {
	// Signer signs every transaction (an in-memory key, a keystore, a
	// remote signer). Required.
	Signer Signer
	// MaxGasLimit caps the gas of any transaction (wallet.max_gas_limit).
	// Default 10,000,000 (the example consumer asks 1,000,000 for its callback).
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
	// StuckBlocks is how many blocks the lowest unmined nonce may stay
	// priced below the market, with no replacement fitting its caps,
	// before it is given up: replaced by a zero-value self-transfer
	// (chain.wallet.stuck_blocks). Default 10.
	StuckBlocks uint64
	// PollInterval paces the monitor loop. Default 1s.
	PollInterval time.Duration
	// Retention is how long (block time) a journal record is kept once it
	// is final (chain.retention): the monitor deletes older ones, with
	// their idempotency keys (Lookup no longer knows them), once an hour
	// of block time (a quarter of a shorter retention). Default 7 days.
	Retention time.Duration
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
		o.StuckBlocks = 10
	}
	if o.PollInterval <= 0 {
		o.PollInterval = time.Second
	}
	if o.Retention <= 0 {
		o.Retention = DefaultRetention
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
	// MaxGas, when set, refuses the call (ErrGasAboveCap, nothing sent)
	// when its estimate is above it: the unpaid gas cap of a delivery
	// whose subscription names no gas limit (SDK v1).
	MaxGas uint64
	// Estimated, when set, is the estimate of an earlier call of the same
	// shape that was mined as it should be: Send takes it for the estimate
	// (its margin, floor, cap and limits apply) and makes no eth_estimateGas,
	// so nothing simulates the call before it is sent. The caller answers
	// for that: a call that would revert is mined reverted and pays its gas.
	Estimated uint64
	// Lane, when set, chooses the call's lane among several (Lanes): calls
	// with one Lane go to one lane while it is active. Empty: the first two
	// segments of Key.
	Lane string
	// Anchor, when set, is the block the call was made for: after a reorg
	// drops the transaction, it is sent again only if the resend check
	// (SetResendCheck) finds the block still canonical.
	Anchor *Anchor
	// Fence, when set, is asked right before the call takes a nonce and is
	// signed: an error sends nothing (no nonce, nothing journaled) and is
	// returned. A fleet member commits its claim here (fleet.Commit).
	Fence func(context.Context) error
}

// Anchor is a block a transaction depends on (a delivery's subscription
// was created in it).
type Anchor struct {
	Number uint64      `json:"number"`
	Hash   common.Hash `json:"hash"`
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

	sendMu sync.Mutex // serialises nonce reservation
	mu     sync.Mutex // guards open, the open records and changed
	open   map[uint64]*Record
	// changed is closed and replaced when open records end (Wait).
	changed chan struct{}

	heads headView
	bq    broadcastQueue
	price *pricer
	est   *estimator
	adm   *admission // slots and the pending-gas budget (admission.go)
	mon   *monitor   // receipts, replacement, gaps (monitor.go)
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
		price:   &pricer{b: b, maxTip: opts.MaxTipPerGas},
	}
	s.est = &estimator{b: b, o: &s.o, from: s.addr}
	s.adm = newAdmission(opts.MaxInFlight, opts.MaxPendingGas, s.heads.gasLimit)
	s.mon = newMonitor(s)
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
	next, ok, err := s.j.next()
	if err != nil {
		return err
	}
	// The backend confirms the nonce on a second endpoint where it has
	// one; when they disagree, the journal is trusted over either, and
	// without a journal there is nothing to send from yet.
	pending, err := s.b.PendingNonceAt(ctx, s.addr)
	if errors.Is(err, chain.ErrDisagree) && ok {
		s.o.Logger.Warn("sender: endpoints disagree on the account nonce; keeping the journal's", "address", s.addr, "next", next, "err", err)
		pending, err = next, nil
	}
	if err != nil {
		return fmt.Errorf("read pending nonce: %w", err)
	}
	if ok && pending > next {
		s.o.Logger.Warn("sender: the chain's pending nonce is above the journal's; another sender uses this key?", "address", s.addr, "journal", next, "chain", pending)
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
	for n, r := range s.open {
		s.adm.track(n, r.Gas)
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
func (s *Sender) InFlight() int { return s.adm.inFlight() }

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

// notifyLocked wakes the waiters on open records (Wait).
func (s *Sender) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// ObserveHead gives the sender the latest head (the relay follows heads
// anyway): sends price against it instead of reading it again, and the
// monitor is woken to read the new block's receipts.
func (s *Sender) ObserveHead(h *types.Header) {
	s.heads.observe(h)
	s.mon.wake()
}

// Simulate runs c with eth_call from the sender's address against the latest
// block and returns the decoded revert, if any.
func (s *Sender) Simulate(ctx context.Context, c Call) ([]byte, error) {
	return s.est.simulate(ctx, c)
}

// Send simulates c, estimates its gas (unless c brings its estimate), prices it within the caps, reserves a
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
	// The budget and the gas ceiling need the block gas limit.
	head, err := s.heads.latest(ctx, s.b)
	if err != nil {
		return nil, fmt.Errorf("read head: %w", err)
	}
	// The estimate is the simulation: a revert comes back from it decoded.
	// A call that brings its estimate is sized from it, unsimulated.
	var gas, est uint64
	if c.Estimated > 0 {
		est = c.Estimated
		gas, err = s.est.size(c, est, s.est.gasLimit(head))
	} else {
		gas, est, err = s.est.estimate(ctx, c, s.est.gasLimit(head))
	}
	if err != nil {
		return nil, err
	}
	exp := s.adm.expected(est)
	if err := s.adm.acquire(ctx, exp); err != nil {
		return nil, err
	}
	r, err := s.send(ctx, c, gas, est, exp)
	if err != nil {
		s.adm.release(exp)
		return nil, err
	}
	return r, nil
}

func (s *Sender) send(ctx context.Context, c Call, gas, est, exp uint64) (*Record, error) {
	head, err := s.heads.latest(ctx, s.b)
	if err != nil {
		return nil, fmt.Errorf("read head: %w", err)
	}
	limit := minCap(c.MaxFeePerGas, s.o.MaxFeePerGas)
	tip, feeCap, err := s.price.market(ctx, head, limit)
	if err != nil {
		return nil, err
	}
	suggested, err := s.price.suggested(ctx, head)
	if err != nil {
		return nil, err
	}

	if c.Fence != nil {
		if err := c.Fence(ctx); err != nil {
			return nil, fmt.Errorf("fence: %w", err)
		}
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
			s.adm.release(exp)
			return r, nil
		}
	}
	nonce, _, err := s.j.next()
	if err != nil {
		return nil, fmt.Errorf("read next nonce: %w", err)
	}
	r := &Record{Nonce: nonce, Key: c.Key, State: StateReserved, To: c.To, Data: c.Data, Gas: gas, Anchor: c.Anchor, Estimated: est}
	if c.Value != nil {
		r.Value = (*hexutil.Big)(new(big.Int).Set(c.Value))
	}
	if limit != nil {
		r.FeeCap = (*hexutil.Big)(new(big.Int).Set(limit))
	}
	r.Suggested = (*hexutil.Big)(suggested)
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
	s.mu.Unlock()
	s.adm.sent(nonce, exp, est)
	s.broadcastInOrder(ctx, out, tx)
	return out, nil
}

func (r *Record) copy() *Record {
	c := *r
	c.Raw = append([]hexutil.Bytes(nil), r.Raw...)
	return &c
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
