package fleet

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"go.etcd.io/etcd/api/v3/mvccpb"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// Members is this member's view of the live members: the member records
// under /infernode/<name>/members/ that are held by a lease and signed by
// their member's wallet key with this member's fingerprint, followed by a
// watch. Work is divided among them by rendezvous hashing.
type Members struct {
	o      *Options
	prefix string
	kv     clientv3.KV

	mu      sync.Mutex
	live    map[string]Member    // by node id
	left    map[string]time.Time // members gone lately: whose work was taken over
	known   map[string]Member    // every member seen since start (job ids' owners)
	logged  map[string]string    // rejected records logged, by node id: the reason
	changed chan struct{}
}

func newMembers(o *Options, prefix string, kv clientv3.KV) *Members {
	return &Members{o: o, prefix: prefix, kv: kv, live: map[string]Member{}, left: map[string]time.Time{},
		known: map[string]Member{}, logged: map[string]string{}, changed: make(chan struct{}, 1)}
}

// Changed has a value when a member left or joined since it was last
// read: a member that took over work acts on it at once rather than at
// its next head.
func (m *Members) Changed() <-chan struct{} { return m.changed }

// List is the live members, by node id.
func (m *Members) List() []Member {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := slices.Collect(maps.Values(m.live))
	slices.SortFunc(out, func(a, b Member) int { return strings.Compare(a.NodeID, b.NodeID) })
	return out
}

// Get is the live member id, if any.
func (m *Members) Get(id string) (Member, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	mm, ok := m.live[id]
	return mm, ok
}

// watch follows the member records until ctx is done. Each record is
// verified once, when it is written (its revision).
func (m *Members) watch(ctx context.Context, cli *clientv3.Client) {
	pfx := m.prefix + "members/"
	type seen struct {
		rev    int64
		member Member
		ok     bool
	}
	var raw map[string]seen
	check := func(kv *mvccpb.KeyValue, old map[string]seen) {
		id := strings.TrimPrefix(string(kv.Key), pfx)
		if s, ok := old[id]; ok && s.rev == kv.ModRevision {
			raw[id] = s
			return
		}
		if _, exists := raw[id]; !exists && len(raw) >= maxKnown {
			return
		}
		r, why, detail := verify(m.o.Name, id, kv.Value, kv.Lease, m.o.Fingerprint)
		if why != "" {
			m.reject(id, why, detail)
		}
		raw[id] = seen{rev: kv.ModRevision, member: r.member(), ok: why == ""}
	}
	apply := func() {
		live := map[string]Member{}
		for id, s := range raw {
			if s.ok {
				live[id] = s.member
			}
		}
		m.set(live)
	}
	follow(ctx, cli, m.kv, pfx, m.o.LeaseTTL, func(resp *clientv3.GetResponse) {
		old := raw
		raw = map[string]seen{}
		for _, kv := range resp.Kvs {
			check(kv, old)
		}
		apply()
	}, func(evs []*clientv3.Event) {
		for _, ev := range evs {
			if ev.Type == clientv3.EventTypeDelete {
				delete(raw, strings.TrimPrefix(string(ev.Kv.Key), pfx))
				continue
			}
			check(ev.Kv, nil)
		}
		apply()
	})
}

// reject counts a record that does not count, logging it once per node
// id and reason.
func (m *Members) reject(id, why, detail string) {
	m.o.Metrics.Rejected.WithLabelValues(why).Inc()
	m.mu.Lock()
	first := m.logged[id] != why && len(m.logged) < maxKnown
	if first {
		m.logged[id] = why
	}
	m.mu.Unlock()
	if first {
		m.o.Logger.Warn("fleet: member record ignored", "node_id", id, "reason", why, "detail", detail)
	}
}

// set takes a new view of the live members, logging who joined and who
// left (whose share the others now take over).
func (m *Members) set(live map[string]Member) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := time.Now()
	for id := range m.live {
		if _, ok := live[id]; !ok && id != m.o.NodeID {
			m.left[id] = now
			m.o.Logger.Info("fleet: member left: the others take over its share", "node_id", id)
		}
	}
	for id, mm := range live {
		if _, ok := m.live[id]; !ok && id != m.o.NodeID {
			delete(m.left, id)
			m.o.Logger.Info("fleet: member joined", "node_id", id, "address", mm.Address)
		}
	}
	for id, at := range m.left {
		if now.Sub(at) > time.Minute {
			delete(m.left, id)
		}
	}
	if !maps.Equal(m.live, live) {
		select {
		case m.changed <- struct{}{}:
		default:
		}
	}
	m.live = live
	for id, mm := range live {
		if len(m.known) < maxKnown || m.known[id] != (Member{}) {
			m.known[id] = mm
		}
	}
	m.o.Metrics.Members.Set(float64(len(live)))
}

// maxKnown bounds the members remembered (job owners, rejected records).
const maxKnown = 1024

// serves reports whether member self is one of the redundancy members that
// serve work key among the live ones, and its slot to try first.
func (m *Members) serves(key, self string, redundancy int) (slot int, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	ids := slices.Collect(maps.Keys(m.live))
	if _, ok := m.live[self]; !ok {
		ids = append(ids, self)
	}
	i := slices.Index(rank(key, ids), self)
	return i, i < max(redundancy, 1)
}

// tookOver names the member gone lately whose work key's slot this member
// won, or "".
func (m *Members) tookOver(key string, slot, redundancy int) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.left) == 0 {
		return ""
	}
	ids := slices.Collect(maps.Keys(m.live))
	for id := range m.left {
		ids = append(ids, id)
	}
	for i, id := range rank(key, ids) {
		if i >= redundancy {
			break
		}
		if _, gone := m.left[id]; gone && (i == slot || redundancy == 1) {
			return id
		}
	}
	return ""
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

// follow hands snapshot every key under pfx, then watches from the next
// revision and hands events each batch; after any break (an error, a lost
// leader) it reads everything again, until ctx is done.
func follow(ctx context.Context, cli *clientv3.Client, kv clientv3.KV, pfx string, ttl time.Duration, snapshot func(*clientv3.GetResponse), events func([]*clientv3.Event)) {
	for ctx.Err() == nil {
		rctx, cancel := context.WithTimeout(ctx, max(ttl, 2*time.Second))
		resp, err := kv.Get(rctx, pfx, clientv3.WithPrefix())
		cancel()
		if err != nil {
			sleep(ctx, ttl/3)
			continue
		}
		snapshot(resp)
		wctx, wcancel := context.WithCancel(clientv3.WithRequireLeader(ctx))
		for w := range cli.Watch(wctx, pfx, clientv3.WithPrefix(), clientv3.WithRev(resp.Header.Revision+1)) {
			if w.Err() != nil {
				break
			}
			events(w.Events)
		}
		wcancel()
		sleep(ctx, ttl/6)
	}
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
