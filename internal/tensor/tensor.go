package tensor

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
)

// DType is a tensor element type code (fixtures/README.md).
type DType int

// The dtype codes of the tensor value shape.
const (
	Float16 DType = iota
	Float32
	Float64
	Float128
	Float256
	Int8
	Int16
	Int32
	Int64
	Uint8
	Uint16
	Uint32
	Uint64
	Complex64
	Complex128
	Bool
)

var dtypeNames = [...]string{"float16", "float32", "float64", "float128", "float256", "int8", "int16",
	"int32", "int64", "uint8", "uint16", "uint32", "uint64", "complex64", "complex128", "bool"}

// element sizes in bytes; 0 for dtypes with no portable representation.
var dtypeSizes = [...]int{2, 4, 8, 0, 0, 1, 2, 4, 8, 1, 2, 4, 8, 8, 16, 1}

// String is the dtype's name, e.g. "float32".
func (d DType) String() string {
	if d >= 0 && int(d) < len(dtypeNames) {
		return dtypeNames[d]
	}
	return fmt.Sprintf("dtype(%d)", int(d))
}

// Valid reports whether d is one of the codes 0..15.
func (d DType) Valid() bool { return d >= 0 && int(d) < len(dtypeNames) }

// Size is the element size in bytes. float128 and float256 have no
// representation in Go (nor in ONNX or the tensor workload) and fail.
func (d DType) Size() (int, error) {
	if !d.Valid() {
		return 0, fmt.Errorf("dtype %d is not a dtype code; use 0..15 (1 = float32, 2 = float64)", int(d))
	}
	if dtypeSizes[d] == 0 {
		return 0, fmt.Errorf("dtype %s (%d) is not supported: no %d-bit float type is available; send float64 (2) instead",
			d, int(d), map[DType]int{Float128: 128, Float256: 256}[d])
	}
	return dtypeSizes[d], nil
}

// MaxTensorElements bounds a tensor's element count so that a decoded shape
// can never ask for more memory than a request could carry.
const MaxTensorElements = 1 << 26

// Tensor is the tensor value `{values, shape, dtype}`. Its elements are
// held little-endian in the dtype's native width; the zero value is an
// empty float16 scalar-less tensor and not useful: build tensors with
// NewTensor, the From* constructors or by decoding JSON.
type Tensor struct {
	DType DType
	Shape []int
	data  []byte
}

// NewTensor checks that data holds exactly the elements of shape and
// returns the tensor, which aliases data.
func NewTensor(dtype DType, shape []int, data []byte) (Tensor, error) {
	if _, err := CheckParts(dtype, shape, [][]byte{data}); err != nil {
		return Tensor{}, err
	}
	return Tensor{DType: dtype, Shape: append([]int{}, shape...), data: data}, nil
}

// CheckParts checks that parts, read in order as one slice, hold exactly
// the elements of a dtype tensor of shape (NewTensor's check of bytes held
// in pieces), and returns their size.
func CheckParts(dtype DType, shape []int, parts [][]byte) (int, error) {
	size, err := dtype.Size()
	if err != nil {
		return 0, err
	}
	n, err := NumElements(shape)
	if err != nil {
		return 0, err
	}
	got := 0
	for _, p := range parts {
		got += len(p)
	}
	if got != n*size {
		return 0, fmt.Errorf("tensor of shape %v and dtype %s needs %d bytes, got %d", shape, dtype, n*size, got)
	}
	if dtype == Bool {
		i := 0
		for _, p := range parts {
			for _, b := range p {
				if b > 1 {
					return 0, fmt.Errorf("bool tensor element %d is %d; use 0 or 1", i, b)
				}
				i++
			}
		}
	}
	return got, nil
}

// NumElements is the product of shape (1 for a scalar, shape []); it fails
// for a negative dimension or more than MaxTensorElements.
func NumElements(shape []int) (int, error) {
	n := 1
	for i, d := range shape {
		if d < 0 {
			return 0, fmt.Errorf("shape[%d] is %d; dimensions must be >= 0", i, d)
		}
		if d != 0 && n > MaxTensorElements/d {
			return 0, fmt.Errorf("shape %v has more than %d elements", shape, MaxTensorElements)
		}
		n *= d
	}
	return n, nil
}

// Len is the number of elements.
func (t Tensor) Len() int {
	size, err := t.DType.Size()
	if err != nil || size == 0 {
		return 0
	}
	return len(t.data) / size
}

// Bytes is the little-endian element data. It aliases the tensor: do not
// modify it.
func (t Tensor) Bytes() []byte { return t.data }

// FromFloat32 builds a float32 tensor; it panics if len(v) does not match
// shape, which is a programming error.
func FromFloat32(shape []int, v []float32) Tensor {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return mustTensor(Float32, shape, b)
}

// FromFloat64 builds a float64 tensor (see FromFloat32).
func FromFloat64(shape []int, v []float64) Tensor {
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
	}
	return mustTensor(Float64, shape, b)
}

// FromInt64 builds an int64 tensor (see FromFloat32).
func FromInt64(shape []int, v []int64) Tensor {
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], uint64(x))
	}
	return mustTensor(Int64, shape, b)
}

func mustTensor(d DType, shape []int, b []byte) Tensor {
	t, err := NewTensor(d, shape, b)
	if err != nil {
		panic(err)
	}
	return t
}

// ErrComplex is returned when a complex tensor is read as real numbers.
var ErrComplex = errors.New("complex tensor cannot be read as real numbers")

// Float64s converts every element to float64 (bool as 0/1; int64 and uint64
// beyond 2^53 lose precision). Complex tensors fail.
func (t Tensor) Float64s() ([]float64, error) {
	n := t.Len()
	out := make([]float64, n)
	for i := range n {
		v, err := t.realAt(i)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// Float32s converts every element to float32 (see Float64s).
func (t Tensor) Float32s() ([]float32, error) {
	if t.DType == Float32 {
		out := make([]float32, t.Len())
		for i := range out {
			out[i] = math.Float32frombits(binary.LittleEndian.Uint32(t.data[4*i:]))
		}
		return out, nil
	}
	f, err := t.Float64s()
	if err != nil {
		return nil, err
	}
	out := make([]float32, len(f))
	for i, v := range f {
		out[i] = float32(v)
	}
	return out, nil
}

func (t Tensor) realAt(i int) (float64, error) {
	d := t.data
	switch t.DType {
	case Float16:
		return float64(HalfToFloat32(binary.LittleEndian.Uint16(d[2*i:]))), nil
	case Float32:
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(d[4*i:]))), nil
	case Float64:
		return math.Float64frombits(binary.LittleEndian.Uint64(d[8*i:])), nil
	case Int8:
		return float64(int8(d[i])), nil
	case Int16:
		return float64(int16(binary.LittleEndian.Uint16(d[2*i:]))), nil
	case Int32:
		return float64(int32(binary.LittleEndian.Uint32(d[4*i:]))), nil
	case Int64:
		return float64(int64(binary.LittleEndian.Uint64(d[8*i:]))), nil
	case Uint8, Bool:
		return float64(d[i]), nil
	case Uint16:
		return float64(binary.LittleEndian.Uint16(d[2*i:])), nil
	case Uint32:
		return float64(binary.LittleEndian.Uint32(d[4*i:])), nil
	case Uint64:
		return float64(binary.LittleEndian.Uint64(d[8*i:])), nil
	case Complex64, Complex128:
		return 0, fmt.Errorf("dtype %s: %w", t.DType, ErrComplex)
	}
	_, err := t.DType.Size()
	return 0, err
}

// tensorJSON is the wire shape.
type tensorJSON struct {
	Values json.RawMessage `json:"values"`
	Shape  json.RawMessage `json:"shape"`
	DType  json.RawMessage `json:"dtype"`
}

// UnmarshalJSON decodes `{values, shape, dtype}`: values is a flat list
// (complex elements are [re, im] pairs, bools are true/false or 0/1),
// shape a list of dimensions whose product is the number of values, and
// dtype a code 0..15. Integers must be whole and within the dtype's range.
//
// A tensor in the plain form the protocol's clients write (the three keys
// spelled exactly, numbers only, each key once) is read in one pass without
// encoding/json (fastTensor); anything else, and every mistake, takes the
// general path (decodeTensorJSON), which is the reference for what is accepted and for
// the error messages.
func (t *Tensor) UnmarshalJSON(b []byte) error {
	ft, ok := fastTensor(b)
	if !ok {
		var err error
		if ft, err = decodeTensorJSON(b); err != nil {
			return err
		}
	}
	*t = ft
	return nil
}

// decodeTensorJSON is UnmarshalJSON through encoding/json.
func decodeTensorJSON(b []byte) (Tensor, error) {
	var w tensorJSON
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return Tensor{}, &TensorError{Field: "", Msg: fmt.Sprintf("a tensor is an object {values, shape, dtype}: %v", err)}
	}
	if w.DType == nil {
		return Tensor{}, &TensorError{Field: "dtype", Msg: "missing; use a code 0..15 (1 = float32, 2 = float64)"}
	}
	var code int
	if err := json.Unmarshal(w.DType, &code); err != nil {
		return Tensor{}, &TensorError{Field: "dtype", Msg: "must be an integer code 0..15 (1 = float32, 2 = float64)"}
	}
	dtype := DType(code)
	size, err := dtype.Size()
	if err != nil {
		return Tensor{}, &TensorError{Field: "dtype", Msg: err.Error()}
	}
	if w.Shape == nil {
		return Tensor{}, &TensorError{Field: "shape", Msg: "missing; give the dimensions, e.g. [1, 4]"}
	}
	var shape []int
	if err := json.Unmarshal(w.Shape, &shape); err != nil || shape == nil {
		return Tensor{}, &TensorError{Field: "shape", Msg: "must be a list of non-negative integers, e.g. [1, 4]"}
	}
	n, err := NumElements(shape)
	if err != nil {
		return Tensor{}, &TensorError{Field: "shape", Msg: err.Error()}
	}
	if w.Values == nil {
		return Tensor{}, &TensorError{Field: "values", Msg: "missing; give the elements as a flat list"}
	}
	var vals []json.RawMessage
	if err := json.Unmarshal(w.Values, &vals); err != nil || vals == nil {
		return Tensor{}, &TensorError{Field: "values", Msg: "must be a flat list of numbers"}
	}
	if len(vals) != n {
		return Tensor{}, &TensorError{Field: "values", Msg: fmt.Sprintf("has %d elements but shape %v needs %d", len(vals), shape, n)}
	}
	data := make([]byte, n*size)
	for i, v := range vals {
		if err := putElement(dtype, data[i*size:(i+1)*size], v); err != nil {
			return Tensor{}, &TensorError{Field: fmt.Sprintf("values[%d]", i), Msg: err.Error()}
		}
	}
	return Tensor{DType: dtype, Shape: shape, data: data}, nil
}

// TensorError is a client mistake in a tensor value.
type TensorError struct {
	Field string // "values", "shape", "dtype", "values[3]" or ""
	Msg   string
}

func (e *TensorError) Error() string {
	if e.Field == "" {
		return "tensor: " + e.Msg
	}
	return "tensor " + e.Field + ": " + e.Msg
}

func putElement(d DType, dst []byte, raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	switch d {
	case Float16, Float32, Float64, Int8, Int16, Int32, Int64, Uint8, Uint16, Uint32, Uint64:
		n, err := number(raw)
		if err != nil {
			return err
		}
		return putNumber(d, dst, string(n))
	case Bool:
		switch string(raw) {
		case "true", "1":
			dst[0] = 1
		case "false", "0":
			dst[0] = 0
		default:
			return fmt.Errorf("%s is not a bool; use true/false or 1/0", truncate(string(raw)))
		}
		return nil
	case Complex64, Complex128:
		var pair []json.RawMessage
		if err := json.Unmarshal(raw, &pair); err != nil || len(pair) != 2 {
			return fmt.Errorf("a %s element is a pair [real, imaginary]", d)
		}
		re, err := parseFloat(pair[0])
		if err != nil {
			return err
		}
		im, err := parseFloat(pair[1])
		if err != nil {
			return err
		}
		if d == Complex64 {
			if math.Abs(re) > math.MaxFloat32 || math.Abs(im) > math.MaxFloat32 {
				return fmt.Errorf("[%v, %v] is out of the complex64 range", re, im)
			}
			binary.LittleEndian.PutUint32(dst, math.Float32bits(float32(re)))
			binary.LittleEndian.PutUint32(dst[4:], math.Float32bits(float32(im)))
		} else {
			binary.LittleEndian.PutUint64(dst, math.Float64bits(re))
			binary.LittleEndian.PutUint64(dst[8:], math.Float64bits(im))
		}
		return nil
	}
	return fmt.Errorf("dtype %s is not supported", d)
}

func putUint(dst []byte, v uint64) {
	for i := range dst {
		dst[i] = byte(v >> (8 * i))
	}
}

// number reads a JSON number literal; unlike decoding into json.Number it
// refuses a quoted string.
func number(raw json.RawMessage) (json.Number, error) {
	var n json.Number
	if len(raw) == 0 || raw[0] == '"' || json.Unmarshal(raw, &n) != nil {
		return "", fmt.Errorf("%s is not a number", truncate(string(raw)))
	}
	return n, nil
}

func parseFloat(raw json.RawMessage) (float64, error) {
	n, err := number(raw)
	if err != nil {
		return 0, err
	}
	return parseFloatNum(string(n))
}

// putNumber stores the JSON number literal n (already checked to be one)
// as an element of the real or integer dtype d.
func putNumber(d DType, dst []byte, n string) error {
	switch d {
	case Float16, Float32, Float64:
		f, err := parseFloatNum(n)
		if err != nil {
			return err
		}
		switch d {
		case Float16:
			if math.Abs(f) > 65504 {
				return fmt.Errorf("%v is out of the float16 range", f)
			}
			binary.LittleEndian.PutUint16(dst, Float32ToHalf(float32(f)))
		case Float32:
			if math.Abs(f) > math.MaxFloat32 {
				return fmt.Errorf("%v is out of the float32 range", f)
			}
			binary.LittleEndian.PutUint32(dst, math.Float32bits(float32(f)))
		default:
			binary.LittleEndian.PutUint64(dst, math.Float64bits(f))
		}
		return nil
	case Int8, Int16, Int32, Int64:
		v, err := parseIntNum(n, 8*len(dst))
		if err != nil {
			return err
		}
		putUint(dst, uint64(v))
		return nil
	case Uint8, Uint16, Uint32, Uint64:
		v, err := parseUintNum(n, 8*len(dst))
		if err != nil {
			return err
		}
		putUint(dst, v)
		return nil
	}
	return fmt.Errorf("dtype %s is not a real or integer dtype", d)
}

func parseFloatNum(n string) (float64, error) {
	f, err := strconv.ParseFloat(n, 64)
	if err != nil {
		return 0, fmt.Errorf("%s is out of the float64 range", truncate(n))
	}
	return f, nil
}

func parseIntNum(n string, bits int) (int64, error) {
	v, err := strconv.ParseInt(n, 10, bits)
	if err == nil {
		return v, nil
	}
	// A whole number written as 3.0 or 1e3 is accepted.
	f, ferr := strconv.ParseFloat(n, 64)
	lim := math.Ldexp(1, bits-1)
	if ferr != nil || f != math.Trunc(f) || f < -lim || f >= lim {
		return 0, fmt.Errorf("%s is not a whole number in the int%d range", truncate(n), bits)
	}
	return int64(f), nil
}

func parseUintNum(n string, bits int) (uint64, error) {
	v, err := strconv.ParseUint(n, 10, bits)
	if err == nil {
		return v, nil
	}
	f, ferr := strconv.ParseFloat(n, 64)
	if ferr != nil || f != math.Trunc(f) || f < 0 || f >= math.Ldexp(1, bits) {
		return 0, fmt.Errorf("%s is not a whole number in the uint%d range", truncate(n), bits)
	}
	return uint64(f), nil
}

// MarshalJSON writes `{values, shape, dtype}`. Floats are written in the
// shortest form that reads back to the same value of their width; a NaN or
// infinity, which JSON cannot hold, fails.
func (t Tensor) MarshalJSON() ([]byte, error) {
	size, err := t.DType.Size()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(`{"values":[`)
	d := t.data
	for i := 0; i < len(d)/size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		e := d[i*size : (i+1)*size]
		switch t.DType {
		case Float16:
			err = writeFloat(&b, float64(HalfToFloat32(binary.LittleEndian.Uint16(e))), 32)
		case Float32:
			err = writeFloat(&b, float64(math.Float32frombits(binary.LittleEndian.Uint32(e))), 32)
		case Float64:
			err = writeFloat(&b, math.Float64frombits(binary.LittleEndian.Uint64(e)), 64)
		case Int8, Int16, Int32, Int64:
			v := getUint(e)
			shift := 64 - 8*uint(size)
			b.WriteString(strconv.FormatInt(int64(v<<shift)>>shift, 10))
		case Uint8, Uint16, Uint32, Uint64:
			b.WriteString(strconv.FormatUint(getUint(e), 10))
		case Bool:
			b.WriteString(strconv.FormatBool(e[0] != 0))
		case Complex64:
			b.WriteByte('[')
			err = writeFloat(&b, float64(math.Float32frombits(binary.LittleEndian.Uint32(e))), 32)
			b.WriteByte(',')
			if err == nil {
				err = writeFloat(&b, float64(math.Float32frombits(binary.LittleEndian.Uint32(e[4:]))), 32)
			}
			b.WriteByte(']')
		case Complex128:
			b.WriteByte('[')
			err = writeFloat(&b, math.Float64frombits(binary.LittleEndian.Uint64(e)), 64)
			b.WriteByte(',')
			if err == nil {
				err = writeFloat(&b, math.Float64frombits(binary.LittleEndian.Uint64(e[8:])), 64)
			}
			b.WriteByte(']')
		}
		if err != nil {
			return nil, fmt.Errorf("tensor element %d: %w", i, err)
		}
	}
	b.WriteString(`],"shape":`)
	shape := t.Shape
	if shape == nil {
		shape = []int{}
	}
	sb, _ := json.Marshal(shape)
	b.Write(sb)
	fmt.Fprintf(&b, `,"dtype":%d}`, int(t.DType))
	return b.Bytes(), nil
}

func getUint(e []byte) uint64 {
	var v uint64
	for i := range e {
		v |= uint64(e[i]) << (8 * i)
	}
	return v
}

func writeFloat(b *bytes.Buffer, f float64, bits int) error {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return fmt.Errorf("%v cannot be written as JSON", f)
	}
	b.WriteString(strconv.FormatFloat(f, 'g', -1, bits))
	return nil
}

// HalfToFloat32 converts IEEE 754 binary16 bits to float32.
func HalfToFloat32(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h) & 0x3ff
	switch {
	case exp == 0 && mant == 0:
		return math.Float32frombits(sign)
	case exp == 0: // subnormal: value = mant * 2^-24
		f := float32(mant) * float32(math.Ldexp(1, -24))
		if sign != 0 {
			f = -f
		}
		return f
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	}
	return math.Float32frombits(sign | (exp+112)<<23 | mant<<13)
}

// Float32ToHalf converts f to IEEE 754 binary16 bits, rounding to nearest
// even; values beyond the range become infinities.
func Float32ToHalf(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int32(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff { // Inf or NaN
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	}
	e := exp - 127 + 15
	if e >= 0x1f {
		return sign | 0x7c00
	}
	if e <= 0 {
		if e < -10 {
			return sign
		}
		mant |= 0x800000
		shift := uint32(14 - e)
		half := mant >> shift
		rem := mant & (1<<shift - 1)
		mid := uint32(1) << (shift - 1)
		if rem > mid || (rem == mid && half&1 == 1) {
			half++
		}
		return sign | uint16(half)
	}
	half := uint32(e)<<10 | mant>>13
	rem := mant & 0x1fff
	if rem > 0x1000 || (rem == 0x1000 && half&1 == 1) {
		half++ // may carry into the exponent, which is the right result
	}
	return sign | uint16(half)
}

// truncate cuts s to 40 bytes for an error message.
func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
