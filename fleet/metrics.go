package fleet

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/infernode/infernode/internal/promreg"
)

// Metrics are the fleet's Prometheus collectors.
type Metrics struct {
	Members   prometheus.Gauge       // infernode_fleet_members
	Claims    *prometheus.CounterVec // infernode_fleet_claims_total{result="won|lost|fenced"}
	Takeovers prometheus.Counter     // infernode_fleet_takeovers_total
	Rejected  *prometheus.CounterVec // infernode_fleet_rejected_records_total{reason}
}

// NewMetrics builds the collectors and registers them with reg (nil: not
// registered).
func NewMetrics(reg prometheus.Registerer) (*Metrics, error) {
	m := &Metrics{
		Members: prometheus.NewGauge(prometheus.GaugeOpts{Name: "infernode_fleet_members",
			Help: "Live members of the fleet, as this member sees them."}),
		Claims: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "infernode_fleet_claims_total",
			Help: "Claims of an interval's redundancy slot, by result (won, lost to another member that sent, busy: held by another member not sent yet, fenced before the send)."}, []string{"result"}),
		Takeovers: prometheus.NewCounter(prometheus.CounterOpts{Name: "infernode_fleet_takeovers_total",
			Help: "Slots this member won that belonged to a member that left."}),
		Rejected: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "infernode_fleet_rejected_records_total",
			Help: "Member records ignored, by reason (malformed, no_lease, signature, fingerprint): forged, lease-less or from a member serving something else."}, []string{"reason"}),
	}
	for _, r := range []string{"won", "lost", "busy", "fenced"} {
		m.Claims.WithLabelValues(r)
	}
	for _, r := range []string{rejectMalformed, rejectNoLease, rejectSignature, rejectFingerprint} {
		m.Rejected.WithLabelValues(r)
	}
	if reg == nil {
		return m, nil
	}
	var err error
	if m.Members, err = promreg.Register(reg, m.Members); err != nil {
		return nil, err
	}
	if m.Claims, err = promreg.Register(reg, m.Claims); err != nil {
		return nil, err
	}
	if m.Takeovers, err = promreg.Register(reg, m.Takeovers); err != nil {
		return nil, err
	}
	if m.Rejected, err = promreg.Register(reg, m.Rejected); err != nil {
		return nil, err
	}
	return m, nil
}
