package oipgrpc

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/oip"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
)

// A ModelInfer call becomes the REST binary-data request that carries the
// same tensors (every output asked as raw bytes), and the REST reply becomes
// the gRPC response with raw_output_contents aliasing the reply's bytes: so
// the container, and anything between (the access rules, the cache), sees
// one request form, and gRPC's outputs are the REST path's bytes.

// inferBody encodes req as an OIP binary-data request body: its JSON header,
// and the tensors' bytes that follow it, as parts (raw's as they are, no
// copy). raw are the request's raw_input_contents, each as parts (one or
// more slices), held apart from req (inferMessage); nil: req's own. Its
// errors are client mistakes.
func inferBody(req *pb.ModelInferRequest, raw [][][]byte) (header []byte, tensors [][]byte, err error) {
	if raw == nil && req.RawInputContents != nil {
		raw = make([][][]byte, len(req.RawInputContents))
		for i, r := range req.RawInputContents {
			raw[i] = [][]byte{r}
		}
	}
	if len(raw) > 0 && len(raw) != len(req.Inputs) {
		return nil, nil, fmt.Errorf("raw_input_contents has %d entries but there are %d inputs; give one per input, in order", len(raw), len(req.Inputs))
	}
	if len(req.Inputs) > oip.MaxTensors || len(req.Outputs) > oip.MaxTensors {
		return nil, nil, fmt.Errorf("a request takes at most %d inputs and names at most %d outputs", oip.MaxTensors, oip.MaxTensors)
	}
	r := &oip.Request{ID: req.Id, Inputs: make([]oip.Input, len(req.Inputs))}
	if r.Parameters, err = parameters(req.Parameters, "parameters"); err != nil {
		return nil, nil, err
	}
	delete(r.Parameters, "binary_data_output") // every output comes back raw
	sizes := make([]int, len(req.Inputs))
	for i, in := range req.Inputs {
		d, err := oip.DType(in.Datatype)
		if err != nil {
			return nil, nil, fmt.Errorf("input %q: %v", in.Name, err)
		}
		shape := make([]int, len(in.Shape))
		for j, s := range in.Shape {
			if s < 0 || s > tensor.MaxTensorElements {
				return nil, nil, fmt.Errorf("input %q: shape[%d] is %d; dimensions must be 0 to %d", in.Name, j, s, tensor.MaxTensorElements)
			}
			shape[j] = int(s)
		}
		var parts [][]byte
		switch {
		case len(raw) > 0:
			if in.Contents != nil {
				return nil, nil, fmt.Errorf("input %q has contents but the request has raw_input_contents; give one form for all inputs", in.Name)
			}
			parts = raw[i]
		case in.Contents != nil:
			b, err := contentsBytes(d, in.Contents)
			if err != nil {
				return nil, nil, fmt.Errorf("input %q: %v", in.Name, err)
			}
			parts = [][]byte{b}
		default:
			return nil, nil, fmt.Errorf("input %q has no data: give raw_input_contents (one per input) or the input's contents", in.Name)
		}
		if sizes[i], err = tensor.CheckParts(d, shape, parts); err != nil {
			return nil, nil, fmt.Errorf("input %q: %v", in.Name, err)
		}
		r.Inputs[i] = oip.Input{Name: in.Name, Tensor: tensor.Tensor{DType: d, Shape: shape}}
		tensors = append(tensors, parts...)
	}
	if len(req.Outputs) == 0 {
		r.BinaryOutput = true
	}
	for _, o := range req.Outputs {
		r.Outputs = append(r.Outputs, oip.OutputRequest{Name: o.Name, Binary: true})
	}
	if header, err = oip.EncodeRequestHeader(r, sizes); err != nil {
		return nil, nil, err
	}
	// The REST door's own check (no input, a name given twice, ...): gRPC
	// hands a container nothing REST would refuse.
	n := 0
	for _, s := range sizes {
		n += s
	}
	if err := oip.CheckHeader(header, n); err != nil {
		return nil, nil, err
	}
	return header, tensors, nil
}

// parameters turns gRPC parameters into their JSON form; where names the
// field in errors.
func parameters(ps map[string]*pb.InferParameter, where string) (oip.Parameters, error) {
	if len(ps) == 0 {
		return nil, nil
	}
	out := make(oip.Parameters, len(ps))
	for k, p := range ps {
		var raw []byte
		switch v := p.GetParameterChoice().(type) {
		case *pb.InferParameter_BoolParam:
			raw = strconv.AppendBool(nil, v.BoolParam)
		case *pb.InferParameter_Int64Param:
			raw = strconv.AppendInt(nil, v.Int64Param, 10)
		case *pb.InferParameter_StringParam:
			raw, _ = json.Marshal(v.StringParam)
		default:
			return nil, fmt.Errorf("%s[%q] has no value; set bool_param, int64_param or string_param", where, k)
		}
		out[k] = raw
	}
	return out, nil
}

// contentsBytes is typed tensor contents as raw little-endian bytes.
func contentsBytes(d tensor.DType, c *pb.InferTensorContents) ([]byte, error) {
	var b []byte
	switch d {
	case tensor.Bool:
		for _, v := range c.BoolContents {
			if v {
				b = append(b, 1)
			} else {
				b = append(b, 0)
			}
		}
	case tensor.Int8:
		for _, v := range c.IntContents {
			b = append(b, byte(int8(v)))
		}
	case tensor.Int16:
		for _, v := range c.IntContents {
			b = binary.LittleEndian.AppendUint16(b, uint16(int16(v)))
		}
	case tensor.Int32:
		for _, v := range c.IntContents {
			b = binary.LittleEndian.AppendUint32(b, uint32(v))
		}
	case tensor.Int64:
		for _, v := range c.Int64Contents {
			b = binary.LittleEndian.AppendUint64(b, uint64(v))
		}
	case tensor.Uint8:
		for _, v := range c.UintContents {
			b = append(b, byte(v))
		}
	case tensor.Uint16:
		for _, v := range c.UintContents {
			b = binary.LittleEndian.AppendUint16(b, uint16(v))
		}
	case tensor.Uint32:
		for _, v := range c.UintContents {
			b = binary.LittleEndian.AppendUint32(b, v)
		}
	case tensor.Uint64:
		for _, v := range c.Uint64Contents {
			b = binary.LittleEndian.AppendUint64(b, v)
		}
	case tensor.Float32:
		for _, v := range c.Fp32Contents {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
	case tensor.Float64:
		for _, v := range c.Fp64Contents {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
	default:
		return nil, fmt.Errorf("%s has no typed contents field; send it in raw_input_contents", oip.Datatype(d))
	}
	return b, nil
}

// replyHeader is the JSON part of an OIP infer reply.
type replyHeader struct {
	ModelName    string `json:"model_name"`
	ModelVersion string `json:"model_version"`
	ID           string `json:"id"`
	Outputs      []struct {
		Name       string  `json:"name"`
		Datatype   string  `json:"datatype"`
		Shape      []int64 `json:"shape"`
		Parameters struct {
			// Only the raw bytes' size is read (typed, not a map: one
			// reply a call).
			BinaryDataSize json.RawMessage `json:"binary_data_size"`
		} `json:"parameters"`
	} `json:"outputs"`
}

// inferResponse reads a container's binary-data reply (body, its JSON
// header's length headerLen) into the gRPC response; the raw outputs alias
// body. Its errors are the container's, not the client's.
func inferResponse(req *pb.ModelInferRequest, body []byte, headerLen string) (*pb.ModelInferResponse, error) {
	n, err := strconv.Atoi(headerLen)
	if headerLen == "" {
		n, err = len(body), nil
	}
	if err != nil || n < 0 || n > len(body) {
		return nil, fmt.Errorf("the container's %s is %q for a body of %d bytes", oip.HeaderLength, headerLen, len(body))
	}
	var h replyHeader
	if err := json.Unmarshal(body[:n], &h); err != nil {
		return nil, fmt.Errorf("the container's reply is not an OIP inference reply: %w", err)
	}
	resp := &pb.ModelInferResponse{ModelName: req.ModelName, ModelVersion: req.ModelVersion, Id: h.ID,
		Outputs: make([]*pb.ModelInferResponse_InferOutputTensor, len(h.Outputs)), RawOutputContents: make([][]byte, len(h.Outputs))}
	if h.ModelVersion != "" {
		resp.ModelVersion = h.ModelVersion
	}
	bin := body[n:]
	for i, o := range h.Outputs {
		raw := o.Parameters.BinaryDataSize
		size, err := strconv.Atoi(string(raw))
		if raw == nil || err != nil || size < 0 || size > len(bin) {
			return nil, fmt.Errorf("the container answered output %q without raw bytes (binary_data_size %s of %d left)", o.Name, raw, len(bin))
		}
		resp.Outputs[i] = &pb.ModelInferResponse_InferOutputTensor{Name: o.Name, Datatype: o.Datatype, Shape: o.Shape}
		resp.RawOutputContents[i] = bin[:size:size]
		bin = bin[size:]
	}
	if len(bin) != 0 {
		return nil, fmt.Errorf("the container's reply has %d bytes after its outputs", len(bin))
	}
	return resp, nil
}

// modelMetadata is the container's GET /v2/models/{name} answer as gRPC's.
func modelMetadata(body []byte) (*pb.ModelMetadataResponse, error) {
	var m oip.ModelMetadata
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, fmt.Errorf("the container's model metadata is not OIP's: %w", err)
	}
	tensors := func(ts []oip.TensorMeta) []*pb.ModelMetadataResponse_TensorMetadata {
		out := make([]*pb.ModelMetadataResponse_TensorMetadata, len(ts))
		for i, t := range ts {
			out[i] = &pb.ModelMetadataResponse_TensorMetadata{Name: t.Name, Datatype: t.Datatype, Shape: t.Shape}
		}
		return out
	}
	return &pb.ModelMetadataResponse{Name: m.Name, Versions: m.Versions, Platform: m.Platform,
		Inputs: tensors(m.Inputs), Outputs: tensors(m.Outputs)}, nil
}
