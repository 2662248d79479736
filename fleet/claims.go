package fleet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	clientv3 "go.etcd.io/etcd/client/v3"
)

// Claim is a member's hold on one redundancy slot of one interval of a
// work key: the etcd key and the revision it was written at (its fence).
type Claim struct {
	Key  string `json:"key"`
	By   string `json:"by"` // the key naming this member's slot of the interval
	Rev  int64  `json:"rev"`
	Slot int    `json:"slot"`
	// Sent: the claim already records a send of this member's (a restart
	// or a try after a reverted or given-up transaction).
	Sent bool `json:"sent,omitempty"`
}

// claimValue is a claim's etcd value.
type claimValue struct {
	Node string `json:"node"`
	Slot int    `json:"slot"`
	// Tx is the sent transaction's journal key (the sender's journal holds
	// its nonce), set by Fence.
	Tx string `json:"tx,omitempty"`
}

func (f *Fleet) intervalKey(key string, k uint32) string {
	return f.prefix + "claims/" + key + "/" + strconv.FormatUint(uint64(k), 10) + "/"
}

// Claim claims a redundancy slot of interval k of work key for this member
// under its lease, trying slot first: one etcd transaction, which also
// finds this member's own earlier claim of the interval (it never holds
// two slots of one interval). Another slot is tried only when slot was
// taken (a member left, and its successors' views differ). ErrLost: every
// slot is held; ErrNotMember: no lease now.
func (f *Fleet) Claim(ctx context.Context, key string, k uint32, slot, redundancy int) (Claim, error) {
	redundancy = max(redundancy, 1)
	for i := range redundancy {
		s := (slot + i) % redundancy
		c, err := f.claimSlot(ctx, key, k, s)
		if errors.Is(err, ErrLost) {
			continue
		}
		if err == nil && c.Slot == s && !c.Sent {
			f.claimed.Add(1)
			f.o.Metrics.Claims.WithLabelValues("won").Inc()
			if from := f.tookOver(key, s, redundancy); from != "" {
				f.o.Metrics.Takeovers.Inc()
				f.o.Logger.Info("fleet: took over", "work", key, "interval", k, "slot", s, "from", from)
			}
		}
		return c, err
	}
	f.o.Metrics.Claims.WithLabelValues("lost").Inc()
	f.o.Logger.Info("fleet: claim lost: every slot is another member's", "work", key, "interval", k, "redundancy", redundancy)
	return Claim{}, ErrLost
}

func (f *Fleet) claimSlot(ctx context.Context, key string, k uint32, slot int) (Claim, error) {
	f.mu.Lock()
	lease := f.lease
	f.mu.Unlock()
	if lease == 0 {
		return Claim{}, ErrNotMember
	}
	base := f.intervalKey(key, k)
	sk, bk := base+"slot/"+strconv.Itoa(slot), base+"by/"+f.o.NodeID
	v, _ := json.Marshal(claimValue{Node: f.o.NodeID, Slot: slot})
	rctx, cancel := f.rpc(ctx)
	defer cancel()
	f.trips.Add(1)
	resp, err := f.o.Client.Txn(rctx).
		If(clientv3.Compare(clientv3.CreateRevision(sk), "=", 0), clientv3.Compare(clientv3.CreateRevision(bk), "=", 0)).
		Then(clientv3.OpPut(sk, string(v), clientv3.WithLease(lease)), clientv3.OpPut(bk, string(v), clientv3.WithLease(lease))).
		Else(clientv3.OpGet(bk), clientv3.OpGet(sk)).Commit()
	if err != nil {
		return Claim{}, fmt.Errorf("fleet: claim %s interval %d: %w", key, k, err)
	}
	if resp.Succeeded {
		return Claim{Key: sk, By: bk, Rev: resp.Header.Revision, Slot: slot}, nil
	}
	if kvs := resp.Responses[0].GetResponseRange().Kvs; len(kvs) > 0 { // this member's own claim
		var cv claimValue
		if err := json.Unmarshal(kvs[0].Value, &cv); err != nil {
			return Claim{}, fmt.Errorf("fleet: read claim %s: %w", bk, err)
		}
		own := base + "slot/" + strconv.Itoa(cv.Slot)
		return Claim{Key: own, By: bk, Rev: kvs[0].ModRevision, Slot: cv.Slot, Sent: cv.Tx != ""}, nil
	}
	return Claim{}, ErrLost
}

// Fence checks, right before the send, that c still holds (neither key
// changed since it was written: the lease that holds it is alive, no other
// member took the slot over) and records the send with the transaction's
// journal key, under the records' lease: one etcd transaction. ErrFenced:
// send nothing. It returns the claim as it now stands.
func (f *Fleet) Fence(ctx context.Context, c Claim, tx string) (Claim, error) {
	f.mu.Lock()
	rec := f.record
	f.mu.Unlock()
	if rec == 0 {
		return c, ErrNotMember
	}
	v, _ := json.Marshal(claimValue{Node: f.o.NodeID, Slot: c.Slot, Tx: tx})
	rctx, cancel := f.rpc(ctx)
	defer cancel()
	f.trips.Add(1)
	resp, err := f.o.Client.Txn(rctx).
		If(clientv3.Compare(clientv3.ModRevision(c.By), "=", c.Rev), clientv3.Compare(clientv3.ModRevision(c.Key), "=", c.Rev)).
		Then(clientv3.OpPut(c.Key, string(v), clientv3.WithLease(rec)), clientv3.OpPut(c.By, string(v), clientv3.WithLease(rec))).
		Commit()
	if err != nil {
		return c, fmt.Errorf("fleet: fence claim %s: %w", c.Key, err)
	}
	if !resp.Succeeded {
		f.o.Metrics.Claims.WithLabelValues("fenced").Inc()
		f.o.Logger.Warn("fleet: claim fenced: another member took it over, nothing sent", "claim", c.Key, "rev", c.Rev)
		return c, ErrFenced
	}
	c.Rev, c.Sent = resp.Header.Revision, true
	return c, nil
}

// Release drops a claim that ended without a send (its delivery skipped or
// given up), so no key outlives it.
func (f *Fleet) Release(ctx context.Context, c Claim) error {
	rctx, cancel := f.rpc(ctx)
	defer cancel()
	f.trips.Add(1)
	_, err := f.o.Client.Txn(rctx).
		If(clientv3.Compare(clientv3.ModRevision(c.By), "=", c.Rev)).
		Then(clientv3.OpDelete(c.Key), clientv3.OpDelete(c.By)).Commit()
	if err != nil {
		return fmt.Errorf("fleet: release claim %s: %w", c.Key, err)
	}
	return nil
}
