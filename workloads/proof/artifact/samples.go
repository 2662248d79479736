package artifact

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/proof/circuit"
)

// maxSamplesBytes bounds a calibration file: 256 samples of a 3×224×224
// image written as JSON decimals.
const maxSamplesBytes = 1 << 30

// samplesHelp says what a sample may be, for every error about one.
const samplesHelp = `a sample is the input's values (numbers, or nested arrays of them), a tensor {"values", "shape", "dtype"}, or a request's data as a client sends it ({"repo_id", "witness_data": {"input_data": tensor}}, with or without {"source", "destination", "data": ...} around it)`

// ReadSamples reads setup's calibration file: a JSON array of samples, or
// an object whose "inputs" is one. A sample is the model input's values,
// as nested arrays (flattened row-major) or flat, a tensor {values, shape,
// dtype}, or the proof request's data a client sends (docs/proof.md, Serving), so a
// publisher can calibrate on the very requests it expects.
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
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&top); err != nil {
		return nil, fmt.Errorf("samples: not JSON: %w", err)
	}
	if obj, ok := top.(map[string]any); ok {
		top = obj["inputs"]
	}
	list, ok := top.([]any)
	if !ok || len(list) == 0 {
		return nil, fmt.Errorf(`samples: want a non-empty JSON array of samples, or {"inputs": [...]}; %s`, samplesHelp)
	}
	if len(list) > circuit.MaxCalibrationSamples {
		return nil, fmt.Errorf("samples: %d, at most %d", len(list), circuit.MaxCalibrationSamples)
	}
	out := make([][]float64, len(list))
	for k, s := range list {
		if err := sample(s, "", &out[k]); err != nil {
			return nil, fmt.Errorf("sample %d: %w", k, err)
		}
	}
	return out, nil
}

// sample appends one sample's values to out; at is where v sits in the
// sample ("data.witness_data"), for errors.
func sample(v any, at string, out *[]float64) error {
	obj, ok := v.(map[string]any)
	if !ok {
		return flatten(v, at, out)
	}
	switch {
	case obj["data"] != nil: // {"source", "destination", "data": {...}}
		return sample(obj["data"], join(at, "data"), out)
	case obj["witness_data"] != nil:
		w, ok := obj["witness_data"].(map[string]any)
		if !ok || w["input_data"] == nil {
			return fmt.Errorf(`%s"witness_data" has no "input_data"; send {"input_data": {"values", "shape", "dtype"}}`, where(at))
		}
		return sample(w["input_data"], join(at, "witness_data.input_data"), out)
	case obj["values"] != nil:
		b, err := json.Marshal(obj)
		if err != nil {
			return fmt.Errorf("%s%w", where(at), err)
		}
		var t tensor.Tensor
		if err := json.Unmarshal(b, &t); err != nil {
			return fmt.Errorf("%snot a tensor: %w", where(at), err)
		}
		vals, err := t.Float64s()
		if err != nil {
			return fmt.Errorf("%s%w", where(at), err)
		}
		*out = append(*out, vals...)
		return nil
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, fmt.Sprintf("%q", k))
	}
	sort.Strings(keys)
	return fmt.Errorf("%san object with keys %s, which is no sample; %s", where(at), strings.Join(keys, ", "), samplesHelp)
}

// flatten appends v's numbers, row-major.
func flatten(v any, at string, out *[]float64) error {
	switch v := v.(type) {
	case json.Number:
		f, err := v.Float64()
		if err != nil {
			return fmt.Errorf("%s%s is out of range", where(at), v)
		}
		*out = append(*out, f)
	case []any:
		for i, e := range v {
			if err := flatten(e, fmt.Sprintf("%s[%d]", at, i), out); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("%sholds %s where a number belongs; %s", where(at), describe(v), samplesHelp)
	}
	return nil
}

// describe names a JSON value's kind in the user's words.
func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return fmt.Sprint(v)
	case string:
		if len(v) > 20 {
			v = v[:20] + "…"
		}
		return fmt.Sprintf("the text %q", v)
	case map[string]any:
		return "an object"
	}
	return "something else"
}

// join extends a path in a sample.
func join(at, key string) string {
	if at == "" {
		return key
	}
	return at + "." + key
}

// where prefixes an error about the value at a path ("" for the sample).
func where(at string) string {
	if at == "" {
		return ""
	}
	return "at " + at + ": "
}
