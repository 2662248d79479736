package relay

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/txm"
)

// ready is what a delivery's check found: a final state (State set), a
// reason to wait without counting a try (Wait), inputs that could not be
// read (InputsFailed: a failed try), or the container input.
type ready struct {
	State        IvState
	Reason       string
	Wait         bool
	InputsFailed string
	// Fetched: Data came from the owner's contract (getContainerInputs).
	Fetched bool

	// Contested: someone else already answered the interval (its
	// response count was not 0): a race is likely, so the delivery is
	// simulated before it is sent (gasbook.go).
	Contested bool

	// NextHead: not this fleet member's to deliver now; looked at again
	// on the next head (no RPC call spent).
	NextHead bool

	Containers []string
	Source     job.Location
	Data       json.RawMessage // on-chain bytes or the off-chain input
	Proof      bool
}

// delivery is one thing the delivery loop takes to a final state: an
// interval of a tracked subscription (intervalDelivery) or a delegated
// subscription created and delivered in one transaction
// (delegatedDelivery). Its decision points are explicit: check (before
// the containers run), call (before sending), confirmed and finish (after
// an outcome).
type delivery interface {
	progress() *Progress
	// save persists the progress (through relay state).
	save() error
	// check reads the chain before a container runs.
	check(ctx context.Context) (ready, error)
	// call is the transaction of try number attempt, from the containers'
	// results.
	call(attempt int, input, output, proof []byte) txm.Call
	// fate is what a classified revert of a send means for it: a final
	// state, or "" to try again.
	fate(o coordinator.Outcome, revert string) (IvState, string)
	// confirmed takes this node's mined delivery to its final state.
	confirmed(ctx context.Context, rec *txm.Record) error
	// finish records a final state reached without a mined delivery.
	finish(ctx context.Context, st IvState, reason string) error
	// logAttrs name the delivery in logs.
	logAttrs() []any
	// facts is what the spending guard is told of it (guarded.go) and
	// chargeGas what an unpaid try is charged before it is sent.
	facts() guard.Delivery
	chargeGas() uint64
	// setupGas is the gas of rec, a mined delivery, that went to
	// anything but the delivery proper (a delegated subscription's
	// creation); ok false when it could not be told.
	setupGas(ctx context.Context, rec *txm.Record) (gas uint64, ok bool)
	// hold keeps it from being tried again before block time until (zero:
	// the next head), holding no goroutine and no worker meanwhile.
	hold(until time.Time)
	// late reports whether the next block comes after the interval it is
	// bound to ends: a delivery sent now would be mined outside it and
	// revert. A delegated subscription not yet on chain is never late.
	late() bool
	// work names what a fleet member claims before sending it (claims.go):
	// the subscription, its redundancy, the interval.
	work() (key string, redundancy int, k uint32)
	// gasEstimate is the gas book's learned estimate of call (gasbook.go;
	// 0: none, eth_estimateGas decides) and sentTx tells the book call
	// was sent as rec: only a tracked subscription's intervals recur.
	gasEstimate(call txm.Call, contested bool) uint64
	sentTx(call txm.Call, rec *txm.Record)
}

// heldFor records the first reason d is held back for: an interval that
// closes while held (its owner's price below the base fee, its owner's day
// budget spent) is not left without a word (issue 35's simulator). The
// hold is the subscription's, so it also speaks for the later intervals
// it spans.
func heldFor(d delivery, reason string) error {
	p := d.progress()
	if p.Err != "" {
		return nil
	}
	p.Err = "held: " + reason
	return d.save()
}

// fate is how an interval's delivery ends on a classified revert.
func fate(o coordinator.Outcome, revert string) (IvState, string) {
	switch o {
	case coordinator.AlreadyDelivered:
		return IvDelivered, "already responded"
	case coordinator.Full:
		return IvSkipped, "interval full"
	case coordinator.Closed:
		return IvSkipped, revert
	case coordinator.Rejected:
		return IvFailed, revert
	}
	return "", ""
}

// countsAsAttempt reports whether a failed send was the delivery's fault
// (a revert, too much gas) rather than the chain link's or the fee market's.
func countsAsAttempt(err error) bool {
	return coordinator.IsRevert(err, "") || errors.Is(err, txm.ErrGasAboveLimit) || errors.Is(err, txm.ErrGasAboveCap)
}
