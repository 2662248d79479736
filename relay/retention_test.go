package relay

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/storage"
)

// TestStartupReadsOnlyUnfinished: start-up reads delegated records one at
// a time and decodes only the state of a final one: it holds none of them,
// and allocates a few hundred bytes per final record (transient), where
// reading them all (as before) held every body. Measured as the Go heap
// allocated during the scan; the unfinished ones are all found.
func TestStartupReadsOnlyUnfinished(t *testing.T) {
	body := json.RawMessage(`{"pad":"` + strings.Repeat("x", 16<<10) + `"}`)
	measure := func(final int) (streamed, whole uint64) {
		db, err := storage.Open(t.TempDir(), storage.Options{})
		require.NoError(t, err)
		defer db.Close()
		st := state{db.Table(storage.TableRelay)}
		b := st.kv.NewBatch()
		for i := range final + 5 {
			d := &Delegated{Body: body, Progress: Progress{State: IvDelivered}, Final: 1}
			if i < 5 {
				d.Progress.State, d.Final = IvRunning, 0
			}
			require.NoError(t, storage.BatchJSON(b, storage.RelayDelegatedKey(common.BigToAddress(common.Big1), uint32(i)), d))
		}
		require.NoError(t, b.Commit())
		b.Close()
		alloc := func(f func()) uint64 {
			runtime.GC()
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			f()
			runtime.ReadMemStats(&m1)
			return m1.TotalAlloc - m0.TotalAlloc
		}
		found := 0
		streamed = alloc(func() {
			require.NoError(t, st.unfinished(func(string, *Delegated) error { found++; return nil }))
		})
		require.Equal(t, 5, found)
		whole = alloc(func() {
			all, err := st.delegated()
			require.NoError(t, err)
			require.Len(t, all, final+5)
		})
		return streamed, whole
	}
	s1, w1 := measure(200)
	s2, w2 := measure(2000)
	t.Logf("allocated at start-up with 200 / 2,000 final records of 16 KiB: %d / %d bytes (reading all: %d / %d)", s1, s2, w1, w2)
	require.Less(t, s2, uint64(2<<20), "flat: final records cost start-up no decoding")
	require.Greater(t, w2, uint64(2000*16<<10), "reading them all holds every body")
	require.Less(t, float64(s2), float64(s1)*3+float64(512<<10), fmt.Sprint("does not grow with the final records: ", s1, " ", s2))
}
