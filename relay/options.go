package relay

import (
	"context"
	"errors"
	"log/slog"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/access"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/payments"
	"github.com/infernode/infernode/txm"
)

// Runner runs a container pipeline (*executor.Executor).
type Runner interface {
	Run(ctx context.Context, in executor.Input) ([]job.ContainerResult, error)
}

// Sender is the chain's transaction pipeline: a *txm.Sender (one key) or
// *txm.Lanes (several key lanes, docs/chains.md), which answers as one.
type Sender interface {
	Address() common.Address
	ChainID() *big.Int
	InFlight() int
	Send(ctx context.Context, c txm.Call) (*txm.Record, error)
	Lookup(key string) (*txm.Record, bool, error)
	Wait(ctx context.Context, key string) (*txm.Record, error)
	SetResendCheck(f txm.ResendCheck)
	Stalled() error
	ObserveHead(h *types.Header)
	Run(ctx context.Context) error
}

var (
	_ Sender = (*txm.Sender)(nil)
	_ Sender = (*txm.Lanes)(nil)
)

// Options configure a Relay. Zero values take the documented defaults.
type Options struct {
	Backend Backend               // required
	DB      storage.KeyValueStore // required: the relay's table, Store.Table(storage.TableRelay)
	Sender  Sender                // required; its Run is driven by Relay.Run
	// Dialect is the Coordinator's (coordinator/ours, coordinator/infernetv1);
	// required: the relay has no default.
	Dialect Dialect
	Runner  Runner           // required
	Guard   *access.Guardian // required
	// Payments decides which paid and verified subscriptions are served
	// (containers[].accepted_payments, chain.verifiers); nil serves only
	// unpaid subscriptions without a verifier.
	Payments *payments.Policy
	// PaymentWallet is the node's payment Wallet (chain.wallet.payment_address),
	// named in every delivery; zero when the node serves only unpaid
	// subscriptions.
	PaymentWallet common.Address
	// TrailHeadBlocks: logs are read this many blocks behind the head.
	TrailHeadBlocks uint64
	// StartBlock is where the first scan starts (the Coordinator's deploy
	// block) when nothing is persisted.
	StartBlock uint64
	// PollInterval paces head polling when the backend cannot push heads,
	// and the sender's monitor. Default 1s.
	PollInterval time.Duration
	// MaxLogRange is the largest eth_getLogs range tried; it halves when
	// the RPC refuses. Default 2000.
	MaxLogRange uint64
	// MaxAttempts per interval (container runs plus transactions). Default 3.
	MaxAttempts int
	// RetryBackoff is the first retry delay, doubled per attempt. Default 1s.
	RetryBackoff time.Duration
	// Workers bounds intervals being prepared at once (containers,
	// sending), handed to owners in turn; intervals waiting for their
	// transaction to be mined, or held back by the guard, hold none.
	// Default 16.
	Workers int
	// MaxLagBlocks: Healthy fails when the listener is further behind
	// (beyond TrailHeadBlocks). Default 64.
	MaxLagBlocks uint64
	// Limits bound what the node spends on deliveries nobody pays for and
	// on failures (chain.unpaid.*, chain.max_input_bytes,
	// chain.interval_deadline, chain.delegated.*; guard.LimitsOf). Zero
	// values take the defaults.
	Limits guard.Limits
	// Fleet makes this node a fleet member (relay/claims.go): it delivers
	// the intervals it claims. Nil: a node alone (never a nil
	// *fleet.Fleet: leave it unset).
	Fleet Fleet
	// FleetSpending is the fleet's day budgets (fleet.Spending), which a
	// member's unpaid charges are also taken from. Nil: a node alone.
	FleetSpending  FleetSpending
	Logger         *slog.Logger
	Metrics        *Metrics // default: unregistered collectors
	TracerProvider trace.TracerProvider
}

func (o *Options) defaults() error {
	switch {
	case o.Backend == nil:
		return errors.New("relay: Options.Backend is required")
	case o.DB == nil:
		return errors.New("relay: Options.DB is required")
	case o.Sender == nil:
		return errors.New("relay: Options.Sender is required")
	case o.Runner == nil || o.Guard == nil:
		return errors.New("relay: Options.Runner and Options.Guard are required")
	case o.Dialect == nil:
		return errors.New("relay: Options.Dialect is required (coordinator/ours or coordinator/infernetv1)")
	}
	if o.PollInterval <= 0 {
		o.PollInterval = time.Second
	}
	if o.MaxLogRange == 0 {
		o.MaxLogRange = 2000
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 3
	}
	if o.RetryBackoff <= 0 {
		o.RetryBackoff = time.Second
	}
	if o.Workers <= 0 {
		o.Workers = 16
	}
	if o.MaxLagBlocks == 0 {
		o.MaxLagBlocks = 64
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Metrics == nil {
		o.Metrics, _ = NewMetrics(nil)
	}
	if o.Fleet == nil {
		o.Fleet = alone{}
	}
	if o.FleetSpending == nil {
		o.FleetSpending = alone{}
	}
	if o.TracerProvider == nil {
		o.TracerProvider = otel.GetTracerProvider()
	}
	return nil
}
