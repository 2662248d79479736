// Package fleet lets several nodes share one subscription set through etcd
// (docs/fleet.md): each member holds a lease; the members divide the
// subscriptions by rendezvous hashing over the live members; every
// (subscription, interval, redundancy slot) is claimed right before its
// delivery is sent, in one etcd transaction that holds only while the
// claimer's lease is alive and records the claim past that lease, so a
// member that was paused or cut off sends nothing another member took
// over, and no member sends for a slot a dead member may have sent.
//
// A node without a fleet never builds one: nothing here is on its path.
package fleet
