// Package access holds the node's access rules, one place for both sides:
// for an off-chain job the containers' allowed_ips against the client's
// IP; for on-chain work allowed_addresses against a subscription's owner,
// or allowed_delegate_addresses for a delegated subscription (which also
// came over REST, so its client IP is checked too). The REST side (package
// node) and the chain side (package relay) both ask a Guardian built from
// the configuration; neither holds rules of its own.
package access
