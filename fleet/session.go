package fleet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
)

// Session is this member's lease and its records in etcd (the member
// record, signed, and its wallet's), kept alive while etcd answers, as
// etcd's concurrency.Session keeps a lease. It also holds the records'
// lease, under which sent claims outlive the member.
type Session struct {
	o      *Options
	prefix string
	kv     clientv3.KV
	trips  *tripCount

	mu     sync.Mutex
	lease  clientv3.LeaseID // 0 while not a member
	record clientv3.LeaseID // sent claims' lease (recordTTL, never kept alive)
	recAt  time.Time
	down   error // why this node is not a member now
}

// tripCount counts a member's etcd round trips.
type tripCount struct {
	claims, kv, lease atomic.Int64
}

// Leases are the member's lease (0 while it is not a member) and the
// records' lease.
func (s *Session) Leases() (member, records clientv3.LeaseID) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lease, s.record
}

// Healthy is nil while this node is a member (its lease held), else why not.
func (s *Session) Healthy() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.down
}

func (s *Session) memberKey(id string) string { return s.prefix + "members/" + id }
func (s *Session) walletKey() string {
	return s.prefix + "wallets/" + strings.ToLower(s.o.Address.Hex())
}

// rpc bounds one etcd round trip.
func (s *Session) rpc(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, max(s.o.LeaseTTL, 2*time.Second))
}

// join makes this node a member; see Fleet.Join.
func (s *Session) join(ctx context.Context) error {
	if err := s.checkFingerprint(ctx); err != nil {
		return err
	}
	deadline := time.Now().Add(2*s.o.LeaseTTL + 2*time.Second)
	for {
		err := s.register(ctx)
		var again *stillLive
		if !errors.As(err, &again) {
			return err
		}
		if time.Now().After(deadline) {
			return &RefusedError{Reason: fmt.Sprintf("node_id %q is live in fleet %q and did not leave", s.o.NodeID, s.o.Name)}
		}
		sleep(ctx, s.o.LeaseTTL/4)
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

// checkFingerprint refuses a member whose fingerprint differs from a live
// member's (a valid record: leased and signed), naming the field.
func (s *Session) checkFingerprint(ctx context.Context) error {
	rctx, cancel := s.rpc(ctx)
	defer cancel()
	pfx := s.memberKey("")
	resp, err := s.kv.Get(rctx, pfx, clientv3.WithPrefix())
	if err != nil {
		return fmt.Errorf("fleet: read the members: %w", err)
	}
	for _, kv := range resp.Kvs {
		id := strings.TrimPrefix(string(kv.Key), pfx)
		r, why, _ := verify(s.o.Name, id, kv.Value, kv.Lease, s.o.Fingerprint)
		if why != rejectFingerprint || id == s.o.NodeID {
			continue
		}
		field, ours, theirs := s.o.Fingerprint.differs(r.Fingerprint)
		return &RefusedError{Reason: fmt.Sprintf("fingerprint.%s: this node serves %s, live member %q of fleet %q serves %s: every member of a fleet serves the same chains, Coordinators and dialects (use another fleet.name)",
			field, ours, id, s.o.Name, theirs)}
	}
	return nil
}

// stillLive: this node id's earlier lease still holds its records.
type stillLive struct{}

func (*stillLive) Error() string { return "fleet: this node's earlier lease still holds" }

func (s *Session) register(ctx context.Context) error {
	rctx, cancel := s.rpc(ctx)
	defer cancel()
	cli := s.o.Client
	s.trips.lease.Add(1)
	lease, err := cli.Grant(rctx, int64((s.o.LeaseTTL+time.Second-1)/time.Second))
	if err != nil {
		return fmt.Errorf("fleet: grant a lease: %w", err)
	}
	rec := record{Fleet: s.o.Name, NodeID: s.o.NodeID, Address: s.o.Address.Hex(), AdvertiseURL: s.o.AdvertiseURL,
		Fingerprint: s.o.Fingerprint.normal(), Lease: int64(lease.ID)}
	if err := rec.sign(rctx, s.o.Signer); err != nil {
		_, _ = cli.Revoke(context.WithoutCancel(rctx), lease.ID)
		return err
	}
	me, _ := json.Marshal(rec)
	wk, mk := s.walletKey(), s.memberKey(s.o.NodeID)
	resp, err := s.kv.Txn(rctx).
		If(clientv3.Compare(clientv3.CreateRevision(wk), "=", 0), clientv3.Compare(clientv3.CreateRevision(mk), "=", 0)).
		Then(clientv3.OpPut(wk, s.o.NodeID, clientv3.WithLease(lease.ID)), clientv3.OpPut(mk, string(me), clientv3.WithLease(lease.ID))).
		Else(clientv3.OpGet(wk), clientv3.OpGet(mk)).Commit()
	if err != nil {
		_, _ = cli.Revoke(context.WithoutCancel(rctx), lease.ID)
		return fmt.Errorf("fleet: register member %q: %w", s.o.NodeID, err)
	}
	if !resp.Succeeded {
		_, _ = cli.Revoke(rctx, lease.ID)
		holder := ""
		if kvs := resp.Responses[0].GetResponseRange().Kvs; len(kvs) > 0 {
			holder = string(kvs[0].Value)
		}
		var other record
		if kvs := resp.Responses[1].GetResponseRange().Kvs; len(kvs) > 0 {
			_ = json.Unmarshal(kvs[0].Value, &other)
		}
		switch {
		case holder != "" && holder != s.o.NodeID:
			return &RefusedError{Reason: fmt.Sprintf("wallet %s is already used by live member %q of fleet %q: give every member its own wallet", s.o.Address.Hex(), holder, s.o.Name)}
		case other.NodeID != "" && !strings.EqualFold(other.Address, s.o.Address.Hex()):
			return &RefusedError{Reason: fmt.Sprintf("node_id %q is already live in fleet %q with wallet %s: give every member its own fleet.node_id", s.o.NodeID, s.o.Name, other.Address)}
		}
		return &stillLive{}
	}
	s.trips.lease.Add(1)
	recs, err := cli.Grant(rctx, int64(recordTTL/time.Second))
	if err != nil {
		_, _ = cli.Revoke(rctx, lease.ID)
		return fmt.Errorf("fleet: grant the records' lease: %w", err)
	}
	s.mu.Lock()
	s.lease, s.record, s.recAt, s.down = lease.ID, recs.ID, time.Now(), nil
	s.mu.Unlock()
	s.o.Logger.Info("fleet: joined", "fleet", s.o.Name, "node_id", s.o.NodeID, "address", rec.Address, "lease_ttl", s.o.LeaseTTL)
	return nil
}

// run keeps the lease alive until ctx is done; when the lease is lost
// (etcd unreachable longer than the TTL) the node claims nothing, reports
// it in Healthy, and joins again by itself.
func (s *Session) run(ctx context.Context) {
	var last clientv3.LeaseID // the lease this member held last
	for ctx.Err() == nil {
		lease, _ := s.Leases()
		if lease == 0 && last != 0 && s.stillHeld(ctx, last) { // etcd answers again, and kept it
			s.mu.Lock()
			s.lease, s.down, lease = last, nil, last
			s.mu.Unlock()
			s.o.Logger.Info("fleet: lease held again", "node_id", s.o.NodeID)
		}
		if lease == 0 {
			if err := s.register(ctx); err != nil {
				s.setDown(err)
				sleep(ctx, s.o.LeaseTTL/3)
				continue
			}
			lease, _ = s.Leases()
		}
		last = lease
		s.keepAlive(ctx, lease)
		if ctx.Err() != nil {
			break
		}
		if s.stillHeld(ctx, lease) { // an etcd leader election: the server kept it
			continue
		}
		s.setDown(fmt.Errorf("fleet: lease lost (etcd unreachable for %s or more)", s.o.LeaseTTL))
		s.o.Logger.Warn("fleet: lease lost: claiming nothing until etcd answers", "node_id", s.o.NodeID)
	}
	s.leave()
}

// stillHeld asks etcd, for up to a lease TTL, whether lease still holds
// after the client gave up keeping it alive: a leader election outlasts the
// client's deadline while the new leader extends every lease.
func (s *Session) stillHeld(ctx context.Context, lease clientv3.LeaseID) bool {
	deadline := time.Now().Add(s.o.LeaseTTL)
	for ctx.Err() == nil && time.Now().Before(deadline) {
		rctx, cancel := context.WithTimeout(ctx, s.o.LeaseTTL/3)
		s.trips.lease.Add(1)
		resp, err := s.o.Client.TimeToLive(rctx, lease)
		cancel()
		if err == nil {
			return resp.TTL > 0
		}
		sleep(ctx, s.o.LeaseTTL/12)
	}
	return false
}

// keepAlive returns when lease is lost or ctx is done.
func (s *Session) keepAlive(ctx context.Context, lease clientv3.LeaseID) {
	kctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ch, err := s.o.Client.KeepAlive(kctx, lease)
	if err != nil {
		return
	}
	for resp := range ch {
		s.trips.lease.Add(1)
		if resp.TTL <= 0 {
			return
		}
		s.rotateRecord(ctx)
	}
}

// rotateRecord grants a fresh records' lease every few minutes: a sent
// claim lives recordTTL at most, whatever becomes of this member.
func (s *Session) rotateRecord(ctx context.Context) {
	s.mu.Lock()
	due := time.Since(s.recAt) > recordTTL/12
	s.mu.Unlock()
	if !due {
		return
	}
	rctx, cancel := s.rpc(ctx)
	defer cancel()
	s.trips.lease.Add(1)
	rec, err := s.o.Client.Grant(rctx, int64(recordTTL/time.Second))
	if err != nil {
		return
	}
	s.mu.Lock()
	s.record, s.recAt = rec.ID, time.Now()
	s.mu.Unlock()
}

// recordLost makes the next keep-alive grant a fresh records' lease (the
// records' lease is gone at etcd).
func (s *Session) recordLost() {
	s.mu.Lock()
	s.recAt = s.recAt.Add(-recordTTL)
	s.mu.Unlock()
}

func (s *Session) setDown(err error) {
	s.mu.Lock()
	s.lease, s.down = 0, err
	s.mu.Unlock()
}

// leave revokes the lease: the other members take this one's share at once.
func (s *Session) leave() {
	s.mu.Lock()
	lease := s.lease
	s.lease, s.down = 0, ErrNotMember
	s.mu.Unlock()
	if lease != 0 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_, _ = s.o.Client.Revoke(ctx, lease)
	}
}
