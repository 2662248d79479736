// Package protocol is the container protocol (docs/container-protocol.md) as the bundled
// workloads speak it: decoding the node's POST /service_output body, writing
// replies and errors, the on-chain output object, GET /service-resources with
// facts read from the running system, the on-chain tensor encoding and
// model ids (tensor values themselves are package internal/tensor's).
//
// It owns the wire shapes shared by every workload and nothing else: the
// inference logic lives in each workload's service package. Everything here
// is pure Go so the workloads build with CGO_ENABLED=0 into static binaries.
package protocol
