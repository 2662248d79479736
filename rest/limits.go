package rest

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/infernode/infernode/internal/job"
)

// parseQuery parses the request's query string strictly: a query that does
// not parse (a bad %-escape, a bare ';') or that has more than
// maxQueryParams parameters is a 400, never a silently shortened query
// (url.Values from r.URL.Query drops what it cannot read, which turned
// ?id=%zz into "all of the caller's jobs").
func parseQuery(r *http.Request) (url.Values, *job.Error) {
	raw := r.URL.RawQuery
	// Count before parsing, so a huge query costs no allocation.
	if n := strings.Count(raw, "&") + 1; raw != "" && n > maxQueryParams {
		return nil, invalid("query", fmt.Sprintf("the query has %d parameters, at most %d are allowed", n, maxQueryParams))
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return nil, invalid("query", "the query string does not parse: "+queryError(err))
	}
	return q, nil
}

// queryError is err's text without the url package's quoting of the whole
// input, which could be long.
func queryError(err error) string {
	msg := err.Error()
	if len(msg) > 200 {
		msg = msg[:200] + "…"
	}
	return msg
}

// Metric label values for methods: the methods of RFC 9110 and PATCH, and
// one value for every other, so that a client inventing method names cannot
// grow the label set.
var knownMethods = map[string]string{
	http.MethodGet: http.MethodGet, http.MethodHead: http.MethodHead, http.MethodPost: http.MethodPost,
	http.MethodPut: http.MethodPut, http.MethodPatch: http.MethodPatch, http.MethodDelete: http.MethodDelete,
	http.MethodConnect: http.MethodConnect, http.MethodOptions: http.MethodOptions, http.MethodTrace: http.MethodTrace,
}

// methodOther is the label value of every method not in knownMethods
// (OpenTelemetry's spelling).
const methodOther = "_OTHER"

func methodLabel(m string) string {
	if v, ok := knownMethods[m]; ok {
		return v
	}
	return methodOther
}

// Values of the limit label of infernode_http_limited_total.
const (
	limitWaits       = "waits"
	limitConnections = "connections"
	limitBodyBytes   = "body_bytes"
)

// rareLog lets one event through per interval, so that a limit hit by a
// flood of requests logs a line, not a flood.
type rareLog struct {
	every time.Duration
	last  atomic.Int64 // unix nanoseconds of the last line
}

func (l *rareLog) allow(now time.Time) bool {
	last := l.last.Load()
	if last != 0 && now.UnixNano()-last < int64(l.every) {
		return false
	}
	return l.last.CompareAndSwap(last, now.UnixNano())
}
