package executor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/infernode/infernode/ratelimit"
)

// ErrReplyBudget is the cause of a call refused because the node already
// buffers as many container reply bytes as its reply budget allows
// (Options.ReplyBudget, server.max_reply_bytes_in_flight): the container
// answered, but there is no room to hold its reply now. It is the
// client's cue to retry shortly, never the container's fault.
var ErrReplyBudget = errors.New("reply budget full")

// errTooLarge is readBody's error for a reply over the per-reply bound.
var errTooLarge = errors.New("reply too large")

// readError is the *ContainerError of a reply readBody did not read:
// one the budget had no room for (its Err is ErrReplyBudget), one over
// the per-reply bound, or a transport failure.
func readError(ctx context.Context, id string, timeout time.Duration, budget *ratelimit.Bytes, status int, err error) *ContainerError {
	switch {
	case errors.Is(err, ErrReplyBudget):
		msg := fmt.Sprintf("Node busy: the node holds server.max_reply_bytes_in_flight (%d bytes) of container replies; retry shortly", budget.Max())
		if errors.Is(err, ratelimit.ErrOverBudget) {
			msg = fmt.Sprintf("the reply is larger than server.max_reply_bytes_in_flight (%d bytes)", budget.Max())
		}
		return &ContainerError{Container: id, Status: status, Message: msg, Err: err}
	case errors.Is(err, errTooLarge):
		return &ContainerError{Container: id, Status: status, Message: fmt.Sprintf("output larger than %d bytes", maxOutput)}
	}
	return transportError(ctx, id, timeout, err)
}

// readBody reads a reply body of declared length (-1: not declared) of
// at most limit bytes, charging its bytes to budget as they are held: a
// declared length before a byte is read (into one allocation of that
// size), an undeclared one as it arrives. wait says whether to wait for
// room (calls whose caller holds no reply bytes: jobs) or to fail with
// ErrReplyBudget at once (the front doors' forwarded calls, whose client
// retries). It returns the body and the bytes charged, which the caller
// gives back; on an error nothing stays charged.
func readBody(ctx context.Context, budget *ratelimit.Bytes, wait bool, r io.Reader, declared, limit int64) ([]byte, int64, error) {
	if declared > limit {
		return nil, 0, errTooLarge
	}
	if declared >= 0 {
		if err := reserve(ctx, budget, wait, declared); err != nil {
			return nil, 0, err
		}
		b := make([]byte, declared)
		_, err := io.ReadFull(r, b)
		if err == nil {
			// Read to the end: a connection is reused only after it.
			var probe [1]byte
			if n, _ := r.Read(probe[:]); n > 0 {
				err = errTooLarge
			}
		}
		if err != nil {
			budget.Give(declared)
			return nil, 0, err
		}
		return b, declared, nil
	}
	cr := &chargedReader{r: r, ctx: ctx, budget: budget, wait: wait, limit: limit}
	buf := bytes.NewBuffer(make([]byte, 0, min(limit+1, 64<<10)))
	_, err := buf.ReadFrom(io.LimitReader(cr, limit+1))
	if err == nil && int64(buf.Len()) > limit {
		err = errTooLarge
	}
	if err != nil {
		budget.Give(cr.held)
		return nil, 0, err
	}
	return buf.Bytes(), cr.held, nil
}

// reserve takes n bytes of budget, waiting for room when wait is set.
func reserve(ctx context.Context, budget *ratelimit.Bytes, wait bool, n int64) error {
	if !wait {
		if !budget.Take(n) {
			return ErrReplyBudget
		}
		return nil
	}
	if err := budget.Wait(ctx, n); errors.Is(err, ratelimit.ErrOverBudget) {
		return fmt.Errorf("%w: %w", ErrReplyBudget, err)
	} else if err != nil {
		return fmt.Errorf("%w: waited for room until %w", ErrReplyBudget, err)
	}
	return nil
}

// chargedReader charges what it reads to a budget. It waits for room
// only while it holds nothing (a reader that waited holding bytes could
// wait for another that does the same); past its first bytes, a read the
// budget has no room for fails with ErrReplyBudget.
type chargedReader struct {
	r      io.Reader
	ctx    context.Context
	budget *ratelimit.Bytes
	wait   bool
	limit  int64 // past it the reply is too large, whatever the room
	held   int64
}

func (c *chargedReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if n > 0 {
		if c.held+int64(n) > c.limit {
			return 0, errTooLarge
		}
		if rerr := reserve(c.ctx, c.budget, c.wait && c.held == 0, int64(n)); rerr != nil {
			return 0, rerr
		}
		c.held += int64(n)
	}
	return n, err
}

// charge is a reply's share of the reply budget, given back once.
type charge struct {
	budget *ratelimit.Bytes
	n      atomic.Int64
}

func newCharge(budget *ratelimit.Bytes, n int64) *charge {
	if budget == nil || n <= 0 {
		return nil
	}
	c := &charge{budget: budget}
	c.n.Store(n)
	return c
}

func (c *charge) release() {
	if c != nil {
		c.budget.Give(c.n.Swap(0))
	}
}

// leaseKey is the context key of a *lease.
type leaseKey struct{}

// lease keeps the replies of a job's calls charged until the job is done.
type lease struct {
	mu     sync.Mutex
	budget *ratelimit.Bytes
	held   int64
	done   bool
}

// HoldReplies returns a context under which the outputs Call returns
// stay charged to the reply budget after Call returns, until release is
// called: a job's outputs while it stores them. Under it, a call waits for
// room in the budget only while the job holds no output yet; a later call
// of the chain (holding its predecessor's output) that finds no room fails
// with ErrReplyBudget rather than wait, which could wait forever for jobs
// that wait in turn. release may be called more than once.
func HoldReplies(ctx context.Context) (context.Context, func()) {
	l := &lease{}
	return context.WithValue(ctx, leaseKey{}, l), l.release
}

func leaseOf(ctx context.Context) *lease {
	l, _ := ctx.Value(leaseKey{}).(*lease)
	return l
}

// holding reports whether the lease holds reply bytes.
func (l *lease) holding() bool {
	if l == nil {
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.held > 0
}

// keep adds n charged bytes to the lease, or gives them back at once
// without a lease (or one already released).
func (l *lease) keep(budget *ratelimit.Bytes, n int64) {
	if l != nil {
		l.mu.Lock()
		if !l.done {
			l.budget, l.held = budget, l.held+n
			l.mu.Unlock()
			return
		}
		l.mu.Unlock()
	}
	budget.Give(n)
}

func (l *lease) release() {
	l.mu.Lock()
	b, n := l.budget, l.held
	l.held, l.done = 0, true
	l.mu.Unlock()
	b.Give(n)
}
