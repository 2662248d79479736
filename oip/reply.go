package oip

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/infernode/infernode/internal/tensor"
)

// Output is one output tensor of an inference.
type Output struct {
	Name   string
	Tensor tensor.Tensor
}

// Reply is an encoded inference reply: Body, and HeaderLen, the length of
// its JSON header when binary outputs follow it (0: the body is all JSON).
type Reply struct {
	Body      []byte
	HeaderLen int
}

// ContentType is the reply's Content-Type.
func (r Reply) ContentType() string {
	if r.HeaderLen > 0 {
		return "application/octet-stream"
	}
	return "application/json"
}

// Encode writes the reply to req for model: the outputs req names (all of
// outs when it names none), each as JSON data or, where asked, as raw bytes
// after the JSON header. An output req names that outs lacks is an *Error.
func Encode(model string, req *Request, outs []Output) (Reply, error) {
	type outJSON struct {
		Name       string          `json:"name"`
		Datatype   string          `json:"datatype"`
		Shape      []int           `json:"shape"`
		Parameters map[string]any  `json:"parameters,omitempty"`
		Data       json.RawMessage `json:"data,omitempty"`
	}
	var reply struct {
		ModelName string    `json:"model_name"`
		ID        string    `json:"id,omitempty"`
		Outputs   []outJSON `json:"outputs"`
	}
	reply.ModelName, reply.ID = model, req.ID
	type pick struct {
		o      Output
		binary bool
	}
	var picks []pick
	if len(req.Outputs) == 0 {
		for _, o := range outs {
			picks = append(picks, pick{o, req.BinaryOutput})
		}
	}
	for _, r := range req.Outputs {
		i := slices.IndexFunc(outs, func(o Output) bool { return o.Name == r.Name })
		if i < 0 {
			names := make([]string, len(outs))
			for j, o := range outs {
				names[j] = strconv.Quote(o.Name)
			}
			return Reply{}, errorf("unknown output %q; the model's outputs are %v", r.Name, names)
		}
		picks = append(picks, pick{outs[i], r.Binary})
	}
	var bin [][]byte
	for _, p := range picks {
		dt := Datatype(p.o.Tensor.DType)
		if dt == "" {
			return Reply{}, fmt.Errorf("output %q is %s, which OIP cannot carry", p.o.Name, p.o.Tensor.DType)
		}
		oj := outJSON{Name: p.o.Name, Datatype: dt, Shape: p.o.Tensor.Shape}
		if oj.Shape == nil {
			oj.Shape = []int{}
		}
		if p.binary {
			oj.Parameters = map[string]any{"binary_data_size": len(p.o.Tensor.Bytes())}
			bin = append(bin, p.o.Tensor.Bytes())
		} else {
			data, err := jsonData(p.o.Tensor)
			if err != nil {
				return Reply{}, fmt.Errorf("output %q: %w", p.o.Name, err)
			}
			oj.Data = data
		}
		reply.Outputs = append(reply.Outputs, oj)
	}
	js, err := json.Marshal(reply)
	if err != nil {
		return Reply{}, fmt.Errorf("encode reply: %w", err)
	}
	if len(bin) == 0 {
		return Reply{Body: js}, nil
	}
	body := bytes.NewBuffer(make([]byte, 0, len(js)+lenAll(bin)))
	body.Write(js)
	for _, b := range bin {
		body.Write(b)
	}
	return Reply{Body: body.Bytes(), HeaderLen: len(js)}, nil
}

func lenAll(bs [][]byte) int {
	n := 0
	for _, b := range bs {
		n += len(b)
	}
	return n
}

// jsonData is t's elements as a flat JSON list, written by the protocol's
// tensor encoder (the same numbers as the job API's).
func jsonData(t tensor.Tensor) (json.RawMessage, error) {
	b, err := t.MarshalJSON()
	if err != nil {
		return nil, err
	}
	// b is {"values":[...],"shape":...}: keep the list.
	end := bytes.LastIndex(b, []byte(`,"shape":`))
	const prefix = `{"values":`
	if !bytes.HasPrefix(b, []byte(prefix)) || end < 0 {
		return nil, fmt.Errorf("unexpected tensor encoding")
	}
	return b[len(prefix):end], nil
}
