package docker

import (
	"errors"
	"fmt"

	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the runtime's Prometheus series, labelled by container id.
type metrics struct {
	restarts     *prometheus.CounterVec
	ready        *prometheus.GaugeVec
	readySeconds *prometheus.HistogramVec
}

func newMetrics(reg prometheus.Registerer) (*metrics, error) {
	m := &metrics{
		restarts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "infernode_docker_container_restarts_total",
			Help: "Restarts of a managed container by the node after it stopped.",
		}, []string{"container"}),
		ready: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "infernode_docker_container_ready",
			Help: "1 when the managed container answers HTTP and takes jobs, else 0.",
		}, []string{"container"}),
		readySeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "infernode_docker_container_ready_seconds",
			Help:    "Time from starting to bring a container up (image, create, start) to its first HTTP answer.",
			Buckets: prometheus.ExponentialBuckets(0.05, 2, 12),
		}, []string{"container"}),
	}
	if reg == nil {
		return m, nil
	}
	var err error
	if m.restarts, err = register(reg, m.restarts); err != nil {
		return nil, err
	}
	if m.ready, err = register(reg, m.ready); err != nil {
		return nil, err
	}
	if m.readySeconds, err = register(reg, m.readySeconds); err != nil {
		return nil, err
	}
	return m, nil
}

// register registers c, or returns the collector already registered under
// its name (a node that builds a second runtime on the same registry).
func register[C prometheus.Collector](reg prometheus.Registerer, c C) (C, error) {
	if err := reg.Register(c); err != nil {
		var are prometheus.AlreadyRegisteredError
		if errors.As(err, &are) {
			if existing, ok := are.ExistingCollector.(C); ok {
				return existing, nil
			}
		}
		return c, fmt.Errorf("register docker runtime metrics: %w", err)
	}
	return c, nil
}

// Describe and Collect make the Runtime a prometheus.Collector of its own
// metrics, for a caller that registers the runtime itself rather than
// passing Options.Registerer (do one or the other, not both).
func (r *Runtime) Describe(ch chan<- *prometheus.Desc) {
	r.metrics.restarts.Describe(ch)
	r.metrics.ready.Describe(ch)
	r.metrics.readySeconds.Describe(ch)
}

// Collect implements prometheus.Collector; see Describe.
func (r *Runtime) Collect(ch chan<- prometheus.Metric) {
	r.metrics.restarts.Collect(ch)
	r.metrics.ready.Collect(ch)
	r.metrics.readySeconds.Collect(ch)
}

var _ prometheus.Collector = (*Runtime)(nil)
