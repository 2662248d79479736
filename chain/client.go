package chain

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/infernode/infernode/internal/promreg"
)

// Options configure a Client. Zero values take the documented defaults.
type Options struct {
	// Timeout bounds every call (chain.rpc.timeout). Default 10s.
	Timeout time.Duration
	// LogsTimeout bounds eth_getLogs, which may scan many blocks.
	// Default 3 × Timeout.
	LogsTimeout time.Duration
	// MaxHeadLag is how many blocks an endpoint's head may trail the
	// best endpoint's before it is taken out of rotation
	// (chain.rpc.max_head_lag). Default 5.
	MaxHeadLag uint64
	// PollInterval paces Run's comparison of endpoint heads (only with
	// several endpoints). Default 1s.
	PollInterval time.Duration
	// MaxBackoff caps the wait before a dead endpoint is tried again and
	// a rate-limited one without Retry-After. Default 30s.
	MaxBackoff time.Duration
	// ChainID is the chain the endpoints must serve (chain.chain_id); nil:
	// the id they agree on (Quorum of them), or the only one reported.
	ChainID *big.Int
	// Quorum is how many endpoints must report a head, same number and
	// hash, before it is followed, and (when two or more) whether spending
	// reads are confirmed on a second endpoint (chain.rpc.quorum). 0: 2
	// with two or more endpoints, else 1.
	Quorum int
	// MaxClockSkew: a head whose timestamp is further ahead of the local
	// clock is not followed (chain.rpc.max_clock_skew). 0: not checked
	// (the configuration's default is 30s).
	MaxClockSkew time.Duration
	// ConfirmTimeout is how long a confirmation waits for an endpoint
	// that has not reached the block a read is pinned to, or is slow to
	// answer, before the endpoints that have it confirm it alone
	// (chain.rpc.confirm_timeout). Default 2s.
	ConfirmTimeout time.Duration
	// Registry receives the endpoint gauges (nil: not registered).
	Registry prometheus.Registerer
	Logger   *slog.Logger
	// Now is the clock (tests); default time.Now.
	Now func() time.Time
}

func (o *Options) defaults() {
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	if o.LogsTimeout <= 0 {
		o.LogsTimeout = 3 * o.Timeout
	}
	if o.MaxHeadLag == 0 {
		o.MaxHeadLag = 5
	}
	if o.PollInterval <= 0 {
		o.PollInterval = time.Second
	}
	if o.MaxBackoff <= 0 {
		o.MaxBackoff = 30 * time.Second
	}
	if o.ConfirmTimeout <= 0 {
		o.ConfirmTimeout = 2 * time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
}

// Client is the node's chain client over one or more JSON-RPC endpoints
// of the same chain. Reads go to the healthy endpoint with the highest
// head; an endpoint that fails (transport, timeout, 5xx, internal error)
// or trails by more than MaxHeadLag blocks leaves the rotation and is
// tried again with back-off until it answers; one answering 429 is left
// alone for its Retry-After without being counted dead. Transactions go
// to every healthy endpoint. Every call has a deadline. Safe for
// concurrent use; Close releases the connections.
type Client struct {
	o    Options
	eps  []*endpoint
	t    trust
	cb   confirmBatch
	sent sentNonces

	stateGauge *prometheus.GaugeVec
	headGauge  *prometheus.GaugeVec
}

var _ Backend = (*Client)(nil)

// Dial connects to every URL in urls (chain.rpc_urls). An endpoint that
// cannot be dialled now (a WebSocket that refuses) is kept and dialled
// again when it is next tried; Dial fails only on a malformed URL. http(s)
// endpoints poll heads, ws(s) ones can push them.
func Dial(ctx context.Context, urls []string, o Options) (*Client, error) {
	if len(urls) == 0 {
		return nil, errors.New("chain: no RPC URL")
	}
	c := newClient(o)
	for i, u := range urls {
		e := &endpoint{index: i, url: u, name: Redact(u), state: Alive, owned: true}
		lower := strings.ToLower(u)
		if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") &&
			!strings.HasPrefix(lower, "ws://") && !strings.HasPrefix(lower, "wss://") {
			return nil, fmt.Errorf("chain: RPC URL %d (%s): want http(s):// or ws(s)://", i, e.name)
		}
		e.ws = strings.HasPrefix(lower, "ws")
		if err := c.connect(ctx, e); err != nil {
			c.o.Logger.Warn("chain: endpoint not reachable yet", "endpoint", i, "url", e.name, "err", err)
			e.state, e.until = Dead, c.o.Now()
		}
		c.eps = append(c.eps, e)
	}
	c.quorum()
	if err := c.checkChainIDs(ctx); err != nil {
		c.Close()
		return nil, err
	}
	c.publish()
	return c, nil
}

// quorum settles Options.Quorum's default once the endpoints are known.
func (c *Client) quorum() {
	if c.o.Quorum <= 0 {
		c.o.Quorum = min(2, len(c.eps))
	}
	c.o.Quorum = min(c.o.Quorum, len(c.eps))
}

// NewClient wraps connected RPC clients (in-process, IPC, or dialled by
// the caller) as endpoints; names are what logs show for each. The caller
// keeps closing them.
func NewClient(rcs []*rpc.Client, names []string, o Options) *Client {
	c := newClient(o)
	for i, rc := range rcs {
		c.eps = append(c.eps, &endpoint{index: i, name: names[i], rc: rc, ec: ethclient.NewClient(rc), state: Alive})
	}
	c.quorum()
	c.t.chainID = o.ChainID
	c.publish()
	return c
}

func newClient(o Options) *Client {
	o.defaults()
	c := &Client{o: o,
		stateGauge: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "infernode_chain_endpoint_state",
			Help: "State of each chain RPC endpoint, by its index in chain.rpc_urls: 1 for the state it is in (alive, rate_limited, lagging, dead), 0 for the others."}, []string{"endpoint", "state"}),
		headGauge: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "infernode_chain_endpoint_head",
			Help: "Latest block number each chain RPC endpoint reported, by index."}, []string{"endpoint"}),
	}
	if o.Registry != nil {
		// A clash leaves the gauge unregistered: the client still works.
		if g, err := promreg.Register(o.Registry, c.stateGauge); err == nil {
			c.stateGauge = g
		}
		if g, err := promreg.Register(o.Registry, c.headGauge); err == nil {
			c.headGauge = g
		}
	}
	return c
}

// connect dials e (HTTP: no round trip; WebSocket: a handshake).
func (c *Client) connect(ctx context.Context, e *endpoint) error {
	ctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
	defer cancel()
	opts := []rpc.ClientOption{}
	if !e.ws {
		opts = append(opts, rpc.WithHTTPClient(&http.Client{Transport: &retryAfterTransport{base: http.DefaultTransport, e: e}}))
	}
	rc, err := rpc.DialOptions(ctx, e.url, opts...)
	if err != nil {
		return redactErr(err, e.url)
	}
	e.rc, e.ec = rc, ethclient.NewClient(rc)
	return nil
}

// Close closes the connections Dial made (not those given to NewClient).
func (c *Client) Close() {
	for _, e := range c.eps {
		if e.rc != nil && e.owned {
			e.rc.Close()
		}
	}
}

// Len is the number of endpoints.
func (c *Client) Len() int { return len(c.eps) }

// EndpointStatus is one endpoint's health, by index: never its URL.
type EndpointStatus struct {
	Index int    `json:"index"`
	State string `json:"state"`
	Head  uint64 `json:"head"`
	// Reason is why it is out of rotation when a check put it there
	// (wrong_chain, faulty, distrusted).
	Reason string `json:"reason,omitempty"`
}

// Endpoints reports every endpoint's state.
func (c *Client) Endpoints() []EndpointStatus {
	out := make([]EndpointStatus, len(c.eps))
	for i, e := range c.eps {
		_, head, _ := e.snapshot()
		st := e.shown()
		out[i] = EndpointStatus{Index: i, State: st.String(), Head: head}
		if st == WrongChain || st == Faulty || st == Distrusted {
			out[i].Reason = e.reason()
		}
	}
	return out
}

// Up reports whether some endpoint is in rotation (alive or lagging, of
// the right chain, trusted).
func (c *Client) Up() bool {
	for _, e := range c.eps {
		if st, _, _ := e.snapshot(); (st == Alive || st == Lagging) && e.usable() {
			return true
		}
	}
	return false
}

// publish sets the endpoint gauges.
func (c *Client) publish() {
	for _, e := range c.eps {
		_, head, _ := e.snapshot()
		st := e.shown()
		idx := fmt.Sprint(e.index)
		for s, name := range stateNames {
			v := 0.0
			if State(s) == st {
				v = 1
			}
			c.stateGauge.WithLabelValues(idx, name).Set(v)
		}
		c.headGauge.WithLabelValues(idx).Set(float64(head))
	}
}

// candidates returns the endpoints a call may use now, best first: alive
// by head (highest first), then lagging; only when none is in rotation,
// the rate-limited and dead ones whose back-off has ended.
func (c *Client) candidates() []*endpoint {
	now := c.o.Now()
	type cand struct {
		e    *endpoint
		st   State
		head uint64
	}
	var in, out []cand
	for _, e := range c.eps {
		st, head, until := e.snapshot()
		if !e.usable() {
			continue
		}
		switch {
		case st == Alive || st == Lagging:
			in = append(in, cand{e, st, head})
		case !now.Before(until):
			out = append(out, cand{e, st, head})
		}
	}
	slices.SortStableFunc(in, func(a, b cand) int {
		if a.st != b.st {
			return int(a.st) - int(b.st)
		}
		switch {
		case a.head > b.head:
			return -1
		case a.head < b.head:
			return 1
		}
		return 0
	})
	if len(in) == 0 {
		in = out
	}
	es := make([]*endpoint, len(in))
	for i, x := range in {
		es[i] = x.e
	}
	return es
}

// report records the outcome of a call on e and returns err redacted.
func (c *Client) report(ctx context.Context, e *endpoint, err error) (outcome, error) {
	err = redactErr(err, e.url)
	oc := classify(ctx, err)
	e.mu.Lock()
	prev := e.state
	switch oc {
	case answered:
		if e.state == Dead || e.state == Limited {
			e.state = Alive
		}
		e.fails = 0
	case limited:
		wait := e.retryAfter
		e.retryAfter = 0
		e.fails++
		if wait <= 0 {
			wait = c.backoff(e.fails)
		}
		e.state, e.until = Limited, c.o.Now().Add(min(wait, c.o.MaxBackoff))
	case failed:
		e.idChecked = false // read its chain id again when it is back
		e.fails++
		e.state, e.until = Dead, c.o.Now().Add(c.backoff(e.fails))
	}
	now := e.state
	e.mu.Unlock()
	if now != prev {
		c.transition(e, prev, now, err)
	}
	return oc, err
}

func (c *Client) transition(e *endpoint, from, to State, err error) {
	c.publish()
	if to == Alive {
		c.o.Logger.Info("chain: endpoint back in rotation", "endpoint", e.index, "url", e.name, "was", from)
		return
	}
	c.o.Logger.Warn("chain: endpoint out of rotation", "endpoint", e.index, "url", e.name, "state", to, "err", err)
}

// backoff is 1s, 2s, 4s … up to MaxBackoff after n consecutive failures.
func (c *Client) backoff(n int) time.Duration {
	d := time.Second << min(max(n-1, 0), 10)
	return min(d, c.o.MaxBackoff)
}

// do runs f on the best endpoint, then the next ones while endpoints fail
// or are rate limited, each try bounded by timeout.
func do[T any](ctx context.Context, c *Client, timeout time.Duration, f func(context.Context, *endpoint) (T, error)) (T, error) {
	var zero T
	var errs []error
	for _, e := range c.candidates() {
		if e.ec == nil {
			if err := c.connect(ctx, e); err != nil {
				c.report(ctx, e, err)
				errs = append(errs, fmt.Errorf("endpoint %d (%s): %w", e.index, e.name, err))
				continue
			}
		}
		if err := c.checkID(ctx, e); err != nil {
			errs = append(errs, fmt.Errorf("endpoint %d (%s): %w", e.index, e.name, err))
			continue
		}
		tctx, cancel := context.WithTimeout(ctx, timeout)
		v, err := f(tctx, e)
		cancel()
		oc, err := c.report(ctx, e, err)
		if oc == answered {
			return v, err
		}
		errs = append(errs, fmt.Errorf("endpoint %d (%s): %w", e.index, e.name, err))
		if ctx.Err() != nil {
			break
		}
	}
	if len(errs) == 0 {
		return zero, ErrNoEndpoint
	}
	return zero, fmt.Errorf("%w: %w", ErrNoEndpoint, errors.Join(errs...))
}
