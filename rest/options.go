package rest

import (
	"log/slog"
	"net/netip"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel/trace"
)

// Options configures the REST server. Zero values take the documented
// defaults.
type Options struct {
	// Logger receives one structured line per request. Default: slog.Default().
	Logger *slog.Logger
	// MaxBodyBytes caps request bodies (413 beyond). Default 1 MiB.
	MaxBodyBytes int64
	// RateLimit allows RateLimit requests per RatePeriod per client and
	// route (429 beyond). Zero disables rate limiting. RatePeriod defaults
	// to one second when RateLimit is set.
	RateLimit  int
	RatePeriod time.Duration
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
	// Tracer provider for request spans. Default: the global provider.
	TracerProvider trace.TracerProvider

	// now is the clock of the rate limiter (tests). Default time.Now.
	now func() time.Time
}

// DefaultMaxBodyBytes is the body limit when Options.MaxBodyBytes is zero.
const DefaultMaxBodyBytes = 1 << 20

// Constructor (implemented in server.go):
//
//	func New(b Backend, opts Options) http.Handler
