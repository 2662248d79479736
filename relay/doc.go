// Package relay is the node's chain side (docs/relay.md,
// docs/chain-protocol.md). Two types share the work, each file holding
// one type's methods:
//
//   - Relay (relay.go; New and Run in run.go) follows the chain's heads
//     (pushed or polled), reads the Coordinator's subscription events for
//     the pipelines this node serves (listener.go, with reorg rollback),
//     schedules every due interval by block time (scheduler.go), admits
//     delegated subscriptions posted over REST (delegated.go) and answers
//     /health.
//   - deliverer (deliverer.go) takes what is due to a final state: the one
//     delivery loop (deliver.go) for both kinds of delivery, each a
//     delivery (delivery.go): an interval of a tracked subscription
//     (interval.go) and a delegated subscription created and delivered in
//     one transaction (delegated_delivery.go). Beside the loop: the
//     spending guard's decision points (guarded.go), the payment checks
//     (payment.go), a fleet member's claims (claims.go), the chain calls
//     and container runs (calls.go), and the gas book (gasbook.go).
//
// Below both: what is persisted (records.go, through state.go), the
// spending guard's parts (spending.go), the fleet as the relay sees it
// (fleet.go: a member, or alone) and the options (options.go).
//
// What differs between Coordinators is a coordinator.Dialect
// (coordinator/ours, coordinator/infernetv1), chosen once by the node.
//
// Every piece of state (subscriptions, per-interval status, accepted
// delegated requests, the last processed block and recent block hashes for
// reorg detection) lives in the relay's table of the node's store
// (storage.TableRelay) and is written before it is acted on or
// acknowledged; txm journals nonces in the nonce table. A restart on the
// same data directory resumes where it stopped.
//
// It does not run containers itself (package executor), sign, price or
// track transactions (package txm), judge spending (package guard) or
// serve HTTP (package rest).
package relay
