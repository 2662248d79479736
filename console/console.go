// Package console is the node's operator console, served at /console: one
// read-only page, embedded in the binary (no build step, nothing fetched
// from the internet), that shows the node at a glance and refreshes itself
// every second. The page reads what the API already serves to the same
// caller under the same rules (GET /info, the caller's own jobs at
// /api/jobs) and GET /console/state: /health's verdict, a digest of the
// node's Prometheus metrics (what /metrics serves) and its recent chain
// events (Events). It holds nothing a caller
// can grow: the events are a fixed ring, the digest is built per request
// from a fixed list of metric names.
package console

import (
	"context"
	"embed"
	"encoding/json"
	"io/fs"
	"net/http"
	"slices"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
)

//go:embed static
var static embed.FS

// Options configure the console.
type Options struct {
	// Gatherer is the node's metrics registry (what /metrics serves).
	Gatherer prometheus.Gatherer
	// Events are the node's recent chain events; nil: none shown.
	Events *Events
	// Health is the node's health, as GET /health judges it (nil: not
	// shown). The state carries it so that the page never fetches a 503
	// (which a browser reports as an error) from an unhealthy node.
	Health func(context.Context) error
	// Now is the clock; nil: time.Now.
	Now func() time.Time
}

// Paths the console answers, under the node's router (GET and HEAD).
const (
	PathPage  = "/console"
	PathState = "/console/state"
	PathApp   = "/console/app.js"
	PathStyle = "/console/style.css"
)

// Paths lists every path New answers.
var Paths = []string{PathPage, PathState, PathApp, PathStyle}

// New returns the console's handler for Paths.
func New(o Options) http.Handler {
	if o.Now == nil {
		o.Now = time.Now
	}
	sub, _ := fs.Sub(static, "static")
	mux := http.NewServeMux()
	file := func(name, ctype string) http.HandlerFunc {
		body, err := fs.ReadFile(sub, name)
		if err != nil {
			panic("console: embedded " + name + " missing: " + err.Error()) // a build mistake, found by any test
		}
		return func(w http.ResponseWriter, _ *http.Request) {
			secure(w.Header())
			w.Header().Set("Content-Type", ctype)
			w.Header().Set("Cache-Control", "no-cache")
			_, _ = w.Write(body)
		}
	}
	mux.HandleFunc("GET "+PathPage, file("index.html", "text/html; charset=utf-8"))
	mux.HandleFunc("GET "+PathApp, file("app.js", "text/javascript; charset=utf-8"))
	mux.HandleFunc("GET "+PathStyle, file("style.css", "text/css; charset=utf-8"))
	mux.HandleFunc("GET "+PathState, func(w http.ResponseWriter, r *http.Request) {
		secure(w.Header())
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		_ = json.NewEncoder(w).Encode(o.state(r.Context()))
	})
	return mux
}

// secure sets headers that keep the page to its own origin: no script,
// style or connection elsewhere, no framing.
func secure(h http.Header) {
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
}

// State is what GET /console/state answers.
type State struct {
	Time time.Time `json:"time"`
	// Healthy and Reason are GET /health's answer.
	Healthy bool   `json:"healthy"`
	Reason  string `json:"reason,omitempty"`
	// Metrics are the console's metric families (Digested) by name: each
	// sample's labels and value.
	Metrics map[string][]Sample `json:"metrics"`
	// Events are the recent chain events, oldest first.
	Events []Event `json:"events"`
}

// Sample is one series' value.
type Sample struct {
	Labels map[string]string `json:"labels,omitempty"`
	Value  float64           `json:"value"`
}

// Digested are the metric families the console shows (counters and
// gauges; histograms are Grafana's).
var Digested = []string{
	"infernode_chain_endpoint_head", "infernode_chain_endpoint_state", "infernode_wallet_balance_wei",
	"infernode_relay_txs_in_flight", "infernode_relay_subscriptions", "infernode_relay_lag_blocks",
	"infernode_relay_deliveries_total", "infernode_relay_reverts_total", "infernode_relay_guarded_total",
	"infernode_relay_held_total", "infernode_relay_unpaid_gas_day",
	"infernode_cache_requests_total", "infernode_cache_bytes",
	"infernode_jobs_submitted_total", "infernode_jobs_finished_total", "infernode_jobs_pending", "infernode_jobs_rejected_total",
	"infernode_llm_tokens_total", "infernode_fleet_members", "infernode_fleet_claims_total", "infernode_fleet_takeovers_total",
}

func (o Options) state(ctx context.Context) State {
	st := State{Time: o.Now().UTC(), Metrics: map[string][]Sample{}, Events: []Event{}, Healthy: true}
	if o.Health != nil {
		if err := o.Health(ctx); err != nil {
			st.Healthy, st.Reason = false, err.Error()
		}
	}
	if o.Events != nil {
		st.Events = o.Events.Recent()
	}
	if o.Gatherer == nil {
		return st
	}
	mfs, _ := o.Gatherer.Gather() // a partial gather still shows what it got
	for _, mf := range mfs {
		if !slices.Contains(Digested, mf.GetName()) {
			continue
		}
		samples := []Sample{}
		for _, m := range mf.GetMetric() {
			v, ok := value(mf.GetType(), m)
			if !ok {
				continue
			}
			s := Sample{Value: v}
			for _, l := range m.GetLabel() {
				if s.Labels == nil {
					s.Labels = map[string]string{}
				}
				s.Labels[l.GetName()] = l.GetValue()
			}
			samples = append(samples, s)
		}
		st.Metrics[mf.GetName()] = samples
	}
	return st
}

func value(t dto.MetricType, m *dto.Metric) (float64, bool) {
	switch t {
	case dto.MetricType_COUNTER:
		return m.GetCounter().GetValue(), true
	case dto.MetricType_GAUGE:
		return m.GetGauge().GetValue(), true
	case dto.MetricType_UNTYPED:
		return m.GetUntyped().GetValue(), true
	}
	return 0, false
}
