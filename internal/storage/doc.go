// Package storage is the node's durable state on Pebble: off-chain jobs scoped
// per client, their pending and finished indexes, retention purging, and the
// counters GET /info reports. A job is written with pebble.Sync before its id
// is returned, so an accepted job survives a crash; RecoverInterrupted marks
// the jobs a crash left running as failed. A finish is fsynced before it is
// published (the job leaves the running set, watches are told, Get answers
// it), so a result a client has read is never taken back by a crash.
//
// It is the only package that imports Pebble. The other subsystems keep
// their state in tables of the same database (Store.Table: the relay, the
// nonce journal, and the reserved payments and Infernet-dialect tables),
// each behind the small KeyValueStore interface; the whole key schema,
// every prefix and key layout, is in schema.go.
//
// The store does not decide job semantics (validation, execution, timeouts):
// package executor and node do.
package storage
