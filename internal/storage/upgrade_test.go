package storage

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
)

// testdata/store-1.3 was written by infernode 1.3's store (Pebble v1, its
// oldest on-disk format, which Pebble v2 does not read): two jobs of client
// 10.0.0.1, the first finished with {"x":1}, flushed to an sstable; then,
// in the WAL only, relay/last, relay/sub/0000000007 and the next nonce 5
// of account 0x…01.
func TestOpenUpgradesStore13(t *testing.T) {
	dir := t.TempDir()
	entries, err := os.ReadDir("testdata/store-1.3")
	require.NoError(t, err)
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join("testdata/store-1.3", e.Name()))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644))
	}

	for range 2 { // upgraded once; the second open finds the new format
		s := open(t, dir, Options{})
		ids, err := s.List("10.0.0.1", nil)
		require.NoError(t, err)
		require.Len(t, ids, 2)
		statuses := map[job.Status]int{}
		for _, id := range ids {
			j, err := s.Get(id)
			require.NoError(t, err)
			statuses[j.Status]++
			if j.Status == job.StatusSuccess {
				require.JSONEq(t, `{"x":1}`, string(j.Result.Output))
			}
		}
		require.Equal(t, map[job.Status]int{job.StatusSuccess: 1, job.StatusRunning: 1}, statuses)
		require.Equal(t, 1, s.Pending())

		var last struct{ Number uint64 }
		ok, err := GetJSON(s.Table(TableRelay), RelayLastKey(), &last)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, uint64(42), last.Number)
		var sub json.RawMessage
		ok, err = GetJSON(s.Table(TableRelay), RelaySubKey(7), &sub)
		require.NoError(t, err)
		require.True(t, ok)
		var acct [20]byte
		acct[19] = 1
		next, ok, err := GetUint64(NewTable(s.Table(TableNonce), NonceAccountPrefix(acct)), NonceNextKey())
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, uint64(5), next)
		require.NoError(t, s.Close())
	}
}
