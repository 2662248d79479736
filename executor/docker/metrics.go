package docker

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/infernode/infernode/internal/promreg"
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
	if m.restarts, err = promreg.Register(reg, m.restarts); err != nil {
		return nil, err
	}
	if m.ready, err = promreg.Register(reg, m.ready); err != nil {
		return nil, err
	}
	if m.readySeconds, err = promreg.Register(reg, m.readySeconds); err != nil {
		return nil, err
	}
	return m, nil
}

// Describe and Collect make the Runtime a prometheus.Collector of its own
// metrics, for a caller that registers the runtime itself rather than
// passing Options.Registerer (do one or the other, not both).
func (r *Runtime) Describe(ch chan<- *prometheus.Desc) { describe(ch, r.metrics.collectors()) }

// Collect implements prometheus.Collector; see Describe.
func (r *Runtime) Collect(ch chan<- prometheus.Metric) { collect(ch, r.metrics.collectors()) }

func (m *metrics) collectors() []prometheus.Collector {
	return []prometheus.Collector{m.restarts, m.ready, m.readySeconds}
}

func describe(ch chan<- *prometheus.Desc, cs []prometheus.Collector) {
	for _, c := range cs {
		c.Describe(ch)
	}
}

func collect(ch chan<- prometheus.Metric, cs []prometheus.Collector) {
	for _, c := range cs {
		c.Collect(ch)
	}
}

var _ prometheus.Collector = (*Runtime)(nil)

// swarmMetrics are the Swarm runtime's series: the Docker runtime's (ready
// when any replica is, restarts counting failed tasks, time to the first
// ready replica) and the replica counts.
type swarmMetrics struct {
	*metrics
	replicas *prometheus.GaugeVec
	drops    *prometheus.CounterVec
}

func newSwarmMetrics(reg prometheus.Registerer) (*swarmMetrics, error) {
	base, err := newMetrics(reg)
	if err != nil {
		return nil, err
	}
	m := &swarmMetrics{
		metrics: base,
		replicas: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "infernode_docker_service_replicas",
			Help: "Replicas of a container's Swarm service: desired (configured), running (tasks the engine reports running), ready (answering; jobs go to these).",
		}, []string{"container", "state"}),
		drops: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "infernode_docker_replica_drops_total",
			Help: "Replicas dropped from balancing because a connection to them failed.",
		}, []string{"container"}),
	}
	if reg == nil {
		return m, nil
	}
	if m.replicas, err = promreg.Register(reg, m.replicas); err != nil {
		return nil, err
	}
	if m.drops, err = promreg.Register(reg, m.drops); err != nil {
		return nil, err
	}
	return m, nil
}

// Describe and Collect make the Swarm runtime a prometheus.Collector of
// its metrics, as Runtime's do.
func (w *Swarm) Describe(ch chan<- *prometheus.Desc) { describe(ch, w.metrics.collectors()) }

// Collect implements prometheus.Collector; see Describe.
func (w *Swarm) Collect(ch chan<- prometheus.Metric) { collect(ch, w.metrics.collectors()) }

func (m *swarmMetrics) collectors() []prometheus.Collector {
	return append(m.metrics.collectors(), m.replicas, m.drops)
}

var _ prometheus.Collector = (*Swarm)(nil)
