package telemetry

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/infernode/infernode/internal/promreg"
)

// Metrics are the node's job metrics. Container call latency is recorded by
// package executor (infernode_container_call_seconds) and HTTP metrics by
// package rest.
type Metrics struct {
	// Submitted counts accepted jobs by kind (offchain, stream, oip).
	Submitted *prometheus.CounterVec
	// Finished counts finished jobs by status (success, failed).
	Finished *prometheus.CounterVec
	// Rejected counts refused submissions by reason (busy, invalid).
	Rejected *prometheus.CounterVec
	// JobSeconds is the time from a worker picking a job to its result.
	JobSeconds prometheus.Histogram
}

// NewMetrics creates the job metrics and registers them, plus gauges for
// the queue depth and running jobs read through the given functions, with
// reg (nil: not registered, for tests).
func NewMetrics(reg prometheus.Registerer, queueDepth, running func() float64) (*Metrics, error) {
	m := &Metrics{
		Submitted: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "infernode_jobs_submitted_total", Help: "Jobs accepted, by kind.",
		}, []string{"kind"}),
		Finished: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "infernode_jobs_finished_total", Help: "Jobs finished, by status.",
		}, []string{"status"}),
		Rejected: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "infernode_jobs_rejected_total", Help: "Submissions refused, by reason.",
		}, []string{"reason"}),
		JobSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "infernode_job_seconds", Help: "Time from a worker taking a job to its stored result.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 20),
		}),
	}
	if reg == nil {
		return m, nil
	}
	// A registry reused by a restarted node keeps counting in the
	// collectors it already has.
	for _, c := range []*prometheus.CounterVec{m.Submitted, m.Finished, m.Rejected} {
		existing, err := register(reg, c)
		if err != nil {
			return nil, err
		}
		switch c {
		case m.Submitted:
			m.Submitted = existing.(*prometheus.CounterVec)
		case m.Finished:
			m.Finished = existing.(*prometheus.CounterVec)
		case m.Rejected:
			m.Rejected = existing.(*prometheus.CounterVec)
		}
	}
	h, err := register(reg, m.JobSeconds)
	if err != nil {
		return nil, err
	}
	m.JobSeconds = h.(prometheus.Histogram)
	if queueDepth != nil {
		if _, err := register(reg, prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "infernode_job_queue_depth", Help: "Accepted jobs waiting for a worker.",
		}, queueDepth)); err != nil {
			return nil, err
		}
	}
	if running != nil {
		if _, err := register(reg, prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "infernode_jobs_pending", Help: "Off-chain jobs not yet finished.",
		}, running)); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// register registers c, or returns the collector already registered in its
// place.
func register(reg prometheus.Registerer, c prometheus.Collector) (prometheus.Collector, error) {
	return promreg.Register(reg, c)
}

// Reuse registers c in reg and returns it, or the identical collector a
// previous server registered there (a server built twice on one registry);
// any other clash is a programming error and panics.
func Reuse[C prometheus.Collector](reg prometheus.Registerer, c C) C {
	got, err := promreg.Register(reg, c)
	if err != nil {
		panic(err.Error())
	}
	return got
}
