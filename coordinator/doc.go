// Package coordinator holds the node's codecs of the Coordinator contract:
// revert-reason decoding into typed errors, and the decoder and verifier of
// delegated subscriptions posted over REST (docs/api.md,
// docs/chain-protocol.md).
//
// It sends nothing: transactions are package txm's, and watching the chain
// for subscriptions and deciding what to deliver is package relay's.
// EIP-712 hashing of DelegateSubscription lives in eip712.go (owned with the
// contracts), and the bindings in package abi.
package coordinator
