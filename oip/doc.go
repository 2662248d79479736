// Package oip is the Open Inference Protocol v2 (KServe v2) codec the node
// and its model-serving workloads share (docs/api.md, "Open Inference
// Protocol"): inference requests and replies with JSON tensors and with the
// binary-data extension (a JSON header of Inference-Header-Content-Length
// bytes followed by raw little-endian, row-major tensor bytes).
//
// The node reads a request's header with it (Check) to refuse a body whose
// sizes disagree before relaying it, and translates the gRPC front door's
// messages into the same bodies; the onnx and tensor workloads decode the
// whole request (Decode) into protocol tensors that alias the body, so binary
// tensor bytes reach the engine without a copy or a conversion.
package oip
