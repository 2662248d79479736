package relay

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/abi/consumerabi"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/job"
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
	due, ok := r.nextDue(s, r.head.time.Load())
	if !ok {
		delete(r.queued, s.ID)
		delete(r.hold, s.ID)
		return
	}
	if h, held := r.hold[s.ID]; held { // backing off (guard): no worker, no call until then
		if h > due {
			due = h
		} else {
			delete(r.hold, s.ID)
		}
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
	iv, err := r.st.ivOf(s, k)
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
	delete(r.hold, id)
	r.mu.Unlock()
}

// dispatch starts a worker for every subscription due at the latest head.
func (r *Relay) dispatch(ctx context.Context) {
	t := r.head.time.Load()
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
		r.dv.preparing.Add(1)
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			defer r.pending.Add(-1)
			defer r.dv.preparing.Add(-1)
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
				if cur, ok := s.Interval(r.head.time.Load()); ok && cur > k {
					r.dispatch(ctx)
				}
			}
		}
	}()
	s, ok, err := r.st.sub(id)
	if err != nil || !ok {
		return
	}
	k, ok = s.Interval(r.head.time.Load())
	if !ok {
		return
	}
	if err := r.dv.deliverInterval(ctx, s, k); err != nil && ctx.Err() == nil {
		r.o.Logger.Warn("relay: interval", "sub", id, "interval", k, "err", err)
	}
}

// deliverInterval takes one (subscription, interval) through the delivery
// loop.
func (dv *deliverer) deliverInterval(ctx context.Context, s *Sub, k uint32) error {
	ctx, span := dv.tracer.Start(ctx, "relay.deliver", trace.WithAttributes(
		attribute.Int64("subscription.id", int64(s.ID)), attribute.Int64("subscription.interval", int64(k)),
		attribute.String("subscription.containers", s.ContainerID),
		attribute.Int64("subscription.created_block", int64(s.Block))))
	defer span.End()
	iv, err := dv.st.ivOf(s, k)
	if err != nil {
		return err
	}
	return dv.deliver(ctx, &intervalDelivery{dv: dv, s: s, k: k, iv: iv}, span)
}

// intervalDelivery is interval k of a tracked subscription, delivered with
// deliverCompute.
type intervalDelivery struct {
	dv *deliverer
	s  *Sub
	k  uint32
	iv Interval
}

func (d *intervalDelivery) progress() *Progress { return &d.iv.Progress }
func (d *intervalDelivery) sub() *Sub           { return d.s }
func (d *intervalDelivery) interval() uint32    { return d.k }
func (d *intervalDelivery) save() error         { return d.dv.st.putIvOf(d.s, d.k, d.iv) }
func (d *intervalDelivery) logAttrs() []any     { return []any{"sub", d.s.ID, "interval", d.k} }

func (d *intervalDelivery) fate(o coordinator.Outcome, revert string) (IvState, string) {
	return fate(o, revert)
}

func (d *intervalDelivery) confirmed(_ context.Context, rec *txm.Record) error {
	d.iv.State, d.iv.Tx, d.iv.Err, d.iv.TxKey = IvDelivered, rec.MinedHash.Hex(), "", ""
	d.dv.o.Metrics.Deliveries.WithLabelValues("delivered").Inc()
	d.dv.o.Logger.Info("relay: delivered", "sub", d.s.ID, "interval", d.k, "tx", d.iv.Tx, "block", rec.MinedBlock, "gas_used", rec.GasUsed)
	return d.save()
}

func (d *intervalDelivery) finish(_ context.Context, st IvState, reason string) error {
	d.iv.State, d.iv.Err, d.iv.TxKey = st, reason, ""
	return d.save()
}

func (d *intervalDelivery) call(attempt int, input, output, proof []byte) txm.Call {
	dv, s := d.dv, d.s
	return txm.Call{
		Key: deliverKey(s, d.k, attempt), To: dv.coord,
		Data:         dv.d.PackDeliverCompute(s.ID, d.k, input, output, proof, dv.o.PaymentWallet),
		MaxFeePerGas: bigOf(s.MaxGasPrice),
		MinGas:       callbackGas(s.MaxGasLimit),
		MaxGas:       dv.maxGas(s),
		Anchor:       anchor(s),
	}
}

// anchor is the block that created s, which its deliveries depend on;
// nil when unknown.
func anchor(s *Sub) *txm.Anchor {
	if s.BlockHash == (common.Hash{}) {
		return nil
	}
	return &txm.Anchor{Number: s.Block, Hash: s.BlockHash}
}

// facts re-reads the subscription, so a cancellation the listener recorded
// meanwhile stops it (the guard refuses a cancelled one).
func (d *intervalDelivery) facts() guard.Delivery {
	if s, ok, err := d.dv.st.sub(d.s.ID); err == nil && ok && s.BlockHash == d.s.BlockHash {
		d.s = s
	}
	return facts(d.s, subGuardKey(d.s.ID), d.s.Start(d.k))
}

func (d *intervalDelivery) chargeGas() uint64 { return d.dv.unpaidGas(d.s, false) }

// setupGas: an interval's delivery is all delivery.
func (d *intervalDelivery) setupGas(context.Context, *txm.Record) (uint64, bool) { return 0, true }

func (d *intervalDelivery) hold(until time.Time) {
	if !until.IsZero() {
		d.dv.hold(d.s.ID, until)
	}
}

// check makes the skip checks in one eth_call (responseCount and,
// without inputs in the subscription, the owner's getContainerInputs;
// nodeResponded only when the count is not 0), then the payment check.
func (d *intervalDelivery) check(ctx context.Context) (ready, error) {
	dv, s, k := d.dv, d.s, d.k
	if cur, ok := s.Interval(dv.head.time.Load()); !ok || cur != k {
		return ready{State: IvSkipped, Reason: "interval closed"}, nil
	}
	if !dv.serves(s) {
		return ready{NextHead: true}, nil
	}
	coord := dv.coord
	responded, count := dv.d.IntervalCalls(s.ID, k, dv.me)
	// responseCount first: while it is 0 this node cannot have responded
	// either, so nodeResponded is asked only when someone did (one call
	// per delivery in the steady state instead of two).
	msgs := []ethereum.CallMsg{{From: dv.me, To: &coord, Data: count}}
	if len(s.Inputs) == 0 {
		msgs = append(msgs, dv.inputsCall(s, k))
	}
	wait := ready{Wait: true}
	// One eth_call where the endpoint takes a state override (neither
	// read depends on its sender: getContainerInputs names the caller).
	outs, errs, err := dv.o.Backend.ReadCallContract(ctx, msgs)
	if err != nil || errs[0] != nil {
		return wait, nil // RPC trouble: retried at the poll pace, not counted
	}
	respondedOut := make([]byte, 32) // false, as the ABI encodes it
	if !isZeroWord(outs[0]) {
		ro, rerrs, err := dv.o.Backend.BatchCallContract(ctx, []ethereum.CallMsg{{From: dv.me, To: &coord, Data: responded}})
		if err != nil || rerrs[0] != nil {
			return wait, nil
		}
		respondedOut = ro[0]
	}
	done, n, err := dv.d.UnpackInterval(respondedOut, outs[0])
	switch {
	case err != nil:
		return wait, nil
	case done:
		return ready{State: IvDelivered, Reason: "already responded"}, nil
	case n >= s.Redundancy:
		return ready{State: IvSkipped, Reason: "interval full"}, nil
	}
	if err := dv.readyToBePaid(ctx, s); err != nil {
		// Not paid yet (or RPC trouble): no container run, no transaction,
		// not counted; tried again at the poll pace while the interval lasts.
		dv.o.Logger.Info("relay: delivery waits for payment", "sub", s.ID, "interval", k, "reason", err.Error())
		return wait, nil
	}
	data := []byte(s.Inputs)
	fetched := len(msgs) == 2
	if fetched {
		if data, err = dv.decodeInputs(s, outs[1], errs[1]); err != nil {
			return ready{InputsFailed: guard.CutErr(err)}, nil
		}
	}
	return ready{Containers: s.Containers(), Source: job.OnChain, Data: data, Fetched: fetched, Proof: s.Verifier != (common.Address{}), Contested: n > 0}, nil
}

// lateness is a delivery bound to an interval that ends.
type lateness interface {
	// late reports whether the next block comes after the interval ends:
	// a delivery sent now would be mined outside it and revert.
	late() bool
}

func (d *intervalDelivery) late() bool {
	if d.s.Period == 0 {
		return false
	}
	gap := uint64(d.dv.sp.heads.Head().BlockTime / time.Second)
	return d.dv.head.time.Load()+max(gap, 1) >= d.s.Start(d.k)+uint64(d.s.Period)
}

// isZeroWord reports whether an eth_call result is one ABI word of zero
// (a count of 0).
func isZeroWord(b []byte) bool {
	return len(b) == 32 && bytes.Equal(b, make([]byte, 32))
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
func (dv *deliverer) inputsCall(s *Sub, k uint32) ethereum.CallMsg {
	owner := s.Owner
	return ethereum.CallMsg{From: dv.me, To: &owner, Data: consumerABI.PackGetContainerInputs(s.ID, k, uint32(dv.head.time.Load()), dv.me)}
}

// decodeInputs decodes the answer to inputsCall.
func (dv *deliverer) decodeInputs(s *Sub, out []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, fmt.Errorf("getContainerInputs of %s: %w", s.Owner, dv.dec.FromError(err))
	}
	in, err := consumerABI.UnpackGetContainerInputs(out)
	if err != nil {
		return nil, fmt.Errorf("decode getContainerInputs of %s: %v", s.Owner, err)
	}
	return in, nil
}

// consumerABI packs the call every requester contract answers
// (IComputeConsumer), getContainerInputs(uint32 subscriptionId, uint32
// interval, uint32 timestamp, address caller) returns (bytes).
var consumerABI = consumerabi.NewIComputeConsumer()

// runContainers runs the pipeline. On-chain input is given as lowercase hex
// without 0x (docs/container-protocol.md); off-chain input (a delegated request's data) as is.
func (dv *deliverer) runContainers(ctx context.Context, containers []string, src job.Location, data []byte, proof bool) (in, out, pr []byte, err error) {
	var d json.RawMessage
	if src == job.OnChain {
		d, _ = json.Marshal(hex.EncodeToString(data))
	} else {
		d = data
		if len(d) == 0 {
			d = json.RawMessage("null")
		}
	}
	res, err := dv.o.Runner.Run(ctx, executor.Input{Containers: containers, Source: src, Destination: job.OnChain, Data: d, RequiresProof: proof})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("run %v: %w", containers, err)
	}
	if len(res) == 0 {
		return nil, nil, nil, errors.New("run: no results")
	}
	return codec.EncodeOutput(res[len(res)-1].Output)
}

func (dv *deliverer) call(ctx context.Context, to common.Address, data []byte) ([]byte, error) {
	out, err := dv.o.Backend.CallContract(ctx, ethereum.CallMsg{From: dv.me, To: &to, Data: data}, nil)
	if err != nil {
		return nil, dv.dec.FromError(err)
	}
	return out, nil
}

// deliverKey is the sender's key of a delivery attempt: the subscription,
// interval and attempt, and the block that created the subscription
// ("@number.hash prefix"). A subscription re-created under the same id
// after a reorg is another subscription: its deliveries never resolve to
// the old one's transactions, and a dropped delivery of the old one is not
// sent again (stillCanonical).
func deliverKey(s *Sub, k uint32, attempt int) string {
	key := fmt.Sprintf("deliver/%d/%d/%d", s.ID, k, attempt)
	if s.BlockHash != (common.Hash{}) {
		key += fmt.Sprintf("@%d.%x", s.Block, s.BlockHash[:8])
	}
	return key
}

// stillCanonical is the sender's resend check after a reorg dropped final
// transactions: a delivery may be sent again only while the block that
// created its subscription (the call's Anchor) is canonical. Others are
// sent again.
func (dv *deliverer) stillCanonical(ctx context.Context, rec *txm.Record) (bool, error) {
	number, hash, ok := anchorOf(rec)
	if !ok {
		return true, nil
	}
	h, err := dv.o.Backend.HeaderByNumber(ctx, new(big.Int).SetUint64(number))
	if errors.Is(err, ethereum.NotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read block %d: %w", number, err)
	}
	return bytes.HasPrefix(h.Hash().Bytes(), hash), nil
}

// anchorOf is the block rec's delivery was made for and its hash (or the
// hash's first bytes): its Anchor, or, in a record journaled before
// anchors were kept, the "@number.hashprefix" of its key (deliverKey).
func anchorOf(rec *txm.Record) (number uint64, hash []byte, ok bool) {
	if rec.Anchor != nil {
		return rec.Anchor.Number, rec.Anchor.Hash.Bytes(), true
	}
	var id, k, attempt uint32
	if !strings.HasPrefix(rec.Key, "deliver/") || !strings.Contains(rec.Key, "@") {
		return 0, nil, false
	}
	if _, err := fmt.Sscanf(rec.Key, "deliver/%d/%d/%d@%d.%x", &id, &k, &attempt, &number, &hash); err != nil {
		return 0, nil, false
	}
	return number, hash, true
}
