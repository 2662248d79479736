package engine

import (
	"fmt"

	"github.com/infernode/infernode/workloads/internal/kernels"
)

// value is a tensor inside the engine: float32 data, or int64 data for the
// index and shape tensors (Reshape's shape, ArgMax's result).
type value struct {
	shape []int
	f     []float32
	i     []int64
	isInt bool
}

func (v *value) size() int {
	if v.isInt {
		return len(v.i)
	}
	return len(v.f)
}

func (v *value) kind() string {
	if v.isInt {
		return "INT64"
	}
	return "FLOAT"
}

func floatValue(shape []int, f []float32) *value { return &value{shape: shape, f: f} }
func intValue(shape []int, i []int64) *value     { return &value{shape: shape, i: i, isInt: true} }

// strides of a row-major shape.
func strides(shape []int) []int {
	s := make([]int, len(shape))
	acc := 1
	for i := len(shape) - 1; i >= 0; i-- {
		s[i] = acc
		acc *= shape[i]
	}
	return s
}

// broadcastShape is numpy's broadcasting of a and b.
func broadcastShape(a, b []int) ([]int, error) {
	n := max(len(a), len(b))
	out := make([]int, n)
	for i := range n {
		da, db := 1, 1
		if j := i - (n - len(a)); j >= 0 {
			da = a[j]
		}
		if j := i - (n - len(b)); j >= 0 {
			db = b[j]
		}
		switch {
		case da == db, db == 1:
			out[i] = da
		case da == 1:
			out[i] = db
		default:
			return nil, fmt.Errorf("shapes %v and %v do not broadcast", a, b)
		}
	}
	return out, nil
}

// broadcastIndex maps each flat index of out to a flat index of a tensor
// of shape in (which broadcasts to out).
func broadcastIndex(in, out []int) []int {
	if equalShape(in, out) {
		idx := make([]int, kernels.Numel(out))
		for i := range idx {
			idx[i] = i
		}
		return idx
	}
	ins := strides(in)
	// stride 0 for broadcast dimensions, aligned right
	st := make([]int, len(out))
	for i := range out {
		j := i - (len(out) - len(in))
		if j >= 0 && in[j] != 1 {
			st[i] = ins[j]
		}
	}
	return gatherIndex(out, st)
}

// gatherIndex maps each flat index of a tensor of shape out to the flat
// index sum(coordinate[d] * srcStrides[d]) of the tensor it reads from
// (transposed, or broadcast with stride 0).
func gatherIndex(out, srcStrides []int) []int {
	outs := strides(out)
	idx := make([]int, kernels.Numel(out))
	for k := range idx {
		rem, off := k, 0
		for d := range out {
			q := rem / outs[d]
			rem -= q * outs[d]
			off += q * srcStrides[d]
		}
		idx[k] = off
	}
	return idx
}

func equalShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// normAxis resolves a possibly negative axis against rank r.
func normAxis(axis int64, r int) (int, error) {
	a := int(axis)
	if a < 0 {
		a += r
	}
	if a < 0 || a >= r {
		return 0, fmt.Errorf("axis %d is out of range for rank %d", axis, r)
	}
	return a, nil
}
