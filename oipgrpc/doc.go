// Package oipgrpc is the node's gRPC front door: KServe v2's
// inference.GRPCInferenceService (ServerLive, ServerReady, ServerMetadata,
// ModelReady, ModelMetadata, ModelInfer with raw_input_contents and
// raw_output_contents) on server.grpc_port, so tritonclient.grpc and other
// gRPC clients infer unchanged (docs/api.md, "gRPC").
//
// It is a second door to the same room as REST's /v2: every call becomes
// the OIP REST request that carries the same tensors (binary-data form,
// every output raw) and goes through the same backend relay, so the access
// rules, the inference bound, the node's job metrics and the containers
// are the REST path's, and the outputs are its bytes. It adds its own rate
// limit buckets (server.rate_limit per client and method), spans, metrics
// (infernode_grpc_*) and message bound (server.max_body_bytes).
package oipgrpc
