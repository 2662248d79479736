package protocol

import (
	"encoding/json"
	"slices"
	"unicode/utf8"
)

// Member is one member of a JSON object: its key and its value's text.
type Member struct {
	Key   string
	Value json.RawMessage // aliases the object's bytes
}

// ObjectMembers splits the JSON object b into its members, in order, in
// one pass and without copying the values. It reports false where b is
// not a valid JSON object, where a key has an escape or repeats, or where it
// has more than 64 members; callers then decode b with encoding/json, which
// handles every case (case-folded keys, duplicates) and explains mistakes. A body of several MB (an image
// tensor) costs one validating scan here instead of a scan and a copy per
// nesting level through json.RawMessage fields.
func ObjectMembers(b []byte) ([]Member, bool) {
	if !json.Valid(b) {
		return nil, false
	}
	return ValidObjectMembers(b)
}

// maxPlainMembers bounds the members ObjectMembers splits (duplicates are
// found by comparing every pair); a larger object goes to encoding/json.
const maxPlainMembers = 64

// ValidObjectMembers is ObjectMembers for b already known to be valid
// JSON (a value that came out of ObjectMembers).
func ValidObjectMembers(b []byte) ([]Member, bool) {
	p := objScanner{b: b}
	p.ws()
	if !p.eat('{') {
		return nil, false
	}
	var out []Member
	for first := true; ; first = false {
		p.ws()
		if p.eat('}') {
			return out, true
		}
		if !first && !p.eat(',') {
			return nil, false
		}
		p.ws()
		key, ok := p.plainString()
		if !ok || len(out) == maxPlainMembers {
			return nil, false
		}
		for _, m := range out {
			if m.Key == key {
				return nil, false
			}
		}
		p.ws()
		if !p.eat(':') {
			return nil, false
		}
		p.ws()
		start := p.i
		p.skipValid()
		out = append(out, Member{Key: key, Value: json.RawMessage(b[start:p.i:p.i])})
	}
}

// plainString reads a string without escapes, in valid UTF-8 (encoding/json
// turns invalid bytes into U+FFFD, so such a key is left to it).
func (p *objScanner) plainString() (string, bool) {
	if !p.eat('"') {
		return "", false
	}
	start := p.i
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case '"':
			if !utf8.Valid(p.b[start:p.i]) {
				return "", false
			}
			s := string(p.b[start:p.i])
			p.i++
			return s, true
		case '\\':
			return "", false
		}
		p.i++
	}
	return "", false
}

// skipValid moves past one value of valid JSON: it only tracks strings and
// nesting, the text being known to be valid.
func (p *objScanner) skipValid() {
	b, i := p.b, p.i
	if i >= len(b) {
		return
	}
	switch b[i] {
	case '"':
		i = skipString(b, i)
	case '{', '[':
		for depth := 0; i < len(b); {
			switch b[i] {
			case '"':
				i = skipString(b, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					p.i = i + 1
					return
				}
			}
			i++
		}
	default: // a number, true, false or null
		for i < len(b) {
			switch b[i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				p.i = i
				return
			}
			i++
		}
	}
	p.i = i
}

// skipString returns the index past the string of valid JSON at b[i].
func skipString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// PlainMembers is ObjectMembers for an object whose keys must be among
// keys, spelled exactly, with no null member: the values by key. It
// reports false for anything else (an unknown or case-folded key, a null),
// which the caller leaves to encoding/json with DisallowUnknownFields.
func PlainMembers(b []byte, keys ...string) (map[string]json.RawMessage, bool) {
	ms, ok := ObjectMembers(b)
	if !ok {
		return nil, false
	}
	out := make(map[string]json.RawMessage, len(ms))
	for _, m := range ms {
		if !slices.Contains(keys, m.Key) || string(m.Value) == "null" {
			return nil, false
		}
		out[m.Key] = m.Value
	}
	return out, true
}

// PlainString decodes a JSON string member; false for anything else.
func PlainString(v json.RawMessage) (string, bool) {
	var s string
	if len(v) == 0 || v[0] != '"' || json.Unmarshal(v, &s) != nil {
		return "", false
	}
	return s, true
}

// objScanner reads a JSON object's members from b at i; every method
// reports false, leaving i anywhere, where the text is not what it
// expects.
type objScanner struct {
	b []byte
	i int
}

func (p *objScanner) ws() {
	for p.i < len(p.b) && (p.b[p.i] == ' ' || p.b[p.i] == '\t' || p.b[p.i] == '\n' || p.b[p.i] == '\r') {
		p.i++
	}
}

func (p *objScanner) eat(c byte) bool {
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}
