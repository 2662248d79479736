// Package infernetv1 ships the Infernet SDK v1 contracts (the ones existing
// Infernet consumers call, docs/infernet-v1.md) and puts them on a chain:
// their ABI and creation bytecode as the SDK's authors compiled them
// (artifacts/, embedded), Deploy, which reproduces the SDK's deployment
// (Registry first, the others at CREATE addresses predicted from the
// deployer's nonce), the SDK's EIP-712 typed data for delegated
// subscriptions, and its containerId hashing.
//
// The Go bindings are in abi/inetv1abi; the test consumers and the example
// consumer written against the SDK's Coordinator interface are compiled from
// contracts/src/infernetv1 by contracts/build.sh.
package infernetv1
