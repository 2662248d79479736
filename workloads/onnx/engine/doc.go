// Package engine loads ONNX models and runs them on the CPU in pure Go.
//
// It decodes the ONNX protobuf (ModelProto) directly with protowire, keeps
// the graph's initializers as float32/int64 tensors, and executes the nodes
// in graph order with a small set of operators (see Operators). Matrix
// products go through gonum's pure-Go BLAS. A model that uses an operator,
// an attribute value or a data type outside that set is refused at load
// time with an error naming it, never at inference time.
//
// A *Model is immutable after Load and safe for concurrent Run calls.
package engine
