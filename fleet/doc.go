// Package fleet lets several nodes share one subscription set through etcd
// (docs/fleet.md): each member holds a lease; the members divide the
// subscriptions by rendezvous hashing over the live members; every
// (subscription, interval, redundancy slot) is claimed in one etcd
// transaction under the claimer's lease, and the claim is fenced by its
// revision right before the delivery is sent, so a member that was paused
// or cut off sends nothing another member took over.
//
// A node without a fleet never builds one: nothing here is on its path.
package fleet
