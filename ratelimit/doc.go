// Package ratelimit is the node's per-client, per-route token bucket
// (server.rate_limit), shared by its front doors: REST and gRPC charge the
// same buckets' rules, so a client meets the same limit whichever it uses.
package ratelimit
