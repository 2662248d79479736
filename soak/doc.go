// Package soak is the long-running test of the real node (`make soak`):
// the infernode binary against anvil under steady off-chain and on-chain
// load, hostile noise and kill -9 restarts, sampled every 15 s. This file's
// package holds what the run judges by (Sample, Judge) and what it writes
// (CSV, PNG); the run itself is TestSoak, built only with the `soak` tag so
// that `make test` never compiles it. docs/testing.md describes both.
package soak
