package relay

import (
	"context"

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
	Serves(key string, redundancy int) (slot int, ok bool)
	// Claim claims slot of interval k of key right before transaction tx
	// is sent (fleet.ErrLost: the slots are other members'); Release
	// drops a claim with no transaction in flight under it.
	Claim(ctx context.Context, key string, k uint32, slot, redundancy int, tx string) (fleet.Claim, error)
	Release(ctx context.Context, c fleet.Claim) error
	// PutDelegated, DeleteDelegated and WatchDelegated share accepted
	// delegated subscriptions between the members until they are final.
	PutDelegated(ctx context.Context, id string, body []byte) error
	DeleteDelegated(ctx context.Context, id string) error
	WatchDelegated(ctx context.Context, admit func(id string, body []byte))
}

// alone is the Fleet of a node outside any fleet: it serves every
// delivery, claims nothing and shares nothing (Options.Fleet's default).
type alone struct{}

func (alone) Healthy() error                             { return nil }
func (alone) Changed() <-chan struct{}                   { return nil } // never: no member comes or goes
func (alone) Serves(string, int) (int, bool)             { return 0, true }
func (alone) Release(context.Context, fleet.Claim) error { return nil }

// Claim claims nothing: the zero claim, which the deliverer does not
// record.
func (alone) Claim(context.Context, string, uint32, int, int, string) (fleet.Claim, error) {
	return fleet.Claim{}, nil
}

func (alone) PutDelegated(context.Context, string, []byte) error { return nil }
func (alone) DeleteDelegated(context.Context, string) error      { return nil }

// WatchDelegated returns at once: no other member accepts any.
func (alone) WatchDelegated(context.Context, func(string, []byte)) {}
