package service

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/protocol"
)

// input is a decoded proof request.
type input struct {
	RepoID string
	In     tensor.Tensor
	Out    *tensor.Tensor // nil: prove whatever the model produces
	field  string         // where the request's fields sit, for errors
}

// The seed's off-chain data: {source, destination, data {repo_id,
// witness_data {input_data, output_data}, vk_address}}. The bare inner
// object is accepted as well.
type envelope struct {
	Source      *string         `json:"source"`
	Destination *string         `json:"destination"`
	Data        json.RawMessage `json:"data"`
	RepoID      *string         `json:"repo_id"`
}

type inner struct {
	RepoID      *string `json:"repo_id"`
	WitnessData *struct {
		InputData  *tensor.Tensor `json:"input_data"`
		OutputData *tensor.Tensor `json:"output_data"`
	} `json:"witness_data"`
	VKAddress *string `json:"vk_address"`
}

// decodeJSON decodes off-chain data; dest is the job's destination, which
// an inner "destination" must agree with.
func decodeJSON(data json.RawMessage, dest protocol.Location) (input, error) {
	var env envelope
	if err := json.Unmarshal(data, &env); err != nil {
		return input{}, protocol.Invalid("data", "want {\"source\", \"destination\", \"data\": {\"repo_id\", \"witness_data\", \"vk_address\"}}: %v", err)
	}
	field, body := "data.data", env.Data
	if env.RepoID != nil { // the bare inner object
		field, body = "data", data
		if env.Source != nil || env.Destination != nil {
			return input{}, protocol.Invalid("data", "has both repo_id and source/destination; nest repo_id under data.data")
		}
	}
	if err := location("data.source", env.Source, "the witness is read from the request itself"); err != nil {
		return input{}, err
	}
	if err := location("data.destination", env.Destination, "the proof comes back in the job's result"); err != nil {
		if dest != protocol.OnChain || *env.Destination != "ONCHAIN" {
			return input{}, err
		}
	}
	if len(body) == 0 || bytes.Equal(body, []byte("null")) {
		return input{}, protocol.Invalid(field, "missing; send {\"repo_id\", \"witness_data\": {\"input_data\": tensor, \"output_data\": tensor or null}, \"vk_address\": null}")
	}
	var in inner
	if err := json.Unmarshal(body, &in); err != nil {
		return input{}, protocol.Invalid(field, "%v", err)
	}
	if in.RepoID == nil || *in.RepoID == "" {
		return input{}, protocol.Invalid(field+".repo_id", "missing; name the artifacts' repository, e.g. local/acme/iris")
	}
	if in.WitnessData == nil || in.WitnessData.InputData == nil {
		return input{}, protocol.Invalid(field+".witness_data.input_data", "missing; send the model's input as a tensor {values, shape, dtype}")
	}
	if in.VKAddress != nil {
		a := strings.TrimPrefix(*in.VKAddress, "0x")
		if b, err := hex.DecodeString(a); err != nil || len(b) != 20 {
			return input{}, protocol.Invalid(field+".vk_address", "%q is not an address (0x and 40 hex digits); send null", *in.VKAddress)
		}
	}
	return input{RepoID: *in.RepoID, In: *in.WitnessData.InputData, Out: in.WitnessData.OutputData, field: field}, nil
}

// location checks an inner source or destination: absent or OFFCHAIN.
func location(field string, v *string, why string) error {
	if v == nil || *v == "OFFCHAIN" {
		return nil
	}
	switch *v {
	case "ONCHAIN", "STREAM":
		return protocol.Invalid(field, "%s is not supported: %s; send \"OFFCHAIN\"", *v, why)
	}
	return protocol.Invalid(field, "%q is not a location; send \"OFFCHAIN\"", *v)
}

// decodeABI decodes on-chain input: abi.encode(string repo_id, bytes
// input_tensor, bytes output_tensor), tensors in the on-chain tensor
// encoding, an empty output_tensor for none.
func decodeABI(b []byte) (input, error) {
	d := protocol.NewABIDecoder(b)
	repo, err := d.String(0)
	if err != nil {
		return input{}, protocol.Invalid("data", "want abi.encode(string repo_id, bytes input_tensor, bytes output_tensor): repo_id: %v", err)
	}
	rawIn, err := d.Bytes(1)
	if err != nil {
		return input{}, protocol.Invalid("data", "input_tensor: %v", err)
	}
	rawOut, err := d.Bytes(2)
	if err != nil {
		return input{}, protocol.Invalid("data", "output_tensor: %v", err)
	}
	in := input{RepoID: repo, field: "data"}
	if in.In, err = protocol.DecodeTensorABI(rawIn); err != nil {
		return input{}, protocol.Invalid("data", "input_tensor: %v", err)
	}
	if len(rawOut) > 0 {
		t, err := protocol.DecodeTensorABI(rawOut)
		if err != nil {
			return input{}, protocol.Invalid("data", "output_tensor: %v", err)
		}
		in.Out = &t
	}
	if in.RepoID == "" {
		return input{}, protocol.Invalid("data", "repo_id is empty")
	}
	return in, nil
}

// EncodeABI is decodeABI's counterpart, for clients and tests.
func EncodeABI(repoID string, in tensor.Tensor, out *tensor.Tensor) ([]byte, error) {
	rawIn, err := protocol.EncodeTensorABI(in)
	if err != nil {
		return nil, fmt.Errorf("input tensor: %w", err)
	}
	var rawOut []byte
	if out != nil {
		if rawOut, err = protocol.EncodeTensorABI(*out); err != nil {
			return nil, fmt.Errorf("output tensor: %w", err)
		}
	}
	return protocol.ABIEncode(protocol.ABIString(repoID), protocol.ABIBytes(rawIn), protocol.ABIBytes(rawOut)), nil
}
