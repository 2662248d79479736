package relay

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/abi/exampleconsumerabi"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/clock"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/payments"
	"github.com/infernode/infernode/txm"
)

// schedule puts s in the timer queue at the start of its next interval this
// node has not finished, computed from the latest head's time; it drops
// subscriptions that are cancelled or past their last interval. An idle
// subscription costs nothing until its time comes.
func (r *Relay) schedule(s *Sub) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.scheduleLocked(s)
}

// reschedule schedules subscription id as persisted now. The read happens
// under r.mu so that it cannot use a record older than a cancellation the
// listener persisted and then unscheduled.
func (r *Relay) reschedule(id uint32) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s, ok, err := r.st.sub(id); err == nil && ok {
		r.scheduleLocked(s)
	}
}

func (r *Relay) scheduleLocked(s *Sub) {
	due, ok := r.nextDue(s, r.headTime.Load())
	if !ok {
		delete(r.queued, s.ID)
		return
	}
	if cur, ok := r.queued[s.ID]; ok && cur == due {
		return
	}
	r.queued[s.ID] = due
	r.queue.push(entry{due: due, id: s.ID})
}

func (r *Relay) nextDue(s *Sub, t uint64) (uint64, bool) {
	if s.Cancelled {
		return 0, false
	}
	if t < uint64(s.ActiveAt) {
		return uint64(s.ActiveAt), true
	}
	k, ok := s.Interval(t)
	if !ok {
		return 0, false
	}
	iv, err := r.iv(s, k)
	if err != nil || !iv.State.final() {
		return t, true
	}
	if s.Period == 0 || k >= s.Frequency {
		return 0, false
	}
	return s.Start(k + 1), true
}

func (r *Relay) unschedule(id uint32) {
	r.mu.Lock()
	delete(r.queued, id)
	r.mu.Unlock()
}

// dispatch starts a worker for every subscription due at the latest head.
func (r *Relay) dispatch(ctx context.Context) {
	t := r.headTime.Load()
	var due []uint32
	r.mu.Lock()
	for r.queue.Len() > 0 && r.queue[0].due <= t {
		e := r.queue.pop()
		if r.queued[e.id] != e.due {
			continue // stale entry
		}
		delete(r.queued, e.id)
		if r.running[e.id] {
			continue // its worker reschedules when done
		}
		r.running[e.id] = true
		due = append(due, e.id)
	}
	r.mu.Unlock()
	for _, id := range due {
		r.pending.Add(1)
		r.preparing.Add(1)
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			defer r.pending.Add(-1)
			defer r.preparing.Add(-1)
			r.work(ctx, id)
		}()
	}
}

func (r *Relay) work(ctx context.Context, id uint32) {
	var s *Sub
	var k uint32
	defer func() {
		r.mu.Lock()
		delete(r.running, id)
		r.mu.Unlock()
		if ctx.Err() == nil {
			r.reschedule(id)
			// A later interval that opened while this one was being
			// delivered is due now: it need not wait for the next head.
			if k != 0 {
				if cur, ok := s.Interval(r.headTime.Load()); ok && cur > k {
					r.dispatch(ctx)
				}
			}
		}
	}()
	s, ok, err := r.st.sub(id)
	if err != nil || !ok {
		return
	}
	k, ok = s.Interval(r.headTime.Load())
	if !ok {
		return
	}
	if err := r.deliverInterval(ctx, s, k); err != nil && ctx.Err() == nil {
		r.o.Logger.Warn("relay: interval", "sub", id, "interval", k, "err", err)
	}
}

// deliverInterval takes one (subscription, interval) to a final state:
// delivered, skipped (full, closed, cancelled) or failed after MaxAttempts.
// Its status is persisted before each transaction is sent, and a restart
// resumes the transaction in flight instead of sending another.
func (r *Relay) deliverInterval(ctx context.Context, s *Sub, k uint32) error {
	ctx, span := r.tracer.Start(ctx, "relay.deliver", trace.WithAttributes(
		attribute.Int64("subscription.id", int64(s.ID)), attribute.Int64("subscription.interval", int64(k)),
		attribute.String("subscription.containers", s.ContainerID),
		attribute.Int64("subscription.created_block", int64(s.Block))))
	defer span.End()
	for {
		iv, err := r.iv(s, k)
		if err != nil {
			return err
		}
		if iv.State.final() {
			return nil
		}
		if iv.TxKey != "" { // a transaction from an earlier attempt (or run)
			rec, ok, err := r.o.Sender.Lookup(iv.TxKey)
			if err != nil {
				return err
			}
			if ok {
				span.AddEvent("tx.wait", trace.WithAttributes(attribute.Int64("nonce", int64(rec.Nonce))))
				r.preparing.Add(-1) // waiting for the chain, not for this node
				rec, err = r.o.Sender.Wait(ctx, iv.TxKey)
				r.preparing.Add(1)
				if err != nil {
					return err
				}
				if rec.State == txm.StateConfirmed {
					iv.State, iv.Tx, iv.Err = IvDelivered, rec.MinedHash.Hex(), ""
					span.AddEvent("tx.confirmed", trace.WithAttributes(attribute.String("tx", iv.Tx)))
					r.o.Metrics.Deliveries.WithLabelValues("delivered").Inc()
					r.o.Logger.Info("relay: delivered", "sub", s.ID, "interval", k, "tx", iv.Tx)
					return r.putIv(s, k, iv)
				}
				r.o.Metrics.Reverts.WithLabelValues("mined").Inc()
				iv.Err = rec.Err
			}
			iv.TxKey = ""
			if err := r.putIv(s, k, iv); err != nil {
				return err
			}
		}
		if iv.Attempts >= r.o.MaxAttempts {
			return r.finish(s, k, iv, IvFailed, iv.Err, span)
		}
		if cur, ok := s.Interval(r.headTime.Load()); !ok || cur != k {
			return r.finish(s, k, iv, IvSkipped, "interval closed", span)
		}
		tried := iv.Attempts
		// A worker slot bounds the containers and sends at once; waiting
		// for a transaction to be mined holds none.
		select {
		case r.workers <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		state, reason, err := r.attempt(ctx, s, k, &iv, span)
		<-r.workers
		if err != nil {
			return err
		}
		if state != "" {
			return r.finish(s, k, iv, state, reason, span)
		}
		if iv.TxKey == "" {
			// A failed try backs off exponentially; RPC trouble before any
			// try (not counted) is retried at the poll pace.
			wait := r.o.PollInterval
			if iv.Attempts > tried {
				wait = r.o.RetryBackoff << min(iv.Attempts-1, 6)
			}
			if !clock.Sleep(ctx, wait) {
				return ctx.Err()
			}
		}
	}
}

func (r *Relay) finish(s *Sub, k uint32, iv Interval, st IvState, reason string, span trace.Span) error {
	iv.State, iv.Err, iv.TxKey = st, reason, ""
	r.o.Metrics.Deliveries.WithLabelValues(string(st)).Inc()
	if st == IvFailed {
		span.SetStatus(codes.Error, reason)
	}
	span.AddEvent("interval."+string(st), trace.WithAttributes(attribute.String("reason", reason)))
	r.o.Logger.Info("relay: interval "+string(st), "sub", s.ID, "interval", k, "reason", reason)
	return r.putIv(s, k, iv)
}

// iv reads the status of interval k of s. A status written for an earlier
// incarnation of the subscription id (created in a block a reorg replaced)
// does not count: the re-created subscription starts afresh, and the
// nodeResponded check before any send keeps it from delivering twice.
func (r *Relay) iv(s *Sub, k uint32) (Interval, error) {
	iv, err := r.st.iv(s.ID, k)
	if err != nil {
		return iv, err
	}
	if iv.SubBlockHash != (common.Hash{}) && s.BlockHash != (common.Hash{}) && iv.SubBlockHash != s.BlockHash {
		return Interval{}, nil
	}
	return iv, nil
}

// putIv persists the status of interval k of s, tagged with s's creation.
func (r *Relay) putIv(s *Sub, k uint32, iv Interval) error {
	iv.SubBlockHash = s.BlockHash
	return r.st.putIv(s.ID, k, iv)
}

// attempt makes one try: skip checks, inputs, containers, transaction. It
// returns a final state when the interval needs no more tries, or leaves
// iv.TxKey set when a transaction was journaled.
func (r *Relay) attempt(ctx context.Context, s *Sub, k uint32, iv *Interval, span trace.Span) (IvState, string, error) {
	// One JSON-RPC batch: nodeResponded, responseCount and (without
	// inputs in the subscription) the owner's getContainerInputs.
	coord := r.o.Coordinator
	msgs := []ethereum.CallMsg{
		{From: r.me, To: &coord, Data: r.d.PackNodeResponded(s.ID, k, r.me)},
		{From: r.me, To: &coord, Data: r.d.PackResponseCount(s.ID, k)},
	}
	if len(s.Inputs) == 0 {
		m, err := r.inputsCall(s, k)
		if err != nil {
			return "", "", err
		}
		msgs = append(msgs, m)
	}
	outs, errs, err := batchCall(ctx, r.o.Backend, msgs)
	if err != nil || errs[0] != nil || errs[1] != nil {
		return "", "", nil // RPC trouble: retried with backoff, not counted
	}
	if responded, err := r.d.UnpackNodeResponded(outs[0]); err != nil {
		return "", "", nil
	} else if responded {
		return IvDelivered, "already responded", nil
	}
	if count, err := r.d.UnpackResponseCount(outs[1]); err == nil && count >= s.Redundancy {
		return IvSkipped, "interval full", nil
	}
	if err := r.readyToBePaid(ctx, s); err != nil {
		// Not paid yet (or RPC trouble): no container run, no transaction,
		// not counted; tried again at the poll pace while the interval lasts.
		r.o.Logger.Info("relay: delivery waits for payment", "sub", s.ID, "interval", k, "reason", err.Error())
		return "", "", nil
	}
	data := []byte(s.Inputs)
	if len(msgs) == 3 {
		if data, err = r.decodeInputs(s, outs[2], errs[2]); err != nil {
			r.o.Logger.Warn("relay: read inputs", "sub", s.ID, "interval", k, "err", err)
			return "", "", nil
		}
	}
	iv.Attempts++
	input, output, proof, err := r.runContainers(ctx, s.Containers(), job.OnChain, data, s.Verifier != (common.Address{}))
	if err != nil {
		iv.Err = err.Error()
		span.AddEvent("containers.failed", trace.WithAttributes(attribute.String("err", iv.Err)))
		return "", "", r.putIv(s, k, *iv)
	}
	span.AddEvent("containers.done")
	iv.TxKey = fmt.Sprintf("deliver/%d/%d/%d", s.ID, k, iv.Attempts)
	if err := r.putIv(s, k, *iv); err != nil {
		return "", "", err
	}
	_, err = r.o.Sender.Send(ctx, txm.Call{
		Key: iv.TxKey, To: r.o.Coordinator,
		Data:         r.d.PackDeliverCompute(s.ID, k, input, output, proof, r.o.PaymentWallet),
		MaxFeePerGas: bigOf(s.MaxGasPrice),
		MinGas:       callbackGas(s.MaxGasLimit),
	})
	if err != nil {
		st, reason := r.sendFailed(s, iv, err)
		if st == "" {
			if err := r.putIv(s, k, *iv); err != nil {
				return "", "", err
			}
		}
		return st, reason, nil
	}
	span.AddEvent("tx.sent", trace.WithAttributes(attribute.String("key", iv.TxKey)))
	return "", "", nil
}

// sendFailed maps a failed send (nothing journaled) to the interval's fate.
// Only a revert or a gas estimate above the limit uses up an attempt: RPC
// trouble and a base fee above the cap are waited out.
func (r *Relay) sendFailed(s *Sub, iv *Interval, err error) (IvState, string) {
	iv.TxKey = ""
	iv.Err = err.Error()
	if name := r.d.ErrorName(coordinator.RevertName(err)); name != "" {
		r.o.Metrics.Reverts.WithLabelValues(name).Inc()
		switch name {
		case "NodeAlreadyResponded":
			return IvDelivered, "already responded"
		case "IntervalRedundancyReached":
			return IvSkipped, "interval full"
		case "SubscriptionIsCancelled", "SubscriptionCompleted", "IntervalMismatch", "SubscriptionNotFound", "SignatureExpired":
			return IvSkipped, name
		}
		if payments.CannotPayNow(name) { // a wallet changed since the check: retried, not counted
			iv.Attempts--
			r.o.Logger.Info("relay: delivery would not be paid, not sent", "sub", s.ID, "revert", name)
			return "", ""
		}
	}
	if !countsAsAttempt(err) {
		iv.Attempts--
	}
	r.o.Logger.Warn("relay: send", "sub", s.ID, "err", err)
	return "", ""
}

// countsAsAttempt reports whether a failed send was the delivery's fault
// (a revert, too much gas) rather than the chain link's or the fee market's.
func countsAsAttempt(err error) bool {
	return coordinator.IsRevert(err, "") || errors.Is(err, txm.ErrGasAboveLimit)
}

// callbackGas is the least gas a delivery needs so the Coordinator can hand
// the callback exactly maxGasLimit (63/64 rule) plus its own work.
func callbackGas(maxGasLimit uint32) uint64 {
	return uint64(maxGasLimit)*64/63 + 150_000
}

func bigOf(b interface{ ToInt() *big.Int }) *big.Int {
	if b == nil {
		return nil
	}
	return b.ToInt()
}

// inputsCall is the owner's getContainerInputs(id, interval, timestamp,
// node), the container input of a subscription without inputs.
func (r *Relay) inputsCall(s *Sub, k uint32) (ethereum.CallMsg, error) {
	owner := s.Owner
	return ethereum.CallMsg{From: r.me, To: &owner, Data: consumerABI.PackGetContainerInputs(s.ID, k, uint32(r.headTime.Load()), r.me)}, nil
}

// decodeInputs decodes the answer to inputsCall.
func (r *Relay) decodeInputs(s *Sub, out []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, fmt.Errorf("getContainerInputs of %s: %w", s.Owner, r.dec.FromError(err))
	}
	in, err := consumerABI.UnpackGetContainerInputs(out)
	if err != nil {
		return nil, fmt.Errorf("decode getContainerInputs of %s: %v", s.Owner, err)
	}
	return in, nil
}

// consumerABI packs the call every requester contract answers,
// getContainerInputs(uint32 subscriptionId, uint32 interval, uint32
// timestamp, address caller) returns (bytes); the example consumer's
// binding has it as every consumer does.
var consumerABI = exampleconsumerabi.NewExampleConsumer()

// runContainers runs the pipeline. On-chain input is given as lowercase hex
// without 0x (docs/container-protocol.md); off-chain input (a delegated request's data) as is.
func (r *Relay) runContainers(ctx context.Context, containers []string, src job.Location, data []byte, proof bool) (in, out, pr []byte, err error) {
	var d json.RawMessage
	if src == job.OnChain {
		d, _ = json.Marshal(hex.EncodeToString(data))
	} else {
		d = data
		if len(d) == 0 {
			d = json.RawMessage("null")
		}
	}
	res, err := r.o.Runner.Run(ctx, executor.Input{Containers: containers, Source: src, Destination: job.OnChain, Data: d, RequiresProof: proof})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("run %v: %w", containers, err)
	}
	if len(res) == 0 {
		return nil, nil, nil, errors.New("run: no results")
	}
	return codec.EncodeOutput(res[len(res)-1].Output)
}

func (r *Relay) call(ctx context.Context, to common.Address, data []byte) ([]byte, error) {
	out, err := r.o.Backend.CallContract(ctx, ethereum.CallMsg{From: r.me, To: &to, Data: data}, nil)
	if err != nil {
		return nil, r.dec.FromError(err)
	}
	return out, nil
}
