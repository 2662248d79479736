package relay

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/infernode/infernode/fleet"
)

// A fleet member (Options.Fleet, the deliverer's seam: nil costs nothing) delivers only the intervals it serves:
// it looks at an interval only while it is one of the redundancy members
// rendezvous hashing gives the subscription (no RPC call otherwise),
// claims a redundancy slot in etcd after the chain check and before the
// containers run, and fences the claim right before the send. Delegated
// subscriptions are delivered by the member that accepted them.

// claimer is a delivery a fleet member claims: an interval's.
type claimer interface {
	// work names what is claimed: the subscription, its redundancy, the
	// interval.
	work() (key string, redundancy int, k uint32)
}

func (d *intervalDelivery) work() (string, int, uint32) {
	return fmt.Sprintf("s%d", d.s.ID), int(d.s.Redundancy), d.k
}

// serves reports whether this member looks at interval deliveries of s
// now: always outside a fleet.
func (dv *deliverer) serves(s *Sub) bool {
	if dv.o.Fleet == nil {
		return true
	}
	_, ok := dv.o.Fleet.Serves(fmt.Sprintf("s%d", s.ID), int(s.Redundancy))
	return ok
}

// claim claims d for this member before its containers run (one etcd
// transaction); false: another member's, or etcd cannot say now: looked
// at again on the next head, nothing counted.
func (dv *deliverer) claim(ctx context.Context, d delivery) (bool, error) {
	cd, ok := d.(claimer)
	if dv.o.Fleet == nil || !ok {
		return true, nil
	}
	key, red, k := cd.work()
	slot, _ := dv.o.Fleet.Serves(key, red)
	c, err := dv.o.Fleet.Claim(ctx, key, k, slot, red)
	if err != nil {
		if !errors.Is(err, fleet.ErrLost) && !errors.Is(err, fleet.ErrNotMember) {
			dv.o.Logger.Warn("relay: claim", append(d.logAttrs(), "err", err)...)
		}
		return false, nil
	}
	p := d.progress()
	p.Claim = &c
	return true, d.save()
}

// fence checks d's claim right before its transaction txKey is sent, and
// records the send in the fleet. fenced: send nothing; with a final state
// when another member took the delivery over, without one (the try not
// counted, tried again) when etcd could not answer.
func (dv *deliverer) fence(ctx context.Context, d delivery, txKey string) (IvState, bool, error) {
	p := d.progress()
	if dv.o.Fleet == nil || p.Claim == nil {
		return "", false, nil
	}
	c, err := dv.o.Fleet.Fence(ctx, *p.Claim, txKey)
	if err == nil {
		p.Claim = &c
		return "", false, d.save()
	}
	p.TxKey = ""
	if errors.Is(err, fleet.ErrFenced) {
		p.Claim = nil
		return IvSkipped, true, d.save()
	}
	p.Attempts--
	dv.o.Logger.Warn("relay: fence claim", append(d.logAttrs(), "err", err)...)
	return "", true, d.save()
}

// release drops d's claim when it ends without a send of this member's.
func (dv *deliverer) release(ctx context.Context, d delivery) {
	p := d.progress()
	if dv.o.Fleet == nil || p.Claim == nil || p.Claim.Sent {
		return
	}
	if err := dv.o.Fleet.Release(ctx, *p.Claim); err != nil {
		dv.o.Logger.Warn("relay: release claim", append(d.logAttrs(), "err", err)...)
	}
}

func (g *delegatedDelivery) work() (string, int, uint32) {
	return fleetDelegatedID(g.key), 1, g.k
}

// fleetDelegatedID names a delegated subscription (its relay state key)
// in the fleet.
func fleetDelegatedID(key string) string { return strings.ReplaceAll(key, "/", "-") }

// fleetDelegatedDone drops a final delegated subscription from the fleet.
func (dv *deliverer) fleetDelegatedDone(ctx context.Context, key string) {
	if dv.o.Fleet == nil {
		return
	}
	if err := dv.o.Fleet.DeleteDelegated(ctx, fleetDelegatedID(key)); err != nil {
		dv.o.Logger.Warn("relay: drop delegated subscription from the fleet", "key", key, "err", err)
	}
}

// admitFleetDelegated takes the delegated subscriptions other members
// accepted (fleet.WatchDelegated), until ctx is done.
func (r *Relay) admitFleetDelegated(ctx context.Context) {
	r.o.Fleet.WatchDelegated(ctx, func(id string, body []byte) {
		if err := r.submitDelegated(ctx, "fleet", body, true); err != nil && ctx.Err() == nil {
			r.o.Logger.Info("relay: delegated subscription from the fleet not admitted", "id", id, "err", err)
		}
	})
}
