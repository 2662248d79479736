package chain

import (
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
)

// State is where one endpoint stands.
type State int

const (
	// Alive: answering, head within MaxHeadLag of the best.
	Alive State = iota
	// Limited: answered 429; used again once its back-off ends.
	Limited
	// Lagging: answering, but its head is more than MaxHeadLag behind
	// the best endpoint's.
	Lagging
	// Dead: failed (transport, timeout, 5xx, internal error); probed
	// until it answers.
	Dead
	// Distrusted: answering and passing every objective check, but
	// outvoted: ahead of the quorum's head or on another fork than the
	// quorum's. Not read from until it agrees again.
	Distrusted
	// WrongChain: reports another chain id; out of rotation for good.
	WrongChain
	// Faulty: fails an objective check (a block timestamped ahead of the
	// local clock, a chain without a block the node followed): treated as
	// a dead endpoint, out of rotation and out of the quorum, until it
	// passes again.
	Faulty
)

var stateNames = [...]string{Alive: "alive", Limited: "rate_limited", Lagging: "lagging", Dead: "dead",
	Distrusted: "distrusted", WrongChain: "wrong_chain", Faulty: "faulty"}

func (s State) String() string { return stateNames[s] }

// endpoint is one RPC URL and its health. The URL is never shown; Name is.
type endpoint struct {
	index int
	name  string // Redact(url)
	url   string
	rc    *rpc.Client
	ec    *ethclient.Client
	ws    bool // dialled over WebSocket (no HTTP transport to watch)
	owned bool // Close closes rc (dialled here)

	mu         sync.Mutex
	state      State
	head       uint64
	until      time.Time // Limited: the back-off's end
	fails      int       // consecutive failures, for the probe's back-off
	retryAfter time.Duration
	wrong      bool   // reports another chain id: out for good
	idChecked  bool   // its chain id was read since it last failed
	distrust   string // why it is outvoted now; "" while trusted
	faulty     string // the objective check it fails now; "" while it passes
	// slow: its last answer took longer than ConfirmTimeout; reads do
	// not wait for it (it is still asked, and its late answers checked).
	slow bool

	noOverride atomic.Bool // refused an eth_call state override: ReadCallContract batches
}

func (e *endpoint) snapshot() (State, uint64, time.Time) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.state, e.head, e.until
}

// shown is the state reports and gauges show: the trust verdicts over the
// connection state.
func (e *endpoint) shown() State {
	e.mu.Lock()
	defer e.mu.Unlock()
	switch {
	case e.wrong:
		return WrongChain
	case e.faulty != "" && (e.state == Alive || e.state == Lagging):
		return Faulty
	case e.distrust != "" && (e.state == Alive || e.state == Lagging):
		return Distrusted
	}
	return e.state
}

// reason is why e is out of rotation, when a check put it there.
func (e *endpoint) reason() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	switch {
	case e.wrong:
		return "serves another chain id"
	case e.faulty != "":
		return e.faulty
	}
	return e.distrust
}

// usable: of the right chain, passing the objective checks, not
// outvoted.
func (e *endpoint) usable() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return !e.wrong && e.faulty == "" && e.distrust == ""
}

// retryAfterTransport records an HTTP 429's Retry-After on its endpoint
// (go-ethereum's rpc.HTTPError keeps no headers).
type retryAfterTransport struct {
	base http.RoundTripper
	e    *endpoint
}

func (t *retryAfterTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err == nil && resp.StatusCode == http.StatusTooManyRequests {
		d := parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
		t.e.mu.Lock()
		t.e.retryAfter = d
		t.e.mu.Unlock()
	}
	return resp, err
}

// parseRetryAfter reads seconds or an HTTP date; 0 when absent or bad.
func parseRetryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
