// Package sim is the deterministic relay simulator: the node's real relay,
// spending guard, transaction manager and Pebble store, driven by a
// simulated chain (package simchain) under testing/synctest's simulated
// clock, with every random choice — the workload, every fault, every crash
// — drawn from one seed. A simulated day of one-second blocks runs in well
// under a minute. After every block and at the end it checks the
// invariants (docs/testing.md); a failing run prints its seed, and
// `make sim SEED=<seed>` replays it.
//
// The package is its tests: `go test ./sim` runs the fixed seeds of the
// full tier; `make sim` runs more.
package sim
