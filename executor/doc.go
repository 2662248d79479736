// Package executor runs jobs on containers over the container protocol
// (SPEC §5): it calls POST {url}/service_output for each container of a
// chain, relays streams and asks containers for their resources. Access
// rules live in package access, the on-chain output encoding in abi/codec.
//
// It also defines the Runtime interface that provides the containers and
// implements its first runtime, Unmanaged, for containers that are already
// running. The Docker runtime lives in executor/docker.
//
// It owns no HTTP server, no persistence and no queueing: the node
// (package node) accepts jobs, stores them and runs them through an
// Executor; the relay runs on-chain work through the same Executor.
package executor
