// Package storage is the node's durable state on Pebble: off-chain jobs scoped
// per client, their pending and finished indexes, retention purging, and the
// counters GET /info reports. A job is written with pebble.Sync before its id
// is returned, so an accepted job survives a crash; RecoverInterrupted marks
// the jobs a crash left running as failed. A finish is written without its
// own fsync (Options.SyncFinish adds it): a finish a crash loses leaves the
// job running, so it too ends failed, visibly, never lost.
//
// The relay keeps its own state in the same database through DB(). Every
// key starts with a prefix owned by exactly one package:
//
//	job/   store: job records, job/<id>
//	jp/    store: pending index, jp/<client>\x00<created BE8><id>
//	jf/    store: finished index, jf/<client>\x00<created BE8><id>
//	jt/    store: finish-time index for retention, jt/<finished BE8><id>
//	meta/  store: store metadata (schema version)
//	relay/ relay: subscriptions, intervals, delegated requests, last block
//	nonce/ relay: transaction nonces
//
// A new owner registers its prefix here before writing. The store never
// reads or writes outside its own prefixes.
//
// The store does not decide job semantics (validation, execution, timeouts):
// package executor and node do.
package storage
