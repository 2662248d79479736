package fleet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// Claim is a member's hold on one redundancy slot of one interval of a
// work key: the etcd keys and the revision they were written at.
type Claim struct {
	Key  string `json:"key"`
	By   string `json:"by"` // the key naming this member's slot of the interval
	Rev  int64  `json:"rev"`
	Slot int    `json:"slot"`
	// Sent: a transaction of this member's under the claim may be in
	// flight (set before the send, cleared when the send failed with
	// nothing journaled): such a claim is never released.
	Sent bool `json:"sent,omitempty"`
}

// claimValue is a claim's etcd value.
type claimValue struct {
	Node string `json:"node"`
	Slot int    `json:"slot"`
	// Tx is the journal key of the transaction the claim was made for
	// (the sender's journal holds its nonce).
	Tx string `json:"tx,omitempty"`
}

func (f *Fleet) intervalKey(key string, k uint32) string {
	return f.prefix + "claims/" + key + "/" + strconv.FormatUint(uint64(k), 10) + "/"
}

// Claim claims a redundancy slot of interval k of work key for this
// member, right before the send of the transaction journaled as tx: one
// etcd transaction that
//
//   - holds only while this member's lease is alive at etcd (its member
//     record is under that lease): a member paused, cut off or slowed past
//     its lease claims nothing (ErrFenced), whatever its own clock says;
//   - takes the slot only when no member holds it and this member holds
//     no other slot of the interval (r slots: r deliveries from r distinct
//     members), trying slot first;
//   - records the claim under the records' lease (an hour, past the
//     interval), not the member's: a claim is the record that its member
//     may have sent, so it outlives the member, and no other member ever
//     sends for that slot.
//
// A member finds its own claim of the interval again (a restart, a try
// after a failed send) in the same round trip. Another slot is tried (a
// second round trip) only when slot was taken: the members' views differ
// for a moment after one left. ErrLost: every slot is another member's;
// ErrFenced: this member's lease is gone; ErrNotMember: it holds none now.
func (f *Fleet) Claim(ctx context.Context, key string, k uint32, slot, redundancy int, tx string) (Claim, error) {
	redundancy = max(redundancy, 1)
	slot = min(max(slot, 0), redundancy-1)
	c, own, taken, err := f.claimSlot(ctx, key, k, slot, tx)
	for i := 1; errors.Is(err, ErrLost) && i < redundancy; i++ {
		s := (slot + i) % redundancy
		if taken[s] {
			continue
		}
		c, own, _, err = f.claimSlot(ctx, key, k, s, tx)
	}
	switch {
	case errors.Is(err, ErrLost):
		f.o.Metrics.Claims.WithLabelValues("lost").Inc()
		f.o.Logger.Info("fleet: claim lost: every slot is another member's", "work", key, "interval", k, "redundancy", redundancy)
	case errors.Is(err, ErrFenced):
		f.o.Metrics.Claims.WithLabelValues("fenced").Inc()
		f.o.Logger.Warn("fleet: claim fenced: this member's lease is gone, nothing sent", "work", key, "interval", k)
	case err == nil && !own:
		f.claimed.Add(1)
		f.o.Metrics.Claims.WithLabelValues("won").Inc()
		if from := f.tookOver(key, c.Slot, redundancy); from != "" {
			f.o.Metrics.Takeovers.Inc()
			f.o.Logger.Info("fleet: took over", "work", key, "interval", k, "slot", c.Slot, "from", from)
		}
	}
	c.Sent = err == nil
	return c, err
}

// claimSlot makes one claim transaction for slot; own: the claim found is
// one this member made earlier; on ErrLost, taken says which slots of the
// interval are held.
func (f *Fleet) claimSlot(ctx context.Context, key string, k uint32, slot int, tx string) (c Claim, own bool, taken map[int]bool, err error) {
	f.mu.Lock()
	lease, rec := f.lease, f.record
	f.mu.Unlock()
	if lease == 0 || rec == 0 {
		return Claim{}, false, nil, ErrNotMember
	}
	base := f.intervalKey(key, k)
	sk, bk, mk := base+"slot/"+strconv.Itoa(slot), base+"by/"+f.o.NodeID, f.memberKey(f.o.NodeID)
	v, _ := json.Marshal(claimValue{Node: f.o.NodeID, Slot: slot, Tx: tx})
	rctx, cancel := f.rpc(ctx)
	defer cancel()
	f.claimTrips.Add(1)
	resp, err := f.kv.Txn(rctx).
		If(clientv3.Compare(clientv3.LeaseValue(mk), "=", lease),
			clientv3.Compare(clientv3.CreateRevision(sk), "=", 0), clientv3.Compare(clientv3.CreateRevision(bk), "=", 0)).
		Then(clientv3.OpPut(sk, string(v), clientv3.WithLease(rec)), clientv3.OpPut(bk, string(v), clientv3.WithLease(rec))).
		Else(clientv3.OpGet(mk), clientv3.OpGet(bk), clientv3.OpGet(base+"slot/", clientv3.WithPrefix())).Commit()
	if err != nil {
		if errors.Is(err, rpctypes.ErrLeaseNotFound) { // the records' lease is gone (etcd's data lost?): a fresh one
			f.mu.Lock()
			f.recAt = f.recAt.Add(-recordTTL)
			f.mu.Unlock()
		}
		return Claim{}, false, nil, fmt.Errorf("fleet: claim %s interval %d: %w", key, k, err)
	}
	if resp.Succeeded {
		return Claim{Key: sk, By: bk, Rev: resp.Header.Revision, Slot: slot}, false, nil, nil
	}
	// This member's own claim of the interval comes first: it was made
	// under an earlier lease perhaps, but it is this member's for good.
	if kvs := resp.Responses[1].GetResponseRange().Kvs; len(kvs) > 0 {
		var cv claimValue
		if err := json.Unmarshal(kvs[0].Value, &cv); err != nil {
			return Claim{}, false, nil, fmt.Errorf("fleet: read claim %s: %w", bk, err)
		}
		return Claim{Key: base + "slot/" + strconv.Itoa(cv.Slot), By: bk, Rev: kvs[0].ModRevision, Slot: cv.Slot}, true, nil, nil
	}
	if kvs := resp.Responses[0].GetResponseRange().Kvs; len(kvs) == 0 || clientv3.LeaseID(kvs[0].Lease) != lease {
		return Claim{}, false, nil, ErrFenced
	}
	taken = map[int]bool{}
	for _, kv := range resp.Responses[2].GetResponseRange().Kvs {
		if s, err := strconv.Atoi(strings.TrimPrefix(string(kv.Key), base+"slot/")); err == nil {
			taken[s] = true
		}
	}
	return Claim{}, false, taken, ErrLost
}

// Release drops a claim whose member sent nothing under it and never will
// (its delivery ended without a send), so another member may take the slot.
func (f *Fleet) Release(ctx context.Context, c Claim) error {
	rctx, cancel := f.rpc(ctx)
	defer cancel()
	f.claimTrips.Add(1)
	_, err := f.kv.Txn(rctx).
		If(clientv3.Compare(clientv3.ModRevision(c.By), "=", c.Rev)).
		Then(clientv3.OpDelete(c.Key), clientv3.OpDelete(c.By)).Commit()
	if err != nil {
		return fmt.Errorf("fleet: release claim %s: %w", c.Key, err)
	}
	return nil
}
