// This file is the vocabulary shared by the Coordinators' dialects
// (coordinator/ours, coordinator/infernetv1) and the relay that serves
// them: the subscription as the relay tracks it, a decoded delegated
// subscription, and the typed outcomes a dialect classifies its reverts
// into. It holds no dialect itself and reads no chain. The relay's
// consumer-side interface (relay.Dialect) is written in these terms, so a
// dialect package implements it without importing relay.

package coordinator

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/infernode/infernode/payments"
)

// Caller is what a dialect reads the chain with: contract calls, several
// against the latest block in one JSON-RPC batch, and native balances (an
// SDK v1 Wallet's native-coin balance is its account balance).
type Caller interface {
	CallContract(ctx context.Context, msg ethereum.CallMsg, block *big.Int) ([]byte, error)
	// BatchCallContract runs msgs in one request: err is the request's
	// failure, errs[i] is call i's (a revert, with its data).
	BatchCallContract(ctx context.Context, msgs []ethereum.CallMsg) (outs [][]byte, errs []error, err error)
	BalanceAt(ctx context.Context, a common.Address, block *big.Int) (*big.Int, error)
}

// Sub is a subscription the relay tracks, as read from the Coordinator.
// Its JSON is the relay's record on disk.
type Sub struct {
	ID          uint32         `json:"id"`
	Owner       common.Address `json:"owner"`
	ActiveAt    uint32         `json:"active_at"`
	Period      uint32         `json:"period"`
	Frequency   uint32         `json:"frequency"`
	Redundancy  uint16         `json:"redundancy"`
	MaxGasPrice *hexutil.Big   `json:"max_gas_price"`
	MaxGasLimit uint32         `json:"max_gas_limit"`
	ContainerID string         `json:"container_id"`
	Inputs      hexutil.Bytes  `json:"inputs,omitempty"`
	Verifier    common.Address `json:"verifier"`
	// Payment fields (docs/chain-protocol.md); absent in state written before payments.
	Lazy          bool           `json:"lazy,omitempty"`
	PaymentAmount *hexutil.Big   `json:"payment_amount,omitempty"`
	PaymentToken  common.Address `json:"payment_token,omitempty"`
	Wallet        common.Address `json:"wallet,omitempty"`
	// Block and BlockHash are where the creation was seen (reorg
	// rollback; a subscription re-created under the same id by a reorg has
	// another BlockHash). Cancelled and CancelBlock record a cancellation
	// seen at that block.
	Block       uint64      `json:"block"`
	BlockHash   common.Hash `json:"block_hash,omitempty"`
	Cancelled   bool        `json:"cancelled,omitempty"`
	CancelBlock uint64      `json:"cancel_block,omitempty"`
	// Ended is the block time (unix seconds) at which the relay's
	// retention sweep first found the subscription over (cancelled, past
	// its last interval, or its one interval final): its records are
	// deleted chain.retention later.
	Ended uint64 `json:"ended_at,omitempty"`
}

// Dialect is what differs between the Coordinators the node serves: its two
// implementations are coordinator/ours and coordinator/infernetv1, and
// coordinator/dialects chooses one from the configuration. It
// names the Coordinator, finds and reads subscriptions, packs the
// per-interval reads and the delivery, and classifies reverts. The
// listener, the delivery loop, the sender, payments checks and state are
// shared.
type Dialect interface {
	// Name names the dialect for logs ("infernode", "infernet-v1").
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
	ReadSubs(ctx context.Context, c Caller, ids []uint32) (map[uint32]*Sub, error)
	// IntervalCalls ask whether node delivered interval k of id and how
	// many nodes did; UnpackInterval reads the answers.
	IntervalCalls(id, k uint32, node common.Address) (responded, count []byte)
	UnpackInterval(responded, count []byte) (bool, uint16, error)
	// PackDeliverCompute is the delivery of interval k, naming the node's
	// payment wallet.
	PackDeliverCompute(id, k uint32, input, output, proof []byte, nodeWallet common.Address) []byte
	// ReadWallet reads what a payment Wallet holds of token and allows
	// spender (the payments policy then decides on it).
	ReadWallet(ctx context.Context, c Caller, wallet, spender, token common.Address) (payments.State, error)
	// WalletFactory is the factory of the Coordinator's payment Wallets.
	WalletFactory(ctx context.Context, c Caller) (common.Address, error)
	// CheckPaymentWallet makes sure wallet (chain.wallet.payment_address)
	// is a Wallet of the WalletFactory, and returns its owner.
	CheckPaymentWallet(ctx context.Context, c Caller, wallet common.Address) (common.Address, error)
	// PackApprove is the calldata of the payment Wallet's
	// approve(spender, token, amount) (the node's collateral allowance).
	PackApprove(spender, token common.Address, amount *big.Int) []byte
	// CallbackFailed reports whether a delivery's events (the first topic
	// of each log the Coordinator emitted) say its callback failed.
	CallbackFailed(events []common.Hash) bool
	// DecodeDelegated decodes a delegated subscription's REST body
	// (docs/api.md; the SDK's body in its dialect). Rejections are
	// *job.Error values naming the field.
	DecodeDelegated(raw []byte) (Delegated, error)
	// Decoder decodes the dialect's reverts (Coordinator and Wallet errors).
	Decoder() *RevertDecoder
	// Outcome classifies a revert of a delivery.
	Outcome(err error) Outcome
}

// CancelledAt is activeAt of a cancelled subscription (both dialects).
const CancelledAt = ^uint32(0)

// Interval returns the interval current at block time t and whether it is
// deliverable (1 <= interval <= frequency and active).
func (s *Sub) Interval(t uint64) (uint32, bool) {
	if s.Cancelled || t < uint64(s.ActiveAt) {
		return 0, false
	}
	var k uint64 = 1
	if s.Period > 0 {
		k = (t-uint64(s.ActiveAt))/uint64(s.Period) + 1
	}
	if k > uint64(s.Frequency) {
		return 0, false
	}
	return uint32(k), true
}

// Start returns the block time at which interval k opens.
func (s *Sub) Start(k uint32) uint64 {
	return uint64(s.ActiveAt) + uint64(k-1)*uint64(s.Period)
}

// Containers is the pipeline.
func (s *Sub) Containers() []string { return SplitContainers(s.ContainerID) }

// Delegated is a delegated subscription decoded by its dialect: what the
// relay checks, persists and delivers with deliverComputeDelegatee.
type Delegated struct {
	Nonce, Expiry uint32
	// Data is the containers' off-chain input.
	Data json.RawMessage
	// Sub is the subscription as the relay tracks it (ID 0, its pipeline
	// named by ids).
	Sub Sub
	// Codec checks and packs it in its dialect.
	Codec DelegatedCodec
}

// DelegatedCodec is a dialect's handling of one delegated subscription.
type DelegatedCodec interface {
	// Verify checks expiry, signature and the owner's signer on chain.
	Verify(ctx context.Context, v *Verifier) error
	// PackCreatedID asks for the id the Coordinator created for (owner,
	// nonce); UnpackCreatedID reads it, 0 when none yet.
	PackCreatedID() []byte
	UnpackCreatedID(out []byte) (uint32, error)
	// PackDeliver creates the subscription and delivers interval k.
	PackDeliver(k uint32, input, output, proof []byte, nodeWallet common.Address) []byte
	// PackCreate is the create step of PackDeliver alone
	// (createSubscriptionDelegatee with the same signed arguments): the
	// relay estimates its gas to tell the callback's share of a delegated
	// delivery from the creation's.
	PackCreate() []byte
}

// Outcome is what a revert of a delivery means to the relay. A dialect
// classifies its Coordinator's and Wallet's reverts into outcomes, so the
// delivery loop decides on these, never on error names.
type Outcome int

const (
	// Retry: the delivery's own fault or an unknown revert; the try
	// counts against the attempts and is backed off.
	Retry Outcome = iota
	// AlreadyDelivered: this node's delivery of the interval is on chain.
	AlreadyDelivered
	// Full: the interval has all the deliveries its redundancy allows.
	Full
	// Closed: nothing is left to deliver (cancelled, completed, the
	// interval passed, no such subscription).
	Closed
	// Rejected: the request can never be delivered as it stands (a bad or
	// expired signature, invalid subscription parameters).
	Rejected
	// NotPaidNow: a wallet cannot pay at the moment; waited out, not
	// counted.
	NotPaidNow
)

// Reverts classifies reverts by their 4-byte selector, keyed by the error
// IDs abigen writes for each custom error (Selector(XxxErrorID())), so a
// table names no error by its string; a selector it does not list is Retry.
type Reverts map[[4]byte]Outcome

// NewReverts is the table of the custom errors (their IDs) under each
// outcome.
func NewReverts(byOutcome map[Outcome][]common.Hash) Reverts {
	t := Reverts{}
	for o, ids := range byOutcome {
		for _, id := range ids {
			t[Selector(id)] = o
		}
	}
	return t
}

// Selector is the 4-byte selector of a custom error's ID.
func Selector(errorID common.Hash) [4]byte { return [4]byte(errorID[:4]) }

// Outcome classifies err (a *RevertError, or any error).
func (t Reverts) Outcome(err error) Outcome {
	var re *RevertError
	if errors.As(err, &re) {
		return t[re.Selector]
	}
	return Retry
}
