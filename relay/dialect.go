package relay

import (
	"context"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/dialect"
	"github.com/infernode/infernode/payments"
)

// Dialect is what differs between the Coordinators the relay serves
// (dialect/ours, dialect/infernetv1; the composition root picks one). It
// names the Coordinator, finds and reads subscriptions, packs the
// per-interval reads and the delivery, and classifies reverts. The
// listener, the delivery loop, the sender, payments checks and state are
// shared.
type Dialect interface {
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
	ReadSubs(ctx context.Context, c dialect.Caller, ids []uint32) (map[uint32]*Sub, error)
	// IntervalCalls ask whether node delivered interval k of id and how
	// many nodes did; UnpackInterval reads the answers.
	IntervalCalls(id, k uint32, node common.Address) (responded, count []byte)
	UnpackInterval(responded, count []byte) (bool, uint16, error)
	// PackDeliverCompute is the delivery of interval k, naming the node's
	// payment wallet.
	PackDeliverCompute(id, k uint32, input, output, proof []byte, nodeWallet common.Address) []byte
	// ReadWallet reads what a payment Wallet holds of token and allows
	// spender (the payments policy then decides on it).
	ReadWallet(ctx context.Context, c dialect.Caller, wallet, spender, token common.Address) (payments.State, error)
	// DecodeDelegated decodes a delegated subscription's REST body
	// (docs/api.md; the SDK's body in its dialect). Rejections are
	// *job.Error values naming the field.
	DecodeDelegated(raw []byte) (dialect.Delegated, error)
	// Decoder decodes the dialect's reverts (Coordinator and Wallet errors).
	Decoder() *coordinator.RevertDecoder
	// Outcome classifies a revert of a delivery.
	Outcome(err error) dialect.Outcome
}

// Sub is a subscription the relay tracks (dialect.Sub, its record on disk).
type Sub = dialect.Sub
