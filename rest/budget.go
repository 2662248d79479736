package rest

import (
	"errors"
	"io"
	"net/http"

	"github.com/infernode/infernode/internal/job"
)

// errBodyBudget is what a body's Read returns when the node-wide budget of
// body bytes being read (server.max_body_bytes_in_flight) has no room for
// it: the request is answered 503 with Retry-After, its bytes freed.
var errBodyBudget = errors.New("the node is reading too many request bodies at once")

// budgeted charges the bytes of r's body against the node-wide budget
// while h runs, and gives them back when it returns. A declared
// Content-Length is charged before a byte is read, so that a slow sender
// holds no connection-worth of memory the budget did not grant; a body of
// unknown length is charged as it arrives.
func (s *server) budgeted(h http.HandlerFunc) http.HandlerFunc {
	if s.opts.BodyBudget == nil {
		return h
	}
	return func(w http.ResponseWriter, r *http.Request) {
		acct := &bodyAccount{budget: s, rc: r.Body}
		defer acct.release()
		if n := r.ContentLength; n > 0 && n <= s.opts.MaxBodyBytes {
			if !acct.take(n) {
				s.bodyBudgetFull(w)
				return
			}
			acct.declared = true
		}
		r.Body = acct
		h(w, r)
	}
}

// bodyBudgetFull answers a request the body budget has no room for.
func (s *server) bodyBudgetFull(w http.ResponseWriter) {
	writeRejection(w, s.budgetFull())
}

func (s *server) budgetFull() *job.Error {
	s.metrics.limited.WithLabelValues(limitBodyBytes).Inc()
	return job.Reject(job.CodeBusy, msgBusy, "limit", "server.max_body_bytes_in_flight", "bytes", s.opts.BodyBudget.Max())
}

// bodyAccount is a request body charged against the budget.
type bodyAccount struct {
	budget   *server
	rc       io.ReadCloser
	held     int64
	declared bool // Content-Length was charged up front
}

func (a *bodyAccount) take(n int64) bool {
	if !a.budget.opts.BodyBudget.Take(n) {
		return false
	}
	a.held += n
	return true
}

func (a *bodyAccount) release() {
	a.budget.opts.BodyBudget.Give(a.held)
	a.held = 0
}

func (a *bodyAccount) Read(p []byte) (int, error) {
	n, err := a.rc.Read(p)
	if n > 0 && !a.declared && !a.take(int64(n)) {
		return 0, errBodyBudget
	}
	return n, err
}

func (a *bodyAccount) Close() error { return a.rc.Close() }

// chargeDecoded charges the decompressed bytes of a body (what a gzip body
// inflates to is held too) beyond what its wire bytes were charged.
func chargeDecoded(r *http.Request, n int64) bool {
	a, ok := r.Body.(*bodyAccount)
	if !ok {
		return true
	}
	return a.take(n)
}
