// Package rest serves the node's HTTP API (SPEC §4) on chi: off-chain job
// submission (single, batch, streaming), results, job listings, container
// status reports, node info, resources, health and Prometheus metrics.
//
// It owns request decoding, the HTTP error contract ({"error", "params"} with
// the statuses of the SPEC §4 table), per-client per-route rate limiting, the
// body-size limit, request logging, server spans and HTTP metrics. It does not
// validate jobs against the node's containers, store jobs or run them: that
// is the Backend's job (package node), which answers rejections as
// *job.Error values that this package maps to HTTP statuses by Code.
//
// Clients are identified by their IP address (the connection's remote
// address); X-Forwarded-For is honoured only from Options.TrustedProxies.
package rest
