// Package engine decodes ONNX models (ModelProto, read directly with
// protowire) for programs that need a model's structure without running
// it: ReadSignature gives the graph's inputs and outputs (the onnx
// workload checks requests against them before ONNX Runtime sees a
// tensor), ParseGraph the nodes, attributes and initializers (the proof
// workload compiles them into an arithmetic circuit). Inference itself runs
// on ONNX Runtime (workloads/onnx/ort); the pure-Go interpreter this
// package used to hold was removed once nothing served with it
// (docs/engines.md).
package engine
