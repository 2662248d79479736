package relay

import (
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/internal/storage"
)

// deliverer takes deliveries to a final state: the delivery loop
// (deliver.go), both kinds of delivery (an interval of a tracked
// subscription, intervalDelivery; a delegated subscription created and
// delivered in one transaction, delegatedDelivery), the spending guard's
// decision points (guarded.go), the payment checks (payment.go), container
// runs, calls and confirmation. The Relay decides what is due and hands it
// over (deliverInterval, deliverDelegated); the deliverer answers the
// scheduler only through its two hooks, hold and track.
type deliverer struct {
	o      delivererOptions
	st     state
	d      Dialect
	coord  common.Address // the dialect's Coordinator
	dec    *coordinator.RevertDecoder
	me     common.Address
	tracer trace.Tracer
	sp     *spending
	head   *chainHead
	// gas is the learned estimates of recurring deliveries (gasbook.go).
	gas *gasBook
	// preparing counts deliveries taken up and not waiting for a mined
	// transaction (Relay.Settled).
	preparing atomic.Int64
}

// delivererOptions are the deliverer's parts, built outside it (relay.New
// derives them from Options).
type delivererOptions struct {
	Backend Backend
	DB      storage.KeyValueStore // the relay's table: intervals, delegated requests
	Sender  Sender
	Dialect Dialect
	Runner  Runner
	// PaymentWallet is named in every delivery (Options.PaymentWallet).
	PaymentWallet              common.Address
	PollInterval, RetryBackoff time.Duration
	MaxAttempts                int
	Logger                     *slog.Logger
	Metrics                    *Metrics
	TracerProvider             trace.TracerProvider
	// Fleet makes this node a fleet member (claims.go): it claims a
	// redundancy slot before a container runs and fences the claim right
	// before the send. alone: a node outside any fleet.
	Fleet Fleet
	// FleetSpending is the fleet's day budgets a member's unpaid charges
	// are also taken from (guarded.go); alone: the node's own alone.
	FleetSpending FleetSpending
	// Spending is the spending guard, shared with the relay's admission
	// and listener.
	Spending *spending
	// Head is the head the relay acted on last.
	Head *chainHead
	// Hold keeps subscription id's deliveries back until block time t,
	// holding no worker meanwhile (the scheduler's).
	Hold func(id uint32, t time.Time)
	// Track schedules a subscription a delegated delivery put on chain.
	Track func(s *Sub)
}

func newDeliverer(o delivererOptions) *deliverer {
	return &deliverer{
		o: o, st: state{o.DB}, d: o.Dialect, coord: o.Dialect.Coordinator(), dec: o.Dialect.Decoder(),
		me: o.Sender.Address(), sp: o.Spending, head: o.Head, gas: newGasBook(),
		tracer: o.TracerProvider.Tracer("github.com/infernode/infernode/relay"),
	}
}

// chainHead is the latest head the relay acted on: its number and block
// time (0 before the first).
type chainHead struct{ num, time atomic.Uint64 }

// hold and track are the scheduler's hooks.
func (dv *deliverer) hold(id uint32, t time.Time) { dv.o.Hold(id, t) }
func (dv *deliverer) track(s *Sub)                { dv.o.Track(s) }
