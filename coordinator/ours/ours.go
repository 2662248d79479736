// Package ours is the dialect of infernode's own Coordinator
// (docs/chain-protocol.md): its log filter by containerId topic, its
// subscription reads, its delivery and delegated-subscription packing, its
// Wallet reads and the classification of its reverts.
package ours

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/abi/walletabi"
	"github.com/infernode/infernode/coordinator"
)

// Dialect is our Coordinator at one address. Immutable; safe for
// concurrent use.
type Dialect struct {
	coord  common.Address
	abi    *coordinatorabi.Coordinator
	dec    *coordinator.RevertDecoder
	topics []common.Hash // containerId hashes; nil = no topic filter
}

// New is the dialect of our Coordinator at coord; logs are filtered by the
// containerId hashes of containers' pipelines (every single id and ordered
// pair of ids) while there are at most maxTopics of them (0: 64).
func New(coord common.Address, containers []string, maxTopics int) *Dialect {
	if maxTopics <= 0 {
		maxTopics = 64
	}
	a := coordinatorabi.NewCoordinator()
	parsed := a.GetABI()
	return &Dialect{coord: coord, abi: a, dec: coordinator.NewRevertDecoder(&parsed, WalletABI()),
		topics: containerTopics(containers, maxTopics)}
}

var (
	topicCreated   = codec.TopicSubscriptionCreated
	topicCancelled = codec.TopicSubscriptionCancelled
)

// containerTopics returns keccak256 of every served id and ordered pair of
// distinct ids, or nil (no topic filter) when that exceeds max.
func containerTopics(ids []string, max int) []common.Hash {
	if len(ids) == 0 {
		return nil
	}
	n := len(ids) + len(ids)*(len(ids)-1)
	if n > max {
		return nil
	}
	out := make([]common.Hash, 0, n)
	for _, a := range ids {
		out = append(out, codec.ContainerIDHash(a))
	}
	for _, a := range ids {
		for _, b := range ids {
			if a != b {
				out = append(out, codec.ContainerIDHash(a+","+b))
			}
		}
	}
	return out
}

// Coordinator is the contract deliveries go to.
func (d *Dialect) Coordinator() common.Address { return d.coord }

// Decoder decodes the Coordinator's and Wallet's reverts.
func (d *Dialect) Decoder() *coordinator.RevertDecoder { return d.dec }

// Outcome classifies a revert of a delivery.
func (d *Dialect) Outcome(err error) coordinator.Outcome { return Reverts.Outcome(err) }

// Reverts classifies our Coordinator's and Wallet's reverts.
var Reverts = coordinator.NewReverts(map[coordinator.Outcome][]common.Hash{
	coordinator.AlreadyDelivered: {coordinatorabi.CoordinatorNodeAlreadyRespondedErrorID()},
	coordinator.Full:             {coordinatorabi.CoordinatorIntervalRedundancyReachedErrorID()},
	coordinator.Closed: {coordinatorabi.CoordinatorSubscriptionIsCancelledErrorID(), coordinatorabi.CoordinatorSubscriptionCompletedErrorID(),
		coordinatorabi.CoordinatorIntervalMismatchErrorID(), coordinatorabi.CoordinatorSubscriptionNotFoundErrorID()},
	coordinator.Rejected: {coordinatorabi.CoordinatorSignatureExpiredErrorID(), coordinatorabi.CoordinatorInvalidSignatureErrorID(),
		coordinatorabi.CoordinatorInvalidSignatureSErrorID(), coordinatorabi.CoordinatorSignerMismatchErrorID(),
		coordinatorabi.CoordinatorOwnerHasNoSignerErrorID(), coordinatorabi.CoordinatorInvalidWalletErrorID(),
		coordinatorabi.CoordinatorInvalidFrequencyErrorID(), coordinatorabi.CoordinatorInvalidRedundancyErrorID(),
		coordinatorabi.CoordinatorInvalidMaxGasLimitErrorID(), coordinatorabi.CoordinatorEmptyContainerIdErrorID(),
		coordinatorabi.CoordinatorInvalidActiveAtErrorID(), coordinatorabi.CoordinatorZeroOwnerErrorID()},
	coordinator.NotPaidNow: {walletabi.WalletInsufficientAllowanceErrorID(), walletabi.WalletInsufficientFundsErrorID()},
})

// LogQuery filters the Coordinator's subscription creations and
// cancellations of the served pipelines in blocks [from, to].
func (d *Dialect) LogQuery(from, to uint64) ethereum.FilterQuery {
	return ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(from), ToBlock: new(big.Int).SetUint64(to),
		Addresses: []common.Address{d.coord},
		Topics:    [][]common.Hash{{topicCreated, topicCancelled}, nil, d.topics},
	}
}

// ParseLog classifies a log: created (true) or cancelled (false), and the
// subscription id; ok is false for others.
func (d *Dialect) ParseLog(l types.Log) (id uint32, created, ok bool) {
	if len(l.Topics) < 4 {
		return 0, false, false
	}
	id = uint32(new(big.Int).SetBytes(l.Topics[1][:]).Uint64())
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
func (d *Dialect) ReadSubs(ctx context.Context, c coordinator.Caller, ids []uint32) (map[uint32]*coordinator.Sub, error) {
	out := make(map[uint32]*coordinator.Sub, len(ids))
	for _, id := range ids {
		raw, err := c.CallContract(ctx, ethereum.CallMsg{To: &d.coord, Data: d.abi.PackGetSubscription(id)}, nil)
		if err != nil {
			return nil, fmt.Errorf("getSubscription(%d): %w", id, err)
		}
		cs, err := d.abi.UnpackGetSubscription(raw)
		if err != nil {
			return nil, fmt.Errorf("decode subscription %d: %w", id, err)
		}
		out[id] = subFromChain(id, cs)
	}
	return out, nil
}

func subFromChain(id uint32, s Subscription) *coordinator.Sub {
	out := &coordinator.Sub{ID: id, Owner: s.Owner, ActiveAt: s.ActiveAt, Period: s.Period, Frequency: s.Frequency,
		Redundancy: s.Redundancy, MaxGasLimit: s.MaxGasLimit, ContainerID: s.ContainerId,
		Inputs: s.Inputs, Verifier: s.Verifier}
	if s.MaxGasPrice != nil {
		out.MaxGasPrice = (*hexutil.Big)(new(big.Int).Set(s.MaxGasPrice))
	}
	out.Lazy, out.PaymentToken, out.Wallet = s.Lazy, s.PaymentToken, s.Wallet
	if s.PaymentAmount != nil && s.PaymentAmount.Sign() > 0 {
		out.PaymentAmount = (*hexutil.Big)(new(big.Int).Set(s.PaymentAmount))
	}
	if s.ActiveAt == coordinator.CancelledAt {
		out.Cancelled = true
	}
	return out
}

// IntervalCalls are the calls asking whether node delivered interval k of
// id, and how many nodes did.
func (d *Dialect) IntervalCalls(id, k uint32, node common.Address) (responded, count []byte) {
	return d.abi.PackNodeResponded(id, k, node), d.abi.PackResponseCount(id, k)
}

// UnpackInterval reads the answers to IntervalCalls.
func (d *Dialect) UnpackInterval(responded, count []byte) (bool, uint16, error) {
	r, err := d.abi.UnpackNodeResponded(responded)
	if err != nil {
		return false, 0, err
	}
	n, err := d.abi.UnpackResponseCount(count)
	return r, n, err
}

// PackDeliverCompute is the delivery of interval k, naming the node's
// payment wallet.
func (d *Dialect) PackDeliverCompute(id, k uint32, input, output, proof []byte, w common.Address) []byte {
	return d.abi.PackDeliverCompute(id, k, input, output, proof, w)
}

// DecodeDelegated decodes a delegated subscription's REST body
// (docs/api.md). Rejections are *job.Error values naming the field.
func (d *Dialect) DecodeDelegated(raw []byte) (coordinator.Delegated, error) {
	req, err := DecodeDelegated(raw)
	if err != nil {
		return coordinator.Delegated{}, err
	}
	ds := req.Delegate
	return coordinator.Delegated{Nonce: ds.Nonce, Expiry: ds.Expiry, Data: req.Data, Sub: *subFromChain(0, ds.Sub),
		Codec: delegated{req, d.abi}}, nil
}

type delegated struct {
	*DelegatedRequest
	abi *coordinatorabi.Coordinator
}

func (o delegated) Verify(ctx context.Context, v *coordinator.Verifier) error {
	_, err := o.DelegatedRequest.Verify(ctx, v)
	return err
}

func (o delegated) PackCreatedID() []byte {
	return o.abi.PackDelegateSubscriptionId(o.Delegate.Sub.Owner, o.Delegate.Nonce)
}

func (o delegated) UnpackCreatedID(out []byte) (uint32, error) {
	return o.abi.UnpackDelegateSubscriptionId(out)
}

func (o delegated) PackDeliver(k uint32, input, output, proof []byte, w common.Address) []byte {
	ds, sig := o.Delegate, o.Sig
	return o.abi.PackDeliverComputeDelegatee(ds.Nonce, ds.Expiry, ds.Sub, sig.V, sig.R, sig.S, k, input, output, proof, w)
}

func (o delegated) PackCreate() []byte {
	ds, sig := o.Delegate, o.Sig
	return o.abi.PackCreateSubscriptionDelegatee(ds.Nonce, ds.Expiry, ds.Sub, sig.V, sig.R, sig.S)
}

// CallbackFailed reports whether the Coordinator's CallbackFailed is among
// a delivery's events.
func (d *Dialect) CallbackFailed(events []common.Hash) bool {
	return slices.Contains(events, codec.TopicCallbackFailed)
}

// Name names the dialect for logs.
func (d *Dialect) Name() string { return "infernode" }
