package rest

import (
	"unicode/utf8"

	"github.com/infernode/infernode/internal/job"
)

// decodeJobFast decodes the common shape of a JobRequest in one pass over
// raw, which must already be known to be valid JSON (a batch item): an
// object whose keys are exactly containers (an array of strings without
// escapes), data (an object) and optionally requires_proof (true, false or
// null), each once. ok is false for anything else, which then goes through
// decodeSubmission and its precise errors; for what it accepts, the result
// is decodeSubmission's (FuzzDecodeJobFast checks it).
//
// Batches are where throughput matters, and the general decoder spends a
// map and three JSON passes per item.
func decodeJobFast(raw []byte) (req job.Request, ok bool) {
	const (
		haveContainers = 1 << iota
		haveData
		haveProof
	)
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '{' {
		return req, false
	}
	i++
	seen := 0
	for first := true; ; first = false {
		i = skipSpace(raw, i)
		if i >= len(raw) {
			return req, false
		}
		if raw[i] == '}' {
			i++
			break
		}
		if !first {
			if raw[i] != ',' {
				return req, false
			}
			i = skipSpace(raw, i+1)
		}
		key, next, plain := scanString(raw, i)
		if !plain {
			return req, false
		}
		i = skipSpace(raw, next)
		if i >= len(raw) || raw[i] != ':' {
			return req, false
		}
		i = skipSpace(raw, i+1)
		end := skipValue(raw, i)
		val := raw[i:end]
		i = end
		var bit int
		switch string(key) {
		case "containers":
			bit = haveContainers
			if req.Containers, ok = plainStrings(val); !ok {
				return req, false
			}
		case "data":
			bit = haveData
			if len(val) == 0 || val[0] != '{' || !utf8.Valid(val) {
				return req, false
			}
			req.Data = val
		case "requires_proof":
			bit = haveProof
			switch string(val) {
			case "true":
				req.RequiresProof = true
			case "false", "null":
			default:
				return req, false
			}
		default:
			return req, false
		}
		if seen&bit != 0 {
			return req, false // a repeated key: the general decoder decides
		}
		seen |= bit
	}
	if seen&(haveContainers|haveData) != haveContainers|haveData || skipSpace(raw, i) != len(raw) {
		return req, false
	}
	return req, true
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// scanString reads the string starting at b[i] (a quote); plain is false
// if it is not one, or holds an escape or a byte outside printable ASCII
// (encoding/json rewrites invalid UTF-8, so those take its path).
func scanString(b []byte, i int) (s []byte, next int, plain bool) {
	if i >= len(b) || b[i] != '"' {
		return nil, i, false
	}
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return b[i+1 : j], j + 1, true
		case c == '\\' || c < 0x20 || c > 0x7e:
			return nil, j, false
		}
	}
	return nil, len(b), false
}

// skipValue returns the end of the valid JSON value starting at b[i].
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return i
	}
	switch b[i] {
	case '"':
		for j := i + 1; j < len(b); j++ {
			switch b[j] {
			case '\\':
				j++
			case '"':
				return j + 1
			}
		}
		return len(b)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				j = skipValue(b, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return len(b)
	default: // number, true, false, null
		j := i
		for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ' ' && b[j] != '\t' && b[j] != '\n' && b[j] != '\r' {
			j++
		}
		return j
	}
}

// plainStrings decodes an array of strings without escapes.
func plainStrings(val []byte) ([]string, bool) {
	if len(val) == 0 || val[0] != '[' {
		return nil, false
	}
	out := []string{}
	i := skipSpace(val, 1)
	if i < len(val) && val[i] == ']' {
		return out, true
	}
	for {
		s, next, plain := scanString(val, i)
		if !plain {
			return nil, false
		}
		out = append(out, string(s))
		i = skipSpace(val, next)
		if i >= len(val) {
			return nil, false
		}
		switch val[i] {
		case ']':
			return out, true
		case ',':
			i = skipSpace(val, i+1)
		default:
			return nil, false
		}
	}
}
