// Package txm is the node's transaction manager: it signs (through a
// Signer), journals, broadcasts and follows to a final state the
// transactions of one account. Every nonce is written to the nonce journal
// in Pebble (storage.TableNonce) before its transaction leaves the process,
// so a restart or kill -9 loses none; a nonce never sent is filled by a
// zero-value self-transfer.
//
// It knows nothing of what it sends (deliveries, approvals): callers hand it
// a Call and wait for its Record. It does not dial the chain: the Backend it
// is given (package chain's client) does, with deadlines and endpoints.
package txm
