package console

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Event is one recent chain event the console lists: a delivery, a
// failure (with its reason), work held by a spending bound, or another
// chain-side line of the node's log.
type Event struct {
	Time    time.Time         `json:"time"`
	Level   string            `json:"level"`
	Kind    string            `json:"kind"` // delivery, failure, held, info
	Message string            `json:"message"`
	Attrs   map[string]string `json:"attrs,omitempty"`
}

// Event kinds.
const (
	KindDelivery = "delivery"
	KindFailure  = "failure"
	KindHeld     = "held"
	KindInfo     = "info"
)

// Bounds on what Events keeps: a fixed ring of lines, each with a bounded
// number of attributes of bounded length.
const (
	DefaultEvents = 200
	maxAttrs      = 16
	maxValueBytes = 300
)

// Events is a slog.Handler in front of the node's own: it passes every
// record on unchanged and keeps the chain side's recent lines (messages
// starting "relay:", "sender:", "chain:" or "fleet:" at info and above)
// in a ring for the console, whatever level the node logs at. Safe for
// concurrent use.
type Events struct {
	next   slog.Handler
	ring   *ring
	attrs  []slog.Attr // from WithAttrs, for the recorded lines
	prefix string      // from WithGroup
}

type ring struct {
	mu   sync.Mutex
	buf  []Event
	next int
	full bool
}

// NewEvents returns a handler that records into a ring of n lines (0:
// DefaultEvents) and passes every record to next.
func NewEvents(next slog.Handler, n int) *Events {
	if n <= 0 {
		n = DefaultEvents
	}
	return &Events{next: next, ring: &ring{buf: make([]Event, n)}}
}

// Recent returns the recorded lines, oldest first.
func (e *Events) Recent() []Event {
	r := e.ring
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Event
	if r.full {
		out = append(out, r.buf[r.next:]...)
	}
	return append(out, r.buf[:r.next]...)
}

// recorded reports whether a line with this message is the console's.
func recorded(level slog.Level, msg string) bool {
	if level < slog.LevelInfo {
		return false
	}
	for _, p := range []string{"relay:", "sender:", "chain:", "fleet:"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

// kind classifies a recorded line.
func kind(level slog.Level, msg string) string {
	switch {
	case msg == "relay: delivered" || strings.HasPrefix(msg, "relay: delegated subscription on chain"):
		return KindDelivery
	case strings.HasPrefix(msg, "relay: unpaid work held") || strings.HasPrefix(msg, "relay: more owners held"):
		return KindHeld
	case level >= slog.LevelWarn, strings.Contains(msg, "failed"), strings.Contains(msg, "reverted"),
		strings.Contains(msg, "backing off"), strings.Contains(msg, "given up"), strings.Contains(msg, "not sent"):
		return KindFailure
	}
	return KindInfo
}

// Enabled is true for what the next handler logs and for every line the
// console records.
func (e *Events) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelInfo || e.next.Enabled(ctx, l)
}

// Handle records the console's lines and passes the record on when the
// next handler logs its level.
func (e *Events) Handle(ctx context.Context, r slog.Record) error {
	if recorded(r.Level, r.Message) {
		ev := Event{Time: r.Time.UTC(), Level: r.Level.String(), Kind: kind(r.Level, r.Message), Message: r.Message, Attrs: map[string]string{}}
		add := func(a slog.Attr) bool {
			if len(ev.Attrs) < maxAttrs {
				ev.Attrs[e.prefix+a.Key] = cut(a.Value.Resolve().String())
			}
			return true
		}
		for _, a := range e.attrs {
			add(a)
		}
		r.Attrs(add)
		e.ring.add(ev)
	}
	if !e.next.Enabled(ctx, r.Level) {
		return nil
	}
	return e.next.Handle(ctx, r)
}

// WithAttrs returns a handler recording into the same ring.
func (e *Events) WithAttrs(as []slog.Attr) slog.Handler {
	c := *e
	c.next = e.next.WithAttrs(as)
	c.attrs = slices.Clone(e.attrs)
	for _, a := range as {
		a.Key = e.prefix + a.Key
		c.attrs = append(c.attrs, a)
	}
	return &c
}

// WithGroup returns a handler recording into the same ring.
func (e *Events) WithGroup(name string) slog.Handler {
	c := *e
	c.next = e.next.WithGroup(name)
	if name != "" {
		c.prefix = e.prefix + name + "."
	}
	return &c
}

func (r *ring) add(ev Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.buf[r.next] = ev
	r.next++
	if r.next == len(r.buf) {
		r.next, r.full = 0, true
	}
}

// cut bounds a value's length (on a rune boundary).
func cut(s string) string {
	if len(s) <= maxValueBytes {
		return s
	}
	n := maxValueBytes
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + fmt.Sprintf("… (%d bytes)", len(s))
}
