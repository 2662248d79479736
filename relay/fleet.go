package relay

import (
	"context"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/fleet"
)

// Fleet is what the relay asks of the fleet this node is a member of
// (*fleet.Fleet answers it; alone is a node outside any fleet).
type Fleet interface {
	// Healthy fails while this member's lease is not held.
	Healthy() error
	// Changed is signalled when a member joins or leaves.
	Changed() <-chan struct{}
	// Serves reports whether this member is one of the redundancy
	// members that deliver key now, and its slot.
	Serves(w fleet.Work, redundancy int) (slot int, ok bool)
	// Claim claims slot of interval k of w right before transaction tx
	// is sent (fleet.ErrLost: the slots are other members'); Commit
	// commits it past this member right before the transaction is signed
	// (fleet.ErrFenced: it is gone); Release drops a claim with no
	// transaction in flight under it.
	Claim(ctx context.Context, w fleet.Work, k uint32, slot, redundancy int, tx string) (fleet.Claim, error)
	Commit(ctx context.Context, c *fleet.Claim) error
	Release(ctx context.Context, c fleet.Claim) error
	// PutDelegated, DeleteDelegated and WatchDelegated share accepted
	// delegated subscriptions between the members until they are final.
	PutDelegated(ctx context.Context, id string, body []byte) error
	DeleteDelegated(ctx context.Context, id string) error
	WatchDelegated(ctx context.Context, admit func(id string, body []byte))
}

// FleetSpending is the fleet's day budgets (*fleet.Spending answers it):
// Spend takes an unpaid delivery's gas from them, Refund gives back what
// a delivery did not use.
type FleetSpending interface {
	Spend(ctx context.Context, owner common.Address, gas uint64, at time.Time, lim fleet.SpendLimits) (ok bool, reason string, err error)
	Refund(ctx context.Context, owner common.Address, gas uint64, at time.Time) error
}

// alone is the Fleet and FleetSpending of a node outside any fleet: it
// serves every delivery, claims nothing, shares nothing and spends no
// budget but the node's own (Options.Fleet's default).
type alone struct{}

func (alone) Healthy() error                             { return nil }
func (alone) Changed() <-chan struct{}                   { return nil } // never: no member comes or goes
func (alone) Serves(fleet.Work, int) (int, bool)         { return 0, true }
func (alone) Commit(context.Context, *fleet.Claim) error { return nil }
func (alone) Release(context.Context, fleet.Claim) error { return nil }

// Claim claims nothing: the zero claim, which the deliverer does not
// record.
func (alone) Claim(context.Context, fleet.Work, uint32, int, int, string) (fleet.Claim, error) {
	return fleet.Claim{}, nil
}

func (alone) PutDelegated(context.Context, string, []byte) error { return nil }
func (alone) DeleteDelegated(context.Context, string) error      { return nil }

// WatchDelegated returns at once: no other member accepts any.
func (alone) WatchDelegated(context.Context, func(string, []byte)) {}

// Spend: the node's own guard is the only budget.
func (alone) Spend(context.Context, common.Address, uint64, time.Time, fleet.SpendLimits) (bool, string, error) {
	return true, "", nil
}

func (alone) Refund(context.Context, common.Address, uint64, time.Time) error { return nil }
