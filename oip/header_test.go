package oip

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
)

// TestBinaryHeaderAsMarshal: the hand-written binary header is the JSON
// json.Marshal writes of the same request, and what it cannot write right
// is left to json.Marshal.
func TestBinaryHeaderAsMarshal(t *testing.T) {
	x := tensor.FromFloat32([]int{1, 2}, []float32{1, 2})
	tests := []*Request{
		{Inputs: []Input{{Name: "x", Tensor: x}}},
		{ID: "r\"1\\\n\x01é", Inputs: []Input{{Name: "a<b>&", Tensor: x}, {Name: "ids", Tensor: tensor.FromInt64([]int{3}, []int64{1, 2, 3})}},
			Parameters:   Parameters{"model_id": json.RawMessage(`"local/a/b:c.onnx"`), "k": json.RawMessage(`{"n": [1, 2]}`), "binary_data_output": json.RawMessage("false")},
			BinaryOutput: true, Outputs: []OutputRequest{{Name: "y", Binary: true}, {Name: "z"}}},
		{Inputs: []Input{{Name: "x", Tensor: x}}, Parameters: Parameters{"binary_data_output": json.RawMessage("true")}},
		{Inputs: []Input{}, BinaryOutput: true},
	}
	for _, req := range tests {
		want, err := marshalHeader(req, true, nil)
		require.NoError(t, err)
		got, ok := appendBinaryHeader(nil, req, nil)
		require.True(t, ok)
		require.JSONEq(t, string(want), string(got))
	}
	for _, req := range []*Request{
		{ID: "\xff", Inputs: []Input{{Name: "x", Tensor: x}}},
		{Inputs: []Input{{Name: "x", Tensor: x}}, Parameters: Parameters{"p": json.RawMessage("{")}},
	} {
		_, ok := appendBinaryHeader(nil, req, nil)
		require.False(t, ok, "left to json.Marshal")
	}
}
