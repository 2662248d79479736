package relay

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/storage"
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
	req, err := r.dialect.DecodeDelegated(raw)
	if err != nil {
		return err
	}
	sub := &req.Sub
	proof := sub.Verifier != (common.Address{})
	if !fromFleet { // else checked by the member that accepted it
		if jerr := r.opts.Guard.CheckDelegated(client, sub.Owner.Hex(), sub.Containers(), proof); jerr != nil {
			return jerr
		}
	}
	if err := r.opts.Payments.Check(paymentRequest(sub)); err != nil {
		return job.Reject(job.CodeInvalid, "Invalid request: "+err.Error(), "field", "subscription.payment_amount")
	}
	key := string(storage.RelayDelegatedKey(sub.Owner, req.Nonce))
	if err := r.admitDelegated(ctx, key, &req); err != nil { // before the signature's RPC calls
		return err
	}
	ver := &coordinator.Verifier{Chain: r.opts.Backend, ChainID: r.opts.Sender.ChainID(), Coordinator: r.dialect.Coordinator()}
	if err := req.Codec.Verify(ctx, ver); err != nil {
		return err
	}
	if t := r.head.time.Load(); t != 0 {
		if err := deliverable(sub, req.Expiry, t); err != nil {
			return err
		}
	}
	r.delegatedMu.Lock() // check-and-persist is atomic: a concurrent replay waits
	defer r.delegatedMu.Unlock()
	if _, ok, err := r.store.dlg(key); err != nil {
		return fmt.Errorf("read delegated subscription: %w", err)
	} else if ok {
		return nil // replay of a verified request: the accepted one stands
	}
	// One not active yet waits in the guard's bounded heap: 429 when it
	// is full, before anything is written.
	waits := uint64(sub.ActiveAt) > r.head.time.Load()
	if waits {
		if err := r.spending.waiting.Add(key, sub.Owner.Hex(), time.Unix(int64(sub.ActiveAt), 0), time.Unix(int64(req.Expiry), 0)); err != nil {
			return err
		}
	}
	if !fromFleet { // in the fleet before the answer: any member delivers it
		if err := r.opts.Fleet.PutDelegated(ctx, fleetDelegatedID(key), raw); err != nil {
			r.spending.waiting.Remove(key)
			r.opts.Logger.Warn("relay: delegated subscription not stored in the fleet", "owner", sub.Owner, "nonce", req.Nonce, "err", err)
			return job.Reject(job.CodeUnavailable, "Fleet unavailable: the delegated subscription could not be stored; try again")
		}
	}
	d := &Delegated{Body: append(json.RawMessage(nil), raw...), Accepted: r.head.num.Load(), Progress: Progress{State: IvRunning}}
	if err := r.store.saveDlg(key, d, r.head.time.Load()); err != nil {
		r.spending.waiting.Remove(key)
		return fmt.Errorf("persist delegated subscription: %w", err)
	}
	r.opts.Logger.Info("relay: delegated subscription accepted", "owner", sub.Owner, "nonce", req.Nonce, "client", client, "containers", sub.ContainerID, "waits", waits)
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
		h, err := r.opts.Backend.HeaderByNumber(ctx, nil)
		if err != nil {
			return fmt.Errorf("read head: %w", err)
		}
		t = h.Time
	}
	now := time.Unix(int64(t), 0)
	if err := r.spending.waiting.CheckDelegated(time.Unix(int64(req.Sub.ActiveAt), 0), time.Unix(int64(req.Expiry), 0), now); err != nil {
		return err
	}
	// chain.max_input_bytes bounds subscription.inputs and data alike:
	// either is what the node would persist and run.
	f := facts(&req.Sub, key, 0)
	input := "subscription.inputs"
	if len(req.Data) > len(req.Sub.Inputs) {
		f.InputBytes, input = len(req.Data), "data"
	}
	v := r.spending.g.Static(f, r.spending.heads.Head().BlockTime)
	if v.Action == guard.Serve {
		return nil
	}
	field := map[string]string{"gas": "subscription.max_gas_limit", "period": "subscription.period", "input": input}[v.Field]
	return job.Reject(job.CodeInvalid, "Invalid request: "+v.Reason, "field", field)
}

// wakeDelegated starts the waiting delegated requests due at the head and
// fails those whose signature expired first.
func (r *Relay) wakeDelegated(ctx context.Context) {
	now := r.head.time.Load()
	ready, expired := r.spending.waiting.Due(time.Unix(int64(now), 0))
	for _, key := range expired {
		if d, ok, err := r.store.dlg(key); err == nil && ok && !d.State.final() && d.TxKey == "" {
			d.State, d.Err = IvFailed, "Signature expired"
			r.opts.Metrics.Deliveries.WithLabelValues(string(IvFailed)).Inc()
			r.opts.Logger.Info("relay: delegated subscription "+string(IvFailed), "key", key, "reason", d.Err)
			if err := r.store.saveDlg(key, d, r.head.time.Load()); err != nil {
				r.opts.Logger.Warn("relay: persist delegated subscription", "key", key, "err", err)
			}
		} else if err == nil && ok && d.TxKey != "" {
			r.startDelegated(ctx, key) // its transaction decides
		}
	}
	for _, key := range ready {
		if !r.startDelegated(ctx, key) { // its last worker is still leaving: the next head
			if d, ok, err := r.store.dlg(key); err == nil && ok {
				if ds, err := r.dialect.DecodeDelegated(d.Body); err == nil {
					r.deliverer.waitDelegated(key, ds.Sub.Owner, time.Time{}, time.Unix(int64(ds.Expiry), 0))
				}
			}
		}
	}
}

// resumeDelegated restarts an accepted delegated request: at once when it
// is active, else among the waiting ones.
func (r *Relay) resumeDelegated(ctx context.Context, key string, d *Delegated) {
	if ds, err := r.dialect.DecodeDelegated(d.Body); err == nil && d.TxKey == "" && uint64(ds.Sub.ActiveAt) > r.head.time.Load() {
		r.deliverer.waitDelegated(key, ds.Sub.Owner, time.Unix(int64(ds.Sub.ActiveAt), 0), time.Unix(int64(ds.Expiry), 0))
		return
	}
	r.startDelegated(ctx, key)
}

// startDelegated starts a worker for the delegated request under key;
// false when one is running already.
func (r *Relay) startDelegated(ctx context.Context, key string) bool {
	r.mu.Lock()
	if r.delegatedRunning[key] {
		r.mu.Unlock()
		return false
	}
	r.delegatedRunning[key] = true
	r.mu.Unlock()
	r.pending.Add(1)
	r.deliverer.preparing.Add(1) // before the head is marked handled (Settled)
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		defer r.pending.Add(-1)
		defer func() {
			r.mu.Lock()
			delete(r.delegatedRunning, key)
			r.mu.Unlock()
		}()
		defer r.deliverer.preparing.Add(-1)
		if err := r.deliverer.deliverDelegated(ctx, key); err != nil && ctx.Err() == nil {
			r.opts.Logger.Warn("relay: delegated subscription", "key", key, "err", guard.CutErr(err))
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

// admitFleetDelegated takes the delegated subscriptions other members
// accepted (fleet.WatchDelegated), until ctx is done.
func (r *Relay) admitFleetDelegated(ctx context.Context) {
	r.opts.Fleet.WatchDelegated(ctx, func(id string, body []byte) {
		if err := r.submitDelegated(ctx, "fleet", body, true); err != nil && ctx.Err() == nil {
			r.opts.Logger.Info("relay: delegated subscription from the fleet not admitted", "id", id, "err", err)
		}
	})
}
