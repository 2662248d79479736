package relay

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/infernode/infernode/internal/promreg"
)

// Metrics are the relay's Prometheus collectors.
type Metrics struct {
	Deliveries *prometheus.CounterVec   // infernode_relay_deliveries_total{result}
	Reverts    *prometheus.CounterVec   // infernode_relay_reverts_total{reason}
	RPC        *prometheus.HistogramVec // infernode_relay_rpc_seconds{method}
	Lag        prometheus.Gauge         // infernode_relay_lag_blocks
	InFlight   prometheus.Gauge         // infernode_relay_txs_in_flight
	Tracked    prometheus.Gauge         // infernode_relay_subscriptions
	Guarded    *prometheus.CounterVec   // infernode_relay_guarded_total{verdict}
	// UnpaidGas is the unpaid gas of the last day: owner "all", the top
	// owners by address, and "other" (at most TopOwners+2 series).
	UnpaidGas *prometheus.GaugeVec // infernode_relay_unpaid_gas_day{owner}
	// Held counts deliveries a spending bound held back, by the bound
	// (guard.Hold*: new_owner_day, owner_day, node_day, fair_share).
	Held *prometheus.CounterVec // infernode_relay_held_total{reason}
}

// TopOwners is how many owners infernode_relay_unpaid_gas_day names.
const TopOwners = 10

// NewMetrics builds the collectors and registers them with reg (nil: not
// registered). Registering twice reuses the existing collectors.
func NewMetrics(reg prometheus.Registerer) (*Metrics, error) {
	m := &Metrics{
		Deliveries: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "infernode_relay_deliveries_total",
			Help: "Intervals handled by the relay, by result (delivered, skipped, failed)."}, []string{"result"}),
		Reverts: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "infernode_relay_reverts_total",
			Help: "Simulated or mined delivery reverts, by decoded reason."}, []string{"reason"}),
		RPC: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "infernode_relay_rpc_seconds",
			Help: "Latency of JSON-RPC calls made by the relay and sender.", Buckets: prometheus.ExponentialBuckets(0.0005, 2, 16)}, []string{"method"}),
		Lag: prometheus.NewGauge(prometheus.GaugeOpts{Name: "infernode_relay_lag_blocks",
			Help: "Blocks between the chain head and the last block the listener processed."}),
		InFlight: prometheus.NewGauge(prometheus.GaugeOpts{Name: "infernode_relay_txs_in_flight",
			Help: "Transactions sent and not yet final."}),
		Tracked: prometheus.NewGauge(prometheus.GaugeOpts{Name: "infernode_relay_subscriptions",
			Help: "Subscriptions the relay tracks."}),
		Guarded: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "infernode_relay_guarded_total",
			Help: "Deliveries the spending guard held back, by verdict (wait, fail, give up, refuse)."}, []string{"verdict"}),
		UnpaidGas: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "infernode_relay_unpaid_gas_day",
			Help: "Unpaid delivery gas charged over the last day (block time): owner=\"all\", the 10 owners that spent most by address, and owner=\"other\" for the rest."}, []string{"owner"}),
		Held: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "infernode_relay_held_total",
			Help: "Deliveries a spending bound held back, by bound: new_owner_day (chain.unpaid.new_owner_gas_per_day), owner_day (chain.unpaid.owner_gas_per_day), node_day and fair_share (chain.unpaid.gas_per_day)."}, []string{"reason"}),
	}
	if reg == nil {
		return m, nil
	}
	var err error
	if m.Deliveries, err = promreg.Register(reg, m.Deliveries); err != nil {
		return nil, err
	}
	if m.Reverts, err = promreg.Register(reg, m.Reverts); err != nil {
		return nil, err
	}
	if m.RPC, err = promreg.Register(reg, m.RPC); err != nil {
		return nil, err
	}
	if m.Lag, err = promreg.Register(reg, m.Lag); err != nil {
		return nil, err
	}
	if m.InFlight, err = promreg.Register(reg, m.InFlight); err != nil {
		return nil, err
	}
	if m.Tracked, err = promreg.Register(reg, m.Tracked); err != nil {
		return nil, err
	}
	if m.Guarded, err = promreg.Register(reg, m.Guarded); err != nil {
		return nil, err
	}
	if m.UnpaidGas, err = promreg.Register(reg, m.UnpaidGas); err != nil {
		return nil, err
	}
	if m.Held, err = promreg.Register(reg, m.Held); err != nil {
		return nil, err
	}
	return m, nil
}
