// Package redact takes secrets (API keys, Authorization values) out of what
// a process answers or logs: byte slices, strings, errors, streams (holding
// back only a tail that could be a secret's start) and slog lines. A
// provider's error may quote what it was sent, its Authorization header
// included; redact makes sure the quote never leaves.
package redact

import (
	"bytes"
	"context"
	"io"
	"log/slog"
)

// Redacted replaces a secret.
const Redacted = "[REDACTED]"

// MinSecret is the shortest secret redacted: a shorter one would blank out
// ordinary text (no real API key is this short).
const MinSecret = 8

// Redactor knows the secrets to take out. The zero value redacts nothing.
type Redactor struct{ secrets [][]byte }

// New returns a Redactor of secrets (those shorter than MinSecret are
// left out).
func New(secrets ...string) Redactor {
	var r Redactor
	for _, s := range secrets {
		if len(s) >= MinSecret {
			r.secrets = append(r.secrets, []byte(s))
		}
	}
	return r
}

// Empty is true when r has no secret.
func (r Redactor) Empty() bool { return len(r.secrets) == 0 }

// Bytes returns b with every secret replaced (b itself when it has none).
func (r Redactor) Bytes(b []byte) []byte {
	for _, s := range r.secrets {
		if bytes.Contains(b, s) {
			b = bytes.ReplaceAll(b, s, []byte(Redacted))
		}
	}
	return b
}

// String returns s with every secret replaced.
func (r Redactor) String(s string) string {
	for _, sec := range r.secrets {
		if bytes.Contains([]byte(s), sec) {
			return string(r.Bytes([]byte(s)))
		}
	}
	return s
}

// Err is err with its message redacted (err itself when it has no secret).
func (r Redactor) Err(err error) error {
	if err == nil {
		return nil
	}
	if m := r.String(err.Error()); m != err.Error() {
		return redactedError{m, err}
	}
	return err
}

type redactedError struct {
	msg string
	err error
}

func (e redactedError) Error() string { return e.msg }
func (e redactedError) Unwrap() error { return e.err }

// partial is the length of b's longest tail that is the start of a secret
// (a secret that may be cut by the end of b).
func (r Redactor) partial(b []byte) int {
	best := 0
	for _, s := range r.secrets {
		for k := min(len(s)-1, len(b)); k > best; k-- {
			if bytes.HasSuffix(b, s[:k]) {
				best = k
				break
			}
		}
	}
	return best
}

// Reader redacts src as it is read: it holds back only a tail that could
// be the start of a secret (an SSE event ends "\n\n", which none starts
// with, so tokens are not delayed).
func (r Redactor) Reader(src io.Reader) io.Reader {
	if len(r.secrets) == 0 {
		return src
	}
	return &redactReader{src: src, r: r, buf: make([]byte, 32<<10)}
}

type redactReader struct {
	src  io.Reader
	r    Redactor
	buf  []byte
	pend []byte // read, redacted, not yet given out
	out  int    // pend[:out] may be given out
	err  error
}

func (x *redactReader) Read(p []byte) (int, error) {
	for x.out == 0 {
		if x.err != nil {
			if len(x.pend) == 0 {
				return 0, x.err
			}
			x.out = len(x.pend) // the end: a cut secret is no secret
			break
		}
		n, err := x.src.Read(x.buf)
		x.err = err
		if n == 0 {
			continue
		}
		x.pend = x.r.Bytes(append(x.pend, x.buf[:n]...))
		x.out = len(x.pend) - x.r.partial(x.pend)
	}
	n := copy(p, x.pend[:x.out])
	x.pend = x.pend[n:]
	x.out -= n
	if len(x.pend) == 0 {
		x.pend = nil
	}
	return n, nil
}

// handler is a slog.Handler that redacts every line: its message and its
// attributes' values, errors included.
type handler struct {
	slog.Handler
	r Redactor
}

func (h handler) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, h.r.String(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(h.attr(a))
		return true
	})
	return h.Handler.Handle(ctx, out)
}

func (h handler) attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, h.r.String(v.String()))
	case slog.KindGroup:
		as := v.Group()
		out := make([]any, len(as))
		for i, g := range as {
			out[i] = h.attr(g)
		}
		return slog.Group(a.Key, out...)
	case slog.KindAny:
		if err, ok := v.Any().(error); ok {
			return slog.String(a.Key, h.r.String(err.Error()))
		}
		return slog.String(a.Key, h.r.String(v.String()))
	}
	return a
}

func (h handler) WithAttrs(as []slog.Attr) slog.Handler {
	out := make([]slog.Attr, len(as))
	for i, a := range as {
		out[i] = h.attr(a)
	}
	return handler{h.Handler.WithAttrs(out), h.r}
}

func (h handler) WithGroup(name string) slog.Handler { return handler{h.Handler.WithGroup(name), h.r} }

// Logger is log with every line redacted.
func (r Redactor) Logger(log *slog.Logger) *slog.Logger {
	if len(r.secrets) == 0 {
		return log
	}
	return slog.New(handler{log.Handler(), r})
}
