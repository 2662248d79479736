// Package node assembles the compute node: it opens the job store, recovers
// jobs a crash interrupted, starts the container runtime, runs the job
// manager (a bounded queue and a fixed worker pool), serves the REST API
// through package rest, and runs the chain side when one is plugged in.
//
// It implements rest.Backend and defines Chain, the interface the relay
// implements. It holds no protocol details: container calls live in package
// executor, persistence in internal/storage, HTTP in package rest.
package node
