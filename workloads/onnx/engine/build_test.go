package engine

import (
	"encoding/binary"
	"math"

	"google.golang.org/protobuf/encoding/protowire"
)

// A minimal ONNX protobuf writer for building test models.

type pb []byte

func (b pb) str(num protowire.Number, s string) pb {
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendString(b, s)
}

func (b pb) msg(num protowire.Number, m pb) pb {
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendBytes(b, m)
}

func (b pb) varint(num protowire.Number, v int64) pb {
	b = protowire.AppendTag(b, num, protowire.VarintType)
	return protowire.AppendVarint(b, uint64(v))
}

func (b pb) f32(num protowire.Number, f float32) pb {
	b = protowire.AppendTag(b, num, protowire.Fixed32Type)
	return protowire.AppendFixed32(b, math.Float32bits(f))
}

func floatTensor(name string, dims []int64, vals []float32) pb {
	var t pb
	for _, d := range dims {
		t = t.varint(1, d)
	}
	t = t.varint(2, onnxFloat).str(8, name)
	raw := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(v))
	}
	t = protowire.AppendTag(t, 9, protowire.BytesType)
	return protowire.AppendBytes(t, raw)
}

func int64Tensor(name string, dims []int64, vals []int64) pb {
	var t pb
	for _, d := range dims {
		t = t.varint(1, d)
	}
	t = t.varint(2, onnxInt64).str(8, name)
	for _, v := range vals { // unpacked on purpose: both encodings are valid
		t = t.varint(7, v)
	}
	return t
}

type attr struct {
	name string
	i    *int64
	f    *float32
	ints []int64
	t    pb
}

func iAttr(name string, v int64) attr   { return attr{name: name, i: &v} }
func fAttr(name string, v float32) attr { return attr{name: name, f: &v} }
func isAttr(name string, v ...int64) attr {
	return attr{name: name, ints: v}
}

func node(op string, in, out []string, attrs ...attr) pb {
	var n pb
	for _, s := range in {
		n = n.str(1, s)
	}
	for _, s := range out {
		n = n.str(2, s)
	}
	n = n.str(3, op+"_node").str(4, op)
	for _, a := range attrs {
		var ap pb
		ap = ap.str(1, a.name)
		switch {
		case a.i != nil:
			ap = ap.varint(3, *a.i).varint(20, attrTypeInt)
		case a.f != nil:
			ap = ap.f32(2, *a.f).varint(20, attrTypeFloat)
		case a.t != nil:
			ap = ap.msg(5, a.t).varint(20, attrTypeTensor)
		default:
			packed := []byte{}
			for _, v := range a.ints {
				packed = protowire.AppendVarint(packed, uint64(v))
			}
			ap = protowire.AppendTag(ap, 8, protowire.BytesType)
			ap = protowire.AppendBytes(ap, packed)
			ap = ap.varint(20, attrTypeInts)
		}
		n = n.msg(5, ap)
	}
	return n
}

func valueInfoPB(name string, elem int32, dims ...int64) pb {
	var shape pb
	for _, d := range dims {
		var dm pb
		if d < 0 {
			dm = dm.str(2, "N")
		} else {
			dm = dm.varint(1, d)
		}
		shape = shape.msg(1, dm)
	}
	tt := pb{}.varint(1, int64(elem)).msg(2, shape)
	return pb{}.str(1, name).msg(2, pb{}.msg(1, tt))
}

type graphSpec struct {
	nodes   []pb
	inits   []pb
	inputs  []pb
	outputs []pb
	opset   int64
}

func (g graphSpec) model() []byte {
	var gr pb
	for _, n := range g.nodes {
		gr = gr.msg(1, n)
	}
	gr = gr.str(2, "test")
	for _, t := range g.inits {
		gr = gr.msg(5, t)
	}
	for _, v := range g.inputs {
		gr = gr.msg(11, v)
	}
	for _, v := range g.outputs {
		gr = gr.msg(12, v)
	}
	opset := g.opset
	if opset == 0 {
		opset = 17
	}
	var m pb
	m = m.varint(1, 8).msg(8, pb{}.str(1, "").varint(2, opset)).msg(7, gr)
	return m
}
