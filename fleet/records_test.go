package fleet

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/require"
	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/infernode/infernode/signer"
)

// forge writes a member record for id as an etcd writer without a
// member's key would: signed by key n for wallet addr n (or another's),
// under lease (0: none), claiming signedLease.
func forge(t *testing.T, e *Etcd, id string, signWith, wallet byte, lease clientv3.LeaseID, signedLease int64, fp Fingerprint) {
	t.Helper()
	r := record{Fleet: "t", NodeID: id, Address: crypto.PubkeyToAddress(key(wallet).PublicKey).Hex(), AdvertiseURL: "http://" + id,
		Fingerprint: fp.normal(), Lease: signedLease}
	require.NoError(t, r.sign(context.Background(), signer.NewKey(key(signWith))))
	b, err := json.Marshal(r)
	require.NoError(t, err)
	var opts []clientv3.OpOption
	if lease != 0 {
		opts = append(opts, clientv3.WithLease(lease))
	}
	_, err = e.Client.Put(context.Background(), "/infernode/t/members/"+id, string(b), opts...)
	require.NoError(t, err)
}

// TestForgedRecordsIgnored: records an etcd writer adds without a
// member's wallet key, or without a lease, or of a member serving another
// Coordinator, are ignored (and counted): the rendezvous ranks no work to
// them, so no work waits on a member that does not exist.
func TestForgedRecordsIgnored(t *testing.T) {
	e := newTestEtcd(t)
	a, b := member(t, e.Etcd, "a", 1), member(t, e.Etcd, "b", 2)
	eventually(t, func() bool { return len(a.Members().List()) == 2 }, "a sees b")

	ctx := context.Background()
	lease, err := e.Client.Grant(ctx, 60)
	require.NoError(t, err)
	other := testFingerprint
	other.Coordinators = []string{"0x00000000000000000000000000000000000000C1"}
	for _, f := range []struct {
		id             string
		signWith, addr byte
		lease          clientv3.LeaseID
		signedLease    int64
		fp             Fingerprint
	}{
		{"no-lease", 9, 9, 0, 0, testFingerprint},                       // signed, but held by no lease
		{"moved", 9, 9, lease.ID, int64(lease.ID) + 1, testFingerprint}, // signed for another lease
		{"forged", 8, 9, lease.ID, int64(lease.ID), testFingerprint},    // not signed by its wallet
		{"other-coordinator", 9, 9, lease.ID, int64(lease.ID), other},   // serves another Coordinator
	} {
		forge(t, e.Etcd, f.id, f.signWith, f.addr, f.lease, f.signedLease, f.fp)
	}
	rejected := func(f *Fleet) float64 {
		n := 0.0
		for _, r := range []string{rejectNoLease, rejectSignature, rejectFingerprint} {
			n += testutil.ToFloat64(f.o.Metrics.Rejected.WithLabelValues(r))
		}
		return n
	}
	eventually(t, func() bool { return rejected(a) >= 4 && rejected(b) >= 4 }, "every forged record seen and rejected")
	for _, f := range []*Fleet{a, b} {
		require.Len(t, f.Members().List(), 2, "%s counts only the real members", f.NodeID())
		require.Equal(t, 1.0, testutil.ToFloat64(f.o.Metrics.Rejected.WithLabelValues(rejectSignature)))
		require.Equal(t, 2.0, testutil.ToFloat64(f.o.Metrics.Rejected.WithLabelValues(rejectNoLease)))
		require.Equal(t, 1.0, testutil.ToFloat64(f.o.Metrics.Rejected.WithLabelValues(rejectFingerprint)))
	}
	// Every work is served by exactly one real member: none waits on a fake.
	for i := range 200 {
		w := work(fmt.Sprintf("s%d", i))
		_, sa := a.Serves(w, 1)
		_, sb := b.Serves(w, 1)
		require.True(t, sa != sb, "work %s served by exactly one of a and b", w)
	}
}

// TestMismatchedMemberRefused: a node whose fingerprint differs from the
// fleet's is refused at start, the error naming the field.
func TestMismatchedMemberRefused(t *testing.T) {
	e := newTestEtcd(t)
	member(t, e.Etcd, "a", 1)
	for _, tt := range []struct {
		field  string
		change func(*Fingerprint)
	}{
		{"fingerprint.chain_ids", func(fp *Fingerprint) { fp.ChainIDs = []uint64{1} }},
		{"fingerprint.coordinators", func(fp *Fingerprint) { fp.Coordinators = []string{"0x00000000000000000000000000000000000000C1"} }},
		{"fingerprint.dialects", func(fp *Fingerprint) { fp.Dialects = []string{"infernet-v1"} }},
	} {
		t.Run(tt.field, func(t *testing.T) {
			fp := testFingerprint
			tt.change(&fp)
			err := newMember(t, e.Etcd, "c", 3, fp).Join(context.Background())
			var refused *RefusedError
			require.ErrorAs(t, err, &refused)
			require.ErrorContains(t, err, tt.field)
			require.ErrorContains(t, err, `live member "a"`)
		})
	}
	// The same fingerprint, written in another order and case, joins.
	fp := Fingerprint{ChainIDs: []uint64{31337, 31337}, Coordinators: []string{"0x00000000000000000000000000000000000000c0"}, Dialects: []string{"ours"}}
	require.NoError(t, newMember(t, e.Etcd, "c", 3, fp).Join(context.Background()))
}
