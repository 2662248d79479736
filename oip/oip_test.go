package oip_test

import (
	"encoding/binary"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/oip"
)

func f32bytes(v ...float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func TestRoundTrip(t *testing.T) {
	req := &oip.Request{ID: "r1", Inputs: []oip.Input{
		{Name: "x", Tensor: tensor.FromFloat32([]int{2, 2}, []float32{1, 2.5, -3, 4})},
		{Name: "ids", Tensor: tensor.FromInt64([]int{3}, []int64{7, -1, 1 << 40})},
	}, Outputs: []oip.OutputRequest{{Name: "y", Binary: true}}}
	for _, binary := range []bool{false, true} {
		t.Run(strconv.FormatBool(binary), func(t *testing.T) {
			body, hl, err := oip.EncodeRequest(req, binary)
			require.NoError(t, err)
			header := ""
			if binary {
				header = strconv.Itoa(hl)
			}
			require.NoError(t, oip.Check(body, header))
			got, err := oip.Decode(body, header)
			require.NoError(t, err)
			require.Equal(t, "r1", got.ID)
			require.Equal(t, []oip.OutputRequest{{Name: "y", Binary: true}}, got.Outputs)
			require.Len(t, got.Inputs, 2)
			for i := range req.Inputs {
				require.Equal(t, req.Inputs[i].Name, got.Inputs[i].Name)
				require.Equal(t, req.Inputs[i].Tensor.Shape, got.Inputs[i].Tensor.Shape)
				require.Equal(t, req.Inputs[i].Tensor.DType, got.Inputs[i].Tensor.DType)
				require.Equal(t, req.Inputs[i].Tensor.Bytes(), got.Inputs[i].Tensor.Bytes())
			}
		})
	}
}

// TestEncodeRequestParts: the parts are the binary body without the copy
// (the tensors' own bytes), and CheckHeader checks the header against the
// parts' length as Check does the joined body.
func TestEncodeRequestParts(t *testing.T) {
	x := tensor.FromFloat32([]int{2, 2}, []float32{1, 2.5, -3, 4})
	req := &oip.Request{ID: "r1", Parameters: oip.Parameters{"p": []byte("1")}, BinaryOutput: true,
		Inputs: []oip.Input{{Name: "x", Tensor: x}, {Name: "ids", Tensor: tensor.FromInt64([]int{1}, []int64{7})}}}
	body, hl, err := oip.EncodeRequest(req, true)
	require.NoError(t, err)
	header, parts, err := oip.EncodeRequestParts(req)
	require.NoError(t, err)
	require.Equal(t, hl, len(header))
	joined := append(append(append([]byte{}, header...), parts[0]...), parts[1]...)
	require.Equal(t, body, joined)
	require.Same(t, &x.Bytes()[0], &parts[0][0], "the tensor's own bytes, not a copy")
	require.Equal(t, oip.Parameters{"p": []byte("1")}, req.Parameters, "the caller's parameters are left as they were")
	require.NoError(t, oip.CheckHeader(header, 16+8))
	require.ErrorContains(t, oip.CheckHeader(header, 16+7), "runs past the body")
	require.ErrorContains(t, oip.CheckHeader(header, 16+9), "add up to 24 bytes but 25 follow")
	require.ErrorContains(t, oip.CheckHeader([]byte(`{"inputs":[]}`), 0), "inputs: missing")

	// The same header from the sizes alone, the tensors holding no bytes
	// (the gRPC door's, whose bytes are held in the transport's buffers).
	bare := *req
	bare.Inputs = []oip.Input{{Name: "x", Tensor: tensor.Tensor{DType: x.DType, Shape: x.Shape}},
		{Name: "ids", Tensor: tensor.Tensor{DType: tensor.Int64, Shape: []int{1}}}}
	got, err := oip.EncodeRequestHeader(&bare, []int{16, 8})
	require.NoError(t, err)
	require.Equal(t, header, got)
	_, err = oip.EncodeRequestHeader(&bare, []int{16})
	require.ErrorContains(t, err, "1 sizes for 2 inputs")
}

func TestEncodeReply(t *testing.T) {
	outs := []oip.Output{
		{Name: "a", Tensor: tensor.FromFloat32([]int{1, 2}, []float32{0.5, 2})},
		{Name: "b", Tensor: tensor.FromInt64([]int{1}, []int64{9})},
	}
	r, err := oip.Encode("m", &oip.Request{ID: "q"}, outs)
	require.NoError(t, err)
	require.Zero(t, r.HeaderLen)
	require.Equal(t, "application/json", r.ContentType())
	require.JSONEq(t, `{"model_name":"m","id":"q","outputs":[{"name":"a","datatype":"FP32","shape":[1,2],"data":[0.5,2]},{"name":"b","datatype":"INT64","shape":[1],"data":[9]}]}`, string(r.Body))

	r, err = oip.Encode("m", &oip.Request{Outputs: []oip.OutputRequest{{Name: "a", Binary: true}}}, outs)
	require.NoError(t, err)
	require.Equal(t, "application/octet-stream", r.ContentType())
	require.JSONEq(t, `{"model_name":"m","outputs":[{"name":"a","datatype":"FP32","shape":[1,2],"parameters":{"binary_data_size":8}}]}`, string(r.Body[:r.HeaderLen]))
	require.Equal(t, f32bytes(0.5, 2), r.Body[r.HeaderLen:])

	_, err = oip.Encode("m", &oip.Request{Outputs: []oip.OutputRequest{{Name: "zz"}}}, outs)
	var oe *oip.Error
	require.True(t, errors.As(err, &oe))
	require.ErrorContains(t, err, `unknown output "zz"; the model's outputs are ["a" "b"]`)
}

func TestDecodeErrors(t *testing.T) {
	hdr := `{"inputs":[{"name":"x","shape":[1,2],"datatype":"FP32","parameters":{"binary_data_size":8}}]}`
	tests := []struct {
		name, body, headerLen, want string
	}{
		{"not JSON", `nope`, "", "is not an inference request"},
		{"no inputs", `{"inputs":[]}`, "", "inputs: missing"},
		{"unnamed input", `{"inputs":[{"shape":[1],"datatype":"FP32","data":[1]}]}`, "", "inputs[0].name: missing"},
		{"twice", `{"inputs":[{"name":"x","shape":[1],"datatype":"FP32","data":[1]},{"name":"x","shape":[1],"datatype":"FP32","data":[1]}]}`, "", `input "x" is given twice`},
		{"datatype", `{"inputs":[{"name":"x","shape":[1],"datatype":"FP8","data":[1]}]}`, "", `datatype "FP8" is not supported`},
		{"no shape", `{"inputs":[{"name":"x","datatype":"FP32","data":[1]}]}`, "", "shape: missing"},
		{"negative dimension", `{"inputs":[{"name":"x","shape":[-1],"datatype":"FP32","data":[1]}]}`, "", "dimensions must be 0 to"},
		{"too many elements", `{"inputs":[{"name":"x","shape":[65536,65536],"datatype":"FP32","data":[1]}]}`, "", "has more than"},
		{"no data", `{"inputs":[{"name":"x","shape":[1],"datatype":"FP32"}]}`, "", "data: missing"},
		{"data count", `{"inputs":[{"name":"x","shape":[2],"datatype":"FP32","data":[1]}]}`, "", "data: has 1 elements but shape [2] needs 2"},
		{"data element", `{"inputs":[{"name":"x","shape":[2],"datatype":"INT8","data":[1,300]}]}`, "", "data[1]:"},
		{"binary without header", hdr, "", "has parameters.binary_data_size but the request has no Inference-Header-Content-Length header"},
		{"header length not a number", hdr, "x", "Inference-Header-Content-Length is \"x\""},
		{"header length past the body", hdr, "9999", "Inference-Header-Content-Length is \"9999\""},
		{"bytes short", hdr + "1234", strconv.Itoa(len(hdr)), "binary_data_size 8 runs past the body"},
		{"bytes over", hdr + "123456789", strconv.Itoa(len(hdr)), "add up to 8 bytes but 9 follow"},
		{"size versus shape", `{"inputs":[{"name":"x","shape":[1,2],"datatype":"FP32","parameters":{"binary_data_size":4}}]}1234`, "auto", "binary_data_size is 4 bytes but shape [1 2] of FP32 needs 8"},
		{"size not a number", `{"inputs":[{"name":"x","shape":[1],"datatype":"FP32","parameters":{"binary_data_size":"4"}}]}`, "", "binary_data_size must be a non-negative integer"},
		{"data and size", `{"inputs":[{"name":"x","shape":[1],"datatype":"FP32","data":[1],"parameters":{"binary_data_size":4}}]}1234`, "auto", "has both data and parameters.binary_data_size"},
		{"bool bytes", `{"inputs":[{"name":"x","shape":[1],"datatype":"BOOL","parameters":{"binary_data_size":1}}]}` + "\x07", "auto", "bool tensor element 0 is 7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hl := tt.headerLen
			if hl == "auto" { // the JSON header's own length
				hl = strconv.Itoa(strings.LastIndex(tt.body, "}") + 1)
			}
			_, err := oip.Decode([]byte(tt.body), hl)
			var oe *oip.Error
			require.True(t, errors.As(err, &oe), "%v", err)
			require.ErrorContains(t, err, tt.want)
		})
	}
}

// FuzzDecode: no body makes Decode panic or allocate beyond its size (the
// element data is allocated only once the count matches the shape), Check
// accepts whatever Decode accepts, and a decoded request encodes and
// decodes again to the same tensors.
func FuzzDecode(f *testing.F) {
	hdr := `{"inputs":[{"name":"x","shape":[1,2],"datatype":"FP32","parameters":{"binary_data_size":8}}],"outputs":[{"name":"y","parameters":{"binary_data":true}}]}`
	f.Add([]byte(hdr+string(f32bytes(1, 2))), strconv.Itoa(len(hdr)))
	f.Add([]byte(`{"id":"a","inputs":[{"name":"x","shape":[2],"datatype":"INT64","data":[1,2]}],"parameters":{"binary_data_output":true}}`), "")
	f.Add([]byte(`{"inputs":[{"name":"b","shape":[2],"datatype":"BOOL","data":[true,false]}]}`), "")
	f.Add([]byte(`{"inputs":[{"name":"x","shape":[0],"datatype":"UINT8","parameters":{"binary_data_size":0}}]}`), "83")
	f.Fuzz(func(t *testing.T, body []byte, headerLen string) {
		req, err := oip.Decode(body, headerLen)
		checkErr := oip.Check(body, headerLen)
		if err != nil {
			var oe *oip.Error
			require.True(t, errors.As(err, &oe), "%T %v", err, err)
			return
		}
		require.NoError(t, checkErr)
		for _, binary := range []bool{false, true} {
			enc, hl, err := oip.EncodeRequest(req, binary)
			if err != nil {
				continue // a float JSON cannot hold (NaN from binary bytes)
			}
			h := ""
			if binary {
				h = strconv.Itoa(hl)
			}
			again, err := oip.Decode(enc, h)
			require.NoError(t, err)
			require.Len(t, again.Inputs, len(req.Inputs))
			for i := range req.Inputs {
				require.Equal(t, req.Inputs[i].Tensor.Shape, again.Inputs[i].Tensor.Shape)
				if binary {
					require.Equal(t, req.Inputs[i].Tensor.Bytes(), again.Inputs[i].Tensor.Bytes())
				}
			}
		}
	})
}
