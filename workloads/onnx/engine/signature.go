package engine

import "fmt"

// Signature is what a model file declares about its interface: the graph
// inputs a caller feeds (initializers excluded), the graph outputs in graph
// order, and the operator sets it imports. ReadSignature reads it without
// preparing any operator, so it describes models this package cannot run.
type Signature struct {
	IRVersion int64
	Opsets    map[string]int64 // domain -> version ("" = ai.onnx)
	Inputs    []IO
	Outputs   []IO
}

// ReadSignature decodes the model's protobuf and returns its signature. It
// fails only for a file that is not a well-formed ONNX model.
func ReadSignature(raw []byte) (Signature, error) {
	pm, err := parseModel(raw)
	if err != nil {
		return Signature{}, err
	}
	inits := make(map[string]bool, len(pm.graph.initializers))
	for _, t := range pm.graph.initializers {
		inits[t.name] = true
	}
	sig := Signature{IRVersion: pm.irVersion, Opsets: pm.opsets}
	for _, in := range pm.graph.inputs {
		if !inits[in.name] {
			sig.Inputs = append(sig.Inputs, ioOf(in))
		}
	}
	for _, out := range pm.graph.outputs {
		sig.Outputs = append(sig.Outputs, ioOf(out))
	}
	if len(sig.Outputs) == 0 {
		return Signature{}, fmt.Errorf("decode graph: the graph has no outputs")
	}
	return sig, nil
}

// SymbolicDims are the dimension names (dim_param; "" where a dimension
// has none) of the graph's inputs (initializers left out) and outputs as
// declared, in the order of Signature's. A declared name is the model's
// word, not a bound: ONNX Runtime's own shape inference says what an
// output's dimensions are.
func SymbolicDims(raw []byte) (inputs, outputs [][]string, err error) {
	pm, err := parseModel(raw)
	if err != nil {
		return nil, nil, err
	}
	inits := make(map[string]bool, len(pm.graph.initializers))
	for _, t := range pm.graph.initializers {
		inits[t.name] = true
	}
	names := func(vi valueInfo) []string {
		out := make([]string, len(vi.dims))
		for i, d := range vi.dims {
			out[i] = d.param
		}
		return out
	}
	for _, in := range pm.graph.inputs {
		if !inits[in.name] {
			inputs = append(inputs, names(in))
		}
	}
	for _, out := range pm.graph.outputs {
		outputs = append(outputs, names(out))
	}
	return inputs, outputs, nil
}
