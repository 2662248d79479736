// Package storage is the node's durable state on Pebble: off-chain jobs scoped
// per client, their pending and finished indexes, retention purging, and the
// counters GET /info reports. A job is written with pebble.Sync before its id
// is returned, so an accepted job survives a crash; RecoverInterrupted marks
// the jobs a crash left running as failed. A finish is written without its
// own fsync (Options.SyncFinish adds it): a finish a crash loses leaves the
// job running, so it too ends failed, visibly, never lost.
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
