// Package chain is the node's client of an EVM chain: one type, Client,
// that offers every capability the node uses (calls and batches of calls,
// gas estimates, fee suggestions, nonces, sends and batches of sends,
// receipts by transaction and by block, headers, logs, head subscription,
// balances), each call bounded by a deadline and timed into Prometheus.
// Callers ask for the narrow interface they need (txm.Backend,
// relay.Backend, payments.Caller); Backend is the union, which Client,
// Instrumented and the test wrappers satisfy, so nothing type-asserts a
// capability at run time.
//
// Simulated adapts go-ethereum's simulated backend (ethclient/simulated)
// to the same Client, so in-process tests run the production code path.
//
// No single endpoint is trusted (trust.go): each one's chain id is
// checked, the head followed is one a quorum of endpoints reports with the
// same hash, and reads that lead to spending are confirmed on a second
// endpoint (confirm.go: pinned to the head followed, batched). An endpoint
// that fails an objective check (another chain id, a clock ahead, a chain
// without a block the node followed) is treated as down, the quorum taken
// over those in rotation; one behind or slow is waited for at most
// ConfirmTimeout; only endpoints that pass every check and still disagree
// are ErrDisagree (wait). Trouble reports a disagreement for /health. A
// Client holds all of this for its own set of endpoints (no globals): one
// per chain.
//
// RPC URLs are secrets (API keys in paths, user:pass@): nothing this
// package logs or returns shows more of one than Redact does.
//
// It does not sign or track transactions (package txm) nor know any
// contract (packages relay and coordinator).
package chain
