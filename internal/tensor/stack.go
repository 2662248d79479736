package tensor

import (
	"fmt"
	"slices"
)

// Stack concatenates tensors along dimension 0, as dynamic batching feeds
// several requests to one engine call: every tensor must have the same
// dtype and the same dimensions after the first. rows[i] is ts[i]'s
// Shape[0], for Unstack.
func Stack(ts []Tensor) (t Tensor, rows []int, err error) {
	if len(ts) == 0 {
		return Tensor{}, nil, fmt.Errorf("stack: no tensors")
	}
	first := ts[0]
	if len(first.Shape) == 0 {
		return Tensor{}, nil, fmt.Errorf("stack: a scalar has no dimension 0")
	}
	total, n := 0, 0
	rows = make([]int, len(ts))
	for i, x := range ts {
		if x.DType != first.DType || len(x.Shape) == 0 || !slices.Equal(x.Shape[1:], first.Shape[1:]) {
			return Tensor{}, nil, fmt.Errorf("stack: tensor %d is %s%v, tensor 0 %s%v", i, x.DType, x.Shape, first.DType, first.Shape)
		}
		rows[i] = x.Shape[0]
		total += x.Shape[0]
		n += len(x.data)
	}
	data := make([]byte, 0, n)
	for _, x := range ts {
		data = append(data, x.data...)
	}
	shape := append([]int{total}, first.Shape[1:]...)
	t, err = NewTensor(first.DType, shape, data)
	return t, rows, err
}

// Unstack splits t along dimension 0 into tensors of rows[i] rows each,
// reversing Stack for an engine's batched output. The parts alias t.
func (t Tensor) Unstack(rows []int) ([]Tensor, error) {
	if len(t.Shape) == 0 {
		return nil, fmt.Errorf("unstack: a scalar has no dimension 0")
	}
	total := 0
	for _, r := range rows {
		total += r
	}
	if total != t.Shape[0] {
		return nil, fmt.Errorf("unstack: %d rows asked of a tensor of shape %v", total, t.Shape)
	}
	per := 0
	if t.Shape[0] > 0 {
		per = len(t.data) / t.Shape[0]
	}
	out := make([]Tensor, len(rows))
	off := 0
	for i, r := range rows {
		shape := append([]int{r}, t.Shape[1:]...)
		out[i] = Tensor{DType: t.DType, Shape: shape, data: t.data[off : off+r*per : off+r*per]}
		off += r * per
	}
	return out, nil
}
