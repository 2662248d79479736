package service

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"time"
)

// RetryParams is RETRY_PARAMS (docs/workloads.md), with the semantics of the Python
// `retry` decorator the seed's workload used: Tries attempts in all; after a
// failed attempt the workload sleeps the current delay, then multiplies the
// delay by Backoff, adds the jitter (a fixed number of seconds, or uniform
// in [min, max]) and caps it at MaxDelay when set. Delays are in seconds.
type RetryParams struct {
	Tries    int      `json:"tries"`
	Delay    float64  `json:"delay"`
	MaxDelay *float64 `json:"max_delay"`
	Backoff  float64  `json:"backoff"`
	Jitter   Jitter   `json:"jitter"`
}

// Jitter is a fixed number of seconds or a [min, max] range.
type Jitter struct{ Min, Max float64 }

// UnmarshalJSON accepts 1.5 or [0.5, 1.5].
func (j *Jitter) UnmarshalJSON(b []byte) error {
	var f float64
	if err := json.Unmarshal(b, &f); err == nil {
		*j = Jitter{f, f}
		return nil
	}
	var pair []float64
	if err := json.Unmarshal(b, &pair); err != nil || len(pair) != 2 || pair[0] > pair[1] {
		return fmt.Errorf("jitter must be seconds or [min, max] with min <= max")
	}
	*j = Jitter{pair[0], pair[1]}
	return nil
}

// MarshalJSON writes [min, max].
func (j Jitter) MarshalJSON() ([]byte, error) { return json.Marshal([]float64{j.Min, j.Max}) }

// DefaultRetry is {tries 3, delay 3, max_delay null, backoff 2, jitter [0.5, 1.5]}.
func DefaultRetry() RetryParams {
	return RetryParams{Tries: 3, Delay: 3, Backoff: 2, Jitter: Jitter{0.5, 1.5}}
}

// ParseRetryParams reads RETRY_PARAMS; keys not given keep their defaults
// and unknown keys are an error.
func ParseRetryParams(s string) (RetryParams, error) {
	p := DefaultRetry()
	if s == "" {
		return p, nil
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return RetryParams{}, fmt.Errorf("RETRY_PARAMS: %v; want a JSON object like {\"tries\": 3, \"delay\": 3, \"max_delay\": null, \"backoff\": 2, \"jitter\": [0.5, 1.5]}", err)
	}
	switch {
	case p.Tries < 1:
		return RetryParams{}, fmt.Errorf("RETRY_PARAMS: tries is %d; use 1 or more attempts", p.Tries)
	case p.Delay < 0 || math.IsNaN(p.Delay):
		return RetryParams{}, fmt.Errorf("RETRY_PARAMS: delay is %v; use 0 or more seconds", p.Delay)
	case p.Backoff < 0:
		return RetryParams{}, fmt.Errorf("RETRY_PARAMS: backoff is %v; use a factor >= 0", p.Backoff)
	case p.MaxDelay != nil && *p.MaxDelay < 0:
		return RetryParams{}, fmt.Errorf("RETRY_PARAMS: max_delay is %v; use 0 or more seconds, or null", *p.MaxDelay)
	}
	return p, nil
}

// Delays returns the sleeps between the attempts (Tries-1 of them), drawing
// jitter from rnd (uniform in [0, 1)).
func (p RetryParams) Delays(rnd func() float64) []time.Duration {
	var out []time.Duration
	d := p.Delay
	for i := 1; i < p.Tries; i++ {
		out = append(out, seconds(d))
		d *= p.Backoff
		d += p.Jitter.Min + rnd()*(p.Jitter.Max-p.Jitter.Min)
		if p.MaxDelay != nil {
			d = min(d, *p.MaxDelay)
		}
	}
	return out
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// Sleeper waits; tests inject one that records the delays instead.
type Sleeper interface {
	// Sleep waits d or until ctx is done, returning ctx.Err() then.
	Sleep(ctx context.Context, d time.Duration) error
}

// RealSleeper sleeps on the wall clock.
type RealSleeper struct{}

// Sleep waits d or until ctx is done.
func (RealSleeper) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
