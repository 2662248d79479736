// Package kernels holds the float32 numeric kernels that both CPU engines (the
// onnx workload's and the tensor workload's) run, so the two compute them
// the same way.
package kernels

import "math"

// Numel is the number of elements of a tensor of shape: the product of its
// dimensions, 1 for a scalar (shape []). Unlike tensor.NumElements it
// does not validate: it is for shapes the engine already holds.
func Numel(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// Relu is max(x, 0).
func Relu(x float32) float32 { return max(x, 0) }

// Tanh is the hyperbolic tangent, computed in float64.
func Tanh(x float32) float32 { return float32(math.Tanh(float64(x))) }

// Sigmoid is 1/(1+e^-x), computed in float64.
func Sigmoid(x float32) float32 { return float32(1 / (1 + math.Exp(-float64(x)))) }

// Softmax writes the softmax (or, with log, the log-softmax) of x into out
// along one axis: x is viewed as [outer, n, inner] row-major and each of the
// outer*inner lines of n elements is normalised. It subtracts the line's
// maximum first and sums in float64, so large inputs do not overflow.
// out and x must hold outer*n*inner elements.
func Softmax(out, x []float32, outer, n, inner int, log bool) {
	for o := range outer {
		for i := range inner {
			base := o*n*inner + i
			mx := float32(math.Inf(-1))
			for k := range n {
				mx = max(mx, x[base+k*inner])
			}
			var sum float64
			for k := range n {
				sum += math.Exp(float64(x[base+k*inner] - mx))
			}
			for k := range n {
				d := float64(x[base+k*inner] - mx)
				if log {
					out[base+k*inner] = float32(d - math.Log(sum))
				} else {
					out[base+k*inner] = float32(math.Exp(d) / sum)
				}
			}
		}
	}
}
