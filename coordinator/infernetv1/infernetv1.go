// Package infernetv1 is the Infernet SDK v1 dialect (docs/infernet-v1.md):
// the SDK's EIP712Coordinator found through its Registry, subscriptions
// named by keccak256(abi.encode(string containerId)), SubscriptionCreated
// carrying only the id, new subscriptions read through the Reader in
// batches, nodeResponded / redundancyCount keyed by hashes, the SDK's
// EIP-712 types, its Wallet reads and the classification of its reverts.
//
// It is a runtime package: the SDK's deployment and artifacts are in
// contracts/infernetv1 (tooling), not here.
package infernetv1

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/payments"
)

// Addresses are the contracts of an Infernet SDK v1 deployment,
// as its Registry names them.
type Addresses struct {
	Registry, Coordinator, Inbox, Reader, Fee, WalletFactory common.Address
}

var (
	inetRegistry = inetv1abi.NewRegistry()
	inetCoord    = inetv1abi.NewEIP712Coordinator()
	inetReader   = inetv1abi.NewReader()
	inetWallet   = inetv1abi.NewWallet()
	inetFactory  = inetv1abi.NewWalletFactory()

	inetTopicCreated   = inetCoord.GetABI().Events["SubscriptionCreated"].ID
	inetTopicCancelled = inetCoord.GetABI().Events["SubscriptionCancelled"].ID
)

// ReadRegistry reads the addresses of an SDK v1 deployment from its
// Registry (chain.registry_address), in one JSON-RPC batch.
func ReadRegistry(ctx context.Context, b coordinator.Caller, registry common.Address) (Addresses, error) {
	a := Addresses{Registry: registry}
	packs := [][]byte{inetRegistry.PackCOORDINATOR(), inetRegistry.PackINBOX(), inetRegistry.PackREADER(), inetRegistry.PackFEE(), inetRegistry.PackWALLETFACTORY()}
	dst := []*common.Address{&a.Coordinator, &a.Inbox, &a.Reader, &a.Fee, &a.WalletFactory}
	names := []string{"COORDINATOR", "INBOX", "READER", "FEE", "WALLET_FACTORY"}
	msgs := make([]ethereum.CallMsg, len(packs))
	for i, p := range packs {
		msgs[i] = ethereum.CallMsg{To: &registry, Data: p}
	}
	outs, errs, err := b.BatchCallContract(ctx, msgs)
	if err != nil {
		return a, fmt.Errorf("read Registry %s: %w", registry.Hex(), err)
	}
	for i := range outs {
		if errs[i] != nil {
			return a, fmt.Errorf("read %s() of Registry %s: %w", names[i], registry.Hex(), errs[i])
		}
		addr, err := inetRegistry.UnpackCOORDINATOR(outs[i]) // every getter returns one address
		if err != nil || addr == (common.Address{}) {
			return a, fmt.Errorf("the Registry %s: %s() gave no address (is it an Infernet SDK v1 Registry on this chain?)", registry.Hex(), names[i])
		}
		*dst[i] = addr
	}
	return a, nil
}

// Options tune the SDK v1 dialect.
type Options struct {
	// Containers are the ids this node serves: the containerId hashes of
	// their pipelines (every ordering, up to MaxLookup hashes) are mapped
	// back to ids.
	Containers []string
	// BatchSize is how many subscriptions one Reader call reads (the
	// reference node's snapshot_sync.batch_size). Default 200.
	BatchSize uint32
	// MaxLookup bounds the containerId lookup table. Default 20000.
	MaxLookup int
}

// New is the dialect of the SDK deployment at addrs.
func New(addrs Addresses, o Options) *Dialect {
	if o.BatchSize == 0 {
		o.BatchSize = 200
	}
	if o.MaxLookup <= 0 {
		o.MaxLookup = 20000
	}
	return &Dialect{a: addrs, batch: o.BatchSize, lookup: containerLookup(o.Containers, o.MaxLookup),
		dec: coordinator.NewRevertDecoder(inetv1abi.RevertABIs()...)}
}

// Dialect is an SDK v1 deployment. Immutable; safe for concurrent use.
type Dialect struct {
	a      Addresses
	batch  uint32
	lookup map[common.Hash]string // containerId hash -> comma-joined ids
	dec    *coordinator.RevertDecoder
}

// Coordinator is the EIP712Coordinator deliveries go to.
func (d *Dialect) Coordinator() common.Address { return d.a.Coordinator }

// Decoder decodes the SDK contracts' reverts.
func (d *Dialect) Decoder() *coordinator.RevertDecoder { return d.dec }

// Addresses are the deployment's contracts.
func (d *Dialect) Addresses() Addresses { return d.a }

// containerLookup maps the hash of every ordering of every non-empty
// subset of ids (as the reference node does) to its comma-joined ids,
// stopping at max entries: singles first, then longer pipelines.
func containerLookup(ids []string, max int) map[common.Hash]string {
	out := map[common.Hash]string{}
	var walk func(prefix []string, used []bool, length int)
	walk = func(prefix []string, used []bool, length int) {
		if len(out) >= max {
			return
		}
		if len(prefix) == length {
			s := strings.Join(prefix, ",")
			out[ContainerID(s)] = s
			return
		}
		for i, id := range ids {
			if !used[i] {
				used[i] = true
				walk(append(prefix, id), used, length)
				used[i] = false
			}
		}
	}
	for l := 1; l <= len(ids); l++ {
		walk(nil, make([]bool, len(ids)), l)
	}
	return out
}

// LogQuery filters the Coordinator's subscription creations and
// cancellations in blocks [from, to] (the SDK's events carry no
// containerId topic).
func (d *Dialect) LogQuery(from, to uint64) ethereum.FilterQuery {
	return ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(from), ToBlock: new(big.Int).SetUint64(to),
		Addresses: []common.Address{d.a.Coordinator},
		Topics:    [][]common.Hash{{inetTopicCreated, inetTopicCancelled}},
	}
}

// ParseLog classifies a log: created (true) or cancelled (false), and the
// subscription id; ok is false for others.
func (d *Dialect) ParseLog(l types.Log) (uint32, bool, bool) {
	if len(l.Topics) < 2 {
		return 0, false, false
	}
	id := uint32(new(big.Int).SetBytes(l.Topics[1][:]).Uint64())
	switch l.Topics[0] {
	case inetTopicCreated:
		return id, true, true
	case inetTopicCancelled:
		return id, false, true
	}
	return 0, false, false
}

// ReadSubs reads the new subscriptions with the Reader's
// readSubscriptionBatch, one call per run of consecutive ids (at most
// BatchSize each), all calls in one JSON-RPC batch.
func (d *Dialect) ReadSubs(ctx context.Context, b coordinator.Caller, ids []uint32) (map[uint32]*coordinator.Sub, error) {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	type span struct{ start, end uint32 } // [start, end)
	var spans []span
	for _, id := range ids {
		if n := len(spans); n > 0 && spans[n-1].end == id && id-spans[n-1].start < d.batch {
			spans[n-1].end = id + 1
			continue
		}
		spans = append(spans, span{id, id + 1})
	}
	msgs := make([]ethereum.CallMsg, len(spans))
	for i, s := range spans {
		msgs[i] = ethereum.CallMsg{To: &d.a.Reader, Data: inetReader.PackReadSubscriptionBatch(s.start, s.end)}
	}
	outs, errs, err := b.BatchCallContract(ctx, msgs)
	if err != nil {
		return nil, fmt.Errorf("Reader.readSubscriptionBatch: %w", err)
	}
	out := make(map[uint32]*coordinator.Sub, len(ids))
	for i, s := range spans {
		if errs[i] != nil {
			return nil, fmt.Errorf("Reader.readSubscriptionBatch(%d, %d): %w", s.start, s.end, d.dec.FromError(errs[i]))
		}
		subs, err := inetReader.UnpackReadSubscriptionBatch(outs[i])
		if err != nil {
			return nil, fmt.Errorf("decode Reader.readSubscriptionBatch(%d, %d): %w", s.start, s.end, err)
		}
		for j, cs := range subs {
			if sub := d.sub(s.start+uint32(j), cs); sub != nil {
				out[sub.ID] = sub
			}
		}
	}
	return out, nil
}

// sub converts an SDK subscription; nil when its containerId is not one
// of this node's pipelines (or the id does not exist).
func (d *Dialect) sub(id uint32, cs inetv1abi.Subscription) *coordinator.Sub {
	ids, ok := d.lookup[common.Hash(cs.ContainerId)]
	if !ok || cs.Owner == (common.Address{}) {
		return nil
	}
	s := &coordinator.Sub{ID: id, Owner: cs.Owner, ActiveAt: cs.ActiveAt, Period: cs.Period, Frequency: cs.Frequency,
		Redundancy: cs.Redundancy, ContainerID: ids, Verifier: cs.Verifier,
		Lazy: cs.Lazy, PaymentToken: cs.PaymentToken, Wallet: cs.Wallet, Cancelled: cs.ActiveAt == coordinator.CancelledAt}
	if cs.PaymentAmount != nil && cs.PaymentAmount.Sign() > 0 {
		s.PaymentAmount = (*hexutil.Big)(new(big.Int).Set(cs.PaymentAmount))
	}
	return s
}

var (
	abiUint32, _  = abi.NewType("uint32", "", nil)
	abiAddress, _ = abi.NewType("address", "", nil)
	respondedKey  = abi.Arguments{{Type: abiUint32}, {Type: abiUint32}, {Type: abiAddress}}
	countKey      = abi.Arguments{{Type: abiUint32}, {Type: abiUint32}}
)

// IntervalCalls ask whether node delivered interval k of id, and how many
// nodes did: the SDK keys nodeResponded by keccak256(abi.encode(id,
// interval, node)) and redundancyCount by keccak256(abi.encode(id,
// interval)).
func (d *Dialect) IntervalCalls(id, k uint32, node common.Address) (responded, count []byte) {
	r, _ := respondedKey.Pack(id, k, node)
	c, _ := countKey.Pack(id, k)
	return inetCoord.PackNodeResponded(crypto.Keccak256Hash(r)), inetCoord.PackRedundancyCount(crypto.Keccak256Hash(c))
}

// UnpackInterval reads the answers to IntervalCalls.
func (d *Dialect) UnpackInterval(responded, count []byte) (bool, uint16, error) {
	r, err := inetCoord.UnpackNodeResponded(responded)
	if err != nil {
		return false, 0, err
	}
	n, err := inetCoord.UnpackRedundancyCount(count)
	return r, n, err
}

// PackDeliverCompute is the delivery of interval k, naming the node's
// payment wallet.
func (d *Dialect) PackDeliverCompute(id, k uint32, input, output, proof []byte, w common.Address) []byte {
	return inetCoord.PackDeliverCompute(id, k, input, output, proof, w)
}

// ReadWallet reads an SDK Wallet (ReadWallet).
func (d *Dialect) ReadWallet(ctx context.Context, c coordinator.Caller, wallet, spender, token common.Address) (payments.State, error) {
	return ReadWallet(ctx, c, wallet, spender, token)
}

// WalletReader is what ReadWallet needs: calls and native balances.
type WalletReader interface {
	CallContract(ctx context.Context, msg ethereum.CallMsg, block *big.Int) ([]byte, error)
	BalanceAt(ctx context.Context, a common.Address, block *big.Int) (*big.Int, error)
}

// ReadWallet reads an SDK Wallet: its allowance for spender, and its
// balance (native coin: the account balance; ERC-20: the token's
// balanceOf). The SDK keeps locked collateral private, so Locked is zero
// and LockedUnknown is set: a delivery's simulation catches a wallet
// whose funds are locked.
func ReadWallet(ctx context.Context, c WalletReader, wallet, spender, token common.Address) (payments.State, error) {
	s := payments.State{Locked: new(big.Int), LockedUnknown: true}
	out, err := c.CallContract(ctx, ethereum.CallMsg{To: &wallet, Data: inetWallet.PackAllowance(spender, token)}, nil)
	if err == nil {
		s.Allowance, err = inetWallet.UnpackAllowance(out)
	}
	if err != nil {
		return s, fmt.Errorf("read allowance of wallet %s: %w", wallet.Hex(), err)
	}
	if token == (common.Address{}) {
		if s.Balance, err = c.BalanceAt(ctx, wallet, nil); err != nil {
			return s, fmt.Errorf("read balance of wallet %s: %w", wallet.Hex(), err)
		}
		return s, nil
	}
	out, err = c.CallContract(ctx, ethereum.CallMsg{To: &token, Data: erc20BalanceOf(wallet)}, nil)
	if err != nil {
		return s, fmt.Errorf("read %s balance of wallet %s: %w", token.Hex(), wallet.Hex(), err)
	}
	s.Balance = new(big.Int).SetBytes(out)
	return s, nil
}

// erc20BalanceOf is balanceOf(address) calldata.
func erc20BalanceOf(a common.Address) []byte {
	return append(common.FromHex("0x70a08231"), common.LeftPadBytes(a.Bytes(), 32)...)
}

// CheckPaymentWallet makes sure wallet (chain.wallet.payment_address) is a
// Wallet of the deployment's WalletFactory, and returns its owner.
func (d *Dialect) CheckPaymentWallet(ctx context.Context, c coordinator.Caller, wallet common.Address) (common.Address, error) {
	return coordinator.CheckWalletOf(ctx, c, d.a.WalletFactory, wallet, walletCalls)
}

var walletCalls = coordinator.WalletCalls{
	IsValid: inetFactory.PackIsValidWallet, UnpackIsValid: inetFactory.UnpackIsValidWallet,
	Owner: inetWallet.PackOwner(), UnpackOwner: inetWallet.UnpackOwner,
}

// WalletFactory returns the deployment's WalletFactory (read from its
// Registry).
func (d *Dialect) WalletFactory(context.Context, coordinator.Caller) (common.Address, error) {
	return d.a.WalletFactory, nil
}

// PackApprove is the calldata of the SDK Wallet's approve(spender, token,
// amount).
func (d *Dialect) PackApprove(spender, token common.Address, amount *big.Int) []byte {
	return inetWallet.PackApprove(spender, token, amount)
}

// Reverts classifies the SDK contracts' reverts by selector.
var Reverts = coordinator.NewReverts(map[coordinator.Outcome][]common.Hash{
	coordinator.AlreadyDelivered: {inetv1abi.EIP712CoordinatorNodeRespondedAlreadyErrorID()},
	coordinator.Full:             {inetv1abi.EIP712CoordinatorIntervalCompletedErrorID()},
	// SubscriptionNotActive: cancelled (activeAt = max) or not yet active.
	coordinator.Closed: {inetv1abi.EIP712CoordinatorSubscriptionNotActiveErrorID(), inetv1abi.EIP712CoordinatorSubscriptionCompletedErrorID(),
		inetv1abi.EIP712CoordinatorIntervalMismatchErrorID(), inetv1abi.EIP712CoordinatorSubscriptionNotFoundErrorID()},
	coordinator.Rejected: {inetv1abi.EIP712CoordinatorSignatureExpiredErrorID(), inetv1abi.InvalidSignatureErrorID(),
		inetv1abi.EIP712CoordinatorSignerMismatchErrorID(), inetv1abi.EIP712CoordinatorInvalidWalletErrorID()},
	coordinator.NotPaidNow: {inetv1abi.WalletInsufficientAllowanceErrorID(), inetv1abi.WalletInsufficientFundsErrorID()},
})

// Outcome classifies a revert of a delivery.
func (d *Dialect) Outcome(err error) coordinator.Outcome { return Reverts.Outcome(err) }

// DecodeDelegated decodes the reference node's delegated subscription body
// and names its pipeline from the containerId hash.
func (d *Dialect) DecodeDelegated(raw []byte) (coordinator.Delegated, error) {
	req, err := DecodeDelegated(raw)
	if err != nil {
		return coordinator.Delegated{}, err
	}
	sub := d.sub(0, req.Sub)
	if sub == nil {
		return coordinator.Delegated{}, job.Reject(job.CodeInvalid, "Invalid request: subscription.containers "+req.ContainerIDHash().Hex()+" is not the containerId of a pipeline this node serves", "field", "subscription.containers")
	}
	return coordinator.Delegated{Nonce: req.Nonce, Expiry: req.Expiry, Data: req.Data, Sub: *sub, Codec: delegated{req}}, nil
}

type delegated struct {
	req *DelegatedRequest
}

// Verify checks the signature over the SDK's typed data (domain
// InfernetCoordinator, version 1, the SDK Coordinator).
func (o delegated) Verify(ctx context.Context, v *coordinator.Verifier) error {
	ds := DelegateSubscription{Nonce: o.req.Nonce, Expiry: o.req.Expiry, Sub: o.req.Sub}
	dom := Domain{ChainID: v.ChainID, Coordinator: v.Coordinator}
	_, err := v.Check(ctx, o.req.Sub.Owner, o.req.Expiry, func() (common.Address, error) { return ds.Recover(dom, o.req.Sig) })
	return err
}

// PackCreatedID reads delegateCreatedIds[keccak256(abi.encode(owner, nonce))].
func (o delegated) PackCreatedID() []byte {
	return inetCoord.PackDelegateCreatedIds(DelegateKey(o.req.Sub.Owner, o.req.Nonce))
}

func (o delegated) UnpackCreatedID(out []byte) (uint32, error) {
	return inetCoord.UnpackDelegateCreatedIds(out)
}

func (o delegated) PackDeliver(k uint32, input, output, proof []byte, w common.Address) []byte {
	r := o.req
	return inetCoord.PackDeliverComputeDelegatee(r.Nonce, r.Expiry, r.Sub, r.Sig.V, r.Sig.R, r.Sig.S, k, input, output, proof, w)
}

func (o delegated) PackCreate() []byte {
	r := o.req
	return inetCoord.PackCreateSubscriptionDelegatee(r.Nonce, r.Expiry, r.Sub, r.Sig.V, r.Sig.R, r.Sig.S)
}

// CallbackFailed is false: the SDK's Coordinator emits no event for a
// failed callback.
func (d *Dialect) CallbackFailed([]common.Hash) bool { return false }

// Name names the dialect for logs.
func (d *Dialect) Name() string { return "infernet-v1" }
