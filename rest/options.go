package rest

import (
	"log/slog"
	"net/http"
	"net/netip"
	"time"

	"github.com/infernode/infernode/ratelimit"
	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel/trace"
)

// Options configures the REST server. Zero values take the documented
// defaults.
type Options struct {
	// Logger receives one structured line per request. Default: slog.Default().
	Logger *slog.Logger
	// MaxBodyBytes caps request bodies (413 beyond). Default 16 MiB.
	MaxBodyBytes int64
	// RateLimit allows RateLimit requests per RatePeriod per client and
	// route (429 beyond). Zero disables rate limiting. RatePeriod defaults
	// to one second when RateLimit is set.
	RateLimit  int
	RatePeriod time.Duration
	// RateLimitIPv6Prefix keys IPv6 clients' buckets by this many leading
	// bits of their address (server.rate_limit_ipv6_prefix). Default 64.
	RateLimitIPv6Prefix int
	// BodyBudget bounds the bytes of request bodies being read at once,
	// node-wide (server.max_body_bytes_in_flight; 503 with Retry-After
	// beyond). Share one with the node's other front doors. Nil: no bound
	// beyond MaxBodyBytes per request.
	BodyBudget *ratelimit.Bytes
	// ReplyBudget is the node's budget of container reply bytes held at
	// once (server.max_reply_bytes_in_flight), which charges the OIP
	// replies it relays (OIPReply.Release); the front door charges a
	// compressed copy of a reply to it too, and sends the reply as it is
	// when there is no room for the copy. Nil: no bound.
	ReplyBudget *ratelimit.Bytes
	// MaxBatchItems caps the items of one POST /api/jobs/batch (413 Batch
	// too large beyond). Default 1,000.
	MaxBatchItems int
	// MaxIDs caps the ids of one GET /api/jobs?id=... (400 beyond).
	// Default 1,000.
	MaxIDs int
	// MaxWaits caps the GET /api/jobs?wait=... requests held at once; a
	// wait beyond it is answered at once with the jobs as they are, as if
	// no wait had been asked for. Default 1,000.
	MaxWaits int
	// WriteTimeout is the server's write timeout (http.Server): a stream
	// pushes the connection's write deadline this far ahead before each
	// chunk, so that a long stream is not cut by it. Zero: not touched.
	WriteTimeout time.Duration
	// Hosts are the host names (server.hosts) the node answers to besides
	// IP literals and localhost; any other Host header is answered 421.
	Hosts []string
	// StatusNetworks are prefixes besides loopback allowed to PUT /api/status.
	StatusNetworks []netip.Prefix
	// TrustedProxies are the peers whose X-Forwarded-For header is believed:
	// a request from one of them is attributed to the right-most address in
	// the header that is not itself a trusted proxy. Default: none, the
	// client is always the connection's remote address.
	TrustedProxies []netip.Prefix
	// Registry receives the HTTP metrics and is served at /metrics.
	// Default: a fresh registry.
	Registry *prometheus.Registry
	// OIP serves the Open Inference Protocol's /v2 routes. Default: none,
	// no /v2 routes.
	OIP OIPBackend
	// OpenAI serves the OpenAI-compatible /v1 routes. Default: none, no
	// /v1 routes.
	OpenAI OpenAIBackend
	// Console serves the operator console's paths (console.Paths: GET
	// /console and its files), behind the same host check, rate limit and
	// metrics as every route. Default: none.
	Console http.Handler
	// Tracer provider for request spans. Default: the global provider.
	TracerProvider trace.TracerProvider

	// now is the clock of the rate limiter (tests). Default time.Now.
	now func() time.Time
}

// Defaults for the zero values of Options.
const (
	DefaultMaxBodyBytes  = 16 << 20
	DefaultMaxBatchItems = 1000
	DefaultMaxIDs        = 1000
	DefaultMaxWaits      = 1000
)

// maxQueryParams is the most query parameters a request may carry, as
// net/url parses them (more is a 400, not a silently truncated query).
const maxQueryParams = 10000

// Constructor (implemented in server.go):
//
//	func New(b Backend, opts Options) http.Handler
