package relay

import (
	"context"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/clock"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/txm"
)

// delegatedDelivery is a delegated subscription not yet on chain.
type delegatedDelivery struct {
	dv  *deliverer
	key string
	d   *Delegated
	ds  coordinator.Delegated
	k   uint32 // the interval the check found open
}

func (g *delegatedDelivery) progress() *Progress { return &g.d.Progress }

func (g *delegatedDelivery) save() error { return g.dv.st.saveDlg(g.key, g.d, g.dv.head.time.Load()) }

func (g *delegatedDelivery) logAttrs() []any {
	return []any{"owner", g.ds.Sub.Owner, "nonce", g.ds.Nonce}
}

// check adopts a subscription already created (by this node before a
// crash, or by another node), then checks expiry and the open interval.
func (g *delegatedDelivery) check(ctx context.Context) (ready, error) {
	dv, ds := g.dv, g.ds
	out, err := dv.call(ctx, dv.coord, ds.Codec.PackCreatedID())
	if err == nil {
		if id, err := ds.Codec.UnpackCreatedID(out); err == nil && id != 0 {
			return ready{State: IvSkipped, Reason: createdElsewhere}, nil
		}
	}
	t := dv.head.time.Load()
	if t >= uint64(ds.Expiry) {
		return ready{State: IvFailed, Reason: "Signature expired"}, nil
	}
	// One fleet member creates it: the one that serves its key.
	if _, ok := dv.o.Fleet.Serves(dv.fleetWork(fleetDelegatedID(g.key)), 1); !ok {
		return ready{NextHead: true}, nil
	}
	s := &ds.Sub
	if t < uint64(s.ActiveAt) { // not active yet (a reorg moved block time back)
		return ready{Wait: true}, nil
	}
	k, ok := s.Interval(t)
	if !ok {
		return ready{State: IvFailed, Reason: "subscription has no open interval"}, nil
	}
	g.k = k
	return ready{Containers: s.Containers(), Source: job.OffChain, Data: ds.Data, Proof: s.Verifier != (common.Address{})}, nil
}

const createdElsewhere = "created elsewhere; scheduled as a regular subscription"

func (g *delegatedDelivery) call(attempt int, input, output, proof []byte) txm.Call {
	dv, ds := g.dv, g.ds
	s := &ds.Sub
	return txm.Call{
		Key: fmt.Sprintf("dlg/%s/%d/%d", s.Owner.Hex(), ds.Nonce, attempt), To: dv.coord,
		Data:         ds.Codec.PackDeliver(g.k, input, output, proof, dv.o.PaymentWallet),
		MaxFeePerGas: bigOf(s.MaxGasPrice),
		MinGas:       callbackGas(s.MaxGasLimit) + delegatedCreationGas,
		MaxGas:       dv.maxGas(s),
	}
}

func (g *delegatedDelivery) facts() guard.Delivery {
	f := facts(&g.ds.Sub, g.key, 0) // its signature's expiry is its deadline
	f.InputBytes = len(g.ds.Data)
	return f
}

func (g *delegatedDelivery) chargeGas() uint64 { return g.dv.unpaidGas(&g.ds.Sub, true) }

// setupGas is the create step's gas: a delegated delivery's gas includes
// creating the subscription, which is not its callback's (issue 35: an
// honest owner with maxGasLimit 100k looked as if it burnt its callback
// gas and was backed off). Only asked when the callback is judged.
func (g *delegatedDelivery) setupGas(ctx context.Context, rec *txm.Record) (uint64, bool) {
	if g.ds.Sub.MaxGasLimit == 0 {
		return 0, true
	}
	return g.dv.createGas(ctx, g.ds.Codec.PackCreate(), rec)
}

// hold puts the request back among the waiting ones (no goroutine) until
// block time until.
func (g *delegatedDelivery) hold(until time.Time) {
	g.dv.waitDelegated(g.key, g.ds.Sub.Owner, until, time.Unix(int64(g.ds.Expiry), 0))
}

// fate: a revert saying the interval is delivered, full or closed means
// the subscription exists on chain (created by another node): the next
// check adopts it. Only a rejection ends a delegated subscription.
func (g *delegatedDelivery) fate(o coordinator.Outcome, revert string) (IvState, string) {
	if o == coordinator.Rejected {
		return IvFailed, revert
	}
	return "", ""
}

// confirmed adopts the subscription this node created: on chain, only
// reading its new id remains; RPC trouble is retried.
func (g *delegatedDelivery) confirmed(ctx context.Context, _ *txm.Record) error {
	g.dv.fleetDelegatedDone(ctx, g.key)
	return g.adopt(ctx, true)
}

func (g *delegatedDelivery) finish(ctx context.Context, st IvState, reason string) error {
	g.dv.fleetDelegatedDone(ctx, g.key)
	if reason == createdElsewhere {
		return g.adopt(ctx, false)
	}
	g.d.State, g.d.Err, g.d.TxKey = st, reason, ""
	return g.save()
}

// adopt records the created subscription's id, marks the delegated
// subscription final and schedules later intervals, retrying RPC trouble
// at the poll pace.
func (g *delegatedDelivery) adopt(ctx context.Context, delivered bool) error {
	for {
		err := g.adoptOnce(ctx, delivered)
		if err == nil || !clock.Sleep(ctx, g.dv.o.PollInterval) {
			return err
		}
		g.dv.o.Logger.Warn("relay: read delegated subscription id", "key", g.key, "err", err)
	}
}

func (g *delegatedDelivery) work() (string, int, uint32) {
	return fleetDelegatedID(g.key), 1, g.k
}

// late: a delegated subscription is created with its delivery, in the
// interval open when it is sent.
func (g *delegatedDelivery) late() bool { return false }

// gasEstimate: a delegated delivery is not recurring; eth_estimateGas
// decides.
func (g *delegatedDelivery) gasEstimate(txm.Call, bool) uint64 { return 0 }

func (g *delegatedDelivery) sentTx(txm.Call, *txm.Record) {}

// adoptOnce records the created subscription's id, marks the delivered
// interval (when this node delivered it) and schedules later intervals.
func (g *delegatedDelivery) adoptOnce(ctx context.Context, delivered bool) error {
	dv, key, d, ds := g.dv, g.key, g.d, g.ds
	out, err := dv.call(ctx, dv.coord, ds.Codec.PackCreatedID())
	if err != nil {
		return fmt.Errorf("delegateSubscriptionId: %w", err)
	}
	id, err := ds.Codec.UnpackCreatedID(out)
	if err != nil || id == 0 {
		return fmt.Errorf("delegateSubscriptionId: no id (%v)", err)
	}
	s, ok, err := dv.st.sub(id)
	if err != nil {
		return err
	}
	if !ok {
		sub := ds.Sub
		s = &sub
		s.ID, s.Block = id, dv.head.num.Load()
	}
	if delivered {
		// The delivered interval needs no mark: the scheduler asks
		// nodeResponded before any delivery, so it is never sent twice.
		dv.o.Metrics.Deliveries.WithLabelValues("delivered").Inc()
	}
	d.SubID, d.State, d.TxKey = id, IvDelivered, ""
	if !delivered {
		d.State, d.Err = IvSkipped, createdElsewhere
	}
	stampFinal(d, dv.head.time.Load())
	if err := dv.st.adopt(key, d, s); err != nil {
		return err
	}
	dv.o.Logger.Info("relay: delegated subscription on chain", "id", id, "owner", ds.Sub.Owner, "nonce", ds.Nonce, "delivered", delivered)
	dv.track(s)
	return nil
}
