package fleet

import (
	"context"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/infernode/infernode/internal/etcdtest"
)

// freeURL is a loopback URL on a port free now.
func freeURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return "http://" + l.Addr().String()
}

// startEtcd runs a one-member embedded etcd in dir.
func startEtcd(t *testing.T, dir, client, peer string) *Etcd {
	t.Helper()
	e, err := OpenEtcd(context.Background(), EtcdOptions{Embed: &EmbedOptions{Name: "e1", DataDir: dir, ClientURL: client, PeerURL: peer}})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	require.NoError(t, e.Ready(ctx))
	return e
}

// testEtcd is an etcd the fleet uses, embedded or external, that a test
// can stop and start again.
type testEtcd struct {
	*Etcd
	stop, restart func()
}

// newTestEtcd is an embedded member.
func newTestEtcd(t *testing.T) *testEtcd {
	dir, client, peer := t.TempDir(), freeURL(t), freeURL(t)
	te := &testEtcd{Etcd: startEtcd(t, dir, client, peer)}
	te.stop = te.Stop
	te.restart = func() {
		restarted := startEtcd(t, dir, client, peer)
		t.Cleanup(restarted.Stop)
	}
	t.Cleanup(func() { _ = te.Close() })
	return te
}

// newExternalEtcd is a real etcd server (Debian's etcd-server, 3.4).
func newExternalEtcd(t *testing.T) *testEtcd {
	srv := etcdtest.Start(t)
	e, err := OpenEtcd(context.Background(), EtcdOptions{Endpoints: []string{srv.URL}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = e.Close() })
	return &testEtcd{Etcd: e, stop: srv.Stop, restart: srv.Restart}
}

// etcds runs test against both kinds of etcd.
func etcds(t *testing.T, test func(t *testing.T, e *testEtcd)) {
	t.Run("embedded", func(t *testing.T) { test(t, newTestEtcd(t)) })
	t.Run("external", func(t *testing.T) {
		if testing.Short() {
			t.Skip("runs an etcd process")
		}
		test(t, newExternalEtcd(t))
	})
}

// member joins a fleet member named id with wallet addr and runs it.
func member(t *testing.T, e *Etcd, id string, addr byte) *Fleet {
	t.Helper()
	f, err := New(Options{Client: e.Client, Name: "t", NodeID: id, AdvertiseURL: "http://" + id, Address: common.Address{addr}, LeaseTTL: 2 * time.Second})
	require.NoError(t, err)
	require.NoError(t, f.Join(context.Background()))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = f.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return f
}

func eventually(t *testing.T, cond func() bool, msg string) {
	t.Helper()
	require.Eventually(t, cond, time.Minute, 20*time.Millisecond, msg)
}

func TestMembershipAndOwnership(t *testing.T) {
	e := newTestEtcd(t)
	a, b, c := member(t, e.Etcd, "a", 1), member(t, e.Etcd, "b", 2), member(t, e.Etcd, "c", 3)
	for _, f := range []*Fleet{a, b, c} {
		eventually(t, func() bool { return len(f.Members()) == 3 }, "every member sees three")
	}
	// Each key is served by exactly redundancy members, and the share is
	// spread.
	owners := map[string]int{}
	for i := range 300 {
		key := fmt.Sprintf("s%d", i)
		for r := 1; r <= 3; r++ {
			n := 0
			for _, f := range []*Fleet{a, b, c} {
				if _, ok := f.Serves(key, r); ok {
					n++
					if r == 1 {
						owners[f.NodeID()]++
					}
				}
			}
			require.Equal(t, r, n, "key %s redundancy %d", key, r)
		}
	}
	for id, n := range owners {
		assert.Greater(t, n, 60, "member %s serves its share of 300", id)
	}

	t.Run("a duplicate wallet is refused, naming the member", func(t *testing.T) {
		f, err := New(Options{Client: e.Client, Name: "t", NodeID: "d", Address: common.Address{2}, LeaseTTL: 2 * time.Second})
		require.NoError(t, err)
		err = f.Join(context.Background())
		var refused *RefusedError
		require.ErrorAs(t, err, &refused)
		require.Contains(t, err.Error(), `live member "b"`)
	})
}

func TestClaimsAndFence(t *testing.T) { etcds(t, testClaimsAndFence) }

func testClaimsAndFence(t *testing.T, e *testEtcd) {
	a, b := member(t, e.Etcd, "a", 1), member(t, e.Etcd, "b", 2)
	ctx := context.Background()

	before := a.Trips()
	ca, err := a.Claim(ctx, "s1", 1, 0, 1, "deliver/1/1/1")
	require.NoError(t, err)
	require.True(t, ca.Sent)
	after := a.Trips()
	require.Equal(t, int64(1), after.Claims-before.Claims, "a claim is one etcd round trip")
	require.Equal(t, int64(1), after.KV-before.KV, "and nothing else")
	_, err = b.Claim(ctx, "s1", 1, 0, 1, "deliver/1/1/1")
	require.ErrorIs(t, err, ErrLost, "one slot, one member")
	again, err := a.Claim(ctx, "s1", 1, 0, 1, "deliver/1/1/2")
	require.NoError(t, err)
	require.Equal(t, ca, again, "a member finds its own claim (a restart, a try after a failed send)")

	// Redundancy 2: two members, two slots; a member never holds two.
	c1, err := a.Claim(ctx, "s2", 1, 1, 2, "x")
	require.NoError(t, err)
	c2, err := b.Claim(ctx, "s2", 1, 1, 2, "x")
	require.NoError(t, err, "slot 1 taken: b takes slot 0")
	require.NotEqual(t, c1.Slot, c2.Slot)
	c1b, err := a.Claim(ctx, "s2", 1, 0, 2, "x")
	require.NoError(t, err)
	require.Equal(t, c1.Slot, c1b.Slot)
	c3 := member(t, e.Etcd, "c", 3)
	_, err = c3.Claim(ctx, "s2", 1, 0, 2, "x")
	require.ErrorIs(t, err, ErrLost, "both slots held")

	// A released claim (its delivery ended with nothing sent) frees the slot.
	cr, err := a.Claim(ctx, "s4", 1, 0, 1, "x")
	require.NoError(t, err)
	require.NoError(t, a.Release(ctx, cr))
	_, err = b.Claim(ctx, "s4", 1, 0, 1, "x")
	require.NoError(t, err)

	t.Run("a claim outlives its member's lease: nobody else sends for it", func(t *testing.T) {
		cp, err := a.Claim(ctx, "s3", 7, 0, 1, "deliver/3/7/1")
		require.NoError(t, err)
		old := revoke(t, e, a) // as if a died right after sending
		_, err = b.Claim(ctx, "s3", 7, 0, 1, "deliver/3/7/1")
		require.ErrorIs(t, err, ErrLost, "the claim may have been sent: b sends nothing")
		eventually(t, func() bool { return a.Healthy() == nil && a.leaseID() != old }, "a joins again by itself")
		mine, err := a.Claim(ctx, "s3", 7, 0, 1, "deliver/3/7/2")
		require.NoError(t, err, "restarted, a finds its claim again")
		require.Equal(t, cp.Key, mine.Key)
	})

	t.Run("a paused member claims nothing once its lease is gone", func(t *testing.T) {
		revoke(t, e, b) // b's lease expired while it was stopped; it has not noticed yet
		b.mu.Lock()
		b.lease = 1<<62 + 1 // a lease b thinks it holds
		b.mu.Unlock()
		_, err := b.Claim(ctx, "s5", 1, 0, 1, "x")
		require.ErrorIs(t, err, ErrFenced, "b sends nothing")
		ca, err := a.Claim(ctx, "s5", 1, 0, 1, "x")
		require.NoError(t, err, "a takes the slot over")
		require.Equal(t, 0, ca.Slot)
	})
}

// revoke revokes f's lease, as if it expired, and returns it.
func revoke(t *testing.T, e *testEtcd, f *Fleet) clientv3.LeaseID {
	t.Helper()
	lease := f.leaseID()
	_, err := e.Client.Revoke(context.Background(), lease)
	require.NoError(t, err)
	return lease
}

func (f *Fleet) leaseID() clientv3.LeaseID {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.lease
}

func TestEtcdDown(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out a lease")
	}
	etcds(t, testEtcdDown)
}

func testEtcdDown(t *testing.T, e *testEtcd) {
	a := member(t, e.Etcd, "a", 1)
	require.NoError(t, a.Healthy())
	e.stop()
	eventually(t, func() bool { return a.Healthy() != nil }, "unhealthy once the lease is lost")
	_, ok := a.Serves("s1", 3)
	require.False(t, ok, "claims nothing")
	t.Logf("while etcd is down: %v", a.Healthy())
	e.restart()
	eventually(t, func() bool { return a.Healthy() == nil }, "resumes by itself")
	_, err := a.Claim(context.Background(), "s1", 1, 0, 1, "x")
	require.NoError(t, err)
}

func TestJobIDsNameTheirMember(t *testing.T) {
	e := newTestEtcd(t)
	a, b := member(t, e.Etcd, "a", 1), member(t, e.Etcd, "b", 2)
	eventually(t, func() bool { return len(a.Members()) == 2 }, "a sees b")
	id := NewJobID("b")()
	u, err := uuid.Parse(id)
	require.NoError(t, err)
	require.Equal(t, uuid.Version(4), u.Version(), "ids stay version 4 UUIDs")
	m, live, ok := a.JobOwner(id)
	require.True(t, ok)
	require.True(t, live)
	require.Equal(t, "b", m.NodeID)
	_, _, ok = a.JobOwner(NewJobID("a")())
	require.False(t, ok, "its own ids are looked up locally")
	_, _, ok = a.JobOwner(uuid.NewString())
	require.False(t, ok, "an id no member made")
	_ = b
}
