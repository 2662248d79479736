package relay

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/internal/clock"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/payments"
	"github.com/infernode/infernode/txm"
)

// SubmitDelegated decodes, checks and verifies a delegated subscription
// posted over REST (docs/api.md, docs/chain-protocol.md), persists it (synced) and hands it to a
// worker before returning. Rejections are *job.Error values with the docs/api.md
// strings. A replay of an accepted (owner, nonce) is accepted again and
// creates nothing.
func (r *Relay) SubmitDelegated(ctx context.Context, client string, raw json.RawMessage) error {
	req, err := r.d.DecodeDelegated(raw)
	if err != nil {
		return err
	}
	sub := req.Sub()
	proof := sub.Verifier != (common.Address{})
	if jerr := r.o.Guard.CheckDelegated(client, sub.Owner.Hex(), sub.Containers(), proof); jerr != nil {
		return jerr
	}
	if err := r.o.Payments.Check(sub.paymentRequest()); err != nil {
		return job.Reject(job.CodeInvalid, "Invalid request: "+err.Error(), "field", "subscription.payment_amount")
	}
	if err := req.Verify(ctx, r.ver); err != nil {
		return err
	}
	key := string(storage.RelayDelegatedKey(sub.Owner, req.Nonce()))
	r.dlgMu.Lock() // check-and-persist is atomic: a concurrent replay waits
	defer r.dlgMu.Unlock()
	var existing Delegated
	if ok, err := storage.GetJSON(r.st.kv, []byte(key), &existing); err != nil {
		return fmt.Errorf("read delegated subscription: %w", err)
	} else if ok {
		return nil // replay of a verified request: the accepted one stands
	}
	d := Delegated{Body: append(json.RawMessage(nil), raw...), Accepted: r.headNum.Load(), State: IvRunning}
	if err := storage.PutJSON(r.st.kv, []byte(key), d); err != nil {
		return fmt.Errorf("persist delegated subscription: %w", err)
	}
	r.o.Logger.Info("relay: delegated subscription accepted", "owner", sub.Owner, "nonce", req.Nonce(), "client", client, "containers", sub.ContainerID)
	r.mu.Lock()
	ctx2 := r.runCtx
	r.mu.Unlock()
	if ctx2 != nil { // else Run picks it up from the store when it starts
		r.startDelegated(ctx2, key)
	}
	return nil
}

func (r *Relay) startDelegated(ctx context.Context, key string) {
	r.mu.Lock()
	if r.dlgRun[key] {
		r.mu.Unlock()
		return
	}
	r.dlgRun[key] = true
	r.mu.Unlock()
	r.pending.Add(1)
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		defer r.pending.Add(-1)
		defer func() {
			r.mu.Lock()
			delete(r.dlgRun, key)
			r.mu.Unlock()
		}()
		if !r.waitActive(ctx, key) { // a future subscription holds no worker
			return
		}
		select {
		case r.workers <- struct{}{}:
		case <-ctx.Done():
			return
		}
		defer func() { <-r.workers }()
		if err := r.deliverDelegated(ctx, key); err != nil && ctx.Err() == nil {
			r.o.Logger.Warn("relay: delegated subscription", "key", key, "err", err)
		}
	}()
}

// waitActive waits, by block time, until the delegated subscription under
// key is active; false when ctx ends.
func (r *Relay) waitActive(ctx context.Context, key string) bool {
	var d Delegated
	if ok, err := storage.GetJSON(r.st.kv, []byte(key), &d); err != nil || !ok {
		return true // deliverDelegated reports it
	}
	req, err := r.d.DecodeDelegated(d.Body)
	if err != nil {
		return true
	}
	for r.headTime.Load() < uint64(req.Sub().ActiveAt) {
		if !clock.Sleep(ctx, r.o.PollInterval) {
			return false
		}
	}
	return true
}

// deliverDelegated creates and delivers a delegated subscription in one
// transaction (deliverComputeDelegatee), then tracks the created
// subscription like any other so later intervals go through deliverCompute.
func (r *Relay) deliverDelegated(ctx context.Context, key string) error {
	var d Delegated
	if _, err := storage.GetJSON(r.st.kv, []byte(key), &d); err != nil {
		return err
	}
	ds, err := r.d.DecodeDelegated(d.Body)
	if err != nil {
		return r.putDlg(key, &d, IvFailed, err.Error())
	}
	ctx, span := r.tracer.Start(ctx, "relay.deliver_delegated", trace.WithAttributes(
		attribute.String("owner", ds.Owner().Hex()), attribute.Int64("nonce", int64(ds.Nonce()))))
	defer span.End()
	for {
		if d.State.final() {
			return nil
		}
		if d.TxKey != "" {
			_, ok, err := r.o.Sender.Lookup(d.TxKey)
			if err != nil {
				return err
			}
			if ok {
				rec, err := r.o.Sender.Wait(ctx, d.TxKey)
				if err != nil {
					return err
				}
				if rec.State == txm.StateConfirmed {
					span.AddEvent("tx.confirmed", trace.WithAttributes(attribute.String("tx", rec.MinedHash.Hex())))
					for { // on chain: only reading the new id remains; retry RPC trouble
						err := r.adoptDelegated(ctx, key, &d, ds, true)
						if err == nil || !clock.Sleep(ctx, r.o.PollInterval) {
							return err
						}
						r.o.Logger.Warn("relay: read delegated subscription id", "key", key, "err", err)
					}
				}
				d.Err = rec.Err
			}
			d.TxKey = ""
		}
		if d.Attempts >= r.o.MaxAttempts {
			return r.putDlg(key, &d, IvFailed, d.Err)
		}
		// Created already (by this node before a crash, or another node)?
		out, err := r.call(ctx, r.o.Coordinator, ds.PackCreatedID())
		if err == nil {
			if id, err := ds.UnpackCreatedID(out); err == nil && id != 0 {
				return r.adoptDelegated(ctx, key, &d, ds, false)
			}
		}
		t := r.headTime.Load()
		if t >= uint64(ds.Expiry()) {
			return r.putDlg(key, &d, IvFailed, "Signature expired")
		}
		s := ds.Sub()
		if t < uint64(s.ActiveAt) { // not active yet: wait for block time
			if !clock.Sleep(ctx, r.o.PollInterval) {
				return ctx.Err()
			}
			continue
		}
		k, ok := s.Interval(t)
		if !ok {
			return r.putDlg(key, &d, IvFailed, "subscription has no open interval")
		}
		d.Attempts++
		input, output, proof, err := r.runContainers(ctx, s.Containers(), job.OffChain, ds.Data(), s.Verifier != (common.Address{}))
		if err != nil {
			d.Err = err.Error()
			if err := storage.PutJSON(r.st.kv, []byte(key), d); err != nil {
				return err
			}
			if !clock.Sleep(ctx, r.o.RetryBackoff<<min(max(d.Attempts-1, 0), 6)) {
				return ctx.Err()
			}
			continue
		}
		d.TxKey = fmt.Sprintf("dlg/%s/%d/%d", ds.Owner().Hex(), ds.Nonce(), d.Attempts)
		if err := storage.PutJSON(r.st.kv, []byte(key), d); err != nil {
			return err
		}
		_, err = r.o.Sender.Send(ctx, txm.Call{
			Key: d.TxKey, To: r.o.Coordinator,
			Data:         ds.PackDeliver(k, input, output, proof, r.o.PaymentWallet),
			MaxFeePerGas: bigOf(s.MaxGasPrice),
			MinGas:       callbackGas(s.MaxGasLimit) + 300_000, // plus the creation
		})
		if err != nil {
			d.TxKey, d.Err = "", err.Error()
			if name := r.d.ErrorName(coordinator.RevertName(err)); name != "" {
				r.o.Metrics.Reverts.WithLabelValues(name).Inc()
				switch name {
				case "SignatureExpired", "InvalidSignature", "InvalidSignatureS", "SignerMismatch", "OwnerHasNoSigner",
					"InvalidWallet", "InvalidFrequency",
					"InvalidRedundancy", "InvalidMaxGasLimit", "EmptyContainerId", "InvalidActiveAt", "ZeroOwner":
					return r.putDlg(key, &d, IvFailed, name)
				}
			}
			wait := r.o.RetryBackoff << min(max(d.Attempts-1, 0), 6)
			if !countsAsAttempt(err) || payments.CannotPayNow(coordinator.RevertName(err)) { // a wallet short of funds: retried, not counted
				d.Attempts--
				wait = r.o.PollInterval
			}
			if err := storage.PutJSON(r.st.kv, []byte(key), d); err != nil {
				return err
			}
			if !clock.Sleep(ctx, wait) {
				return ctx.Err()
			}
			continue
		}
		span.AddEvent("tx.sent", trace.WithAttributes(attribute.String("key", d.TxKey)))
	}
}

// adoptDelegated records the created subscription's id, marks the delivered
// interval (when this node delivered it) and schedules later intervals.
func (r *Relay) adoptDelegated(ctx context.Context, key string, d *Delegated, ds DelegatedSub, delivered bool) error {
	out, err := r.call(ctx, r.o.Coordinator, ds.PackCreatedID())
	if err != nil {
		return fmt.Errorf("delegateSubscriptionId: %w", err)
	}
	id, err := ds.UnpackCreatedID(out)
	if err != nil || id == 0 {
		return fmt.Errorf("delegateSubscriptionId: no id (%v)", err)
	}
	s, ok, err := r.st.sub(id)
	if err != nil {
		return err
	}
	if !ok {
		s = ds.Sub()
		s.ID, s.Block = id, r.headNum.Load()
	}
	b := r.st.kv.NewBatch()
	defer b.Close()
	if delivered {
		// The delivered interval needs no mark: the scheduler asks
		// nodeResponded before any delivery, so it is never sent twice.
		r.o.Metrics.Deliveries.WithLabelValues("delivered").Inc()
	}
	if err := storage.BatchJSON(b, storage.RelaySubKey(id), s); err != nil {
		return err
	}
	d.SubID, d.State, d.TxKey = id, IvDelivered, ""
	if !delivered {
		d.State, d.Err = IvSkipped, "created elsewhere; scheduled as a regular subscription"
	}
	if err := storage.BatchJSON(b, []byte(key), d); err != nil {
		return err
	}
	if err := b.Commit(); err != nil {
		return err
	}
	r.o.Logger.Info("relay: delegated subscription on chain", "id", id, "owner", ds.Owner(), "nonce", ds.Nonce(), "delivered", delivered)
	r.schedule(s)
	return nil
}

func (r *Relay) putDlg(key string, d *Delegated, st IvState, reason string) error {
	d.State, d.Err, d.TxKey = st, reason, ""
	r.o.Metrics.Deliveries.WithLabelValues(string(st)).Inc()
	r.o.Logger.Info("relay: delegated subscription "+string(st), "key", key, "reason", reason)
	return storage.PutJSON(r.st.kv, []byte(key), *d)
}
