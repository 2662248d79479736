package relay

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/payments"
)

// Dialect is what differs between the Coordinators the relay serves: our
// own (docs/chain-protocol.md, the default) and the Infernet SDK v1
// (docs/infernet-v1.md). It names the contracts, finds and reads
// subscriptions, and packs the per-interval reads and the delivery. The
// listener, scheduler, sender, payments checks and state are shared.
type Dialect interface {
	// Name is "infernode" or "infernet-v1" (logs, metrics).
	Name() string
	// Coordinator is the contract deliveries go to.
	Coordinator() common.Address
	// LogQuery filters the Coordinator's subscription creations and
	// cancellations in blocks [from, to].
	LogQuery(from, to uint64) ethereum.FilterQuery
	// ParseLog classifies a log the query returned: created (true) or
	// cancelled (false), and the subscription id; ok is false for others.
	ParseLog(l types.Log) (id uint32, created, ok bool)
	// ReadSubs reads the subscriptions created under ids (one range's
	// logs), batched where the dialect can. A subscription whose pipeline
	// this node cannot name (an unknown containerId hash) is absent from
	// the map; Block and BlockHash are left to the caller.
	ReadSubs(ctx context.Context, b Backend, ids []uint32) (map[uint32]*Sub, error)
	// PackNodeResponded asks whether node delivered interval k of id.
	PackNodeResponded(id, k uint32, node common.Address) []byte
	UnpackNodeResponded(out []byte) (bool, error)
	// PackResponseCount asks how many nodes delivered interval k of id.
	PackResponseCount(id, k uint32) []byte
	UnpackResponseCount(out []byte) (uint16, error)
	// PackDeliverCompute is the delivery of interval k, naming the node's
	// payment wallet.
	PackDeliverCompute(id, k uint32, input, output, proof []byte, nodeWallet common.Address) []byte
	// ReadWallet reads what a payment Wallet holds of token and allows
	// spender (the payments policy then decides on it).
	ReadWallet(ctx context.Context, b Backend, wallet, spender, token common.Address) (payments.State, error)
	// DecodeDelegated decodes a delegated subscription's REST body
	// (docs/api.md; the SDK's body in its dialect). Rejections are
	// *job.Error values naming the field.
	DecodeDelegated(raw []byte) (DelegatedSub, error)
	// Decoder decodes the dialect's reverts (Coordinator and Wallet errors).
	Decoder() *coordinator.RevertDecoder
	// Outcome classifies a revert of a delivery (Coordinator and Wallet
	// errors) into what the delivery loop does about it.
	Outcome(err error) Outcome
}

// DelegatedSub is a delegated subscription decoded by its dialect: what
// the relay checks, persists and delivers with deliverComputeDelegatee.
type DelegatedSub interface {
	Owner() common.Address
	Nonce() uint32
	Expiry() uint32
	// Data is the containers' off-chain input.
	Data() json.RawMessage
	// Sub is the subscription as the relay tracks it (ID 0, its pipeline
	// named by ids).
	Sub() *Sub
	// Verify checks expiry, signature and the owner's signer on chain.
	Verify(ctx context.Context, v *coordinator.Verifier) error
	// PackCreatedID asks for the id the Coordinator created for (owner,
	// nonce); 0 when none yet.
	PackCreatedID() []byte
	UnpackCreatedID(out []byte) (uint32, error)
	// PackDeliver creates the subscription and delivers interval k.
	PackDeliver(k uint32, input, output, proof []byte, nodeWallet common.Address) []byte
}

// Ours is the dialect of our own Coordinator at coord; logs are filtered
// by the containerId hashes of containers' pipelines while there are at
// most maxTopics of them (0: 64).
func Ours(coord common.Address, containers []string, maxTopics int) Dialect {
	if maxTopics <= 0 {
		maxTopics = 64
	}
	a := coordinatorabi.NewCoordinator()
	parsed := a.GetABI()
	return &ours{coord: coord, abi: a, dec: coordinator.NewRevertDecoder(&parsed, payments.WalletABI()),
		topics: containerTopics(containers, maxTopics)}
}

type ours struct {
	coord  common.Address
	abi    *coordinatorabi.Coordinator
	dec    *coordinator.RevertDecoder
	topics []common.Hash // containerId hashes; nil = no topic filter
}

func (d *ours) Name() string                        { return "infernode" }
func (d *ours) Coordinator() common.Address         { return d.coord }
func (d *ours) Decoder() *coordinator.RevertDecoder { return d.dec }
func (d *ours) Outcome(err error) Outcome           { return oursReverts.Outcome(err) }

// oursReverts classifies our Coordinator's and Wallet's reverts.
var oursReverts = Reverts{
	"NodeAlreadyResponded":      AlreadyDelivered,
	"IntervalRedundancyReached": Full,
	"SubscriptionIsCancelled":   Closed, "SubscriptionCompleted": Closed, "IntervalMismatch": Closed, "SubscriptionNotFound": Closed,
	"SignatureExpired": Rejected, "InvalidSignature": Rejected, "InvalidSignatureS": Rejected, "SignerMismatch": Rejected,
	"OwnerHasNoSigner": Rejected, "InvalidWallet": Rejected, "InvalidFrequency": Rejected, "InvalidRedundancy": Rejected,
	"InvalidMaxGasLimit": Rejected, "EmptyContainerId": Rejected, "InvalidActiveAt": Rejected, "ZeroOwner": Rejected,
	"InsufficientAllowance": NotPaidNow, "InsufficientFunds": NotPaidNow,
}

func (d *ours) LogQuery(from, to uint64) ethereum.FilterQuery {
	return ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(from), ToBlock: new(big.Int).SetUint64(to),
		Addresses: []common.Address{d.coord},
		Topics:    [][]common.Hash{{topicCreated, topicCancelled}, nil, d.topics},
	}
}

func (d *ours) ParseLog(l types.Log) (uint32, bool, bool) {
	if len(l.Topics) < 4 {
		return 0, false, false
	}
	id := uint32(new(big.Int).SetBytes(l.Topics[1][:]).Uint64())
	switch l.Topics[0] {
	case topicCreated:
		return id, true, true
	case topicCancelled:
		return id, false, true
	}
	return 0, false, false
}

// ReadSubs reads each subscription with getSubscription: the containerId
// topic filter keeps these to the pipelines this node serves.
func (d *ours) ReadSubs(ctx context.Context, b Backend, ids []uint32) (map[uint32]*Sub, error) {
	out := make(map[uint32]*Sub, len(ids))
	for _, id := range ids {
		raw, err := b.CallContract(ctx, ethereum.CallMsg{To: &d.coord, Data: d.abi.PackGetSubscription(id)}, nil)
		if err != nil {
			return nil, fmt.Errorf("getSubscription(%d): %w", id, err)
		}
		cs, err := d.abi.UnpackGetSubscription(raw)
		if err != nil {
			return nil, fmt.Errorf("decode subscription %d: %w", id, err)
		}
		out[id] = subFromChain(id, cs, 0, common.Hash{})
	}
	return out, nil
}

func (d *ours) PackNodeResponded(id, k uint32, node common.Address) []byte {
	return d.abi.PackNodeResponded(id, k, node)
}
func (d *ours) UnpackNodeResponded(out []byte) (bool, error) { return d.abi.UnpackNodeResponded(out) }
func (d *ours) PackResponseCount(id, k uint32) []byte        { return d.abi.PackResponseCount(id, k) }
func (d *ours) UnpackResponseCount(out []byte) (uint16, error) {
	return d.abi.UnpackResponseCount(out)
}
func (d *ours) PackDeliverCompute(id, k uint32, input, output, proof []byte, w common.Address) []byte {
	return d.abi.PackDeliverCompute(id, k, input, output, proof, w)
}

func (d *ours) ReadWallet(ctx context.Context, b Backend, wallet, spender, token common.Address) (payments.State, error) {
	return payments.ReadWallet(ctx, b, wallet, spender, token)
}

func (d *ours) DecodeDelegated(raw []byte) (DelegatedSub, error) {
	req, err := coordinator.DecodeDelegated(raw)
	if err != nil {
		return nil, err
	}
	return oursDelegated{req, d.abi}, nil
}

type oursDelegated struct {
	*coordinator.DelegatedRequest
	abi *coordinatorabi.Coordinator
}

func (o oursDelegated) Owner() common.Address { return o.Delegate.Sub.Owner }
func (o oursDelegated) Nonce() uint32         { return o.Delegate.Nonce }
func (o oursDelegated) Expiry() uint32        { return o.Delegate.Expiry }
func (o oursDelegated) Data() json.RawMessage { return o.DelegatedRequest.Data }
func (o oursDelegated) Sub() *Sub             { return subFromChain(0, o.Delegate.Sub, 0, common.Hash{}) }
func (o oursDelegated) Verify(ctx context.Context, v *coordinator.Verifier) error {
	_, err := v.Verify(ctx, o.DelegatedRequest)
	return err
}
func (o oursDelegated) PackCreatedID() []byte {
	return o.abi.PackDelegateSubscriptionId(o.Delegate.Sub.Owner, o.Delegate.Nonce)
}
func (o oursDelegated) UnpackCreatedID(out []byte) (uint32, error) {
	return o.abi.UnpackDelegateSubscriptionId(out)
}
func (o oursDelegated) PackDeliver(k uint32, input, output, proof []byte, w common.Address) []byte {
	ds, sig := o.Delegate, o.Sig
	return o.abi.PackDeliverComputeDelegatee(ds.Nonce, ds.Expiry, ds.Sub, sig.V, sig.R, sig.S, k, input, output, proof, w)
}
