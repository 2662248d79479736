package relay

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/clock"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/txm"
)

// SubmitDelegated decodes, checks and verifies a delegated subscription
// posted over REST (docs/api.md, docs/chain-protocol.md), persists it (synced) and hands it to a
// worker before returning. Rejections are *job.Error values with the docs/api.md
// strings. A replay of an accepted (owner, nonce) is accepted again and
// creates nothing.
func (r *Relay) SubmitDelegated(ctx context.Context, client string, raw json.RawMessage) error {
	return r.submitDelegated(ctx, client, raw, false)
}

// submitDelegated is SubmitDelegated; fromFleet: another member accepted
// it (its client was checked there) and stored it in the fleet.
func (r *Relay) submitDelegated(ctx context.Context, client string, raw json.RawMessage, fromFleet bool) error {
	req, err := r.d.DecodeDelegated(raw)
	if err != nil {
		return err
	}
	sub := &req.Sub
	proof := sub.Verifier != (common.Address{})
	if !fromFleet { // else checked by the member that accepted it
		if jerr := r.o.Guard.CheckDelegated(client, sub.Owner.Hex(), sub.Containers(), proof); jerr != nil {
			return jerr
		}
	}
	if err := r.o.Payments.Check(paymentRequest(sub)); err != nil {
		return job.Reject(job.CodeInvalid, "Invalid request: "+err.Error(), "field", "subscription.payment_amount")
	}
	key := string(storage.RelayDelegatedKey(sub.Owner, req.Nonce))
	if err := r.admitDelegated(ctx, key, &req); err != nil { // before the signature's RPC calls
		return err
	}
	ver := &coordinator.Verifier{Chain: r.o.Backend, ChainID: r.o.Sender.ChainID(), Coordinator: r.d.Coordinator()}
	if err := req.Codec.Verify(ctx, ver); err != nil {
		return err
	}
	if t := r.head.time.Load(); t != 0 {
		if err := deliverable(sub, req.Expiry, t); err != nil {
			return err
		}
	}
	r.dlgMu.Lock() // check-and-persist is atomic: a concurrent replay waits
	defer r.dlgMu.Unlock()
	if _, ok, err := r.st.dlg(key); err != nil {
		return fmt.Errorf("read delegated subscription: %w", err)
	} else if ok {
		return nil // replay of a verified request: the accepted one stands
	}
	// One not active yet waits in the guard's bounded heap: 429 when it
	// is full, before anything is written.
	waits := uint64(sub.ActiveAt) > r.head.time.Load()
	if waits {
		if err := r.sp.waiting.Add(key, sub.Owner.Hex(), time.Unix(int64(sub.ActiveAt), 0), time.Unix(int64(req.Expiry), 0)); err != nil {
			return err
		}
	}
	if r.o.Fleet != nil && !fromFleet { // in the fleet before the answer: any member delivers it
		if err := r.o.Fleet.PutDelegated(ctx, fleetDelegatedID(key), raw); err != nil {
			r.sp.waiting.Remove(key)
			r.o.Logger.Warn("relay: delegated subscription not stored in the fleet", "owner", sub.Owner, "nonce", req.Nonce, "err", err)
			return job.Reject(job.CodeUnavailable, "Fleet unavailable: the delegated subscription could not be stored; try again")
		}
	}
	d := &Delegated{Body: append(json.RawMessage(nil), raw...), Accepted: r.head.num.Load(), Progress: Progress{State: IvRunning}}
	if err := r.st.saveDlg(key, d, r.head.time.Load()); err != nil {
		r.sp.waiting.Remove(key)
		return fmt.Errorf("persist delegated subscription: %w", err)
	}
	r.o.Logger.Info("relay: delegated subscription accepted", "owner", sub.Owner, "nonce", req.Nonce, "client", client, "containers", sub.ContainerID, "waits", waits)
	r.mu.Lock()
	ctx2 := r.runCtx
	r.mu.Unlock()
	if ctx2 != nil && !waits { // else Run picks it up from the store when it starts, or a head when it is due
		r.startDelegated(ctx2, key)
	}
	return nil
}

// admitDelegated refuses, with a 400 naming the field, a delegated request
// the node would never serve: a signature expired or expiring before the
// subscription starts, activeAt beyond chain.delegated.max_horizon, unpaid
// gas above chain.unpaid.max_gas, a period under two block times, data or
// subscription.inputs above chain.max_input_bytes.
func (r *Relay) admitDelegated(ctx context.Context, key string, req *coordinator.Delegated) error {
	t := r.head.time.Load()
	if t == 0 { // no head seen yet (the relay is starting)
		h, err := r.o.Backend.HeaderByNumber(ctx, nil)
		if err != nil {
			return fmt.Errorf("read head: %w", err)
		}
		t = h.Time
	}
	now := time.Unix(int64(t), 0)
	if err := r.sp.waiting.CheckDelegated(time.Unix(int64(req.Sub.ActiveAt), 0), time.Unix(int64(req.Expiry), 0), now); err != nil {
		return err
	}
	// chain.max_input_bytes bounds subscription.inputs and data alike:
	// either is what the node would persist and run.
	f := facts(&req.Sub, key, 0)
	input := "subscription.inputs"
	if len(req.Data) > len(req.Sub.Inputs) {
		f.InputBytes, input = len(req.Data), "data"
	}
	v := r.sp.g.Static(f, r.sp.heads.Head().BlockTime)
	if v.Action == guard.Serve {
		return nil
	}
	field := map[string]string{"gas": "subscription.max_gas_limit", "period": "subscription.period", "input": input}[v.Field]
	return job.Reject(job.CodeInvalid, "Invalid request: "+v.Reason, "field", field)
}

// waitDelegated puts the accepted delegated request under key (of owner)
// among the waiting ones until block time until (zero: the next head), to
// be dropped at expiry. It needs no new slot: an accepted request is never
// failed because the waiting set is full.
func (dv *deliverer) waitDelegated(key string, owner common.Address, until, expiry time.Time) {
	if until.IsZero() {
		until = time.Unix(int64(dv.head.time.Load())+1, 0)
	}
	dv.sp.waiting.Hold(key, owner.Hex(), until, expiry)
}

// wakeDelegated starts the waiting delegated requests due at the head and
// fails those whose signature expired first.
func (r *Relay) wakeDelegated(ctx context.Context) {
	now := r.head.time.Load()
	ready, expired := r.sp.waiting.Due(time.Unix(int64(now), 0))
	for _, key := range expired {
		if d, ok, err := r.st.dlg(key); err == nil && ok && !d.State.final() && d.TxKey == "" {
			d.State, d.Err = IvFailed, "Signature expired"
			r.o.Metrics.Deliveries.WithLabelValues(string(IvFailed)).Inc()
			r.o.Logger.Info("relay: delegated subscription "+string(IvFailed), "key", key, "reason", d.Err)
			if err := r.st.saveDlg(key, d, r.head.time.Load()); err != nil {
				r.o.Logger.Warn("relay: persist delegated subscription", "key", key, "err", err)
			}
		} else if err == nil && ok && d.TxKey != "" {
			r.startDelegated(ctx, key) // its transaction decides
		}
	}
	for _, key := range ready {
		if !r.startDelegated(ctx, key) { // its last worker is still leaving: the next head
			if d, ok, err := r.st.dlg(key); err == nil && ok {
				if ds, err := r.d.DecodeDelegated(d.Body); err == nil {
					r.dv.waitDelegated(key, ds.Sub.Owner, time.Time{}, time.Unix(int64(ds.Expiry), 0))
				}
			}
		}
	}
}

// resumeDelegated restarts an accepted delegated request: at once when it
// is active, else among the waiting ones.
func (r *Relay) resumeDelegated(ctx context.Context, key string, d *Delegated) {
	if ds, err := r.d.DecodeDelegated(d.Body); err == nil && d.TxKey == "" && uint64(ds.Sub.ActiveAt) > r.head.time.Load() {
		r.dv.waitDelegated(key, ds.Sub.Owner, time.Unix(int64(ds.Sub.ActiveAt), 0), time.Unix(int64(ds.Expiry), 0))
		return
	}
	r.startDelegated(ctx, key)
}

// startDelegated starts a worker for the delegated request under key;
// false when one is running already.
func (r *Relay) startDelegated(ctx context.Context, key string) bool {
	r.mu.Lock()
	if r.dlgRun[key] {
		r.mu.Unlock()
		return false
	}
	r.dlgRun[key] = true
	r.mu.Unlock()
	r.pending.Add(1)
	r.dv.preparing.Add(1) // before the head is marked handled (Settled)
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		defer r.pending.Add(-1)
		defer func() {
			r.mu.Lock()
			delete(r.dlgRun, key)
			r.mu.Unlock()
		}()
		defer r.dv.preparing.Add(-1)
		if err := r.dv.deliverDelegated(ctx, key); err != nil && ctx.Err() == nil {
			r.o.Logger.Warn("relay: delegated subscription", "key", key, "err", guard.CutErr(err))
		}
	}()
	return true
}

// deliverable refuses a delegated subscription that no delivery at block
// time t or later can create: every interval closed, or none opening
// before the signature expires. The relay would otherwise accept it and
// give it up in silence (docs/api.md).
func deliverable(s *Sub, expiry uint32, t uint64) error {
	reject := func(format string, a ...any) error {
		return job.Reject(job.CodeInvalid, "Invalid request: subscription can never be delivered: "+fmt.Sprintf(format, a...), "field", "subscription.active_at")
	}
	start := max(t, uint64(s.ActiveAt))
	switch {
	case s.Frequency == 0:
		return job.Reject(job.CodeInvalid, "Invalid request: subscription can never be delivered: frequency is 0 (give 1 or more intervals)", "field", "subscription.frequency")
	case start >= uint64(expiry):
		return reject("active_at %d is at or after the signature's expiry %d; sign with a later expiry or an earlier active_at", s.ActiveAt, expiry)
	case s.Period > 0 && uint64(s.ActiveAt)+uint64(s.Frequency)*uint64(s.Period) <= t:
		return reject("its %d intervals of %d s from active_at %d ended at block time %d, and the chain is at %d; set active_at to the current block time (infernode delegate without --active-at does)",
			s.Frequency, s.Period, s.ActiveAt, uint64(s.ActiveAt)+uint64(s.Frequency)*uint64(s.Period), t)
	}
	return nil
}

// deliverDelegated takes a delegated subscription through the delivery
// loop: it is created and delivered in one transaction
// (deliverComputeDelegatee), then tracked like any other subscription so
// later intervals go through deliverCompute.
func (dv *deliverer) deliverDelegated(ctx context.Context, key string) error {
	d, ok, err := dv.st.dlg(key)
	if err != nil || !ok {
		return err
	}
	ds, err := dv.d.DecodeDelegated(d.Body)
	if err != nil {
		d.State, d.Err = IvFailed, err.Error()
		dv.o.Metrics.Deliveries.WithLabelValues(string(IvFailed)).Inc()
		return dv.st.saveDlg(key, d, dv.head.time.Load())
	}
	ctx, span := dv.tracer.Start(ctx, "relay.deliver_delegated", trace.WithAttributes(
		attribute.String("owner", ds.Sub.Owner.Hex()), attribute.Int64("nonce", int64(ds.Nonce))))
	defer span.End()
	return dv.deliver(ctx, &delegatedDelivery{dv: dv, key: key, d: d, ds: ds}, span)
}

// delegatedDelivery is a delegated subscription not yet on chain.
type delegatedDelivery struct {
	dv  *deliverer
	key string
	d   *Delegated
	ds  coordinator.Delegated
	k   uint32 // the interval the check found open
}

func (g *delegatedDelivery) progress() *Progress { return &g.d.Progress }
func (g *delegatedDelivery) save() error         { return g.dv.st.saveDlg(g.key, g.d, g.dv.head.time.Load()) }
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
	if dv.o.Fleet != nil { // one member creates it: the one that serves its key
		if _, ok := dv.o.Fleet.Serves(dv.fleetWork(fleetDelegatedID(g.key)), 1); !ok {
			return ready{NextHead: true}, nil
		}
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
		err := g.dv.adoptDelegated(ctx, g.key, g.d, g.ds, delivered)
		if err == nil || !clock.Sleep(ctx, g.dv.o.PollInterval) {
			return err
		}
		g.dv.o.Logger.Warn("relay: read delegated subscription id", "key", g.key, "err", err)
	}
}

// adoptDelegated records the created subscription's id, marks the delivered
// interval (when this node delivered it) and schedules later intervals.
func (dv *deliverer) adoptDelegated(ctx context.Context, key string, d *Delegated, ds coordinator.Delegated, delivered bool) error {
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
