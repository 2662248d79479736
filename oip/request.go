package oip

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"
)

// EncodeRequest writes req as a request body: with binary false every input
// as JSON data (headerLen 0: no Inference-Header-Content-Length), with
// binary true every input's bytes after the JSON header, whose length is
// headerLen. Outputs are asked for as req says.
func EncodeRequest(req *Request, binary bool) (body []byte, headerLen int, err error) {
	if !binary {
		js, err := encodeHeader(req, false, nil)
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
	js, err := encodeHeader(req, true, nil)
	if err != nil {
		return nil, nil, err
	}
	parts = make([][]byte, len(req.Inputs))
	for i, in := range req.Inputs {
		parts[i] = in.Tensor.Bytes()
	}
	return js, parts, nil
}

// EncodeRequestHeader is the JSON header of req's binary form where input
// i's bytes, held apart from req, are sizes[i] long: the inputs' tensors
// give their datatype and shape, and their bytes are not read. The caller
// checked that each size is its tensor's.
func EncodeRequestHeader(req *Request, sizes []int) ([]byte, error) {
	if len(sizes) != len(req.Inputs) {
		return nil, fmt.Errorf("%d sizes for %d inputs", len(sizes), len(req.Inputs))
	}
	return encodeHeader(req, true, sizes)
}

// encodeHeader is a request's JSON header: every input's data in it, or,
// with binary, every input's binary_data_size. The binary form is written
// by hand (the gRPC door writes one per call; json.Marshal's reflection
// costs more than the rest of its translation); it is the same JSON as
// json.Marshal would write of the header, up to spacing. Input i's
// binary_data_size is sizes[i], or its tensor's size where sizes is nil.
func encodeHeader(req *Request, binary bool, sizes []int) ([]byte, error) {
	if binary {
		if js, ok := appendBinaryHeader(make([]byte, 0, 256), req, sizes); ok {
			return js, nil
		}
	}
	return marshalHeader(req, binary, sizes)
}

// inputSize is input i's byte count: sizes[i], or its tensor's.
func inputSize(req *Request, sizes []int, i int) int {
	if sizes != nil {
		return sizes[i]
	}
	return len(req.Inputs[i].Tensor.Bytes())
}

// marshalHeader is encodeHeader by json.Marshal.
func marshalHeader(req *Request, binary bool, sizes []int) ([]byte, error) {
	h := header{ID: req.ID, Parameters: req.Parameters}
	for i, in := range req.Inputs {
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
			ij.Parameters = Parameters{"binary_data_size": strconv.AppendInt(nil, int64(inputSize(req, sizes, i)), 10)}
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

// appendBinaryHeader appends req's binary-form header to b; ok is false
// when it holds something only json.Marshal writes right (a string that is
// not UTF-8, a parameter that is not JSON, a dtype OIP lacks): the caller
// falls back to it.
func appendBinaryHeader(b []byte, req *Request, sizes []int) ([]byte, bool) {
	b = append(b, '{')
	if req.ID != "" {
		b = append(b, `"id":`...)
		var ok bool
		if b, ok = appendString(b, req.ID); !ok {
			return nil, false
		}
		b = append(b, ',')
	}
	if len(req.Parameters) > 0 || req.BinaryOutput {
		keys := make([]string, 0, len(req.Parameters)+1)
		for k := range req.Parameters {
			if k != "binary_data_output" || !req.BinaryOutput {
				keys = append(keys, k)
			}
		}
		if req.BinaryOutput {
			keys = append(keys, "binary_data_output")
		}
		slices.Sort(keys)
		b = append(b, `"parameters":{`...)
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			var ok bool
			if b, ok = appendString(b, k); !ok {
				return nil, false
			}
			b = append(b, ':')
			v := req.Parameters[k]
			if k == "binary_data_output" && req.BinaryOutput {
				v = json.RawMessage("true")
			}
			if !json.Valid(v) {
				return nil, false
			}
			b = append(b, v...)
		}
		b = append(b, "},"...)
	}
	if len(req.Inputs) == 0 {
		b = append(b, `"inputs":null`...)
	} else {
		b = append(b, `"inputs":[`...)
	}
	for i, in := range req.Inputs {
		dt := Datatype(in.Tensor.DType)
		if dt == "" {
			return nil, false
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		var ok bool
		if b, ok = appendString(b, in.Name); !ok {
			return nil, false
		}
		b = append(b, `,"shape":[`...)
		for j, d := range in.Tensor.Shape {
			if j > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(d), 10)
		}
		b = append(b, `],"datatype":"`...)
		b = append(b, dt...)
		b = append(b, `","parameters":{"binary_data_size":`...)
		b = strconv.AppendInt(b, int64(inputSize(req, sizes, i)), 10)
		b = append(b, "}}"...)
	}
	if len(req.Inputs) > 0 {
		b = append(b, ']')
	}
	if len(req.Outputs) > 0 {
		b = append(b, `,"outputs":[`...)
		for i, o := range req.Outputs {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"name":`...)
			var ok bool
			if b, ok = appendString(b, o.Name); !ok {
				return nil, false
			}
			if o.Binary {
				b = append(b, `,"parameters":{"binary_data":true}`...)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}'), true
}

// appendString appends s as a JSON string; false if s is not UTF-8.
func appendString(b []byte, s string) ([]byte, bool) {
	if !utf8.ValidString(s) {
		return nil, false
	}
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"'), true
}
