package protocol

import (
	"fmt"
	"math"

	"github.com/infernode/infernode/internal/tensor"
)

// MaxTensorRank bounds the dimensions of an on-chain tensor.
const MaxTensorRank = 32

// EncodeTensorABI is the on-chain encoding of a tensor:
//
//	abi.encode(uint8 dtype, uint32[] shape, bytes values)
//
// where values holds the elements little-endian in the dtype's width
// (float16 as IEEE binary16, bool as one byte 0/1, complex as real then
// imaginary part), row-major. It fails for a dimension beyond uint32.
func EncodeTensorABI(t tensor.Tensor) ([]byte, error) {
	shape := make([]uint32, len(t.Shape))
	for i, d := range t.Shape {
		if d < 0 || d > math.MaxUint32 {
			return nil, fmt.Errorf("tensor shape[%d] = %d does not fit uint32", i, d)
		}
		shape[i] = uint32(d)
	}
	return ABIEncode(ABIUint(uint64(t.DType)), ABIUint32s(shape), ABIBytes(t.Bytes())), nil
}

// DecodeTensorABI reverses EncodeTensorABI, checking the dtype, the rank
// and that the values hold exactly the shape's elements. The tensor
// aliases b.
func DecodeTensorABI(b []byte) (tensor.Tensor, error) {
	d := NewABIDecoder(b)
	code, err := d.Uint(0, math.MaxUint8)
	if err != nil {
		return tensor.Tensor{}, fmt.Errorf("on-chain tensor dtype: %w", err)
	}
	shape32, err := d.Uint32s(1, MaxTensorRank)
	if err != nil {
		return tensor.Tensor{}, fmt.Errorf("on-chain tensor shape: %w", err)
	}
	values, err := d.Bytes(2)
	if err != nil {
		return tensor.Tensor{}, fmt.Errorf("on-chain tensor values: %w", err)
	}
	shape := make([]int, len(shape32))
	for i, v := range shape32 {
		shape[i] = int(v)
	}
	t, err := tensor.NewTensor(tensor.DType(code), shape, values)
	if err != nil {
		return tensor.Tensor{}, fmt.Errorf("on-chain tensor: %w", err)
	}
	return t, nil
}
