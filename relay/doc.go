// Package relay is the node's chain side (SPEC §5, §6): it follows the
// chain's heads, reads the Coordinator's subscription events for the
// pipelines this node serves, schedules every due interval by block time,
// runs the containers through the executor and delivers the output with the
// transaction sender of package coordinator. Delegated subscriptions posted
// over REST are verified, persisted and delivered atomically with
// deliverComputeDelegatee.
//
// Every piece of state (subscriptions, per-interval status, accepted
// delegated requests, the last processed block and recent block hashes for
// reorg detection) lives in the relay's table of the node's store
// (storage.TableRelay) and is written before it is acted on or
// acknowledged; the sender journals nonces in the nonce table. A restart on the same data directory resumes where it stopped.
//
// It does not run containers itself (package executor), sign or price
// transactions (package coordinator) or serve HTTP (package rest).
package relay
