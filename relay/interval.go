package relay

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/txm"
)

// intervalDelivery is interval k of a tracked subscription, delivered with
// deliverCompute.
type intervalDelivery struct {
	dv *deliverer
	s  *Sub
	k  uint32
	iv Interval
}

func (d *intervalDelivery) progress() *Progress { return &d.iv.Progress }

func (d *intervalDelivery) gasEstimate(call txm.Call, contested bool) uint64 {
	return d.dv.gas.estimate(d.s, call, contested)
}

func (d *intervalDelivery) sentTx(call txm.Call, rec *txm.Record) {
	d.dv.gas.sentTx(d.s, d.k, call, rec)
}

func (d *intervalDelivery) save() error { return d.dv.st.putIvOf(d.s, d.k, d.iv) }

func (d *intervalDelivery) logAttrs() []any { return []any{"sub", d.s.ID, "interval", d.k} }

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

func (d *intervalDelivery) work() (string, int, uint32) {
	return subWork(d.s), int(d.s.Redundancy), d.k
}
