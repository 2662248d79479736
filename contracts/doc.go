// Package contracts holds the Solidity sources of the Coordinator, the
// consumer base contracts and the example consumer (docs/chain-protocol.md), their compiled
// artifacts (embedded) and Deploy, which puts the Coordinator and the
// example consumer on any chain.
//
// The sources live in src/ (deployable) and test/ (test-only contracts).
// build.sh recompiles them with the solc-js pinned in package-lock.json and
// regenerates the Go bindings in abi/ with the pinned abigen; the committed
// artifacts and bindings are checked for staleness by this package's tests.
//
// This package does not talk to a node beyond deploying: the relay and the
// coordinator package use the bindings in abi/ for everything else.
package contracts
