package fleet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/ethereum/go-ethereum/common"
	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// Work names what members share: a subscription (or a delegated one) of
// one Coordinator on one chain. Its claim keys carry all three, so members
// of different chains or Coordinators never meet on one key.
type Work struct {
	ChainID     uint64
	Coordinator common.Address
	// Key is the subscription's ("s<id>") or a delegated one's.
	Key string
}

// String is w as it appears in etcd keys and in the rendezvous.
func (w Work) String() string {
	return strconv.FormatUint(w.ChainID, 10) + "/" + strings.ToLower(w.Coordinator.Hex()) + "/" + w.Key
}

// Claim is a member's hold on one redundancy slot of one interval of a
// work: the etcd keys and the revision they were written at.
type Claim struct {
	Key  string `json:"key"`
	By   string `json:"by"` // the key naming this member's slot of the interval
	Rev  int64  `json:"rev"`
	Slot int    `json:"slot"`
	// Lease is the member lease the claim was made under: until Commit it
	// lives only as long as that lease.
	Lease int64 `json:"lease,omitempty"`
	// Committed: the claim is recorded past its member (Commit), so no
	// other member ever sends for its slot.
	Committed bool `json:"committed,omitempty"`
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
	// Sent: committed (see Claim.Committed).
	Sent bool `json:"sent,omitempty"`
}

// Claims makes and fences this member's claims, as etcd's
// concurrency.Mutex holds a key under a session's lease.
type Claims struct {
	o       *Options
	prefix  string
	kv      clientv3.KV
	s       *Session
	m       *Members
	trips   *tripCount
	claimed atomic.Int64
}

func (c *Claims) intervalKey(w Work, k uint32) string {
	return c.prefix + "claims/" + w.String() + "/" + strconv.FormatUint(uint64(k), 10) + "/"
}

// Claim claims a redundancy slot of interval k of w for this member, once
// the delivery's containers ran and right before its transaction
// (journaled as tx) is sent: one etcd transaction that
//
//   - holds only while this member's lease is alive at etcd (its member
//     record is under that lease): a member paused, cut off or slowed past
//     its lease claims nothing (ErrFenced), whatever its own clock says;
//   - takes the slot only when no member holds it and this member holds
//     no other slot of the interval (r slots: r deliveries from r distinct
//     members), trying slot first;
//   - writes the claim under this member's lease: until Commit, a member
//     that stalls or dies loses it with its lease, and the member that
//     takes over finds the slot free.
//
// A member finds its own claim of the interval again (a restart, a try
// after a failed send) in the same round trip. Another slot is tried (a
// second round trip) only when slot was taken. ErrLost: every slot is
// recorded sent by another member (final); ErrBusy: another member holds
// a slot it has not sent under yet (look again later); ErrFenced: this
// member's lease is gone; ErrNotMember: it holds none now.
func (c *Claims) Claim(ctx context.Context, w Work, k uint32, slot, redundancy int, tx string) (Claim, error) {
	redundancy = max(redundancy, 1)
	slot = min(max(slot, 0), redundancy-1)
	cl, own, taken, err := c.claimSlot(ctx, w, k, slot, tx)
	busy := errors.Is(err, ErrBusy)
	for i := 1; (errors.Is(err, ErrLost) || errors.Is(err, ErrBusy)) && i < redundancy; i++ {
		s := (slot + i) % redundancy
		if _, held := taken[s]; held {
			continue
		}
		cl, own, taken, err = c.claimSlot(ctx, w, k, s, tx)
		busy = busy || errors.Is(err, ErrBusy)
	}
	if busy && errors.Is(err, ErrLost) {
		err = ErrBusy
	}
	switch {
	case errors.Is(err, ErrLost):
		c.o.Metrics.Claims.WithLabelValues("lost").Inc()
		c.o.Logger.Info("fleet: claim lost: every slot is another member's", "work", w.String(), "interval", k, "redundancy", redundancy)
	case errors.Is(err, ErrBusy):
		c.o.Metrics.Claims.WithLabelValues("busy").Inc()
	case errors.Is(err, ErrFenced):
		c.o.Metrics.Claims.WithLabelValues("fenced").Inc()
		c.o.Logger.Warn("fleet: claim fenced: this member's lease is gone, nothing sent", "work", w.String(), "interval", k)
	case err == nil && !own:
		c.claimed.Add(1)
		c.o.Metrics.Claims.WithLabelValues("won").Inc()
		if from := c.m.tookOver(w.String(), cl.Slot, redundancy); from != "" {
			c.o.Metrics.Takeovers.Inc()
			c.o.Logger.Info("fleet: took over", "work", w.String(), "interval", k, "slot", cl.Slot, "from", from)
		}
	}
	cl.Sent = err == nil
	return cl, err
}

// claimSlot makes one claim transaction for slot; own: the claim found is
// one this member made earlier; on ErrLost or ErrBusy, taken says which
// slots of the interval are held, and whether sent.
func (c *Claims) claimSlot(ctx context.Context, w Work, k uint32, slot int, tx string) (cl Claim, own bool, taken map[int]bool, err error) {
	lease, _ := c.s.Leases()
	if lease == 0 {
		return Claim{}, false, nil, ErrNotMember
	}
	base := c.intervalKey(w, k)
	sk, bk, mk := base+"slot/"+strconv.Itoa(slot), base+"by/"+c.o.NodeID, c.s.memberKey(c.o.NodeID)
	v, _ := json.Marshal(claimValue{Node: c.o.NodeID, Slot: slot, Tx: tx})
	rctx, cancel := c.s.rpc(ctx)
	defer cancel()
	c.trips.claims.Add(1)
	resp, err := c.kv.Txn(rctx).
		If(clientv3.Compare(clientv3.LeaseValue(mk), "=", lease),
			clientv3.Compare(clientv3.CreateRevision(sk), "=", 0), clientv3.Compare(clientv3.CreateRevision(bk), "=", 0)).
		Then(clientv3.OpPut(sk, string(v), clientv3.WithLease(lease)), clientv3.OpPut(bk, string(v), clientv3.WithLease(lease))).
		Else(clientv3.OpGet(mk), clientv3.OpGet(bk), clientv3.OpGet(base+"slot/", clientv3.WithPrefix())).Commit()
	if err != nil {
		return Claim{}, false, nil, fmt.Errorf("fleet: claim %s interval %d: %w", w, k, err)
	}
	if resp.Succeeded {
		return Claim{Key: sk, By: bk, Rev: resp.Header.Revision, Slot: slot, Lease: int64(lease)}, false, nil, nil
	}
	// This member's own claim of the interval comes first: sent under an
	// earlier lease perhaps, but it is this member's for good.
	if kvs := resp.Responses[1].GetResponseRange().Kvs; len(kvs) > 0 {
		var cv claimValue
		if err := json.Unmarshal(kvs[0].Value, &cv); err != nil {
			return Claim{}, false, nil, fmt.Errorf("fleet: read claim %s: %w", bk, err)
		}
		return Claim{Key: base + "slot/" + strconv.Itoa(cv.Slot), By: bk, Rev: kvs[0].ModRevision, Slot: cv.Slot,
			Lease: kvs[0].Lease, Committed: cv.Sent}, true, nil, nil
	}
	if kvs := resp.Responses[0].GetResponseRange().Kvs; len(kvs) == 0 || clientv3.LeaseID(kvs[0].Lease) != lease {
		return Claim{}, false, nil, ErrFenced
	}
	taken = map[int]bool{}
	for _, kv := range resp.Responses[2].GetResponseRange().Kvs {
		s, err := strconv.Atoi(strings.TrimPrefix(string(kv.Key), base+"slot/"))
		if err != nil {
			continue
		}
		var cv claimValue
		_ = json.Unmarshal(kv.Value, &cv)
		taken[s] = cv.Sent
	}
	if !taken[slot] {
		return Claim{}, false, taken, ErrBusy
	}
	return Claim{}, false, taken, ErrLost
}

// Commit records cl as sent, past this member, right before its
// transaction is signed and broadcast: one etcd transaction that holds only
// while the member's lease is the one cl was made under and cl is still
// this member's (its revision): a member that stalled past its lease after
// claiming finds its claim gone (ErrFenced, nothing sent), and the member
// that took over sends. A committed claim outlives its member (an hour,
// past the interval): a member that dies right after its broadcast leaves
// a record nobody else sends over.
func (c *Claims) Commit(ctx context.Context, cl *Claim) error {
	if cl.Committed {
		return nil
	}
	_, rec := c.s.Leases()
	if rec == 0 || cl.Lease == 0 {
		return ErrFenced
	}
	mk := c.s.memberKey(c.o.NodeID)
	var cv claimValue
	cv.Node, cv.Slot, cv.Sent = c.o.NodeID, cl.Slot, true
	v, _ := json.Marshal(cv)
	rctx, cancel := c.s.rpc(ctx)
	defer cancel()
	c.trips.claims.Add(1)
	resp, err := c.kv.Txn(rctx).
		If(clientv3.Compare(clientv3.LeaseValue(mk), "=", cl.Lease), clientv3.Compare(clientv3.ModRevision(cl.By), "=", cl.Rev),
			clientv3.Compare(clientv3.ModRevision(cl.Key), "=", cl.Rev)).
		Then(clientv3.OpPut(cl.Key, string(v), clientv3.WithLease(rec)), clientv3.OpPut(cl.By, string(v), clientv3.WithLease(rec))).Commit()
	if err != nil {
		if errors.Is(err, rpctypes.ErrLeaseNotFound) { // the records' lease is gone (etcd's data lost?): a fresh one
			c.s.recordLost()
		}
		return fmt.Errorf("fleet: commit claim %s: %w", cl.Key, err)
	}
	if !resp.Succeeded {
		c.o.Metrics.Claims.WithLabelValues("fenced").Inc()
		c.o.Logger.Warn("fleet: claim fenced before the send: the lease or the claim is gone, nothing sent", "claim", cl.Key)
		return ErrFenced
	}
	cl.Rev, cl.Committed = resp.Header.Revision, true
	return nil
}

// Release drops a claim whose member sent nothing under it and never will
// (its delivery ended without a send), so another member may take the slot.
func (c *Claims) Release(ctx context.Context, cl Claim) error {
	rctx, cancel := c.s.rpc(ctx)
	defer cancel()
	c.trips.claims.Add(1)
	_, err := c.kv.Txn(rctx).
		If(clientv3.Compare(clientv3.ModRevision(cl.By), "=", cl.Rev)).
		Then(clientv3.OpDelete(cl.Key), clientv3.OpDelete(cl.By)).Commit()
	if err != nil {
		return fmt.Errorf("fleet: release claim %s: %w", cl.Key, err)
	}
	return nil
}
