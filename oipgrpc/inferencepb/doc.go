// Package inferencepb is the Go code protoc generates from KServe's v2
// gRPC service definition (grpc_predict_v2.proto, package inference): the
// messages and the GRPCInferenceService client and server stubs. Do not
// edit the .pb.go files: run `make proto` (gen.sh) and commit the result;
// TestGeneratedUpToDate fails when they are stale.
package inferencepb
