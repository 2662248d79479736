// Package ort runs ONNX models on ONNX Runtime, the engine the field uses,
// through github.com/yalue/onnxruntime_go (cgo; the shared library is loaded
// with dlopen at Open, so a binary built with cgo starts without it and
// reports its absence as an error).
//
// The binding's ORT environment is process-wide: the first Open loads the
// library, later Opens must name the same file. A *Model holds one ORT
// session, created at Load and reused by every Run; ORT sessions are safe
// for concurrent Run calls. Inputs and outputs are protocol tensors with
// the dtype codes of the container protocol; an input in another dtype of
// the same family (a float for a float input, an integer for an integer
// input) is converted, anything else is an *InputError.
//
// Built without cgo (CGO_ENABLED=0), Open fails with ErrNoCgo and nothing
// else is usable.
package ort
