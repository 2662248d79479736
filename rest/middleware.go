package rest

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/telemetry"
	"github.com/infernode/infernode/ratelimit"
)

type ctxKey int

const clientKey ctxKey = iota

// clientOf is the caller's identity set by the identify middleware.
func clientOf(r *http.Request) string {
	if c, ok := r.Context().Value(clientKey).(string); ok {
		return c
	}
	return ""
}

// remoteIP parses the host of RemoteAddr, unmapping IPv4-in-IPv6.
func remoteIP(remoteAddr string) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	host, _, _ = strings.Cut(host, "%") // zone
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap(), true
}

func inAny(a netip.Addr, ps []netip.Prefix) bool {
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// clientAddr resolves the caller's address: the peer, or behind a trusted
// proxy the right-most forwarded address that is not a trusted proxy. A
// trusted proxy's X-Forwarded-For that holds a value that is not an
// address is an error (400): the caller is then unknown, and falling back
// to the proxy's own address would promote everyone behind a local proxy
// to loopback. A request from a trusted proxy without the header is the
// proxy's own.
func (s *server) clientAddr(r *http.Request) (netip.Addr, bool, *job.Error) {
	a, ok := remoteIP(r.RemoteAddr)
	if !ok || len(s.opts.TrustedProxies) == 0 || !inAny(a, s.opts.TrustedProxies) {
		return a, ok, nil
	}
	vals := r.Header.Values("X-Forwarded-For")
	if len(vals) == 0 {
		return a, true, nil
	}
	hops := strings.Split(strings.Join(vals, ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		h, ok := forwardedAddr(hops[i])
		if !ok {
			return netip.Addr{}, false, invalid("X-Forwarded-For",
				fmt.Sprintf("X-Forwarded-For from a trusted proxy holds %q, which is not an IP address", truncate(strings.TrimSpace(hops[i]), 64)))
		}
		a = h
		if !inAny(a, s.opts.TrustedProxies) {
			break
		}
	}
	return a, true, nil
}

// forwardedAddr parses one X-Forwarded-For element: an IP address, or an
// address with a port as some proxies write it ("192.0.2.1:4711",
// "[2001:db8::1]:4711").
func forwardedAddr(h string) (netip.Addr, bool) {
	h = strings.TrimSpace(h)
	if a, err := netip.ParseAddr(h); err == nil && a.Zone() == "" {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(h); err == nil && ap.Addr().Zone() == "" {
		return ap.Addr().Unmap(), true
	}
	return netip.Addr{}, false
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// statusWriter records the status and size of a response and keeps
// Flush and http.ResponseController working through it.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
	// reason is the start of an error answer's body (status 400 and up),
	// which the request's log line carries: why it was refused.
	reason []byte
}

// maxReason bounds the logged reason of a refused request.
const maxReason = 300

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	if w.status >= 400 && len(w.reason) < maxReason {
		w.reason = append(w.reason, b[:min(n, maxReason-len(w.reason))]...)
	}
	return n, err
}

func (w *statusWriter) Flush() { _ = http.NewResponseController(w.ResponseWriter).Flush() }

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// httpMetrics are the server's Prometheus collectors.
type httpMetrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	inFlight prometheus.Gauge
	limited  *prometheus.CounterVec
}

func newHTTPMetrics(reg prometheus.Registerer) *httpMetrics {
	return &httpMetrics{
		requests: telemetry.Reuse(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "infernode", Subsystem: "http", Name: "requests_total",
			Help: "HTTP requests answered, by method, route pattern and status code.",
		}, []string{"method", "route", "status"})),
		duration: telemetry.Reuse(reg, prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "infernode", Subsystem: "http", Name: "request_duration_seconds",
			Help:    "Time to answer an HTTP request (streams: until the stream ends), by method and route pattern.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"method", "route"})),
		inFlight: telemetry.Reuse(reg, prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: "infernode", Subsystem: "http", Name: "requests_in_flight",
			Help: "HTTP requests being answered.",
		})),
		limited: newLimitedCounter(reg),
	}
}

// newLimitedCounter is infernode_http_limited_total, shared by the handler
// (waits) and LimitListener (connections).
func newLimitedCounter(reg prometheus.Registerer) *prometheus.CounterVec {
	return telemetry.Reuse(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: "infernode", Subsystem: "http", Name: "limited_total",
		Help: "Times a server limit was reached, by limit: connections (server.max_connections; new connections wait), waits (server.max_waits; the wait is answered at once) and body_bytes (server.max_body_bytes_in_flight; the request is answered 503).",
	}, []string{"limit"}))
}

// observe is the outermost middleware: client identity, server span,
// metrics, one log line per request, and panic recovery.
func (s *server) observe(next http.Handler) http.Handler {
	tracer := s.tracer
	prop := otel.GetTextMapPropagator()
	if prop == nil {
		prop = propagation.TraceContext{}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		s.metrics.inFlight.Inc()
		defer s.metrics.inFlight.Dec()

		method := methodLabel(r.Method)
		addr, ok, fwdErr := s.clientAddr(r)
		client := "unknown"
		if ok {
			client = addr.String()
		}
		ctx := prop.Extract(r.Context(), propagation.HeaderCarrier(r.Header))
		ctx, span := tracer.Start(ctx, "HTTP "+method,
			trace.WithSpanKind(trace.SpanKindServer),
			trace.WithAttributes(
				attribute.String("http.request.method", method),
				attribute.String("url.path", r.URL.Path),
				attribute.String("client.address", client),
			))
		ctx = context.WithValue(ctx, clientKey, client)
		sw := &statusWriter{ResponseWriter: w}
		r = r.WithContext(ctx)

		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					span.End()
					panic(p)
				}
				s.log.LogAttrs(ctx, slog.LevelError, "panic while answering request",
					slog.Any("panic", p), slog.String("stack", stack()),
					slog.String("method", r.Method), slog.String("path", r.URL.Path))
				if sw.status == 0 {
					writeJSON(sw, http.StatusInternalServerError, errorBody{Error: msgInternal})
				}
				span.SetStatus(codes.Error, "panic")
			}
			status := sw.status
			if status == 0 {
				status = http.StatusOK
			}
			route := "unmatched"
			if rc := chi.RouteContext(r.Context()); rc != nil {
				if p := rc.RoutePattern(); p != "" {
					route = p
				}
			}
			d := time.Since(start)
			s.metrics.requests.WithLabelValues(method, route, strconv.Itoa(status)).Inc()
			s.metrics.duration.WithLabelValues(method, route).Observe(d.Seconds())

			span.SetName(method + " " + route)
			span.SetAttributes(attribute.String("http.route", route), attribute.Int("http.response.status_code", status))
			if status >= 500 {
				span.SetStatus(codes.Error, http.StatusText(status))
			}
			span.End()

			level := slog.LevelInfo
			if status >= 500 {
				level = slog.LevelError
			}
			if s.log.Enabled(ctx, level) {
				attrs := []slog.Attr{slog.String("method", method), slog.String("route", route),
					slog.Int("status", status), slog.Duration("duration", d),
					slog.String("client", client), slog.Int64("bytes", sw.bytes)}
				if len(sw.reason) > 0 {
					attrs = append(attrs, slog.String("reason", strings.TrimSpace(string(sw.reason))))
				}
				s.log.LogAttrs(ctx, level, "http request", attrs...)
			}
		}()
		if fwdErr != nil {
			// The header cannot be read, so the caller is unknown: answering
			// as the proxy instead could grant the proxy's privileges
			// (loopback) to anyone behind it.
			writeRejection(sw, fwdErr)
			return
		}
		next.ServeHTTP(sw, r)
	})
}

func stack() string { return string(debug.Stack()) }

// limited wraps a route's handler with the per-client, per-route limiter:
// the request costs one token here; a batch pays for its other items when
// it has been read (chargeItems).
func (s *server) limited(route string, h http.HandlerFunc) http.HandlerFunc {
	if s.limiter == nil {
		return h
	}
	return func(w http.ResponseWriter, r *http.Request) {
		ok, wait := s.limiter.Allow(s.rateKey(r, route), 1)
		if !ok {
			s.tooMany(w, wait, nil)
			return
		}
		h(w, r)
	}
}

// rateKey is the limiter's bucket of r's client on route: IPv6 clients
// share their /64 (server.rate_limit_ipv6_prefix).
func (s *server) rateKey(r *http.Request, route string) string {
	return ratelimit.ClientKey(clientOf(r), s.opts.RateLimitIPv6Prefix) + "\x00" + route
}

// chargeItems charges a batch's items beyond the one token its request
// paid: one token per job and per delegated subscription, so that a batch
// buys no more work than as many single requests. A batch larger than the
// bucket can never pass: 429 without Retry-After, naming the limit.
func (s *server) chargeItems(w http.ResponseWriter, r *http.Request, pattern string, items int) bool {
	if s.limiter == nil || items <= 1 {
		return true
	}
	route := http.MethodPost + " " + pattern
	if !s.limiter.Fits(items) {
		s.tooMany(w, 0, map[string]any{"items": items})
		return false
	}
	ok, wait := s.limiter.Allow(s.rateKey(r, route), items-1)
	if !ok {
		s.tooMany(w, wait, map[string]any{"items": items})
	}
	return ok
}

// tooMany answers 429 naming the limit; wait 0 sends no Retry-After (the
// request can never pass as it is).
func (s *server) tooMany(w http.ResponseWriter, wait time.Duration, extra map[string]any) {
	if wait > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(wait.Seconds())))))
	}
	// Name the limit, so that an operator (or bench's summary) can find
	// what to raise.
	params := map[string]any{
		"limit": "server.rate_limit", "num_requests": s.limiter.Limit(), "period": int(s.limiter.Period().Seconds()),
	}
	for k, v := range extra {
		params[k] = v
	}
	writeJSON(w, http.StatusTooManyRequests, errorBody{Error: msgTooMany, Params: params})
}
