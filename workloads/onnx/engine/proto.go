package engine

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"google.golang.org/protobuf/encoding/protowire"
)

// The subset of onnx.proto this package reads. Field numbers are those of
// onnx/onnx.proto (IR version 3 and later).

type modelProto struct {
	irVersion int64
	opsets    map[string]int64 // domain -> version ("" = ai.onnx)
	graph     graphProto
}

type graphProto struct {
	name         string
	nodes        []nodeProto
	initializers []tensorProto
	inputs       []valueInfo
	outputs      []valueInfo
}

type nodeProto struct {
	name    string
	opType  string
	domain  string
	inputs  []string
	outputs []string
	attrs   map[string]attribute
}

type attribute struct {
	typ    int32
	f      float32
	i      int64
	s      []byte
	t      *tensorProto
	floats []float32
	ints   []int64
	hasG   bool
}

// Attribute types of AttributeProto.AttributeType.
const (
	attrTypeFloat  = 1
	attrTypeInt    = 2
	attrTypeString = 3
	attrTypeTensor = 4
	attrTypeGraph  = 5
	attrTypeFloats = 6
	attrTypeInts   = 7
)

type tensorProto struct {
	name      string
	dims      []int64
	dataType  int32
	floatData []float32
	int32Data []int32
	int64Data []int64
	double    []float64
	uint64s   []uint64
	raw       []byte
	external  bool
}

type valueInfo struct {
	name     string
	elemType int32
	dims     []dim
	hasShape bool
}

type dim struct {
	value int64
	param string // symbolic dimension, e.g. "batch"
}

// ONNX TensorProto.DataType codes.
const (
	onnxFloat   = 1
	onnxUint8   = 2
	onnxInt8    = 3
	onnxUint16  = 4
	onnxInt16   = 5
	onnxInt32   = 6
	onnxInt64   = 7
	onnxString  = 8
	onnxBool    = 9
	onnxFloat16 = 10
	onnxDouble  = 11
	onnxUint32  = 12
	onnxUint64  = 13
)

var onnxTypeNames = map[int32]string{0: "UNDEFINED", 1: "FLOAT", 2: "UINT8", 3: "INT8", 4: "UINT16", 5: "INT16",
	6: "INT32", 7: "INT64", 8: "STRING", 9: "BOOL", 10: "FLOAT16", 11: "DOUBLE", 12: "UINT32", 13: "UINT64",
	14: "COMPLEX64", 15: "COMPLEX128", 16: "BFLOAT16"}

func onnxTypeName(t int32) string {
	if n, ok := onnxTypeNames[t]; ok {
		return n
	}
	return fmt.Sprintf("type %d", t)
}

var errTruncated = errors.New("truncated protobuf")

// fields walks the fields of one message, calling fn with each field's
// number, wire type and raw value (the varint/fixed value in v, the bytes of
// a length-delimited field in b).
func fields(buf []byte, fn func(num protowire.Number, typ protowire.Type, v uint64, b []byte) error) error {
	for len(buf) > 0 {
		num, typ, n := protowire.ConsumeTag(buf)
		if n < 0 {
			return fmt.Errorf("bad tag: %w", protowire.ParseError(n))
		}
		buf = buf[n:]
		var v uint64
		var b []byte
		switch typ {
		case protowire.VarintType:
			v, n = protowire.ConsumeVarint(buf)
		case protowire.Fixed32Type:
			var x uint32
			x, n = protowire.ConsumeFixed32(buf)
			v = uint64(x)
		case protowire.Fixed64Type:
			v, n = protowire.ConsumeFixed64(buf)
		case protowire.BytesType:
			b, n = protowire.ConsumeBytes(buf)
		default:
			n = protowire.ConsumeFieldValue(num, typ, buf)
		}
		if n < 0 {
			return fmt.Errorf("field %d: %w", num, protowire.ParseError(n))
		}
		buf = buf[n:]
		if err := fn(num, typ, v, b); err != nil {
			return err
		}
	}
	return nil
}

// repeated numeric fields may be packed (BytesType) or not.
// appendVarints appends one varint field (unpacked) or a packed run of them,
// each converted to T as protobuf does (int32 keeps the low 32 bits).
func appendVarints[T int32 | int64 | uint64](dst []T, typ protowire.Type, v uint64, b []byte) ([]T, error) {
	if typ == protowire.VarintType {
		return append(dst, T(v)), nil
	}
	if typ != protowire.BytesType {
		return dst, errors.New("bad wire type for a repeated varint")
	}
	for len(b) > 0 {
		x, n := protowire.ConsumeVarint(b)
		if n < 0 {
			return dst, errTruncated
		}
		dst = append(dst, T(x))
		b = b[n:]
	}
	return dst, nil
}

func appendFloats(dst []float32, typ protowire.Type, v uint64, b []byte) ([]float32, error) {
	if typ == protowire.Fixed32Type {
		return append(dst, math.Float32frombits(uint32(v))), nil
	}
	if typ != protowire.BytesType || len(b)%4 != 0 {
		return dst, errors.New("bad encoding for a repeated float")
	}
	for i := 0; i < len(b); i += 4 {
		dst = append(dst, math.Float32frombits(binary.LittleEndian.Uint32(b[i:])))
	}
	return dst, nil
}

func appendDoubles(dst []float64, typ protowire.Type, v uint64, b []byte) ([]float64, error) {
	if typ == protowire.Fixed64Type {
		return append(dst, math.Float64frombits(v)), nil
	}
	if typ != protowire.BytesType || len(b)%8 != 0 {
		return dst, errors.New("bad encoding for a repeated double")
	}
	for i := 0; i < len(b); i += 8 {
		dst = append(dst, math.Float64frombits(binary.LittleEndian.Uint64(b[i:])))
	}
	return dst, nil
}

func parseModel(buf []byte) (*modelProto, error) {
	m := &modelProto{opsets: map[string]int64{}}
	var graph []byte
	err := fields(buf, func(num protowire.Number, typ protowire.Type, v uint64, b []byte) error {
		switch num {
		case 1:
			m.irVersion = int64(v)
		case 7:
			graph = b
		case 8:
			var domain string
			var version int64
			if err := fields(b, func(num protowire.Number, _ protowire.Type, v uint64, b []byte) error {
				switch num {
				case 1:
					domain = string(b)
				case 2:
					version = int64(v)
				}
				return nil
			}); err != nil {
				return fmt.Errorf("opset_import: %w", err)
			}
			if domain == "ai.onnx" {
				domain = ""
			}
			m.opsets[domain] = version
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("decode ModelProto: %w", err)
	}
	if graph == nil {
		return nil, errors.New("decode ModelProto: no graph (is this an ONNX model file?)")
	}
	if m.graph, err = parseGraph(graph); err != nil {
		return nil, fmt.Errorf("decode graph: %w", err)
	}
	return m, nil
}

func parseGraph(buf []byte) (graphProto, error) {
	var g graphProto
	err := fields(buf, func(num protowire.Number, typ protowire.Type, v uint64, b []byte) error {
		switch num {
		case 1:
			n, err := parseNode(b)
			if err != nil {
				return fmt.Errorf("node %d: %w", len(g.nodes), err)
			}
			g.nodes = append(g.nodes, n)
		case 2:
			g.name = string(b)
		case 5:
			t, err := parseTensor(b)
			if err != nil {
				return fmt.Errorf("initializer %d: %w", len(g.initializers), err)
			}
			g.initializers = append(g.initializers, t)
		case 11, 12:
			vi, err := parseValueInfo(b)
			if err != nil {
				return fmt.Errorf("value info: %w", err)
			}
			if num == 11 {
				g.inputs = append(g.inputs, vi)
			} else {
				g.outputs = append(g.outputs, vi)
			}
		case 15:
			return errors.New("sparse initializers are not supported")
		}
		return nil
	})
	return g, err
}

func parseNode(buf []byte) (nodeProto, error) {
	n := nodeProto{attrs: map[string]attribute{}}
	err := fields(buf, func(num protowire.Number, typ protowire.Type, v uint64, b []byte) error {
		switch num {
		case 1:
			n.inputs = append(n.inputs, string(b))
		case 2:
			n.outputs = append(n.outputs, string(b))
		case 3:
			n.name = string(b)
		case 4:
			n.opType = string(b)
		case 7:
			n.domain = string(b)
		case 5:
			name, a, err := parseAttribute(b)
			if err != nil {
				return fmt.Errorf("attribute %q: %w", name, err)
			}
			n.attrs[name] = a
		}
		return nil
	})
	return n, err
}

func parseAttribute(buf []byte) (string, attribute, error) {
	var name string
	var a attribute
	err := fields(buf, func(num protowire.Number, typ protowire.Type, v uint64, b []byte) error {
		var err error
		switch num {
		case 1:
			name = string(b)
		case 20:
			a.typ = int32(v)
		case 2:
			a.f = math.Float32frombits(uint32(v))
		case 3:
			a.i = int64(v)
		case 4:
			a.s = b
		case 5:
			var t tensorProto
			if t, err = parseTensor(b); err == nil {
				a.t = &t
			}
		case 6, 11:
			a.hasG = true
		case 7:
			a.floats, err = appendFloats(a.floats, typ, v, b)
		case 8:
			a.ints, err = appendVarints(a.ints, typ, v, b)
		}
		return err
	})
	return name, a, err
}

func parseTensor(buf []byte) (tensorProto, error) {
	var t tensorProto
	err := fields(buf, func(num protowire.Number, typ protowire.Type, v uint64, b []byte) error {
		var err error
		switch num {
		case 1:
			t.dims, err = appendVarints(t.dims, typ, v, b)
		case 2:
			t.dataType = int32(v)
		case 4:
			t.floatData, err = appendFloats(t.floatData, typ, v, b)
		case 5:
			t.int32Data, err = appendVarints(t.int32Data, typ, v, b)
		case 7:
			t.int64Data, err = appendVarints(t.int64Data, typ, v, b)
		case 8:
			t.name = string(b)
		case 9:
			t.raw = b
		case 10:
			t.double, err = appendDoubles(t.double, typ, v, b)
		case 11:
			t.uint64s, err = appendVarints(t.uint64s, typ, v, b)
		case 13:
			t.external = true
		case 14:
			t.external = t.external || v == 1
		}
		return err
	})
	return t, err
}

func parseValueInfo(buf []byte) (valueInfo, error) {
	var vi valueInfo
	err := fields(buf, func(num protowire.Number, typ protowire.Type, v uint64, b []byte) error {
		switch num {
		case 1:
			vi.name = string(b)
		case 2: // TypeProto
			return fields(b, func(num protowire.Number, _ protowire.Type, _ uint64, b []byte) error {
				if num != 1 { // only tensor_type
					return nil
				}
				return fields(b, func(num protowire.Number, _ protowire.Type, v uint64, b []byte) error {
					switch num {
					case 1:
						vi.elemType = int32(v)
					case 2:
						vi.hasShape = true
						return fields(b, func(num protowire.Number, _ protowire.Type, _ uint64, b []byte) error {
							if num != 1 {
								return nil
							}
							var d dim
							err := fields(b, func(num protowire.Number, _ protowire.Type, v uint64, b []byte) error {
								switch num {
								case 1:
									d.value = int64(v)
								case 2:
									d.param = string(b)
								}
								return nil
							})
							vi.dims = append(vi.dims, d)
							return err
						})
					}
					return nil
				})
			})
		}
		return nil
	})
	return vi, err
}
