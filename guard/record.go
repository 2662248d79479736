package guard

import (
	"time"
)

// subRecord is what the guard keeps of a subscription (relay/guard/sub/<key>):
// its consecutive failures and the end of its back-off (unix seconds).
type subRecord struct {
	Failures int   `json:"n"`
	Until    int64 `json:"until"`
}

func (s subRecord) zero() bool { return s.Failures == 0 && s.Until == 0 }

// ownerRecord is what the guard keeps of an owner (relay/guard/own/<address>):
// its failures, the end of its back-off, when it was first charged and its
// unpaid gas by hour of the last day (at most 25 buckets: a fixed size, whatever the owner sends).
type ownerRecord struct {
	Failures int      `json:"n"`
	Until    int64    `json:"until"`
	Gas      []bucket `json:"gas,omitempty"`
	// First is when the owner was first charged (unix seconds of block
	// time): under a day ago it gets the new owners' budget. Forgotten
	// with the record (a day without unpaid gas or failures).
	First int64 `json:"first,omitempty"`
}

// bucket is the unpaid gas charged in one hour of block time.
type bucket struct {
	Hour int64  `json:"h"` // unix seconds / 3600
	Gas  uint64 `json:"g"`
}

const hour = int64(time.Hour / time.Second)

func (o ownerRecord) zero() bool { return o.Failures == 0 && o.Until == 0 && len(o.Gas) == 0 }

// live reports whether bucket b still counts at now: any part of its hour
// within the last day (so the window errs on the operator's side by at
// most an hour).
func live(b bucket, now time.Time) bool {
	return (b.Hour+1)*hour > now.Add(-Day).Unix()
}

// prune drops the buckets that no longer count.
func (o *ownerRecord) prune(now time.Time) {
	kept := o.Gas[:0]
	for _, b := range o.Gas {
		if live(b, now) {
			kept = append(kept, b)
		}
	}
	o.Gas = kept
	if len(o.Gas) == 0 {
		o.Gas = nil
	}
}

// fits reports whether gas more fits the budget at now; when not, until
// is when enough of the day's charges will have left the window (or a day
// from now when gas alone is above the budget).
func (o *ownerRecord) fits(gas, budget uint64, now time.Time) (until time.Time, ok bool) {
	o.prune(now)
	var spent uint64
	for _, b := range o.Gas {
		spent += b.Gas
	}
	if spent+gas <= budget && (gas > 0 || spent < budget) {
		return time.Time{}, true
	}
	if gas > budget {
		return now.Add(Day), false
	}
	for _, b := range o.Gas { // oldest first
		spent -= b.Gas
		if spent+gas <= budget && (gas > 0 || spent < budget) {
			return time.Unix((b.Hour+1)*hour, 0).Add(Day), false
		}
	}
	return now.Add(Day), false
}

// add charges gas in the hour of at.
func (o *ownerRecord) add(gas uint64, at time.Time) {
	o.prune(at)
	h := at.Unix() / hour
	if n := len(o.Gas); n > 0 && o.Gas[n-1].Hour >= h {
		o.Gas[n-1].Gas += gas // a block time older than the last charge's goes with it
		return
	}
	o.Gas = append(o.Gas, bucket{Hour: h, Gas: gas})
}

// settle corrects charge c to the gas used: the difference goes to or
// from the bucket c was charged in, if it is still kept.
func (o *ownerRecord) settle(c Charge, used uint64) {
	h := c.At / hour
	for i := range o.Gas {
		if o.Gas[i].Hour == h {
			if used < c.Gas {
				o.Gas[i].Gas -= min(c.Gas-used, o.Gas[i].Gas)
			} else {
				o.Gas[i].Gas += used - c.Gas
			}
			return
		}
	}
}
