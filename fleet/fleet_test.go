package fleet

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/infernode/infernode/internal/etcdtest"
	"github.com/infernode/infernode/signer"
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

// key is test wallet n's key.
func key(n byte) *ecdsa.PrivateKey {
	b := make([]byte, 32)
	b[31] = n
	k, err := crypto.ToECDSA(b)
	if err != nil {
		panic(err)
	}
	return k
}

// testFingerprint is what the test members serve.
var testFingerprint = Fingerprint{ChainIDs: []uint64{31337}, Coordinators: []string{"0x00000000000000000000000000000000000000C0"}, Dialects: []string{"ours"}}

// work is subscription key of the test chain and Coordinator.
func work(key string) Work {
	return Work{ChainID: 31337, Coordinator: common.HexToAddress("0xC0"), Key: key}
}

func newMember(t *testing.T, e *Etcd, id string, n byte, fp Fingerprint) *Fleet {
	t.Helper()
	f, err := New(Options{Client: e.Client, Name: "t", NodeID: id, AdvertiseURL: "http://" + id, Address: crypto.PubkeyToAddress(key(n).PublicKey),
		Signer: signer.NewKey(key(n)), Fingerprint: fp, LeaseTTL: 2 * time.Second})
	require.NoError(t, err)
	return f
}

// member joins a fleet member named id with wallet n and runs it.
func member(t *testing.T, e *Etcd, id string, n byte) *Fleet {
	t.Helper()
	f := newMember(t, e, id, n, testFingerprint)
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
		eventually(t, func() bool { return len(f.Members().List()) == 3 }, "every member sees three")
	}
	// Each key is served by exactly redundancy members, and the share is
	// spread.
	owners := map[string]int{}
	for i := range 300 {
		key := fmt.Sprintf("s%d", i)
		for r := 1; r <= 3; r++ {
			n := 0
			for _, f := range []*Fleet{a, b, c} {
				if _, ok := f.Serves(work(key), r); ok {
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
		err := newMember(t, e.Etcd, "d", 2, testFingerprint).Join(context.Background())
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
	ca, err := a.Claim(ctx, work("s1"), 1, 0, 1, "deliver/1/1/1")
	require.NoError(t, err)
	require.True(t, ca.Sent)
	require.False(t, ca.Committed)
	after := a.Trips()
	require.Equal(t, int64(1), after.Claims-before.Claims, "a claim is one etcd round trip")
	require.Equal(t, int64(1), after.KV-before.KV, "and nothing else")
	_, err = b.Claim(ctx, work("s1"), 1, 0, 1, "deliver/1/1/1")
	require.ErrorIs(t, err, ErrBusy, "held by a, not sent yet: b looks again later")
	require.NoError(t, a.Commit(ctx, &ca))
	require.True(t, ca.Committed)
	require.Equal(t, int64(2), a.Trips().Claims-before.Claims, "the commit is the second round trip")
	_, err = b.Claim(ctx, work("s1"), 1, 0, 1, "deliver/1/1/1")
	require.ErrorIs(t, err, ErrLost, "sent by a: b never sends")
	again, err := a.Claim(ctx, work("s1"), 1, 0, 1, "deliver/1/1/2")
	require.NoError(t, err)
	require.Equal(t, ca.Key, again.Key, "a member finds its own claim (a restart, a try after a failed send)")
	require.True(t, again.Committed)

	t.Run("claim keys carry the chain id and the Coordinator", func(t *testing.T) {
		other := work("s1")
		other.Coordinator = common.HexToAddress("0xC1")
		c, err := b.Claim(ctx, other, 1, 0, 1, "x")
		require.NoError(t, err, "the same subscription id of another Coordinator is other work")
		require.Contains(t, c.Key, "/claims/31337/0x00000000000000000000000000000000000000c1/s1/1/slot/0")
	})

	// Redundancy 2: two members, two slots; a member never holds two.
	c1, err := a.Claim(ctx, work("s2"), 1, 1, 2, "x")
	require.NoError(t, err)
	c2, err := b.Claim(ctx, work("s2"), 1, 1, 2, "x")
	require.NoError(t, err, "slot 1 taken: b takes slot 0")
	require.NotEqual(t, c1.Slot, c2.Slot)
	c1b, err := a.Claim(ctx, work("s2"), 1, 0, 2, "x")
	require.NoError(t, err)
	require.Equal(t, c1.Slot, c1b.Slot)
	require.NoError(t, a.Commit(ctx, &c1))
	require.NoError(t, b.Commit(ctx, &c2))
	c3 := member(t, e.Etcd, "c", 3)
	_, err = c3.Claim(ctx, work("s2"), 1, 0, 2, "x")
	require.ErrorIs(t, err, ErrLost, "both slots held and sent")

	// A released claim (its delivery ended with nothing sent) frees the slot.
	cr, err := a.Claim(ctx, work("s4"), 1, 0, 1, "x")
	require.NoError(t, err)
	require.NoError(t, a.Release(ctx, cr))
	_, err = b.Claim(ctx, work("s4"), 1, 0, 1, "x")
	require.NoError(t, err)

	t.Run("a sent claim outlives its member's lease: nobody else sends for it", func(t *testing.T) {
		cp, err := a.Claim(ctx, work("s3"), 7, 0, 1, "deliver/3/7/1")
		require.NoError(t, err)
		require.NoError(t, a.Commit(ctx, &cp))
		old := revoke(t, e, a) // as if a died right after sending
		_, err = b.Claim(ctx, work("s3"), 7, 0, 1, "deliver/3/7/1")
		require.ErrorIs(t, err, ErrLost, "the claim may have been sent: b sends nothing")
		eventually(t, func() bool { return a.Healthy() == nil && a.leaseID() != old }, "a joins again by itself")
		mine, err := a.Claim(ctx, work("s3"), 7, 0, 1, "deliver/3/7/2")
		require.NoError(t, err, "restarted, a finds its claim again")
		require.Equal(t, cp.Key, mine.Key)
	})

	var stalled clientv3.LeaseID
	t.Run("a member paused between its claim and its send sends nothing; the slot is taken over", func(t *testing.T) {
		cp, err := b.Claim(ctx, work("s6"), 1, 0, 1, "x")
		require.NoError(t, err)
		stalled = revoke(t, e, b) // b stalled past its lease right after claiming
		eventually(t, func() bool {
			_, err := a.Claim(ctx, work("s6"), 1, 0, 1, "x")
			return err == nil
		}, "a takes the slot over once b's lease is gone")
		require.ErrorIs(t, b.Commit(ctx, &cp), ErrFenced, "b, resumed, sends nothing")
	})

	t.Run("a paused member claims nothing once its lease is gone", func(t *testing.T) {
		eventually(t, func() bool { return b.Healthy() == nil && b.leaseID() != stalled }, "b back")
		revoke(t, e, b) // b's lease expired while it was stopped; it has not noticed yet
		b.session.mu.Lock()
		b.session.lease = 1<<62 + 1 // a lease b thinks it holds
		b.session.mu.Unlock()
		_, err := b.Claim(ctx, work("s5"), 1, 0, 1, "x")
		require.ErrorIs(t, err, ErrFenced, "b sends nothing")
		ca, err := a.Claim(ctx, work("s5"), 1, 0, 1, "x")
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
	l, _ := f.session.Leases()
	return l
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
	_, ok := a.Serves(work("s1"), 3)
	require.False(t, ok, "claims nothing")
	t.Logf("while etcd is down: %v", a.Healthy())
	e.restart()
	eventually(t, func() bool { return a.Healthy() == nil }, "resumes by itself")
	_, err := a.Claim(context.Background(), work("s1"), 1, 0, 1, "x")
	require.NoError(t, err)
}

func TestJobIDsNameTheirMember(t *testing.T) {
	e := newTestEtcd(t)
	a, b := member(t, e.Etcd, "a", 1), member(t, e.Etcd, "b", 2)
	eventually(t, func() bool { return len(a.Members().List()) == 2 }, "a sees b")
	id := NewJobID("b")()
	u, err := uuid.Parse(id)
	require.NoError(t, err)
	require.Equal(t, uuid.Version(4), u.Version(), "ids stay version 4 UUIDs")
	m, live, ok := a.Members().JobOwner(id)
	require.True(t, ok)
	require.True(t, live)
	require.Equal(t, "b", m.NodeID)
	_, _, ok = a.Members().JobOwner(NewJobID("a")())
	require.False(t, ok, "its own ids are looked up locally")
	_, _, ok = a.Members().JobOwner(uuid.NewString())
	require.False(t, ok, "an id no member made")
	_ = b
}
