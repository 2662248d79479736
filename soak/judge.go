package soak

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// Sample is one 15 s observation of the node. A sample taken while the node
// was down (between a kill and its restart) has Up false and is not judged.
type Sample struct {
	At         time.Duration // since the start of the run
	Up         bool
	RSSBytes   int64
	Goroutines int
	OpenFiles  int
	StoreBytes int64
	// P50 and P99 are the job latencies of the requests answered since the
	// previous sample (0 when none); Latencies are those latencies (not in
	// the CSV), so that a tenth's p99 is taken over all its requests.
	P50, P99  time.Duration
	Latencies []time.Duration
	// RPCPerBlock is the JSON-RPC calls the node made per block mined
	// since the previous sample.
	RPCPerBlock float64
	Jobs        int64 // jobs accepted so far
	Deliveries  int64 // the node's deliveries mined so far
	// LiveBytes and CompactedBytes are set on the samples taken with the
	// node down (at each kill and at the end): the store's live keys and
	// values (uncompressed), and its size on disk after a manual
	// compaction (what is left once the deleted keys' space is reclaimed).
	LiveBytes, CompactedBytes int64
}

// Thresholds are the limits a run is judged by (docs/testing.md, Soak).
type Thresholds struct {
	// Warmup is left out of every judgement.
	Warmup time.Duration
	// RSSGrowth is the largest growth allowed from the first post-warm-up
	// tenth's mean RSS to the last tenth's (0.20: 20 %).
	RSSGrowth float64
	// Climb bounds a least-squares slope of goroutines and of open files
	// over the post-warm-up samples: the fitted rise across that span may
	// be at most max(ClimbAbs, ClimbRel × the mean).
	ClimbAbs, ClimbRel float64
	// P99Factor is how many times the first post-warm-up tenth's p99 the
	// last tenth's may be; P99Floor is a p99 below which nothing is judged
	// (scheduling noise of a shared machine).
	P99Factor float64
	P99Floor  time.Duration
	// StorePlateau is when the store should have reached its plateau (the
	// retentions plus a sweep); StoreGrowth is the largest growth of the
	// store's live bytes and of its compacted size from the first census
	// past the plateau to the last. The size on disk sampled every 15 s is
	// reported, not judged: the WAL (up to a 4 MiB memtable's worth) and
	// the deleted keys not yet compacted make it saw-toothed.
	StorePlateau time.Duration
	StoreGrowth  float64
}

// DefaultThresholds are the thresholds of a run of length d: the warm-up
// is 10 minutes, or a tenth of a run shorter than 100 minutes.
func DefaultThresholds(d, retention time.Duration) Thresholds {
	warm := min(10*time.Minute, d/10)
	return Thresholds{
		Warmup: warm, RSSGrowth: 0.20,
		ClimbAbs: 10, ClimbRel: 0.10,
		P99Factor: 2, P99Floor: 50 * time.Millisecond,
		StorePlateau: max(warm, retention+retention/4+time.Minute), StoreGrowth: 0.5,
	}
}

// Judge returns what the samples break, one line each; none means the run
// held. Samples must be in time order.
func Judge(samples []Sample, th Thresholds) []string {
	var post []Sample
	for _, s := range samples {
		if s.Up && s.At >= th.Warmup {
			post = append(post, s)
		}
	}
	if len(post) < 10 {
		return []string{fmt.Sprintf("only %d samples after the warm-up of %s: too few to judge (run longer)", len(post), th.Warmup)}
	}
	var fails []string
	first, last := tenths(post)

	rss0, rss1 := mean(first, func(s Sample) float64 { return float64(s.RSSBytes) }), mean(last, func(s Sample) float64 { return float64(s.RSSBytes) })
	if rss0 > 0 && rss1 > rss0*(1+th.RSSGrowth) {
		fails = append(fails, fmt.Sprintf("RSS grew %.1f %% (%.1f → %.1f MB), above %.0f %%", 100*(rss1/rss0-1), rss0/1e6, rss1/1e6, 100*th.RSSGrowth))
	}
	for _, m := range []struct {
		name string
		f    func(Sample) float64
	}{
		{"goroutines", func(s Sample) float64 { return float64(s.Goroutines) }},
		{"open files", func(s Sample) float64 { return float64(s.OpenFiles) }},
	} {
		slope := Slope(post, m.f) // per second
		span := (post[len(post)-1].At - post[0].At).Seconds()
		rise, bound := slope*span, max(th.ClimbAbs, th.ClimbRel*mean(post, m.f))
		if rise > bound {
			fails = append(fails, fmt.Sprintf("%s keep climbing: fitted rise %.1f over %s, above %.1f", m.name, rise, time.Duration(span)*time.Second, bound))
		}
	}
	p0, p1 := tenthP99(first), tenthP99(last)
	if p1 > th.P99Floor && p0 > 0 && float64(p1) > th.P99Factor*float64(p0) {
		fails = append(fails, fmt.Sprintf("p99 latency of the last tenth %s is above %.0f× the first tenth's %s", p1, th.P99Factor, p0))
	}
	var census []Sample
	for _, s := range samples {
		if s.CompactedBytes > 0 && s.At >= th.StorePlateau {
			census = append(census, s)
		}
	}
	if len(census) >= 2 {
		c0, c1 := census[0], census[len(census)-1]
		for _, m := range []struct {
			name   string
			b0, b1 int64
		}{{"live keys and values", c0.LiveBytes, c1.LiveBytes}, {"compacted size", c0.CompactedBytes, c1.CompactedBytes}} {
			if m.b0 > 0 && float64(m.b1) > float64(m.b0)*(1+th.StoreGrowth) {
				fails = append(fails, fmt.Sprintf("store grew past its plateau: %s %.2f MB at %s → %.2f MB at %s (more than %.0f %%)",
					m.name, float64(m.b0)/1e6, c0.At.Round(time.Second), float64(m.b1)/1e6, c1.At.Round(time.Second), 100*th.StoreGrowth))
			}
		}
	}
	return fails
}

// tenths returns the first and the last tenth of s (at least one sample each).
func tenths(s []Sample) (first, last []Sample) {
	n := max(1, len(s)/10)
	return s[:n], s[len(s)-n:]
}

func mean(s []Sample, f func(Sample) float64) float64 {
	var sum float64
	for _, x := range s {
		sum += f(x)
	}
	return sum / float64(len(s))
}

// tenthP99 is the p99 of all the requests answered in the samples s, or,
// when they do not carry their latencies, the largest window p99 (an upper
// bound: one window's spike decides it).
func tenthP99(s []Sample) time.Duration {
	var all []time.Duration
	for _, x := range s {
		all = append(all, x.Latencies...)
	}
	if len(all) == 0 {
		return maxDur(s)
	}
	return Percentile(all, 0.99)
}

// maxDur is the largest window p99 of s: a tenth's p99 is at least that.
func maxDur(s []Sample) time.Duration {
	var m time.Duration
	for _, x := range s {
		m = max(m, x.P99)
	}
	return m
}

// Slope is the least-squares slope of f over the samples, per second.
func Slope(s []Sample, f func(Sample) float64) float64 {
	n := float64(len(s))
	if n < 2 {
		return 0
	}
	var sx, sy, sxx, sxy float64
	for _, x := range s {
		t, y := x.At.Seconds(), f(x)
		sx, sy, sxx, sxy = sx+t, sy+y, sxx+t*t, sxy+t*y
	}
	d := n*sxx - sx*sx
	if d == 0 {
		return 0
	}
	return (n*sxy - sx*sy) / d
}

// Percentile is the p-th percentile (0 < p ≤ 1) of d, nearest rank; 0 for
// none. It sorts d.
func Percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	i := int(math.Ceil(p*float64(len(d)))) - 1
	return d[min(max(i, 0), len(d)-1)]
}

// MinDuration is the shortest soak that can be judged: below it, too few
// samples are left past the warm-up and the two kills.
const MinDuration = 5 * time.Minute

// ParseDuration reads SOAK (make soak's variable): a Go duration of at
// least MinDuration. Its errors are one line a user can act on.
func ParseDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("SOAK=%q is not a duration: write it as Go does, e.g. SOAK=20m or SOAK=6h", s)
	}
	if d < MinDuration {
		return 0, fmt.Errorf("SOAK=%s is below the soak's minimum of %s (too few samples past the warm-up and the two restarts to judge); run e.g. make soak SOAK=20m", s, MinDuration)
	}
	return d, nil
}
