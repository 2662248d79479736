package fleet

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// DefaultLeaseTTL is fleet.lease_ttl's default.
const DefaultLeaseTTL = 3 * time.Second

// recordTTL is how long a sent claim (the record that a member sent the
// interval's delivery) outlives its send: past the interval deadline, so no
// member claims a delivered interval again while it could still be open.
const recordTTL = time.Hour

// Options configure a Fleet.
type Options struct {
	// Client reaches the fleet's etcd (required).
	Client *clientv3.Client
	// Name is the fleet's (fleet.name): its keys live under /infernode/<name>/.
	Name string
	// NodeID is this member's, unique in the fleet (fleet.node_id).
	NodeID string
	// AdvertiseURL is where the other members reach this node's REST API.
	AdvertiseURL string
	// Address is this member's wallet: no two live members share one.
	Address common.Address
	// LeaseTTL is the member's lease (fleet.lease_ttl). Default 3 s.
	LeaseTTL time.Duration
	Logger   *slog.Logger
	// Metrics default to unregistered collectors.
	Metrics *Metrics
}

// Member is a live member as /info shows it.
type Member struct {
	NodeID       string `json:"node_id"`
	Address      string `json:"address"`
	AdvertiseURL string `json:"advertise_url"`
	Healthy      bool   `json:"healthy"`
}

// Info is /info.fleet.
type Info struct {
	Name    string   `json:"name"`
	NodeID  string   `json:"node_id"`
	Members []Member `json:"members"`
	// Claimed counts the claims this member won since it started.
	Claimed int64 `json:"claimed"`
}

// Errors a claim can end in.
var (
	// ErrLost: another member holds the slot (or every slot).
	ErrLost = errors.New("fleet: claimed by another member")
	// ErrFenced: this member's lease is gone at etcd (it was paused or
	// cut off past it): it claims nothing, so it sends nothing new.
	ErrFenced = errors.New("fleet: claim fenced")
	// ErrNotMember: this node holds no lease now (etcd unreachable or the
	// lease lost): it claims nothing until it is a member again.
	ErrNotMember = errors.New("fleet: not a member now")
)

// RefusedError is a start refused for good: the wallet or node id is a
// live member's.
type RefusedError struct{ Reason string }

func (e *RefusedError) Error() string { return "fleet: " + e.Reason }

// Fleet is this node's membership and claims. Safe for concurrent use.
type Fleet struct {
	o      Options
	prefix string
	me     Member

	mu      sync.Mutex
	lease   clientv3.LeaseID // 0 while not a member
	record  clientv3.LeaseID // sent claims' lease (recordTTL, never kept alive)
	recAt   time.Time
	members map[string]Member    // live, by node id
	left    map[string]time.Time // members gone lately: whose work was taken over
	known   map[string]Member    // every member seen since start (job ids' owners)
	down    error                // why this node is not a member now

	// changed has a value when a member left or joined since it was
	// last read (Changed).
	changed chan struct{}

	kv         clientv3.KV // o.Client's, counting its round trips
	claimed    atomic.Int64
	claimTrips atomic.Int64 // claim and release transactions
	kvTrips    atomic.Int64 // every KV round trip (claims included)
	leaseTrips atomic.Int64 // lease grants, revocations, TTL reads, keep-alive answers
}

// Trips counts this member's etcd round trips since it started.
type Trips struct {
	// Claims: claim and release transactions.
	Claims int64
	// KV: every key-value round trip (claims, delegated subscriptions,
	// membership reads).
	KV int64
	// Lease: lease grants, revocations and TTL reads, and keep-alive
	// answers (one a lease_ttl/3 while etcd answers).
	Lease int64
}

// Trips is what this member asked etcd since it started (benchmarks).
func (f *Fleet) Trips() Trips {
	return Trips{Claims: f.claimTrips.Load(), KV: f.kvTrips.Load(), Lease: f.leaseTrips.Load()}
}

// Changed has a value when a member left or joined since it was last
// read: a member that took over work acts on it at once rather than at
// its next head.
func (f *Fleet) Changed() <-chan struct{} { return f.changed }

// New checks o; Join makes the node a member.
func New(o Options) (*Fleet, error) {
	switch {
	case o.Client == nil:
		return nil, errors.New("fleet: Options.Client is required")
	case o.Name == "" || strings.Contains(o.Name, "/"):
		return nil, fmt.Errorf("fleet: fleet.name %q: a non-empty name without '/'", o.Name)
	case o.NodeID == "" || strings.Contains(o.NodeID, "/"):
		return nil, fmt.Errorf("fleet: fleet.node_id %q: a non-empty id without '/'", o.NodeID)
	}
	if o.LeaseTTL <= 0 {
		o.LeaseTTL = DefaultLeaseTTL
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Metrics == nil {
		o.Metrics, _ = NewMetrics(nil)
	}
	f := &Fleet{o: o, prefix: "/infernode/" + o.Name + "/",
		me:      Member{NodeID: o.NodeID, Address: o.Address.Hex(), AdvertiseURL: o.AdvertiseURL, Healthy: true},
		members: map[string]Member{}, left: map[string]time.Time{}, known: map[string]Member{}, down: ErrNotMember,
		changed: make(chan struct{}, 1)}
	f.kv = countingKV{KV: o.Client.KV, n: &f.kvTrips}
	return f, nil
}

// countingKV counts the round trips of a KV.
type countingKV struct {
	clientv3.KV
	n *atomic.Int64
}

func (c countingKV) Get(ctx context.Context, key string, opts ...clientv3.OpOption) (*clientv3.GetResponse, error) {
	c.n.Add(1)
	return c.KV.Get(ctx, key, opts...)
}

func (c countingKV) Put(ctx context.Context, key, val string, opts ...clientv3.OpOption) (*clientv3.PutResponse, error) {
	c.n.Add(1)
	return c.KV.Put(ctx, key, val, opts...)
}

func (c countingKV) Delete(ctx context.Context, key string, opts ...clientv3.OpOption) (*clientv3.DeleteResponse, error) {
	c.n.Add(1)
	return c.KV.Delete(ctx, key, opts...)
}

func (c countingKV) Do(ctx context.Context, op clientv3.Op) (clientv3.OpResponse, error) {
	c.n.Add(1)
	return c.KV.Do(ctx, op)
}

// Txn counts the transaction's one round trip (its Commit).
func (c countingKV) Txn(ctx context.Context) clientv3.Txn {
	c.n.Add(1)
	return c.KV.Txn(ctx)
}

// NodeID is this member's id.
func (f *Fleet) NodeID() string { return f.o.NodeID }

// Prefix is where the fleet's keys live (/infernode/<name>/).
func (f *Fleet) Prefix() string { return f.prefix }

// Client is the fleet's etcd client.
func (f *Fleet) Client() *clientv3.Client { return f.o.Client }

func (f *Fleet) memberKey(id string) string { return f.prefix + "members/" + id }
func (f *Fleet) walletKey() string {
	return f.prefix + "wallets/" + strings.ToLower(f.o.Address.Hex())
}

// rpc bounds one etcd round trip.
func (f *Fleet) rpc(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, max(f.o.LeaseTTL, 2*time.Second))
}

// Join makes this node a member: a lease, its member record and its
// wallet's, in one transaction. A wallet or node id a live member already
// uses is refused (*RefusedError naming that member); this node's own
// earlier lease (a restart within the TTL) is waited out first.
func (f *Fleet) Join(ctx context.Context) error {
	deadline := time.Now().Add(2*f.o.LeaseTTL + 2*time.Second)
	for {
		err := f.register(ctx)
		var again *stillLive
		if !errors.As(err, &again) {
			return err
		}
		if time.Now().After(deadline) {
			return &RefusedError{Reason: fmt.Sprintf("node_id %q is live in fleet %q and did not leave", f.o.NodeID, f.o.Name)}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(f.o.LeaseTTL / 4):
		}
	}
}

// stillLive: this node id's earlier lease still holds its records.
type stillLive struct{}

func (*stillLive) Error() string { return "fleet: this node's earlier lease still holds" }

func (f *Fleet) register(ctx context.Context) error {
	rctx, cancel := f.rpc(ctx)
	defer cancel()
	cli := f.o.Client
	f.leaseTrips.Add(1)
	lease, err := cli.Grant(rctx, int64((f.o.LeaseTTL+time.Second-1)/time.Second))
	if err != nil {
		return fmt.Errorf("fleet: grant a lease: %w", err)
	}
	me, _ := json.Marshal(f.me)
	wk, mk := f.walletKey(), f.memberKey(f.o.NodeID)
	resp, err := f.kv.Txn(rctx).
		If(clientv3.Compare(clientv3.CreateRevision(wk), "=", 0), clientv3.Compare(clientv3.CreateRevision(mk), "=", 0)).
		Then(clientv3.OpPut(wk, f.o.NodeID, clientv3.WithLease(lease.ID)), clientv3.OpPut(mk, string(me), clientv3.WithLease(lease.ID))).
		Else(clientv3.OpGet(wk), clientv3.OpGet(mk)).Commit()
	if err != nil {
		_, _ = cli.Revoke(context.WithoutCancel(rctx), lease.ID)
		return fmt.Errorf("fleet: register member %q: %w", f.o.NodeID, err)
	}
	if !resp.Succeeded {
		_, _ = cli.Revoke(rctx, lease.ID)
		holder := ""
		if kvs := resp.Responses[0].GetResponseRange().Kvs; len(kvs) > 0 {
			holder = string(kvs[0].Value)
		}
		var other Member
		if kvs := resp.Responses[1].GetResponseRange().Kvs; len(kvs) > 0 {
			_ = json.Unmarshal(kvs[0].Value, &other)
		}
		switch {
		case holder != "" && holder != f.o.NodeID:
			return &RefusedError{Reason: fmt.Sprintf("wallet %s is already used by live member %q of fleet %q: give every member its own wallet", f.o.Address.Hex(), holder, f.o.Name)}
		case other.NodeID != "" && !strings.EqualFold(other.Address, f.o.Address.Hex()):
			return &RefusedError{Reason: fmt.Sprintf("node_id %q is already live in fleet %q with wallet %s: give every member its own fleet.node_id", f.o.NodeID, f.o.Name, other.Address)}
		}
		return &stillLive{}
	}
	f.leaseTrips.Add(1)
	rec, err := cli.Grant(rctx, int64(recordTTL/time.Second))
	if err != nil {
		_, _ = cli.Revoke(rctx, lease.ID)
		return fmt.Errorf("fleet: grant the records' lease: %w", err)
	}
	f.mu.Lock()
	f.lease, f.record, f.recAt, f.down = lease.ID, rec.ID, time.Now(), nil
	f.mu.Unlock()
	f.o.Logger.Info("fleet: joined", "fleet", f.o.Name, "node_id", f.o.NodeID, "address", f.me.Address, "lease_ttl", f.o.LeaseTTL)
	return nil
}

// Run keeps the lease alive and follows the members until ctx is done;
// when the lease is lost (etcd unreachable longer than the TTL) the node
// claims nothing, reports it in Healthy, and joins again by itself.
func (f *Fleet) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); f.watchMembers(ctx) }()
	defer wg.Wait()
	var last clientv3.LeaseID // the lease this member held last
	for ctx.Err() == nil {
		f.mu.Lock()
		lease := f.lease
		f.mu.Unlock()
		if lease == 0 && last != 0 && f.stillHeld(ctx, last) { // etcd answers again, and kept it
			f.mu.Lock()
			f.lease, f.down, lease = last, nil, last
			f.mu.Unlock()
			f.o.Logger.Info("fleet: lease held again", "node_id", f.o.NodeID)
		}
		if lease == 0 {
			if err := f.register(ctx); err != nil {
				f.setDown(err)
				sleep(ctx, f.o.LeaseTTL/3)
				continue
			}
			f.mu.Lock()
			lease = f.lease
			f.mu.Unlock()
		}
		last = lease
		f.keepAlive(ctx, lease)
		if ctx.Err() != nil {
			break
		}
		if f.stillHeld(ctx, lease) { // an etcd leader election: the server kept it
			continue
		}
		f.setDown(fmt.Errorf("fleet: lease lost (etcd unreachable for %s or more)", f.o.LeaseTTL))
		f.o.Logger.Warn("fleet: lease lost: claiming nothing until etcd answers", "node_id", f.o.NodeID)
	}
	f.leave()
	return nil
}

// stillHeld asks etcd, for up to a lease TTL, whether lease still holds
// after the client gave up keeping it alive: a leader election outlasts the
// client's deadline while the new leader extends every lease.
func (f *Fleet) stillHeld(ctx context.Context, lease clientv3.LeaseID) bool {
	deadline := time.Now().Add(f.o.LeaseTTL)
	for ctx.Err() == nil && time.Now().Before(deadline) {
		rctx, cancel := context.WithTimeout(ctx, f.o.LeaseTTL/3)
		f.leaseTrips.Add(1)
		resp, err := f.o.Client.TimeToLive(rctx, lease)
		cancel()
		if err == nil {
			return resp.TTL > 0
		}
		sleep(ctx, f.o.LeaseTTL/12)
	}
	return false
}

// keepAlive returns when lease is lost or ctx is done.
func (f *Fleet) keepAlive(ctx context.Context, lease clientv3.LeaseID) {
	kctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ch, err := f.o.Client.KeepAlive(kctx, lease)
	if err != nil {
		return
	}
	for resp := range ch {
		f.leaseTrips.Add(1)
		if resp.TTL <= 0 {
			return
		}
		f.rotateRecord(ctx)
	}
}

// rotateRecord grants a fresh records' lease every few minutes: a sent
// claim lives recordTTL at most, whatever becomes of this member.
func (f *Fleet) rotateRecord(ctx context.Context) {
	f.mu.Lock()
	due := time.Since(f.recAt) > recordTTL/12
	f.mu.Unlock()
	if !due {
		return
	}
	rctx, cancel := f.rpc(ctx)
	defer cancel()
	f.leaseTrips.Add(1)
	rec, err := f.o.Client.Grant(rctx, int64(recordTTL/time.Second))
	if err != nil {
		return
	}
	f.mu.Lock()
	f.record, f.recAt = rec.ID, time.Now()
	f.mu.Unlock()
}

func (f *Fleet) setDown(err error) {
	f.mu.Lock()
	f.lease, f.down = 0, err
	f.mu.Unlock()
}

// leave revokes the lease: the other members take this one's share at once.
func (f *Fleet) leave() {
	f.mu.Lock()
	lease := f.lease
	f.lease, f.down = 0, ErrNotMember
	f.mu.Unlock()
	if lease != 0 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_, _ = f.o.Client.Revoke(ctx, lease)
	}
}

// Healthy is nil while this node is a member (its lease held), else why not.
func (f *Fleet) Healthy() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.down
}

// watchMembers follows the member records.
func (f *Fleet) watchMembers(ctx context.Context) {
	pfx := f.memberKey("")
	f.follow(ctx, pfx, func(resp *clientv3.GetResponse) {
		live := map[string]Member{}
		for _, kv := range resp.Kvs {
			var m Member
			if json.Unmarshal(kv.Value, &m) == nil {
				live[m.NodeID] = m
			}
		}
		f.setMembers(live)
	}, func(evs []*clientv3.Event) {
		f.mu.Lock()
		next := maps.Clone(f.members)
		f.mu.Unlock()
		if next == nil {
			next = map[string]Member{}
		}
		for _, ev := range evs {
			id := strings.TrimPrefix(string(ev.Kv.Key), pfx)
			if ev.Type == clientv3.EventTypeDelete {
				delete(next, id)
				continue
			}
			var m Member
			if json.Unmarshal(ev.Kv.Value, &m) == nil {
				next[id] = m
			}
		}
		f.setMembers(next)
	})
}

// follow hands snapshot every key under pfx, then watches from the next
// revision and hands events each batch; after any break (an error, a lost
// leader) it reads everything again, until ctx is done.
func (f *Fleet) follow(ctx context.Context, pfx string, snapshot func(*clientv3.GetResponse), events func([]*clientv3.Event)) {
	for ctx.Err() == nil {
		rctx, cancel := f.rpc(ctx)
		resp, err := f.kv.Get(rctx, pfx, clientv3.WithPrefix())
		cancel()
		if err != nil {
			sleep(ctx, f.o.LeaseTTL/3)
			continue
		}
		snapshot(resp)
		wctx, wcancel := context.WithCancel(clientv3.WithRequireLeader(ctx))
		for w := range f.o.Client.Watch(wctx, pfx, clientv3.WithPrefix(), clientv3.WithRev(resp.Header.Revision+1)) {
			if w.Err() != nil {
				break
			}
			events(w.Events)
		}
		wcancel()
		sleep(ctx, f.o.LeaseTTL/6)
	}
}

// setMembers takes a new view of the live members, logging who joined and
// who left (whose share the others now take over).
func (f *Fleet) setMembers(live map[string]Member) {
	f.mu.Lock()
	defer f.mu.Unlock()
	now := time.Now()
	for id := range f.members {
		if _, ok := live[id]; !ok && id != f.o.NodeID {
			f.left[id] = now
			f.o.Logger.Info("fleet: member left: the others take over its share", "node_id", id)
		}
	}
	for id, m := range live {
		if _, ok := f.members[id]; !ok && id != f.o.NodeID {
			delete(f.left, id)
			f.o.Logger.Info("fleet: member joined", "node_id", id, "address", m.Address)
		}
	}
	for id, at := range f.left {
		if now.Sub(at) > time.Minute {
			delete(f.left, id)
		}
	}
	if !maps.EqualFunc(f.members, live, func(a, b Member) bool { return a == b }) {
		select {
		case f.changed <- struct{}{}:
		default:
		}
	}
	f.members = live
	for id, m := range live {
		if len(f.known) < maxKnown || f.known[id] != (Member{}) {
			f.known[id] = m
		}
	}
	f.o.Metrics.Members.Set(float64(len(live)))
}

// maxKnown bounds the members remembered as job owners.
const maxKnown = 1024

// Members is the live members, by node id.
func (f *Fleet) Members() []Member {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]Member, 0, len(f.members))
	for _, m := range f.members {
		m.Healthy = true
		out = append(out, m)
	}
	slices.SortFunc(out, func(a, b Member) int { return strings.Compare(a.NodeID, b.NodeID) })
	return out
}

// Member is the live member id, if any.
func (f *Fleet) Member(id string) (Member, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.members[id]
	return m, ok
}

// Info is what /info shows of the fleet.
func (f *Fleet) Info() Info {
	return Info{Name: f.o.Name, NodeID: f.o.NodeID, Members: f.Members(), Claimed: f.claimed.Load()}
}

// score is member id's rendezvous weight for work key.
func score(key, id string) uint64 {
	h := sha256.Sum256([]byte(key + "\x00" + id))
	return binary.BigEndian.Uint64(h[:8])
}

// rank orders ids by their weight for key, highest first: the work goes
// to the first; a member joining or leaving moves only its own share.
func rank(key string, ids []string) []string {
	slices.SortFunc(ids, func(a, b string) int {
		sa, sb := score(key, a), score(key, b)
		switch {
		case sa > sb:
			return -1
		case sa < sb:
			return 1
		}
		return strings.Compare(a, b)
	})
	return ids
}

// Serves reports whether this member is one of the redundancy members that
// serve work key among the live ones, and its slot to try first. It reads
// no etcd: a member that does not serve a key spends nothing on it.
func (f *Fleet) Serves(key string, redundancy int) (slot int, ok bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.lease == 0 {
		return 0, false
	}
	ids := make([]string, 0, len(f.members)+1)
	for id := range f.members {
		ids = append(ids, id)
	}
	if _, ok := f.members[f.o.NodeID]; !ok {
		ids = append(ids, f.o.NodeID)
	}
	i := slices.Index(rank(key, ids), f.o.NodeID)
	return i, i < max(redundancy, 1)
}

// tookOver names the member gone lately whose work key's slot this member
// won, or "".
func (f *Fleet) tookOver(key string, slot, redundancy int) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.left) == 0 {
		return ""
	}
	ids := make([]string, 0, len(f.members)+len(f.left))
	for id := range f.members {
		ids = append(ids, id)
	}
	for id := range f.left {
		ids = append(ids, id)
	}
	for i, id := range rank(key, ids) {
		if i >= redundancy {
			break
		}
		if _, gone := f.left[id]; gone && (i == slot || redundancy == 1) {
			return id
		}
	}
	return ""
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
