package respcache

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"
)

// Canonical appends to dst the canonical form of the JSON text src:
// whitespace removed, object members sorted by key (byte order of their
// UTF-8), strings written with the fewest escapes (only '"', '\\' and
// control characters), numbers, true, false and null as written. Two texts
// with one canonical form mean the same to any JSON reader that ignores
// member order; texts that differ only in a number's spelling (1 and 1.0)
// stay apart, since a container may read them differently. It fails on
// text that is not JSON, not UTF-8, or has an object with a repeated key,
// or keys that differ only in case (readers disagree about which one
// wins).
func Canonical(dst, src []byte) ([]byte, error) {
	if !utf8.Valid(src) {
		return dst, errors.New("canonical JSON: not UTF-8")
	}
	c := canon{src: src}
	c.ws()
	out, err := c.value(dst, 0)
	if err != nil {
		return dst, err
	}
	c.ws()
	if c.pos != len(src) {
		return dst, fmt.Errorf("canonical JSON: extra text at offset %d", c.pos)
	}
	return out, nil
}

// foldCollision fails when two members' keys differ only in case (as
// Unicode folds it): Go's encoding/json, the workloads' reader, matches
// field names case-insensitively, so {"model_id":1,"MODEL_ID":2} is read
// differently in its two orders, which one canonical form would join.
func foldCollision(members []member) error {
	if len(members) < 2 {
		return nil
	}
	if len(members) <= 16 {
		for i := range members {
			for j := i + 1; j < len(members); j++ {
				if bytes.EqualFold(members[i].key, members[j].key) {
					return fmt.Errorf("canonical JSON: members %q and %q differ only in case; a reader may take either", members[i].key, members[j].key)
				}
			}
		}
		return nil
	}
	seen := make(map[string][]byte, len(members))
	for _, m := range members {
		f := string(bytes.ToLower(bytes.ToUpper(m.key)))
		if prev, ok := seen[f]; ok {
			return fmt.Errorf("canonical JSON: members %q and %q differ only in case; a reader may take either", prev, m.key)
		}
		seen[f] = m.key
	}
	return nil
}

var literals = [][]byte{[]byte("true"), []byte("false"), []byte("null")}

// maxDepth bounds nesting, so a hostile input cannot exhaust the stack.
const maxDepth = 512

type canon struct {
	src []byte
	pos int
}

func (c *canon) ws() {
	for c.pos < len(c.src) {
		switch c.src[c.pos] {
		case ' ', '\t', '\n', '\r':
			c.pos++
		default:
			return
		}
	}
}

func (c *canon) errf(format string, args ...any) error {
	return fmt.Errorf("canonical JSON: "+format+" at offset %d", append(args, c.pos)...)
}

func (c *canon) value(dst []byte, depth int) ([]byte, error) {
	if depth > maxDepth {
		return dst, c.errf("nested deeper than %d", maxDepth)
	}
	if c.pos >= len(c.src) {
		return dst, c.errf("unexpected end")
	}
	switch b := c.src[c.pos]; {
	case b == '{':
		return c.object(dst, depth)
	case b == '[':
		return c.array(dst, depth)
	case b == '"':
		s, err := c.str()
		if err != nil {
			return dst, err
		}
		return appendString(dst, s), nil
	case b == '-' || (b >= '0' && b <= '9'):
		return c.number(dst)
	default:
		for _, lit := range literals {
			if bytes.HasPrefix(c.src[c.pos:], lit) {
				c.pos += len(lit)
				return append(dst, lit...), nil
			}
		}
		return dst, c.errf("unexpected %q", b)
	}
}

func (c *canon) number(dst []byte) ([]byte, error) {
	src, start := c.src, c.pos
	i := start
	if src[i] == '-' {
		i++
	}
	d := i
	for i < len(src) && src[i] >= '0' && src[i] <= '9' {
		i++
	}
	ok := i > d && (i-d == 1 || src[d] != '0')
	if ok && i < len(src) && src[i] == '.' {
		i++
		d = i
		for i < len(src) && src[i] >= '0' && src[i] <= '9' {
			i++
		}
		ok = i > d
	}
	if ok && i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		i++
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			i++
		}
		d = i
		for i < len(src) && src[i] >= '0' && src[i] <= '9' {
			i++
		}
		ok = i > d
	}
	c.pos = i
	if !ok {
		return dst, c.errf("bad number %q", src[start:i])
	}
	return append(dst, src[start:i]...), nil
}

// str reads a string and returns its value; a string without escapes is
// returned as a slice of the source.
func (c *canon) str() ([]byte, error) {
	start := c.pos
	c.pos++
	escaped := false
	for c.pos < len(c.src) {
		switch b := c.src[c.pos]; {
		case b == '"':
			c.pos++
			raw := c.src[start:c.pos]
			if !escaped {
				return raw[1 : len(raw)-1], nil
			}
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return nil, c.errf("bad string: %v", err)
			}
			if !utf8.ValidString(s) || bytes.ContainsRune([]byte(s), utf8.RuneError) {
				return nil, c.errf("string escapes a lone surrogate")
			}
			return []byte(s), nil
		case b == '\\':
			escaped = true
			c.pos += 2
		case b < 0x20:
			return nil, c.errf("control character in string")
		default:
			c.pos++
		}
	}
	return nil, c.errf("unterminated string")
}

func appendString(dst, s []byte) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for _, b := range s {
		switch {
		case b == '"' || b == '\\':
			dst = append(dst, '\\', b)
		case b < 0x20:
			dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xf])
		default:
			dst = append(dst, b)
		}
	}
	return append(dst, '"')
}

// member is one object member as written in dst: its name, and where the
// member (name, colon and value) starts and ends.
type member struct {
	key        []byte
	start, end int
}

// object writes the members in the order read, then sorts them in place
// only when they were not in order already (the usual case costs no copy).
func (c *canon) object(dst []byte, depth int) ([]byte, error) {
	c.pos++
	open := len(dst)
	dst = append(dst, '{')
	c.ws()
	if c.pos < len(c.src) && c.src[c.pos] == '}' {
		c.pos++
		return append(dst, '}'), nil
	}
	var members []member
	sorted := true
	for {
		c.ws()
		if c.pos >= len(c.src) || c.src[c.pos] != '"' {
			return dst, c.errf("expected a member name")
		}
		k, err := c.str()
		if err != nil {
			return dst, err
		}
		c.ws()
		if c.pos >= len(c.src) || c.src[c.pos] != ':' {
			return dst, c.errf("expected ':'")
		}
		c.pos++
		c.ws()
		if len(members) > 0 {
			dst = append(dst, ',')
			switch bytes.Compare(members[len(members)-1].key, k) {
			case 0:
				return dst, fmt.Errorf("canonical JSON: member %q repeated", k)
			case 1:
				sorted = false
			}
		}
		m := member{key: k, start: len(dst)}
		dst = append(appendString(dst, k), ':')
		if dst, err = c.value(dst, depth+1); err != nil {
			return dst, err
		}
		m.end = len(dst)
		members = append(members, m)
		c.ws()
		if c.pos >= len(c.src) {
			return dst, c.errf("unterminated object")
		}
		if c.src[c.pos] == ',' {
			c.pos++
			continue
		}
		if c.src[c.pos] != '}' {
			return dst, c.errf("expected ',' or '}'")
		}
		c.pos++
		break
	}
	if err := foldCollision(members); err != nil {
		return dst, err
	}
	if !sorted {
		slices.SortFunc(members, func(a, b member) int { return bytes.Compare(a.key, b.key) })
		for i := 1; i < len(members); i++ {
			if bytes.Equal(members[i-1].key, members[i].key) {
				return dst, fmt.Errorf("canonical JSON: member %q repeated", members[i].key)
			}
		}
		written := slices.Clone(dst[open+1:])
		dst = dst[:open+1]
		for i, m := range members {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, written[m.start-open-1:m.end-open-1]...)
		}
	}
	return append(dst, '}'), nil
}

func (c *canon) array(dst []byte, depth int) ([]byte, error) {
	c.pos++
	dst = append(dst, '[')
	c.ws()
	if c.pos < len(c.src) && c.src[c.pos] == ']' {
		c.pos++
		return append(dst, ']'), nil
	}
	for i := 0; ; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		c.ws()
		var err error
		if c.pos < len(c.src) && (c.src[c.pos] == '-' || (c.src[c.pos] >= '0' && c.src[c.pos] <= '9')) {
			dst, err = c.number(dst) // tensors: most elements are numbers
		} else {
			dst, err = c.value(dst, depth+1)
		}
		if err != nil {
			return dst, err
		}
		c.ws()
		if c.pos >= len(c.src) {
			return dst, c.errf("unterminated array")
		}
		if c.src[c.pos] == ',' {
			c.pos++
			continue
		}
		if c.src[c.pos] != ']' {
			return dst, c.errf("expected ',' or ']'")
		}
		c.pos++
		return append(dst, ']'), nil
	}
}
