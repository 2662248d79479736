package fleet

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
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
	// Signer signs this member's record with Address's key (required).
	Signer Signer
	// Fingerprint is what this member serves: every member's must match.
	Fingerprint Fingerprint
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
	// ErrLost: another member holds the slot (or every slot) and may have
	// sent under it.
	ErrLost = errors.New("fleet: claimed by another member")
	// ErrBusy: another member holds a slot it has not sent under yet; if
	// it stalls past its lease, the slot is free again.
	ErrBusy = errors.New("fleet: claimed by another member, not sent yet")
	// ErrFenced: this member's lease is gone at etcd (it was paused or
	// cut off past it), or its claim is: it sends nothing.
	ErrFenced = errors.New("fleet: claim fenced")
	// ErrNotMember: this node holds no lease now (etcd unreachable or the
	// lease lost): it claims nothing until it is a member again.
	ErrNotMember = errors.New("fleet: not a member now")
)

// RefusedError is a start refused for good: the wallet or node id is a
// live member's, or the fingerprint differs from the fleet's.
type RefusedError struct{ Reason string }

func (e *RefusedError) Error() string { return "fleet: " + e.Reason }

// Fleet is this node's membership in a fleet: its Session (lease and
// records), its view of the Members, and its Claims, as etcd's
// client/v3/concurrency keeps Session, Election and Mutex apart. Safe for
// concurrent use.
type Fleet struct {
	o       Options
	prefix  string
	kv      clientv3.KV // o.Client's, counting its round trips
	trips   tripCount
	session *Session
	members *Members
	claims  *Claims
	spend   *Spending
}

// Trips counts this member's etcd round trips since it started.
type Trips struct {
	// Claims: claim, commit and release transactions.
	Claims int64
	// KV: every key-value round trip (claims, delegated subscriptions,
	// membership reads).
	KV int64
	// Lease: lease grants, revocations, TTL reads, and keep-alive
	// answers (one a lease_ttl/3 while etcd answers).
	Lease int64
}

// New checks o; Join makes the node a member.
func New(o Options) (*Fleet, error) {
	switch {
	case o.Client == nil:
		return nil, errors.New("fleet: Options.Client is required")
	case o.Signer == nil:
		return nil, errors.New("fleet: Options.Signer is required (member records are signed by the wallet key)")
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
	o.Fingerprint = o.Fingerprint.normal()
	f := &Fleet{o: o, prefix: "/infernode/" + o.Name + "/"}
	f.kv = countingKV{KV: o.Client.KV, n: &f.trips.kv}
	f.session = &Session{o: &f.o, prefix: f.prefix, kv: f.kv, trips: &f.trips, down: ErrNotMember}
	f.members = newMembers(&f.o, f.prefix, f.kv)
	f.claims = &Claims{o: &f.o, prefix: f.prefix, kv: f.kv, s: f.session, m: f.members, trips: &f.trips}
	f.spend = &Spending{o: &f.o, prefix: f.prefix, kv: f.kv, s: f.session, lease: map[int64]clientv3.LeaseID{}, seen: map[string]ledgerValue{}}
	return f, nil
}

// Session is this member's lease and records.
func (f *Fleet) Session() *Session { return f.session }

// Members is this member's view of the live members.
func (f *Fleet) Members() *Members { return f.members }

// Claims makes this member's claims.
func (f *Fleet) Claims() *Claims { return f.claims }

// Trips is what this member asked etcd since it started (benchmarks).
func (f *Fleet) Trips() Trips {
	return Trips{Claims: f.trips.claims.Load(), KV: f.trips.kv.Load(), Lease: f.trips.lease.Load()}
}

// NodeID is this member's id.
func (f *Fleet) NodeID() string { return f.o.NodeID }

// Spending is the fleet's one spending bound.
func (f *Fleet) Spending() *Spending { return f.spend }

// Join makes this node a member: a lease, its signed member record and its
// wallet's, in one transaction. A fingerprint that differs from a live
// member's, or a wallet or node id a live member already uses, is refused
// (*RefusedError naming the field or that member); this node's own earlier
// lease (a restart within the TTL) is waited out first.
func (f *Fleet) Join(ctx context.Context) error { return f.session.join(ctx) }

// Run keeps the lease alive and follows the members until ctx is done,
// then leaves (its lease revoked: the others take its share at once).
func (f *Fleet) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); f.members.watch(ctx, f.o.Client) }()
	defer wg.Wait()
	f.session.run(ctx)
	return nil
}

// Healthy is nil while this node is a member (its lease held), else why not.
func (f *Fleet) Healthy() error { return f.session.Healthy() }

// Info is what /info shows of the fleet.
func (f *Fleet) Info() Info {
	return Info{Name: f.o.Name, NodeID: f.o.NodeID, Members: f.members.List(), Claimed: f.claims.claimed.Load()}
}

// Changed has a value when a member left or joined since it was last read.
func (f *Fleet) Changed() <-chan struct{} { return f.members.Changed() }

// Serves reports whether this member is one of the redundancy members that
// serve w among the live ones, and its slot to try first. It reads no
// etcd: a member that does not serve a work spends nothing on it. A node
// that is not a member now serves nothing.
func (f *Fleet) Serves(w Work, redundancy int) (slot int, ok bool) {
	if lease, _ := f.session.Leases(); lease == 0 {
		return 0, false
	}
	return f.members.serves(w.String(), f.o.NodeID, redundancy)
}

// Claim is Claims.Claim.
func (f *Fleet) Claim(ctx context.Context, w Work, k uint32, slot, redundancy int, tx string) (Claim, error) {
	return f.claims.Claim(ctx, w, k, slot, redundancy, tx)
}

// Commit is Claims.Commit.
func (f *Fleet) Commit(ctx context.Context, c *Claim) error { return f.claims.Commit(ctx, c) }

// Release is Claims.Release.
func (f *Fleet) Release(ctx context.Context, c Claim) error { return f.claims.Release(ctx, c) }

// countingKV counts the round trips of a KV.
type countingKV struct {
	clientv3.KV
	n interface{ Add(int64) int64 }
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
