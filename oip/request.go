package oip

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// EncodeRequest writes req as a request body: with binary false every input
// as JSON data (headerLen 0: no Inference-Header-Content-Length), with
// binary true every input's bytes after the JSON header, whose length is
// headerLen. Outputs are asked for as req says.
func EncodeRequest(req *Request, binary bool) (body []byte, headerLen int, err error) {
	if !binary {
		js, err := encodeHeader(req, false)
		return js, 0, err
	}
	js, parts, err := EncodeRequestParts(req)
	if err != nil {
		return nil, 0, err
	}
	// One allocation and one copy of each tensor: a large input (an image)
	// is copied once on its way into the body.
	n := len(js)
	for _, p := range parts {
		n += len(p)
	}
	body = make([]byte, len(js), n)
	copy(body, js)
	for _, p := range parts {
		body = append(body, p...)
	}
	return body, len(js), nil
}

// EncodeRequestParts is EncodeRequest's binary form without the copy: the
// JSON header, and the inputs' bytes (aliasing req's tensors) that follow
// it on the wire, in order. The body is header followed by every part; the
// Inference-Header-Content-Length is len(header).
func EncodeRequestParts(req *Request) (header []byte, parts [][]byte, err error) {
	js, err := encodeHeader(req, true)
	if err != nil {
		return nil, nil, err
	}
	parts = make([][]byte, len(req.Inputs))
	for i, in := range req.Inputs {
		parts[i] = in.Tensor.Bytes()
	}
	return js, parts, nil
}

// encodeHeader is a request's JSON header: every input's data in it, or,
// with binary, every input's binary_data_size.
func encodeHeader(req *Request, binary bool) ([]byte, error) {
	h := header{ID: req.ID, Parameters: req.Parameters}
	for _, in := range req.Inputs {
		dt := Datatype(in.Tensor.DType)
		if dt == "" {
			return nil, fmt.Errorf("input %q is %s, which OIP cannot carry", in.Name, in.Tensor.DType)
		}
		shape := make([]int64, len(in.Tensor.Shape))
		for i, d := range in.Tensor.Shape {
			shape[i] = int64(d)
		}
		ij := inputJSON{Name: in.Name, Shape: shape, Datatype: dt}
		if binary {
			ij.Parameters = Parameters{"binary_data_size": strconv.AppendInt(nil, int64(len(in.Tensor.Bytes())), 10)}
		} else {
			var err error
			if ij.Data, err = jsonData(in.Tensor); err != nil {
				return nil, fmt.Errorf("input %q: %w", in.Name, err)
			}
		}
		h.Inputs = append(h.Inputs, ij)
	}
	if req.BinaryOutput {
		// A copy: the caller's parameters stay as they were.
		ps := make(Parameters, len(h.Parameters)+1)
		for k, v := range h.Parameters {
			ps[k] = v
		}
		ps["binary_data_output"] = json.RawMessage("true")
		h.Parameters = ps
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
		return nil, fmt.Errorf("encode request: %w", err)
	}
	return js, nil
}
