package guard

import "time"

// Defaults of a zero Limits field: the configuration's defaults of the
// same keys (docs/configuration.md; node's tests keep them equal).
const (
	DefaultUnpaidMaxGas        = 1_000_000
	DefaultOwnerGasPerDay      = 50_000_000
	DefaultMaxInputBytes       = 128 << 10
	DefaultIntervalDeadline    = time.Hour
	DefaultDelegatedMaxHorizon = 7 * 24 * time.Hour
	DefaultDelegatedMaxPending = 10_000
	DefaultMaxPendingPerOwner  = 100
	DefaultDelegatedRetention  = 7 * 24 * time.Hour
	DefaultRetention           = 7 * 24 * time.Hour
)

// Back-off defaults (docs/relay.md).
const (
	// DefaultBackoffBase is the first back-off after a failed delivery,
	// doubled per failure up to DefaultBackoffMax.
	DefaultBackoffBase = 30 * time.Second
	DefaultBackoffMax  = 24 * time.Hour
)

// Day is the window of chain.unpaid.owner_gas_per_day.
const Day = 24 * time.Hour

// Limits are the operator's bounds. Zero values take the defaults.
type Limits struct {
	// UnpaidMaxGas is chain.unpaid.max_gas: the most callback gas an
	// unpaid delivery may ask.
	UnpaidMaxGas uint64
	// OwnerGasPerDay is chain.unpaid.owner_gas_per_day: the gas one
	// owner's unpaid deliveries may use over a rolling day.
	OwnerGasPerDay uint64
	// GasPerDay is chain.unpaid.gas_per_day: the gas all unpaid
	// deliveries together may use over a rolling day, shared fairly
	// between owners. 0: not bounded (the configuration always sets it).
	GasPerDay uint64
	// NewOwnerGasPerDay is chain.unpaid.new_owner_gas_per_day: an owner
	// first charged less than a day ago gets this instead of
	// OwnerGasPerDay. 0: no smaller budget (the configuration sets it).
	NewOwnerGasPerDay uint64
	// MaxInputBytes is chain.max_input_bytes.
	MaxInputBytes int
	// IntervalDeadline is chain.interval_deadline: an interval not
	// delivered this long after it opened is given up.
	IntervalDeadline time.Duration
	// BackoffBase and BackoffMax shape the exponential back-off after a
	// failure: BackoffBase << (failures-1), at most BackoffMax.
	BackoffBase, BackoffMax time.Duration
	// DelegatedMaxHorizon and DelegatedMaxPending are
	// chain.delegated.max_horizon and max_pending (NewWaiting).
	DelegatedMaxHorizon time.Duration
	DelegatedMaxPending int
	// DelegatedMaxPendingPerOwner is chain.delegated.max_pending_per_owner
	// (NewWaiting); DelegatedRetention is chain.delegated.retention: how
	// long a final delegated record is kept.
	DelegatedMaxPendingPerOwner int
	DelegatedRetention          time.Duration
	// Retention is chain.retention: how long the relay keeps the records
	// of ended subscriptions, closed intervals and final transactions.
	Retention time.Duration
}

func (l Limits) withDefaults() Limits {
	if l.UnpaidMaxGas == 0 {
		l.UnpaidMaxGas = DefaultUnpaidMaxGas
	}
	if l.OwnerGasPerDay == 0 {
		l.OwnerGasPerDay = DefaultOwnerGasPerDay
	}
	if l.MaxInputBytes <= 0 {
		l.MaxInputBytes = DefaultMaxInputBytes
	}
	if l.IntervalDeadline <= 0 {
		l.IntervalDeadline = DefaultIntervalDeadline
	}
	if l.DelegatedRetention <= 0 {
		l.DelegatedRetention = DefaultDelegatedRetention
	}
	if l.Retention <= 0 {
		l.Retention = DefaultRetention
	}
	if l.BackoffBase <= 0 {
		l.BackoffBase = DefaultBackoffBase
	}
	if l.BackoffMax <= 0 {
		l.BackoffMax = DefaultBackoffMax
	}
	return l
}

// backoff is the wait after the n-th consecutive failure (n >= 1).
func (l Limits) backoff(n int) time.Duration {
	if n <= 0 {
		return 0
	}
	d := l.BackoffBase
	for i := 1; i < n && d < l.BackoffMax; i++ {
		d *= 2
	}
	return min(d, l.BackoffMax)
}
