// Package coordinator is the node's client of the Coordinator contract: the
// transaction sender (nonce manager persisted in Pebble, simulation before
// sending, EIP-1559 fees within caps, replacement of stuck transactions,
// receipts tracked to confirmation), revert-reason decoding into typed
// errors, and the decoder and verifier of delegated subscriptions posted
// over REST (docs/api.md, docs/chain-protocol.md).
//
// It does not watch the chain for subscriptions nor decide what to deliver:
// that is package relay. EIP-712 hashing of DelegateSubscription lives in
// eip712.go (owned with the contracts), and the bindings in package abi.
package coordinator
