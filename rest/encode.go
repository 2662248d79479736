package rest

import (
	"encoding/json"

	"github.com/infernode/infernode/internal/job"
)

// appendResults appends rs as JSON, byte for byte as json.Marshal writes
// them, for the common case: every string plain printable ASCII and every
// output already compact ASCII JSON. It reports false, with b unchanged,
// when any part is not that simple; the caller then uses json.Marshal.
//
// Results are the node's most frequent answer, and encoding/json spends
// most of its time on them compacting each output twice (once inside
// ContainerResult.MarshalJSON, once more around it). Outputs are valid JSON
// here: the executor checks every container reply, and the store keeps the
// bytes as checked.
func appendResults(b []byte, rs []job.Result) ([]byte, bool) {
	start := len(b)
	b = append(b, '[')
	for i := range rs {
		if i > 0 {
			b = append(b, ',')
		}
		r := &rs[i]
		if !plain(r.ID) || !plain(string(r.Status)) {
			return b[:start], false
		}
		b = append(b, `{"id":"`...)
		b = append(b, r.ID...)
		b = append(b, `","status":"`...)
		b = append(b, r.Status...)
		b = append(b, `","result":`...)
		var ok bool
		if r.Result == nil {
			b = append(b, "null"...)
		} else if b, ok = appendContainerResult(b, r.Result); !ok {
			return b[:start], false
		}
		if r.Intermediate != nil {
			b = append(b, `,"intermediate_results":[`...)
			for j := range r.Intermediate {
				if j > 0 {
					b = append(b, ',')
				}
				if b, ok = appendContainerResult(b, &r.Intermediate[j]); !ok {
					return b[:start], false
				}
			}
			b = append(b, ']')
		}
		b = append(b, '}')
	}
	return append(b, ']'), true
}

// appendContainerResult is ContainerResult.MarshalJSON for simple values.
func appendContainerResult(b []byte, c *job.ContainerResult) ([]byte, bool) {
	if !plain(c.Container) {
		return b, false
	}
	b = append(b, `{"container":"`...)
	b = append(b, c.Container...)
	if c.Error != "" {
		if !plain(c.Error) {
			return b, false
		}
		b = append(b, `","error":"`...)
		b = append(b, c.Error...)
		return append(b, `"}`...), true
	}
	b = append(b, `","output":`...)
	if len(c.Output) == 0 {
		b = append(b, "null"...)
	} else {
		if !compactASCII(c.Output) {
			return b, false
		}
		b = append(b, c.Output...)
	}
	return append(b, '}'), true
}

// plain reports whether json.Marshal writes s between quotes unchanged:
// printable ASCII without the characters it escapes (", \, and the HTML
// ones <, >, &).
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// compactASCII reports whether json.Marshal writes the valid JSON raw
// unchanged: no whitespace outside strings, and only printable ASCII
// without <, > or & (which it escapes inside strings too).
func compactASCII(raw json.RawMessage) bool {
	in := false
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c < 0x20 || c > 0x7e || c == '<' || c == '>' || c == '&' {
			return false
		}
		switch {
		case in && c == '\\':
			i++ // the escaped character is part of the string
		case c == '"':
			in = !in
		case !in && c == ' ':
			return false
		}
	}
	return true
}
