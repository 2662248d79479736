package artifact

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/infernode/infernode/workloads/proof/circuit"
)

// maxSamplesBytes bounds a calibration file: 256 samples of a 3×224×224
// image written as JSON decimals.
const maxSamplesBytes = 1 << 30

// ReadSamples reads setup's calibration file: a JSON array of samples, or
// an object whose "inputs" is one; a sample is the model input's values,
// as nested arrays (flattened row-major) or flat.
func ReadSamples(path string) ([][]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read samples: %w", err)
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, maxSamplesBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read samples %s: %w", path, err)
	}
	if len(raw) > maxSamplesBytes {
		return nil, fmt.Errorf("samples %s: more than %d bytes", path, maxSamplesBytes)
	}
	return ParseSamples(raw)
}

// ParseSamples is ReadSamples on the file's bytes.
func ParseSamples(raw []byte) ([][]float64, error) {
	var top any
	if err := json.Unmarshal(raw, &top); err != nil {
		return nil, fmt.Errorf("samples: not JSON: %w", err)
	}
	if obj, ok := top.(map[string]any); ok {
		top = obj["inputs"]
	}
	list, ok := top.([]any)
	if !ok || len(list) == 0 {
		return nil, fmt.Errorf(`samples: want a non-empty JSON array of samples, or {"inputs": [...]}`)
	}
	if len(list) > circuit.MaxCalibrationSamples {
		return nil, fmt.Errorf("samples: %d, at most %d", len(list), circuit.MaxCalibrationSamples)
	}
	out := make([][]float64, len(list))
	for k, s := range list {
		if err := flatten(s, &out[k]); err != nil {
			return nil, fmt.Errorf("sample %d: %w", k, err)
		}
	}
	return out, nil
}

func flatten(v any, out *[]float64) error {
	switch v := v.(type) {
	case float64:
		*out = append(*out, v)
	case []any:
		for _, e := range v {
			if err := flatten(e, out); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("holds %T, want numbers or arrays of them", v)
	}
	return nil
}
