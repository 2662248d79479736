package oip

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/infernode/infernode/internal/tensor"
)

// HeaderLength is the binary-data extension's header: the length of the
// JSON part of a body that carries binary tensors.
const HeaderLength = "Inference-Header-Content-Length"

// Paths below /v2/models/{name} (also below /versions/{version}).
const (
	PathLive  = "/v2/health/live"
	PathReady = "/v2/health/ready"
)

// MaxTensors bounds the inputs of a request and the outputs it names.
const MaxTensors = 256

// Error is a client mistake in a request: answered 400 with its message.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

func errorf(format string, args ...any) *Error { return &Error{Msg: fmt.Sprintf(format, args...)} }

// datatypes maps OIP datatypes to the protocol's dtypes.
var datatypes = map[string]tensor.DType{
	"BOOL": tensor.Bool, "UINT8": tensor.Uint8, "UINT16": tensor.Uint16, "UINT32": tensor.Uint32,
	"UINT64": tensor.Uint64, "INT8": tensor.Int8, "INT16": tensor.Int16, "INT32": tensor.Int32,
	"INT64": tensor.Int64, "FP16": tensor.Float16, "FP32": tensor.Float32, "FP64": tensor.Float64,
}

// Datatype is the OIP datatype of d ("FP32"), or "" if OIP has none.
func Datatype(d tensor.DType) string {
	for name, dd := range datatypes {
		if dd == d {
			return name
		}
	}
	return ""
}

// DType is the protocol dtype of an OIP datatype.
func DType(datatype string) (tensor.DType, error) {
	d, ok := datatypes[datatype]
	if !ok {
		return 0, errorf("datatype %q is not supported; use one of BOOL, UINT8, UINT16, UINT32, UINT64, INT8, INT16, INT32, INT64, FP16, FP32, FP64", datatype)
	}
	return d, nil
}

// TensorMeta describes a model input or output in model metadata; -1 in
// Shape is a free dimension.
type TensorMeta struct {
	Name     string  `json:"name"`
	Datatype string  `json:"datatype"`
	Shape    []int64 `json:"shape"`
}

// ModelMetadata is the body of GET /v2/models/{name}.
type ModelMetadata struct {
	Name     string       `json:"name"`
	Versions []string     `json:"versions,omitempty"`
	Platform string       `json:"platform"`
	Inputs   []TensorMeta `json:"inputs"`
	Outputs  []TensorMeta `json:"outputs"`
}

// Parameters are a request's, an input's or an output's "parameters".
type Parameters map[string]json.RawMessage

// Bool is parameter key as a boolean; absent is false.
func (p Parameters) Bool(key string) (bool, error) {
	raw, ok := p[key]
	if !ok {
		return false, nil
	}
	var v bool
	if err := json.Unmarshal(raw, &v); err != nil {
		return false, errorf("parameters.%s must be true or false", key)
	}
	return v, nil
}

// String is parameter key as a string; absent is "".
func (p Parameters) String(key string) (string, error) {
	raw, ok := p[key]
	if !ok {
		return "", nil
	}
	var v string
	if err := json.Unmarshal(raw, &v); err != nil {
		return "", errorf("parameters.%s must be a string", key)
	}
	return v, nil
}

// size is parameter binary_data_size; has is false when absent.
func (p Parameters) size() (n int, has bool, err error) {
	raw, ok := p["binary_data_size"]
	if !ok {
		return 0, false, nil
	}
	n, err = strconv.Atoi(string(raw))
	if err != nil || n < 0 {
		return 0, true, errorf("binary_data_size must be a non-negative integer, not %.40s", raw)
	}
	return n, true, nil
}

// header is the JSON part of an inference request.
type header struct {
	ID         string       `json:"id,omitempty"`
	Parameters Parameters   `json:"parameters,omitempty"`
	Inputs     []inputJSON  `json:"inputs"`
	Outputs    []outputJSON `json:"outputs,omitempty"`
}

type inputJSON struct {
	Name       string          `json:"name"`
	Shape      []int64         `json:"shape"`
	Datatype   string          `json:"datatype"`
	Parameters Parameters      `json:"parameters,omitempty"`
	Data       json.RawMessage `json:"data,omitempty"`
}

type outputJSON struct {
	Name       string     `json:"name"`
	Parameters Parameters `json:"parameters,omitempty"`
}

// Input is one decoded input tensor.
type Input struct {
	Name   string
	Tensor tensor.Tensor
}

// Request is a decoded inference request.
type Request struct {
	ID         string
	Parameters Parameters
	Inputs     []Input
	// Outputs are the outputs the request names, in its order; none means
	// every output, as JSON unless BinaryOutput.
	Outputs []OutputRequest
	// BinaryOutput is parameters.binary_data_output: every output as raw
	// bytes.
	BinaryOutput bool
}

// OutputRequest is one output a request names.
type OutputRequest struct {
	Name   string
	Binary bool
}

// ModelID is parameters.model_id, the model to run; "" means the
// container's default model.
func (r *Request) ModelID() (string, error) { return r.Parameters.String("model_id") }

// split parses the header-length value and splits body into its JSON
// header and binary part. headerLen "" means the body is all JSON.
func split(body []byte, headerLen string) (js, bin []byte, binary bool, err error) {
	if headerLen == "" {
		return body, nil, false, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(headerLen))
	if err != nil || n < 0 || n > len(body) {
		return nil, nil, false, errorf("%s is %q; it must be the length of the JSON header, 0 to %d (the body's length)", HeaderLength, headerLen, len(body))
	}
	return body[:n], body[n:], true, nil
}

// parse decodes and checks the JSON header against the binary part: every
// input's shape, datatype and size, and the binary sizes against what
// follows the header. It returns each input's element count and dtype.
func parse(js []byte, binLen int, binary bool) (*header, []tensor.DType, error) {
	var h header
	if err := json.Unmarshal(js, &h); err != nil {
		hint := ""
		if !binary {
			hint = "; a body with binary tensors needs the " + HeaderLength + " header"
		}
		return nil, nil, errorf("request is not an inference request {\"inputs\": [{\"name\", \"shape\", \"datatype\", \"data\"}]}: %v%s", err, hint)
	}
	if len(h.Inputs) == 0 {
		return nil, nil, errorf("inputs: missing; give at least one input {\"name\", \"shape\", \"datatype\", \"data\"}")
	}
	if len(h.Inputs) > MaxTensors || len(h.Outputs) > MaxTensors {
		return nil, nil, errorf("a request takes at most %d inputs and names at most %d outputs", MaxTensors, MaxTensors)
	}
	dtypes := make([]tensor.DType, len(h.Inputs))
	seen := make(map[string]bool, len(h.Inputs))
	off := 0
	for i, in := range h.Inputs {
		if in.Name == "" {
			return nil, nil, errorf("inputs[%d].name: missing", i)
		}
		if seen[in.Name] {
			return nil, nil, errorf("input %q is given twice", in.Name)
		}
		seen[in.Name] = true
		d, err := DType(in.Datatype)
		if err != nil {
			return nil, nil, errorf("input %q: %v", in.Name, err)
		}
		dtypes[i] = d
		if in.Shape == nil {
			return nil, nil, errorf("input %q: shape: missing; give the dimensions, e.g. [1, 3, 224, 224]", in.Name)
		}
		shape, err := intShape(in.Shape)
		if err != nil {
			return nil, nil, errorf("input %q: %v", in.Name, err)
		}
		n, err := tensor.NumElements(shape)
		if err != nil {
			return nil, nil, errorf("input %q: %v", in.Name, err)
		}
		size, has, err := in.Parameters.size()
		if err != nil {
			return nil, nil, errorf("input %q: %v", in.Name, err)
		}
		if !has {
			if len(in.Data) == 0 || string(in.Data) == "null" {
				return nil, nil, errorf("input %q: data: missing; give the elements as a flat list in row-major order, or the bytes with parameters.binary_data_size", in.Name)
			}
			continue
		}
		if !binary {
			return nil, nil, errorf("input %q has parameters.binary_data_size but the request has no %s header; send the JSON header's length there", in.Name, HeaderLength)
		}
		if len(in.Data) != 0 {
			return nil, nil, errorf("input %q has both data and parameters.binary_data_size; give one", in.Name)
		}
		elem, _ := d.Size()
		if size != n*elem {
			return nil, nil, errorf("input %q: binary_data_size is %d bytes but shape %v of %s needs %d", in.Name, size, shape, in.Datatype, n*elem)
		}
		if size > binLen-off {
			return nil, nil, errorf("input %q: binary_data_size %d runs past the body: %d binary bytes follow the header, %d of them already taken", in.Name, size, binLen, off)
		}
		off += size
	}
	if off != binLen {
		return nil, nil, errorf("the inputs' binary_data_size add up to %d bytes but %d follow the JSON header", off, binLen)
	}
	for i, o := range h.Outputs {
		if o.Name == "" {
			return nil, nil, errorf("outputs[%d].name: missing", i)
		}
	}
	return &h, dtypes, nil
}

func intShape(s []int64) ([]int, error) {
	out := make([]int, len(s))
	for i, d := range s {
		if d < 0 || d > tensor.MaxTensorElements {
			return nil, fmt.Errorf("shape[%d] is %d; dimensions must be 0 to %d", i, d, tensor.MaxTensorElements)
		}
		out[i] = int(d)
	}
	return out, nil
}

// Check validates a request body without decoding its tensors: the JSON
// header, each input's shape and datatype, and that the binary sizes add up
// to what follows the header. headerLen is the Inference-Header-Content-Length
// header ("" if absent). Its errors are *Error.
func Check(body []byte, headerLen string) error {
	js, bin, binary, err := split(body, headerLen)
	if err != nil {
		return err
	}
	_, _, err = parse(js, len(bin), binary)
	return err
}

// CheckHeader is Check for a binary-data body given as its JSON header and
// the length of the binary part that follows it (the gRPC door's request,
// whose tensors are not joined to the header).
func CheckHeader(js []byte, binLen int) error {
	_, _, err := parse(js, binLen, true)
	return err
}

// Decode reads a request body. Binary tensors alias body. Its errors are
// *Error.
func Decode(body []byte, headerLen string) (*Request, error) {
	js, bin, binary, err := split(body, headerLen)
	if err != nil {
		return nil, err
	}
	h, dtypes, err := parse(js, len(bin), binary)
	if err != nil {
		return nil, err
	}
	req := &Request{ID: h.ID, Parameters: h.Parameters, Inputs: make([]Input, len(h.Inputs))}
	if req.BinaryOutput, err = h.Parameters.Bool("binary_data_output"); err != nil {
		return nil, err
	}
	off := 0
	for i, in := range h.Inputs {
		shape, _ := intShape(in.Shape)
		var t tensor.Tensor
		if size, has, _ := in.Parameters.size(); has {
			if t, err = tensor.NewTensor(dtypes[i], shape, bin[off:off+size:off+size]); err != nil {
				return nil, errorf("input %q: %v", in.Name, err)
			}
			off += size
		} else if t, err = jsonTensor(in.Data, shape, dtypes[i]); err != nil {
			return nil, errorf("input %q: %v", in.Name, err)
		}
		req.Inputs[i] = Input{Name: in.Name, Tensor: t}
	}
	for _, o := range h.Outputs {
		bin, err := o.Parameters.Bool("binary_data")
		if err != nil {
			return nil, errorf("output %q: %v", o.Name, err)
		}
		req.Outputs = append(req.Outputs, OutputRequest{Name: o.Name, Binary: bin || req.BinaryOutput})
	}
	return req, nil
}

// jsonTensor reads an input's "data", a flat list in row-major order, with
// the protocol's tensor reader (its one-pass form for plain numbers). BOOL
// data may be true and false as well as 0 and 1.
func jsonTensor(data json.RawMessage, shape []int, d tensor.DType) (tensor.Tensor, error) {
	sb, _ := json.Marshal(shape)
	b := make([]byte, 0, len(data)+len(sb)+40)
	b = append(b, `{"values":`...)
	b = append(b, data...)
	b = append(b, `,"shape":`...)
	b = append(b, sb...)
	b = append(b, `,"dtype":`...)
	b = strconv.AppendInt(b, int64(d), 10)
	b = append(b, '}')
	var t tensor.Tensor
	if err := t.UnmarshalJSON(b); err != nil {
		if te, ok := err.(*tensor.TensorError); ok && strings.HasPrefix(te.Field, "values") {
			return tensor.Tensor{}, fmt.Errorf("data%s: %s", strings.TrimPrefix(te.Field, "values"), te.Msg)
		}
		return tensor.Tensor{}, fmt.Errorf("data: %v", err)
	}
	return t, nil
}
