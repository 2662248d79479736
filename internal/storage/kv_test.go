package storage

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A table sees only its keys, relative to its prefix; nested tables and
// batches use the same arithmetic; writes survive a crash.
func TestTable(t *testing.T) {
	fs := NewMemFS()
	s := open(t, "db", Options{FS: fs})
	relay := s.Table(TableRelay)
	nonce := NewTable(s.Table(TableNonce), "0xab/")

	require.NoError(t, relay.Put([]byte("a"), []byte("1")))
	require.NoError(t, PutJSON(relay, []byte("sub/1"), map[string]int{"id": 1}))
	require.NoError(t, PutJSON(relay, []byte("sub/2"), map[string]int{"id": 2}))
	require.NoError(t, PutJSON(relay, []byte("suc"), 0)) // beyond the sub/ prefix
	require.NoError(t, nonce.Put(NonceNextKey(), EncodeUint64(7)))

	_, err := s.Table(TablePayments).Get([]byte("a"))
	require.ErrorIs(t, err, ErrKeyNotFound, "tables do not see each other")
	_, err = s.Table(TableRelay).Get([]byte("sub/3"))
	require.ErrorIs(t, err, ErrKeyNotFound)
	var v int
	ok, err := GetJSON(relay, []byte("sub/3"), &v)
	require.NoError(t, err)
	require.False(t, ok)

	var keys []string
	require.NoError(t, ScanJSON(relay, []byte("sub/"), func(k []byte, v *map[string]int) error {
		keys = append(keys, string(k))
		return nil
	}))
	require.Equal(t, []string{"sub/1", "sub/2"}, keys, "relative keys, prefix only, in order")

	b := relay.NewBatch()
	require.NoError(t, b.Delete([]byte("a")))
	require.NoError(t, b.DeleteRange([]byte("sub/1"), []byte("sub/2")))
	require.NoError(t, BatchJSON(b, []byte("sub/9"), 9))
	require.NoError(t, b.Commit())
	b.Close()

	crashed := fs.Crash()
	require.NoError(t, s.Close())
	s = open(t, "db", Options{FS: crashed})
	defer s.Close()
	relay = s.Table(TableRelay)
	keys = nil
	require.NoError(t, relay.Scan(nil, func(k, _ []byte) error { keys = append(keys, string(k)); return nil }))
	require.Equal(t, []string{"sub/2", "sub/9", "suc"}, keys)
	n, ok, err := GetUint64(NewTable(s.Table(TableNonce), "0xab/"), NonceNextKey())
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, uint64(7), n)
	_, err = s.Table(TableNonce).Get([]byte("0xab/next"))
	require.NoError(t, err, "a nested table is the parent's keys under its prefix")
}

func TestPrefixEnd(t *testing.T) {
	for _, tc := range []struct{ in, want []byte }{
		{[]byte("tx/"), []byte("tx0")},
		{[]byte{'a', 0xff}, []byte("b")},
		{[]byte{0xff, 0xff}, nil},
		{nil, nil},
	} {
		require.Equal(t, tc.want, prefixEnd(tc.in))
	}
}

func TestSchemaLayouts(t *testing.T) {
	var a [20]byte
	a[0], a[19] = 0xAB, 0x01
	for _, tc := range []struct{ got, want string }{
		{string(RelayBlockKey(42)), "block/00000000000000000042"},
		{string(RelaySubKey(7)), "sub/0000000007"},
		{string(RelayIntervalKey(7, 3)), "iv/0000000007/0000000003"},
		{string(RelayDelegatedKey(a, 5)), "dlg/0xab00000000000000000000000000000000000001/0000000005"},
		{NonceAccountPrefix(a), "0xab00000000000000000000000000000000000001/"},
		{string(NonceTxKey(9)), "tx/00000000000000000009"},
		{string(NonceIndexKey("k")), "key/k"},
	} {
		require.Equal(t, tc.want, tc.got)
	}
	n, err := RelayBlockNumber(RelayBlockKey(42))
	require.NoError(t, err)
	require.Equal(t, uint64(42), n)
}
