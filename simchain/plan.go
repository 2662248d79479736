package simchain

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// Fault is what goes wrong at one block: the calls made while it is the
// head, and the block itself.
type Fault struct {
	// Reorg replaces the last Reorg blocks before this one is built.
	Reorg uint8
	// SpikeBlocks starts a base-fee spike (eight times the fee) this long.
	SpikeBlocks int
	// RateLimited answers every call 429; BlackHole answers none (each
	// fails with its deadline); Slow answers late, so from a block behind
	// (see Chain.enter).
	RateLimited, BlackHole bool
	Slow                   time.Duration
	// Lag is how many blocks the answering endpoint trails by.
	Lag uint8
	// DropHeads ends every head subscription.
	DropHeads bool
}

// Rates are the chances per block of each fault.
type Rates struct {
	Reorg, Spike, RateLimit, BlackHole, Slow, Lag, DropHeads float64
}

// DefaultRates are a hostile public chain's: over a simulated day of
// one-second blocks, about 40 reorgs, 20 fee spikes, several minutes of
// rate limits, black holes and lag, and a few dropped subscriptions.
var DefaultRates = Rates{Reorg: 1.0 / 2000, Spike: 1.0 / 4000, RateLimit: 1.0 / 1500, BlackHole: 1.0 / 6000,
	Slow: 1.0 / 1500, Lag: 1.0 / 1500, DropHeads: 1.0 / 10000}

// Plan is the faults of every block, drawn from a seed before the run,
// so a replay of the seed meets the same faults at the same blocks
// whatever the order in which the node's goroutines call.
type Plan struct {
	faults map[uint64]Fault
}

// NewPlan draws the faults of blocks [1, blocks] from rng.
func NewPlan(rng *rand.Rand, blocks uint64, r Rates) *Plan {
	p := &Plan{faults: map[uint64]Fault{}}
	set := func(n uint64, f func(*Fault)) {
		x := p.faults[n]
		f(&x)
		p.faults[n] = x
	}
	span := func(n uint64, l int, f func(*Fault)) {
		for i := range uint64(l) {
			set(n+i, f)
		}
	}
	for n := uint64(10); n <= blocks; n++ { // the first blocks are the node's start
		if rng.Float64() < r.Reorg {
			d := uint8(1 + rng.IntN(3))
			set(n, func(f *Fault) { f.Reorg = d })
		}
		if rng.Float64() < r.Spike {
			l := 5 + rng.IntN(60)
			set(n, func(f *Fault) { f.SpikeBlocks = l })
		}
		if rng.Float64() < r.RateLimit {
			span(n, 1+rng.IntN(20), func(f *Fault) { f.RateLimited = true })
		}
		if rng.Float64() < r.BlackHole {
			span(n, 1+rng.IntN(5), func(f *Fault) { f.BlackHole = true })
		}
		if rng.Float64() < r.Slow {
			d := time.Duration(100+rng.IntN(3000)) * time.Millisecond
			span(n, 1+rng.IntN(30), func(f *Fault) { f.Slow = d })
		}
		if rng.Float64() < r.Lag {
			l := uint8(1 + rng.IntN(8))
			span(n, 1+rng.IntN(30), func(f *Fault) { f.Lag = l })
		}
		if rng.Float64() < r.DropHeads {
			set(n, func(f *Fault) { f.DropHeads = true })
		}
	}
	return p
}

func (p *Plan) at(n uint64) Fault {
	if p == nil {
		return Fault{}
	}
	return p.faults[n]
}

// Len is how many blocks have a fault.
func (p *Plan) Len() int { return len(p.faults) }

// Describe lists the faults of blocks [from, to], for a failure report.
func (p *Plan) Describe(from, to uint64) string {
	var out []string
	for n := from; n <= to; n++ {
		if f := p.at(n); f != (Fault{}) {
			out = append(out, fmt.Sprintf("%d:%+v", n, f))
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, " ")
}
