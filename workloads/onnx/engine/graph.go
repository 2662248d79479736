package engine

import (
	"fmt"
	"slices"
)

// Graph is an ONNX model's decoded structure, for programs that compile a
// model into something other than this engine (the proof workload turns it
// into an arithmetic circuit). It is a plain copy: nothing in it is shared
// with the decoder.
type Graph struct {
	// Opset is the default-domain operator set version.
	Opset int64
	// Inputs are the graph inputs a caller feeds (initializers excluded);
	// Outputs are the graph outputs, in graph order.
	Inputs, Outputs []IO
	// Nodes in graph order.
	Nodes []Node
	// Initializers by name.
	Initializers map[string]Initializer
}

// Node is one graph node with its scalar and list attributes. Tensor and
// string attributes are listed by name in Other so that a caller can refuse
// what it does not understand.
type Node struct {
	Name, OpType, Domain string
	Inputs, Outputs      []string
	Ints                 map[string]int64
	Floats               map[string]float32
	IntLists             map[string][]int64
	Other                []string
}

// Initializer is a constant tensor of the graph: Float for floating-point
// types (DOUBLE converted to float32), Int for integer types.
type Initializer struct {
	Shape []int
	Float []float32
	Int   []int64
}

// ParseGraph decodes an ONNX model's graph without preparing it to run, so
// it accepts operators the engine does not implement. It fails for a model
// that is not ONNX protobuf, a tensor it cannot read (external data, an
// unsupported element type), or a node of a non-default domain.
func ParseGraph(raw []byte) (*Graph, error) {
	pm, err := parseModel(raw)
	if err != nil {
		return nil, err
	}
	g := &Graph{Opset: pm.opsets[""], Initializers: map[string]Initializer{}}
	if g.Opset == 0 {
		g.Opset = 1
	}
	for _, t := range pm.graph.initializers {
		v, err := fromProto(t)
		if err != nil {
			return nil, fmt.Errorf("initializer %q: %w", t.name, err)
		}
		g.Initializers[t.name] = Initializer{Shape: slices.Clone(v.shape), Float: slices.Clone(v.f), Int: slices.Clone(v.i)}
	}
	for _, in := range pm.graph.inputs {
		if _, isInit := g.Initializers[in.name]; !isInit {
			g.Inputs = append(g.Inputs, ioOf(in))
		}
	}
	for _, out := range pm.graph.outputs {
		g.Outputs = append(g.Outputs, ioOf(out))
	}
	for i, n := range pm.graph.nodes {
		label := n.name
		if label == "" {
			label = fmt.Sprintf("#%d", i)
		}
		if n.domain != "" && n.domain != "ai.onnx" {
			return nil, &UnsupportedError{What: fmt.Sprintf("operator %q of domain %q (node %q)", n.opType, n.domain, label)}
		}
		node := Node{Name: label, OpType: n.opType, Domain: n.domain, Inputs: slices.Clone(n.inputs), Outputs: slices.Clone(n.outputs),
			Ints: map[string]int64{}, Floats: map[string]float32{}, IntLists: map[string][]int64{}}
		for name, a := range n.attrs {
			switch a.typ {
			case attrTypeInt:
				node.Ints[name] = a.i
			case attrTypeFloat:
				node.Floats[name] = a.f
			case attrTypeInts:
				node.IntLists[name] = slices.Clone(a.ints)
			default:
				node.Other = append(node.Other, name)
			}
		}
		slices.Sort(node.Other)
		g.Nodes = append(g.Nodes, node)
	}
	return g, nil
}
