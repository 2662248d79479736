// Package simchain is a simulated EVM chain for the relay simulator
// (package sim): blocks, a transaction pool with the replacement rules of a
// node, EIP-1559 base fees, receipts, logs and head subscriptions, and a
// model of our Coordinator's rules (subscriptions, intervals, redundancy,
// delegated creation, callbacks that succeed, fail or burn their gas). It
// implements chain.Backend, so the node's relay and transaction manager run
// against it unchanged, and every fault a public chain and its RPC
// endpoints show is injected at that interface from a plan drawn from one
// seed: reorgs (confirmed deliveries included), base-fee spikes, rate
// limits, black-holed and slow requests, lagging heads and dropped head
// subscriptions.
//
// Time is the time package's: under testing/synctest it is simulated, and a
// day of one-second blocks passes in seconds of wall time. The model keeps
// no EVM: calls and transactions to the Coordinator are decoded with its
// ABI and answered by the rules in coordinator.go (docs/testing.md says why
// and what the model leaves out).
package simchain
