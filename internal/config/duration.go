package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"
)

// MarshalJSON writes the duration as a Go duration string ("1m30s").
func (d Duration) MarshalJSON() ([]byte, error) {
	return json.Marshal(time.Duration(d).String())
}

// UnmarshalJSON accepts a Go duration string ("30s", "1h") or a number of
// seconds (30, 0.5), the form older node configs use.
func (d *Duration) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		v, err := parseDuration(s)
		if err != nil {
			return err
		}
		*d = v
		return nil
	}
	v, err := secondsToDuration(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

func parseDuration(s string) (Duration, error) {
	if s == "" {
		return 0, nil
	}
	if v, err := time.ParseDuration(s); err == nil {
		return Duration(v), nil
	}
	// A quoted plain number is seconds too.
	if v, err := secondsToDuration(s); err == nil {
		return v, nil
	}
	return 0, fmt.Errorf("%q is not a duration", s)
}

func secondsToDuration(s string) (Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%q is not a number of seconds", s)
	}
	ns := f * float64(time.Second)
	if ns > math.MaxInt64 || ns < math.MinInt64 {
		return 0, fmt.Errorf("%q seconds is out of range", s)
	}
	return Duration(ns), nil
}
