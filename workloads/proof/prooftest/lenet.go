package prooftest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// Lenet is testdata/lenet.json (written by testdata/lenet.py): the test
// images and PyTorch's float logits for each model.
type Lenet struct {
	Shape  []int       `json:"shape"`
	Pixels [][]int     `json:"pixels"` // 8-bit; the image is pixels/255
	Labels []int       `json:"labels"`
	Avg    [][]float64 `json:"lenet_avg"`
	Max    [][]float64 `json:"lenet_max"`
	ConvBN [][]float64 `json:"conv_bn"`
}

// ReadLenet reads testdata/lenet.json.
func ReadLenet(t testing.TB) Lenet {
	t.Helper()
	raw, err := os.ReadFile(Testdata("lenet.json"))
	require.NoError(t, err)
	var f Lenet
	require.NoError(t, json.Unmarshal(raw, &f))
	require.Len(t, f.Pixels, len(f.Avg))
	return f
}

// Image is the model input of one test image: pixels/255.
func Image(pixels []int) []float64 {
	x := make([]float64, len(pixels))
	for i, p := range pixels {
		x[i] = float64(p) / 255
	}
	return x
}

// Images are the model inputs of all test images.
func (l Lenet) Images() [][]float64 {
	out := make([][]float64, len(l.Pixels))
	for k, px := range l.Pixels {
		out[k] = Image(px)
	}
	return out
}

// Logits are PyTorch's logits of f's images for the fixture.
func (l Lenet) Logits(f Fixture) [][]float64 {
	if f.File == LenetMax.File {
		return l.Max
	}
	return l.Avg
}

// Residual is testdata/NAME.json (written by testdata/resnet.py): test
// images (values in [0, 1)) and PyTorch's logits.
type Residual struct {
	Shape  []int       `json:"shape"`
	Images [][]float64 `json:"images"`
	Logits [][]float64 `json:"logits"`
	Params int         `json:"params"`
}

// ReadResidual reads testdata/NAME.json, or DIR/NAME.json for a path.
func ReadResidual(t testing.TB, name string) Residual {
	t.Helper()
	path := name
	if filepath.Base(name) == name {
		path = Testdata(name + ".json")
	}
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var f Residual
	require.NoError(t, json.Unmarshal(raw, &f))
	require.Len(t, f.Images, len(f.Logits))
	return f
}
