package txm

import (
	"fmt"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/storage"
)

// TestJournalPrune: prune deletes, in nonce order, the records final at
// or before the cutoff with their key index; it stops at the first record
// not final or not old enough (nonces are mined in order), stamps the
// final records written before FinalAt was kept, and deletes them a
// retention later.
func TestJournalPrune(t *testing.T) {
	db, err := storage.Open(t.TempDir(), storage.Options{})
	require.NoError(t, err)
	defer db.Close()
	j := newJournal(db.Table(storage.TableNonce), common.HexToAddress("0xabc"))
	put := func(n uint64, st TxState, finalAt uint64) {
		require.NoError(t, j.reserve(&Record{Nonce: n, Key: fmt.Sprint("k", n), State: st, FinalAt: finalAt}))
	}
	put(0, StateConfirmed, 0) // written before FinalAt was kept
	put(1, StateConfirmed, 100)
	put(2, StateFailed, 150)
	put(3, StateConfirmed, 300)
	put(4, StateSent, 0) // open: what follows is not older
	put(5, StateConfirmed, 120)
	nonces := func() []uint64 {
		all, err := j.all()
		require.NoError(t, err)
		var out []uint64
		for _, r := range all {
			out = append(out, r.Nonce)
		}
		return out
	}

	deleted, stamped, err := j.prune(200, 1000, 100)
	require.NoError(t, err)
	require.Equal(t, 2, deleted, "nonces 1 and 2: final by 200")
	require.Equal(t, 1, stamped, "nonce 0: final, without a time")
	require.Equal(t, []uint64{0, 3, 4, 5}, nonces(), "stops at 3 (final at 300): 5 waits behind the open 4")
	for _, n := range []uint64{1, 2} {
		_, err := j.byKey(fmt.Sprint("k", n))
		require.ErrorIs(t, err, storage.ErrKeyNotFound, "the key index of nonce %d goes with it", n)
	}
	r, err := j.byKey("k3")
	require.NoError(t, err)
	require.Equal(t, uint64(3), r.Nonce)

	r0, err := j.get(0)
	require.NoError(t, err)
	require.Equal(t, uint64(1000), r0.FinalAt, "stamped with now")
	deleted, _, err = j.prune(999, 1100, 100)
	require.NoError(t, err)
	require.Zero(t, deleted, "the stamped record waits a retention from its stamp")

	deleted, _, err = j.prune(1000, 2000, 100)
	require.NoError(t, err)
	require.Equal(t, 2, deleted, "nonces 0 and 3")
	require.Equal(t, []uint64{4, 5}, nonces())

	deleted, stamped, err = j.prune(1000, 2000, 1)
	require.NoError(t, err)
	require.Zero(t, deleted+stamped, "nothing before the open nonce 4")
	next, ok, err := j.next()
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, uint64(6), next, "the next nonce is kept")
}
