// Package coordinator holds what both Coordinator dialects share in
// decoding: revert reasons into typed errors, the verifier of delegated
// subscriptions posted over REST (expiry, signature, the owner's
// getSigner()), and the toolkit both dialects' delegated-body decoders use
// (DelegatedParts, Fields, DecodeSignature, EncodeBody; docs/api.md).
//
// It sends nothing: transactions are package txm's, and watching the chain
// for subscriptions and deciding what to deliver is package relay's. Each
// dialect's EIP-712 types and delegated-request codec live in its package
// (dialect/ours, dialect/infernetv1); the bindings in package abi.
package coordinator
