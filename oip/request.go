package oip

import (
	"encoding/json"
	"fmt"
)

// EncodeRequest writes req as a request body: with binary false every input
// as JSON data (headerLen 0: no Inference-Header-Content-Length), with
// binary true every input's bytes after the JSON header, whose length is
// headerLen. Outputs are asked for as req says.
func EncodeRequest(req *Request, binary bool) (body []byte, headerLen int, err error) {
	h := header{ID: req.ID, Parameters: req.Parameters}
	binLen := 0
	for _, in := range req.Inputs {
		dt := Datatype(in.Tensor.DType)
		if dt == "" {
			return nil, 0, fmt.Errorf("input %q is %s, which OIP cannot carry", in.Name, in.Tensor.DType)
		}
		shape := make([]int64, len(in.Tensor.Shape))
		for i, d := range in.Tensor.Shape {
			shape[i] = int64(d)
		}
		ij := inputJSON{Name: in.Name, Shape: shape, Datatype: dt}
		if binary {
			size, _ := json.Marshal(len(in.Tensor.Bytes()))
			ij.Parameters = Parameters{"binary_data_size": size}
			binLen += len(in.Tensor.Bytes())
		} else if ij.Data, err = jsonData(in.Tensor); err != nil {
			return nil, 0, fmt.Errorf("input %q: %w", in.Name, err)
		}
		h.Inputs = append(h.Inputs, ij)
	}
	if req.BinaryOutput {
		if h.Parameters == nil {
			h.Parameters = Parameters{}
		}
		h.Parameters["binary_data_output"] = json.RawMessage("true")
	}
	for _, o := range req.Outputs {
		oj := outputJSON{Name: o.Name}
		if o.Binary {
			oj.Parameters = Parameters{"binary_data": json.RawMessage("true")}
		}
		h.Outputs = append(h.Outputs, oj)
	}
	js, err := json.Marshal(h)
	if err != nil {
		return nil, 0, fmt.Errorf("encode request: %w", err)
	}
	if !binary {
		return js, 0, nil
	}
	// One allocation and one copy of each tensor: a large input (an image)
	// is copied once on its way into the body.
	body = make([]byte, len(js), len(js)+binLen)
	copy(body, js)
	for _, in := range req.Inputs {
		body = append(body, in.Tensor.Bytes()...)
	}
	return body, len(js), nil
}
