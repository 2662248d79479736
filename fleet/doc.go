// Package fleet lets several nodes share one subscription set through etcd
// (docs/fleet.md). Its parts are separate types, as etcd's
// client/v3/concurrency keeps Session, Election and Mutex apart: a
// Session holds the member's lease and its signed record; Members is the
// verified view of the live members (records held by a lease, signed by
// their wallet key, with this member's fingerprint), dividing the work by
// rendezvous hashing; Claims claims each (work, interval, redundancy slot)
// under the member's lease once the delivery's containers ran, and commits
// the claim past the member right before its transaction is signed, only
// while the lease and the claim are still the member's: a member paused
// or cut off sends nothing another member took over, and no member sends
// for a slot a dead member may have sent. Fleet composes them.
//
// A node without a fleet never builds one: nothing here is on its path.
package fleet
