package engine

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/infernode/infernode/internal/tensor"
)

// UnsupportedError names what a model uses that the decoder cannot read
// (external tensor data, a tensor data type, an operator of another
// domain).
type UnsupportedError struct {
	What string // e.g. `operator "Foo" of domain "com.acme" (node "n1")`
}

func (e *UnsupportedError) Error() string { return "unsupported " + e.What }

// IO describes one graph input or output.
type IO struct {
	Name  string
	Type  string  // ONNX element type, e.g. "FLOAT"
	Shape []int64 // -1 for a symbolic or unknown dimension; nil when unknown
}

func ioOf(vi valueInfo) IO {
	io := IO{Name: vi.name, Type: onnxTypeName(vi.elemType)}
	if vi.hasShape {
		io.Shape = make([]int64, len(vi.dims))
		for i, d := range vi.dims {
			io.Shape[i] = d.value
			if d.param != "" || d.value <= 0 {
				io.Shape[i] = -1
			}
		}
	}
	return io
}

// fromProto converts an initializer or constant to an engine value.
func fromProto(t tensorProto) (*value, error) {
	if t.external {
		return nil, &UnsupportedError{What: "tensor data stored outside the model file (external data)"}
	}
	shape := make([]int, len(t.dims))
	for i, d := range t.dims {
		if d < 0 || d > math.MaxInt32 {
			return nil, fmt.Errorf("dimension %d is out of range", d)
		}
		shape[i] = int(d)
	}
	n, err := tensor.NumElements(shape)
	if err != nil {
		return nil, err
	}
	raw := t.raw
	rawN := func(size int) error {
		if len(raw) != n*size {
			return fmt.Errorf("raw data has %d bytes, shape %v of %s needs %d", len(raw), shape, onnxTypeName(t.dataType), n*size)
		}
		return nil
	}
	switch t.dataType {
	case onnxFloat:
		f := t.floatData
		if raw != nil {
			if err := rawN(4); err != nil {
				return nil, err
			}
			f = make([]float32, n)
			for i := range f {
				f[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
			}
		}
		if len(f) != n {
			return nil, fmt.Errorf("has %d floats, shape %v needs %d", len(f), shape, n)
		}
		return floatValue(shape, f), nil
	case onnxDouble:
		d := t.double
		if raw != nil {
			if err := rawN(8); err != nil {
				return nil, err
			}
			d = make([]float64, n)
			for i := range d {
				d[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[8*i:]))
			}
		}
		if len(d) != n {
			return nil, fmt.Errorf("has %d doubles, shape %v needs %d", len(d), shape, n)
		}
		f := make([]float32, n)
		for i, x := range d {
			f[i] = float32(x)
		}
		return floatValue(shape, f), nil
	case onnxInt64:
		v := t.int64Data
		if raw != nil {
			if err := rawN(8); err != nil {
				return nil, err
			}
			v = make([]int64, n)
			for i := range v {
				v[i] = int64(binary.LittleEndian.Uint64(raw[8*i:]))
			}
		}
		if len(v) != n {
			return nil, fmt.Errorf("has %d int64s, shape %v needs %d", len(v), shape, n)
		}
		return intValue(shape, v), nil
	case onnxInt32:
		v := make([]int64, 0, n)
		if raw != nil {
			if err := rawN(4); err != nil {
				return nil, err
			}
			for i := range n {
				v = append(v, int64(int32(binary.LittleEndian.Uint32(raw[4*i:]))))
			}
		} else {
			for _, x := range t.int32Data {
				v = append(v, int64(x))
			}
		}
		if len(v) != n {
			return nil, fmt.Errorf("has %d int32s, shape %v needs %d", len(v), shape, n)
		}
		return intValue(shape, v), nil
	}
	return nil, &UnsupportedError{What: fmt.Sprintf("tensor data type %s", onnxTypeName(t.dataType))}
}
