// Package tensor is the house's tensor vocabulary: Tensor (a dtype, a
// shape and little-endian element data), DType, the tensor value object's
// JSON form, conversions to and from Go slices, and CheckParts. It sits
// low and imports nothing of ours, so the codecs that carry tensors (the
// container protocol, workloads/protocol; the Open Inference Protocol,
// oip) and the workloads share it without importing each other.
package tensor
