// Package coordinator is the one home of what is Coordinator-specific. Its
// top holds the vocabulary every dialect shares: the Dialect interface the
// relay and the node consume, the subscription as the relay tracks it
// (Sub, its record on disk), a decoded delegated subscription, the typed
// outcomes reverts are classified into (by selector, Reverts), revert
// decoding (RevertDecoder), the verifier of delegated subscriptions posted
// over REST (expiry, signature, the owner's getSigner()), the toolkit both
// dialects' delegated-body decoders use (DelegatedParts, Fields,
// DecodeSignature, EncodeBody; docs/api.md) and the payment-wallet check.
//
// Beneath it: the dialects, coordinator/ours (infernode's Coordinator and
// Wallet) and coordinator/infernetv1 (the Infernet SDK v1 deployment), and
// coordinator/dialects, which chooses one for the node and the CLI.
//
// It sends nothing: transactions are package txm's, and watching the chain
// for subscriptions and deciding what to deliver is package relay's; the
// bindings are in package abi, the payment policy in package payments.
package coordinator
