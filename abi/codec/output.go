package codec

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
)

// onchainKeys are the keys an on-chain output carries (SPEC §5).
var onchainKeys = [...]string{"raw_input", "processed_input", "raw_output", "processed_output", "proof"}

// EncodeOutput serialises the last container's output for delivery
// (SPEC §5 "On-chain output"). With all of raw_input, processed_input,
// raw_output, processed_output and proof present (hex strings with or
// without 0x, or null for empty): input = abi.encode(bytes raw_input, bytes
// processed_input), output = abi.encode(bytes raw_output, bytes
// processed_output), proof = the proof bytes. If any key is missing: input
// and proof are empty and output = abi.encode(string compact JSON of last).
func EncodeOutput(last json.RawMessage) (input, output, proof []byte, err error) {
	var obj map[string]json.RawMessage
	complete := json.Unmarshal(last, &obj) == nil && obj != nil
	for _, k := range onchainKeys {
		if _, ok := obj[k]; !ok {
			complete = false
			break
		}
	}
	if !complete {
		var buf bytes.Buffer
		text := []byte(strings.TrimSpace(string(last)))
		if json.Compact(&buf, last) == nil {
			text = buf.Bytes()
		}
		output, err = oneString.Pack(string(text))
		if err != nil {
			return nil, nil, nil, fmt.Errorf("encode on-chain output: %w", err)
		}
		return []byte{}, output, []byte{}, nil
	}
	var vals [5][]byte
	for i, k := range onchainKeys {
		if vals[i], err = hexField(k, obj[k]); err != nil {
			return nil, nil, nil, err
		}
	}
	if input, err = twoBytes.Pack(vals[0], vals[1]); err != nil {
		return nil, nil, nil, fmt.Errorf("encode on-chain input: %w", err)
	}
	if output, err = twoBytes.Pack(vals[2], vals[3]); err != nil {
		return nil, nil, nil, fmt.Errorf("encode on-chain output: %w", err)
	}
	return input, output, vals[4], nil
}

func hexField(key string, raw json.RawMessage) ([]byte, error) {
	if string(raw) == "null" {
		return []byte{}, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("on-chain output %s: expected a hex string or null, got %s", key, snippet(raw))
	}
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	if len(s)%2 == 1 {
		s = "0" + s
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("on-chain output %s: %q is not hex", key, snippet([]byte(s)))
	}
	return b, nil
}

// snippet is at most 1 KiB of b, for an error message.
func snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 1024 {
		s = s[:1024] + "..."
	}
	return s
}
