package relay

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/infernode/infernode/fleet"
)

// A fleet member (Options.Fleet, the deliverer's seam; a node alone has
// alone, which serves everything and claims nothing) delivers only the
// intervals it serves: it looks at an interval only while it is one of the
// redundancy members rendezvous hashing gives the subscription (no RPC
// call otherwise), and right before the send it claims a redundancy slot
// in one etcd transaction, which checks that its lease is alive and
// records the claim past it (fleet.Claim): one etcd round trip per
// delivery. Delegated subscriptions are claimed the same way by the member
// that serves them.

func subWork(s *Sub) string { return fmt.Sprintf("s%d", s.ID) }

// fleetWork is work key of this node's chain and Coordinator, as the
// fleet's claim keys name it.
func (dv *deliverer) fleetWork(key string) fleet.Work {
	return fleet.Work{ChainID: dv.o.Sender.ChainID().Uint64(), Coordinator: dv.coord, Key: key}
}

// serves reports whether this member looks at interval deliveries of s
// now: always outside a fleet.
func (dv *deliverer) serves(s *Sub) bool {
	_, ok := dv.o.Fleet.Serves(dv.fleetWork(subWork(s)), int(s.Redundancy))
	return ok
}

// claim claims d for this member right before its transaction txKey is
// sent (one etcd transaction; none when d already holds its claim, a try
// after a failed send). sendable: send it, its claim committed by the
// sender's fence (fence) right before signing; else, with a final state
// when the slots are other members' and sent under (they send), without
// one (the try not counted, looked at again on the next head) when another
// member holds the slot unsent, this member's lease is gone or etcd could
// not answer.
func (dv *deliverer) claim(ctx context.Context, d delivery, txKey string) (st IvState, sendable bool, err error) {
	p := d.progress()
	if p.Claim == nil {
		key, red, k := d.work()
		w := dv.fleetWork(key)
		slot, _ := dv.o.Fleet.Serves(w, red)
		c, err := dv.o.Fleet.Claim(ctx, w, k, slot, red, txKey)
		switch {
		case errors.Is(err, fleet.ErrLost):
			return IvSkipped, false, nil
		case err != nil:
			if !errors.Is(err, fleet.ErrFenced) && !errors.Is(err, fleet.ErrNotMember) && !errors.Is(err, fleet.ErrBusy) {
				dv.o.Logger.Warn("relay: claim", append(d.logAttrs(), "err", err)...)
			}
			return "", false, nil
		case c == fleet.Claim{}: // a node alone claims nothing
			return "", true, nil
		}
		p.Claim = &c
	}
	p.Claim.Sent = true
	return "", true, nil
}

// fence is the sender's check right before it signs d's transaction: the
// claim committed at etcd, past this member (fleet.Commit), only while the
// member's lease and the claim are still its own; nil without a claim (a
// node alone holds none).
func (dv *deliverer) fence(d delivery) func(context.Context) error {
	c := d.progress().Claim
	if c == nil {
		return nil
	}
	return func(ctx context.Context) error {
		// Between the claim and this point the send may have waited (on
		// etcd just back, the gas estimate, the nonce window): an interval
		// that ended meanwhile is not sent, it could only revert.
		if d.late() {
			return errLateAtFence
		}
		return dv.o.Fleet.Commit(ctx, c)
	}
}

// errLateAtFence is a send stopped at the fence because its interval ended
// while it waited: nothing was signed.
var errLateAtFence = errors.New("the interval ended before the send")

// lateAtFence reports whether a send was stopped at the fence for
// lateness (errLateAtFence).
func lateAtFence(err error) bool { return errors.Is(err, errLateAtFence) }

// fenced reports whether a send failed at the fence: d's claim is gone
// (its member stalled past its lease) and is dropped, so the delivery
// claims again, if it still may, on its next try.
func fenced(d delivery, err error) bool {
	if !errors.Is(err, fleet.ErrFenced) {
		return false
	}
	d.progress().Claim = nil
	return true
}

// unsent marks d's claim as having no transaction of this member's in
// flight: its send failed with nothing journaled.
func unsent(d delivery) {
	if c := d.progress().Claim; c != nil {
		c.Sent = false
	}
}

// release drops d's claim when it ends with no transaction of this
// member's in flight under it.
func (dv *deliverer) release(ctx context.Context, d delivery) {
	p := d.progress()
	if p.Claim == nil || p.Claim.Sent {
		return
	}
	if err := dv.o.Fleet.Release(ctx, *p.Claim); err != nil {
		dv.o.Logger.Warn("relay: release claim", append(d.logAttrs(), "err", err)...)
	}
	p.Claim = nil
}

// fleetDelegatedID names a delegated subscription (its relay state key)
// in the fleet.
func fleetDelegatedID(key string) string { return strings.ReplaceAll(key, "/", "-") }

// fleetDelegatedDone drops a final delegated subscription from the fleet.
func (dv *deliverer) fleetDelegatedDone(ctx context.Context, key string) {
	if err := dv.o.Fleet.DeleteDelegated(ctx, fleetDelegatedID(key)); err != nil {
		dv.o.Logger.Warn("relay: drop delegated subscription from the fleet", "key", key, "err", err)
	}
}
