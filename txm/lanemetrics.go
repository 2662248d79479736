package txm

import (
	"math/big"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/infernode/infernode/internal/promreg"
)

// LaneMetrics are the lanes' metrics, labelled by chain and lane (the
// lane's address); one set per process, shared by every chain's Lanes.
// A nil *LaneMetrics records nothing.
type LaneMetrics struct {
	balance  *prometheus.GaugeVec
	minimum  *prometheus.GaugeVec
	inFlight *prometheus.GaugeVec
	state    *prometheus.GaugeVec
	topUps   *prometheus.CounterVec
}

// NewLaneMetrics registers the lane metrics in reg (or shares those
// registered there already).
func NewLaneMetrics(reg prometheus.Registerer) (*LaneMetrics, error) {
	m := &LaneMetrics{
		balance: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "infernode_lane_balance_wei",
			Help: "Native balance of a sending lane, in wei (read every few blocks)."}, []string{"chain", "lane"}),
		minimum: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "infernode_lane_min_balance_wei",
			Help: "A lane's top-up minimum (top_up.min_balance_wei), in wei: below it the lane is refilled. Absent without top_up."}, []string{"chain", "lane"}),
		inFlight: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "infernode_lane_in_flight",
			Help: "Transactions of a lane sent and not yet final."}, []string{"chain", "lane"}),
		state: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "infernode_lane_state",
			Help: "1 for a lane's state (active, quarantined, refilling), 0 for the others."}, []string{"chain", "lane", "state"}),
		topUps: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "infernode_lane_topups_total",
			Help: "Top-up transfers from the funding wallet to a lane, confirmed."}, []string{"chain", "lane"}),
	}
	if reg == nil {
		return m, nil
	}
	var err error
	if m.balance, err = promreg.Register(reg, m.balance); err != nil {
		return nil, err
	}
	if m.minimum, err = promreg.Register(reg, m.minimum); err != nil {
		return nil, err
	}
	if m.inFlight, err = promreg.Register(reg, m.inFlight); err != nil {
		return nil, err
	}
	if m.state, err = promreg.Register(reg, m.state); err != nil {
		return nil, err
	}
	if m.topUps, err = promreg.Register(reg, m.topUps); err != nil {
		return nil, err
	}
	return m, nil
}

func (m *LaneMetrics) setState(chain, lane, state string) {
	if m == nil {
		return
	}
	for _, s := range []string{LaneActive, LaneQuarantined, LaneRefilling} {
		v := 0.0
		if s == state {
			v = 1
		}
		m.state.WithLabelValues(chain, lane, s).Set(v)
	}
}

func (m *LaneMetrics) setInFlight(chain, lane string, n int) {
	if m != nil {
		m.inFlight.WithLabelValues(chain, lane).Set(float64(n))
	}
}

func (m *LaneMetrics) setBalance(chain, lane string, wei *big.Int) {
	if m != nil {
		f, _ := new(big.Float).SetInt(wei).Float64()
		m.balance.WithLabelValues(chain, lane).Set(f)
	}
}

func (m *LaneMetrics) setMinimum(chain, lane string, wei *big.Int) {
	if m != nil {
		f, _ := new(big.Float).SetInt(wei).Float64()
		m.minimum.WithLabelValues(chain, lane).Set(f)
	}
}

func (m *LaneMetrics) toppedUp(chain, lane string) {
	if m != nil {
		m.topUps.WithLabelValues(chain, lane).Inc()
	}
}
