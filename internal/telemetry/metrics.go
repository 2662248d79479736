package telemetry

import (
	"errors"
	"fmt"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the node's job metrics. Container call latency is recorded by
// package executor (infernode_container_call_seconds) and HTTP metrics by
// package rest.
type Metrics struct {
	// Submitted counts accepted jobs by kind (offchain, stream).
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
	cs := []prometheus.Collector{m.Submitted, m.Finished, m.Rejected, m.JobSeconds}
	if queueDepth != nil {
		cs = append(cs, prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "infernode_job_queue_depth", Help: "Accepted jobs waiting for a worker.",
		}, queueDepth))
	}
	if running != nil {
		cs = append(cs, prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "infernode_jobs_pending", Help: "Off-chain jobs not yet finished.",
		}, running))
	}
	for _, c := range cs {
		if err := reg.Register(c); err != nil {
			var are prometheus.AlreadyRegisteredError
			if errors.As(err, &are) {
				continue
			}
			return nil, fmt.Errorf("register metrics: %w", err)
		}
	}
	return m, nil
}
