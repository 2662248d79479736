package relay

import (
	"context"
	"encoding/json"
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
	"github.com/infernode/infernode/contracts/infernetv1"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/payments"
)

// InfernetV1Addresses are the contracts of an Infernet SDK v1 deployment,
// as its Registry names them.
type InfernetV1Addresses struct {
	Registry, Coordinator, Inbox, Reader, Fee, WalletFactory common.Address
}

var (
	inetRegistry = inetv1abi.NewRegistry()
	inetCoord    = inetv1abi.NewEIP712Coordinator()
	inetReader   = inetv1abi.NewReader()

	inetTopicCreated   = inetCoord.GetABI().Events["SubscriptionCreated"].ID
	inetTopicCancelled = inetCoord.GetABI().Events["SubscriptionCancelled"].ID
)

// ReadRegistry reads the addresses of an SDK v1 deployment from its
// Registry (chain.registry_address), in one JSON-RPC batch.
func ReadRegistry(ctx context.Context, b Backend, registry common.Address) (InfernetV1Addresses, error) {
	a := InfernetV1Addresses{Registry: registry}
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
			return a, fmt.Errorf("chain.registry_address %s: %s() gave no address (is it an Infernet SDK v1 Registry?)", registry.Hex(), names[i])
		}
		*dst[i] = addr
	}
	return a, nil
}

// InfernetV1Options tune the SDK v1 dialect.
type InfernetV1Options struct {
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

// InfernetV1 is the Infernet SDK v1 dialect (docs/infernet-v1.md): the
// SDK's EIP712Coordinator found through its Registry, subscriptions named
// by keccak256(abi.encode(string containerId)), SubscriptionCreated
// carrying only the id, new subscriptions read through the Reader in
// batches, and nodeResponded / redundancyCount keyed by hashes.
func InfernetV1(addrs InfernetV1Addresses, o InfernetV1Options) Dialect {
	if o.BatchSize == 0 {
		o.BatchSize = 200
	}
	if o.MaxLookup <= 0 {
		o.MaxLookup = 20000
	}
	return &infernetV1{a: addrs, batch: o.BatchSize, lookup: containerLookup(o.Containers, o.MaxLookup),
		dec: coordinator.NewRevertDecoder(inetv1abi.RevertABIs()...)}
}

type infernetV1 struct {
	a      InfernetV1Addresses
	batch  uint32
	lookup map[common.Hash]string // containerId hash -> comma-joined ids
	dec    *coordinator.RevertDecoder
}

func (d *infernetV1) Name() string                        { return "infernet-v1" }
func (d *infernetV1) Coordinator() common.Address         { return d.a.Coordinator }
func (d *infernetV1) Decoder() *coordinator.RevertDecoder { return d.dec }

// Addresses are the deployment's contracts.
func (d *infernetV1) Addresses() InfernetV1Addresses { return d.a }

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
			out[infernetv1.ContainerID(s)] = s
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

func (d *infernetV1) LogQuery(from, to uint64) ethereum.FilterQuery {
	return ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(from), ToBlock: new(big.Int).SetUint64(to),
		Addresses: []common.Address{d.a.Coordinator},
		Topics:    [][]common.Hash{{inetTopicCreated, inetTopicCancelled}},
	}
}

func (d *infernetV1) ParseLog(l types.Log) (uint32, bool, bool) {
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
func (d *infernetV1) ReadSubs(ctx context.Context, b Backend, ids []uint32) (map[uint32]*Sub, error) {
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
	out := make(map[uint32]*Sub, len(ids))
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
func (d *infernetV1) sub(id uint32, cs inetv1abi.Subscription) *Sub {
	ids, ok := d.lookup[common.Hash(cs.ContainerId)]
	if !ok || cs.Owner == (common.Address{}) {
		return nil
	}
	s := &Sub{ID: id, Owner: cs.Owner, ActiveAt: cs.ActiveAt, Period: cs.Period, Frequency: cs.Frequency,
		Redundancy: cs.Redundancy, ContainerID: ids, Verifier: cs.Verifier,
		Lazy: cs.Lazy, PaymentToken: cs.PaymentToken, Wallet: cs.Wallet, Cancelled: cs.ActiveAt == cancelledAt}
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

// The SDK keys nodeResponded by keccak256(abi.encode(id, interval, node))
// and redundancyCount by keccak256(abi.encode(id, interval)).
func (d *infernetV1) PackNodeResponded(id, k uint32, node common.Address) []byte {
	enc, _ := respondedKey.Pack(id, k, node)
	return inetCoord.PackNodeResponded(crypto.Keccak256Hash(enc))
}

func (d *infernetV1) UnpackNodeResponded(out []byte) (bool, error) {
	return inetCoord.UnpackNodeResponded(out)
}

func (d *infernetV1) PackResponseCount(id, k uint32) []byte {
	enc, _ := countKey.Pack(id, k)
	return inetCoord.PackRedundancyCount(crypto.Keccak256Hash(enc))
}

func (d *infernetV1) UnpackResponseCount(out []byte) (uint16, error) {
	return inetCoord.UnpackRedundancyCount(out)
}

func (d *infernetV1) PackDeliverCompute(id, k uint32, input, output, proof []byte, w common.Address) []byte {
	return inetCoord.PackDeliverCompute(id, k, input, output, proof, w)
}

// ReadWallet reads an SDK Wallet (payments.ReadInfernetWallet).
func (d *infernetV1) ReadWallet(ctx context.Context, b Backend, wallet, spender, token common.Address) (payments.State, error) {
	return payments.ReadInfernetWallet(ctx, b, wallet, spender, token)
}

// inetErrorNames are the SDK's names for conditions our Coordinator names
// otherwise.
var inetErrorNames = map[string]string{
	"NodeRespondedAlready":  "NodeAlreadyResponded",
	"IntervalCompleted":     "IntervalRedundancyReached",
	"SubscriptionNotActive": "SubscriptionIsCancelled", // cancelled (activeAt = max) or not yet active
}

func (d *infernetV1) ErrorName(name string) string {
	if n, ok := inetErrorNames[name]; ok {
		return n
	}
	return name
}

// DecodeDelegated decodes the reference node's delegated subscription body
// and names its pipeline from the containerId hash.
func (d *infernetV1) DecodeDelegated(raw []byte) (DelegatedSub, error) {
	req, err := coordinator.DecodeDelegatedV1(raw)
	if err != nil {
		return nil, err
	}
	sub := d.sub(0, req.Sub)
	if sub == nil {
		return nil, job.Reject(job.CodeInvalid, "Invalid request: subscription.containers "+req.ContainerIDHash().Hex()+" is not the containerId of a pipeline this node serves", "field", "subscription.containers")
	}
	return &inetDelegated{req: req, sub: *sub}, nil
}

type inetDelegated struct {
	req *coordinator.DelegatedRequestV1
	sub Sub
}

func (o *inetDelegated) Owner() common.Address { return o.req.Sub.Owner }
func (o *inetDelegated) Nonce() uint32         { return o.req.Nonce }
func (o *inetDelegated) Expiry() uint32        { return o.req.Expiry }
func (o *inetDelegated) Data() json.RawMessage { return o.req.Data }
func (o *inetDelegated) Sub() *Sub             { s := o.sub; return &s }

// Verify checks the signature over the SDK's typed data (domain
// InfernetCoordinator, version 1, the SDK Coordinator).
func (o *inetDelegated) Verify(ctx context.Context, v *coordinator.Verifier) error {
	ds := infernetv1.DelegateSubscription{Nonce: o.req.Nonce, Expiry: o.req.Expiry, Sub: o.req.Sub}
	dom := infernetv1.Domain{ChainID: v.Domain.ChainID, Coordinator: v.Domain.Coordinator}
	_, err := v.Check(ctx, o.req.Sub.Owner, o.req.Expiry, func() (common.Address, error) { return ds.Recover(dom, o.req.Sig) })
	return err
}

// PackCreatedID reads delegateCreatedIds[keccak256(abi.encode(owner, nonce))].
func (o *inetDelegated) PackCreatedID() []byte {
	return inetCoord.PackDelegateCreatedIds(infernetv1.DelegateKey(o.req.Sub.Owner, o.req.Nonce))
}

func (o *inetDelegated) UnpackCreatedID(out []byte) (uint32, error) {
	return inetCoord.UnpackDelegateCreatedIds(out)
}

func (o *inetDelegated) PackDeliver(k uint32, input, output, proof []byte, w common.Address) []byte {
	r := o.req
	return inetCoord.PackDeliverComputeDelegatee(r.Nonce, r.Expiry, r.Sub, r.Sig.V, r.Sig.R, r.Sig.S, k, input, output, proof, w)
}

// IsInfernetV1 reports whether d is the SDK v1 dialect, and its addresses.
func IsInfernetV1(d Dialect) (InfernetV1Addresses, bool) {
	if v, ok := d.(*infernetV1); ok {
		return v.a, true
	}
	return InfernetV1Addresses{}, false
}
