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

	ca, err := a.Claim(ctx, "s1", 1, 0, 1)
	require.NoError(t, err)
	_, err = b.Claim(ctx, "s1", 1, 0, 1)
	require.ErrorIs(t, err, ErrLost, "one slot, one member")
	again, err := a.Claim(ctx, "s1", 1, 0, 1)
	require.NoError(t, err)
	require.Equal(t, ca, again, "a member finds its own claim")

	// Redundancy 2: two members, two slots; a member never holds two.
	c1, err := a.Claim(ctx, "s2", 1, 1, 2)
	require.NoError(t, err)
	c2, err := b.Claim(ctx, "s2", 1, 1, 2)
	require.NoError(t, err, "slot 1 taken: b takes slot 0")
	require.NotEqual(t, c1.Slot, c2.Slot)
	c1b, err := a.Claim(ctx, "s2", 1, 0, 2)
	require.NoError(t, err)
	require.Equal(t, c1.Slot, c1b.Slot)

	sent, err := a.Fence(ctx, ca, "deliver/1/1/1")
	require.NoError(t, err)
	require.True(t, sent.Sent)
	after, err := a.Claim(ctx, "s1", 1, 0, 1)
	require.NoError(t, err)
	require.True(t, after.Sent, "the send is recorded: a restart does not send again")

	t.Run("a paused member's claim is fenced once its lease is gone", func(t *testing.T) {
		cp, err := a.Claim(ctx, "s3", 7, 0, 1)
		require.NoError(t, err)
		a.mu.Lock()
		lease := a.lease
		a.mu.Unlock()
		_, err = e.Client.Revoke(ctx, lease) // as if it expired while a was stopped
		require.NoError(t, err)
		cb, err := b.Claim(ctx, "s3", 7, 0, 1)
		require.NoError(t, err, "b takes the slot over")
		_, err = a.Fence(ctx, cp, "deliver/3/7/1")
		require.ErrorIs(t, err, ErrFenced, "a sends nothing")
		_, err = b.Fence(ctx, cb, "deliver/3/7/1")
		require.NoError(t, err)
		eventually(t, func() bool { return a.Healthy() == nil }, "a joins again by itself")
	})
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
	_, err := a.Claim(context.Background(), "s1", 1, 0, 1)
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
