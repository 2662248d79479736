package txm

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/storage"
)

// Every journal write that returned survives a crash: reopened on only the
// synced data, the journal still accounts for every nonce it handed out.
func TestJournalSurvivesCrash(t *testing.T) {
	fs := storage.NewMemFS()
	db, err := storage.Open("db", storage.Options{FS: fs})
	require.NoError(t, err)
	addr := common.HexToAddress("0xabcdef")
	j := newJournal(db.Table(storage.TableNonce), addr)

	to := common.HexToAddress("0x02")
	require.NoError(t, j.setNext(10))
	for n := uint64(10); n < 13; n++ {
		require.NoError(t, j.reserve(&Record{Nonce: n, Key: string(rune('a' + n - 10)), State: StateReserved, To: to, Gas: 21000}))
	}
	sent := &Record{Nonce: 11, Key: "b", State: StateSent, To: to, Gas: 21000, FeeCap: (*hexutil.Big)(big.NewInt(7)),
		Raw: []hexutil.Bytes{{0x01, 0x02}}, SentHead: 99}
	require.NoError(t, j.put(sent))
	require.NoError(t, j.put(&Record{Nonce: 10, Key: "a", State: StateConfirmed, To: to, Gas: 21000, MinedBlock: 100}))
	other := newJournal(db.Table(storage.TableNonce), common.HexToAddress("0x1234"))
	require.NoError(t, other.setNext(3))

	db, err = fs.CrashReopen("db", db, storage.Options{})
	require.NoError(t, err)
	defer db.Close()
	j = newJournal(db.Table(storage.TableNonce), addr)

	next, ok, err := j.next()
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, uint64(13), next, "no nonce handed out twice")
	all, err := j.all()
	require.NoError(t, err)
	require.Len(t, all, 3, "every reserved nonce is accounted for")
	open, err := j.open()
	require.NoError(t, err)
	require.Equal(t, []uint64{11, 12}, []uint64{open[0].Nonce, open[1].Nonce})
	got, err := j.byKey("b")
	require.NoError(t, err)
	require.Equal(t, sent, got)
	_, err = j.byKey("zz")
	require.ErrorIs(t, err, storage.ErrKeyNotFound)
	n, ok, err := newJournal(db.Table(storage.TableNonce), common.HexToAddress("0x1234")).next()
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, uint64(3), n, "accounts keep separate journals")
}
