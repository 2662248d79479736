package protocol

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Location is a source or destination of the container protocol.
type Location int

// Locations of docs/container-protocol.md.
const (
	OnChain  Location = 0
	OffChain Location = 1
	Stream   Location = 2
)

// String names the location for logs and errors.
func (l Location) String() string {
	switch l {
	case OnChain:
		return "on-chain"
	case OffChain:
		return "off-chain"
	case Stream:
		return "stream"
	}
	return fmt.Sprintf("location(%d)", int(l))
}

// MaxRequestBytes bounds the body DecodeRequest reads; the node enforces its
// own limit first, this one protects a workload reached directly.
const MaxRequestBytes = 32 << 20

// Request is the body the node POSTs to /service_output.
type Request struct {
	Source        Location        `json:"source"`
	Destination   Location        `json:"destination"`
	Data          json.RawMessage `json:"data"`
	RequiresProof bool            `json:"requires_proof"`
}

// RequestError is a client mistake in a request; workloads answer it with 400.
type RequestError struct {
	Field string
	Msg   string
}

func (e *RequestError) Error() string {
	if e.Field == "" {
		return "Invalid request: " + e.Msg
	}
	return fmt.Sprintf("Invalid request: %s: %s", e.Field, e.Msg)
}

// Invalid builds a *RequestError for field.
func Invalid(field, format string, args ...any) error {
	return &RequestError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// DecodeRequest reads and validates one request body: source and destination
// must be 0, 1 or 2, data must be present, and on-chain data (source 0) must
// be a string of hex.
func DecodeRequest(r io.Reader) (Request, error) {
	body, err := io.ReadAll(io.LimitReader(r, MaxRequestBytes+1))
	if err != nil {
		return Request{}, fmt.Errorf("read request body: %w", err)
	}
	if len(body) > MaxRequestBytes {
		return Request{}, Invalid("", "body is larger than %d bytes", MaxRequestBytes)
	}
	return ParseRequest(body)
}

// ParseRequest is DecodeRequest on a byte slice.
func ParseRequest(body []byte) (Request, error) { return parseRequest(body, true) }

// parseRequest is ParseRequest; fast false always takes encoding/json's
// path (the reference the one-pass path is tested against).
func parseRequest(body []byte, fast bool) (Request, error) {
	var raw struct {
		Source        *json.RawMessage `json:"source"`
		Destination   *json.RawMessage `json:"destination"`
		Data          json.RawMessage  `json:"data"`
		RequiresProof *bool            `json:"requires_proof"`
	}
	if !fast || !requestMembers(body, &raw.Source, &raw.Destination, &raw.Data, &raw.RequiresProof) {
		raw.Source, raw.Destination, raw.Data, raw.RequiresProof = nil, nil, nil, nil
		dec := json.NewDecoder(bytes.NewReader(body))
		if err := dec.Decode(&raw); err != nil {
			return Request{}, Invalid("", "body is not a JSON object: %v", err)
		}
		if dec.More() {
			return Request{}, Invalid("", "trailing data after the JSON object")
		}
	}
	var req Request
	var err error
	if req.Source, err = location("source", raw.Source); err != nil {
		return Request{}, err
	}
	if req.Destination, err = location("destination", raw.Destination); err != nil {
		return Request{}, err
	}
	if len(raw.Data) == 0 || bytes.Equal(raw.Data, []byte("null")) {
		return Request{}, Invalid("data", "missing; send the workload's input under \"data\"")
	}
	req.Data = raw.Data
	if raw.RequiresProof != nil {
		req.RequiresProof = *raw.RequiresProof
	}
	if req.Source == OnChain {
		if _, err := req.OnChainInput(); err != nil {
			return Request{}, err
		}
	}
	return req, nil
}

// requestMembers is ParseRequest's one-pass path (ObjectMembers) for the
// plain form: the keys spelled exactly, no null member. It reports false for
// anything else, and encoding/json decodes the body instead.
func requestMembers(body []byte, source, destination **json.RawMessage, data *json.RawMessage, proof **bool) bool {
	ms, ok := ObjectMembers(body)
	if !ok {
		return false
	}
	known := []string{"source", "destination", "data", "requires_proof"}
	for _, m := range ms {
		if string(m.Value) == "null" {
			return false
		}
		switch m.Key {
		case "source":
			*source = &m.Value
		case "destination":
			*destination = &m.Value
		case "data":
			*data = m.Value
		case "requires_proof":
			var b bool
			if json.Unmarshal(m.Value, &b) != nil {
				return false
			}
			*proof = &b
		default:
			if slices.ContainsFunc(known, func(k string) bool { return strings.EqualFold(k, m.Key) }) {
				return false // encoding/json matches keys case-insensitively
			}
		}
	}
	return true
}

func location(field string, raw *json.RawMessage) (Location, error) {
	if raw == nil {
		return 0, Invalid(field, "missing; use 0 (on-chain), 1 (off-chain) or 2 (stream)")
	}
	var n int
	if err := json.Unmarshal(*raw, &n); err != nil || n < 0 || n > 2 {
		return 0, Invalid(field, "%s is not 0 (on-chain), 1 (off-chain) or 2 (stream)", truncate(string(*raw)))
	}
	return Location(n), nil
}

// OnChainInput returns the bytes of an on-chain input: data is a string of
// hex (lowercase, 0x prefix tolerated). It fails for any other data.
func (r Request) OnChainInput() ([]byte, error) {
	var s string
	if err := json.Unmarshal(r.Data, &s); err != nil {
		return nil, Invalid("data", "on-chain data (source 0) must be a string of hex bytes")
	}
	b, err := DecodeHex(s)
	if err != nil {
		return nil, Invalid("data", "on-chain data (source 0): %v", err)
	}
	return b, nil
}

// InputBytes is the request's input as bytes: the decoded hex for an
// on-chain source, otherwise the compact JSON text of data.
func (r Request) InputBytes() ([]byte, error) {
	if r.Source == OnChain {
		return r.OnChainInput()
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, r.Data); err != nil {
		return nil, Invalid("data", "not valid JSON: %v", err)
	}
	return buf.Bytes(), nil
}

// DecodeInput decodes the request's data: the on-chain input (the decoded
// hex) with fromABI for source 0, data with fromJSON otherwise. raw is
// InputBytes, the on-chain reply's raw_input; it is nil for an off-chain
// source with an off-chain or stream destination, whose reply has no
// raw_input (compacting a 3 MB tensor for nothing cost a pass and a copy).
func DecodeInput[In any](r Request, fromABI func([]byte) (In, error), fromJSON func(json.RawMessage) (In, error)) (in In, raw []byte, err error) {
	if r.Source == OnChain || r.Destination == OnChain {
		if raw, err = r.InputBytes(); err != nil {
			return in, nil, err
		}
	}
	if r.Source == OnChain {
		in, err = fromABI(raw)
	} else {
		in, err = fromJSON(r.Data)
	}
	return in, raw, err
}

// DecodeHex decodes hex with or without a 0x prefix; an empty string is no
// bytes.
func DecodeHex(s string) ([]byte, error) {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	if len(s)%2 != 0 {
		return nil, errors.New("hex has an odd number of digits")
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("not hex: %w", err)
	}
	return b, nil
}

func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
