package relay

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/storage"
)

// Every relay write that returned survives a crash: the store is reopened
// on what a power loss right after the writes leaves on the disk (only the
// synced data), and the relay reads back the same state.
func TestStateSurvivesCrash(t *testing.T) {
	fs := storage.NewMemFS()
	db, err := storage.Open("db", storage.Options{FS: fs})
	require.NoError(t, err)
	r := &Relay{st: state{db.Table(storage.TableRelay)}, o: Options{MaxLogRange: 10}}

	sub := &Sub{ID: 7, Owner: common.HexToAddress("0x01"), Frequency: 3, Period: 10, Redundancy: 1,
		MaxGasPrice: (*hexutil.Big)(big.NewInt(5)), ContainerID: "echo", Block: 40}
	require.NoError(t, r.st.putSub(sub))
	require.NoError(t, r.st.putIv(7, 1, Interval{State: IvDelivered, Attempts: 1, Tx: "0xaa"}))
	require.NoError(t, r.st.putIv(7, 2, Interval{State: IvRunning, Attempts: 2, TxKey: "7/2"}))
	for n := uint64(41); n <= 45; n++ {
		require.NoError(t, r.markProcessed(n, common.BigToHash(new(big.Int).SetUint64(n))))
	}
	dlgKey := storage.RelayDelegatedKey(sub.Owner, 3)
	require.NoError(t, storage.PutJSON(r.st.kv, dlgKey, Delegated{Body: []byte(`{}`), Accepted: 44, State: IvRunning}))

	crashed := fs.Crash()
	require.NoError(t, db.Close())
	db, err = storage.Open("db", storage.Options{FS: crashed})
	require.NoError(t, err)
	defer db.Close()
	st := state{db.Table(storage.TableRelay)}

	got, ok, err := st.sub(7)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, sub, got)
	subs, err := st.subs()
	require.NoError(t, err)
	require.Len(t, subs, 1)
	iv, err := st.iv(7, 1)
	require.NoError(t, err)
	require.Equal(t, Interval{State: IvDelivered, Attempts: 1, Tx: "0xaa"}, iv)
	iv, err = st.iv(7, 2)
	require.NoError(t, err)
	require.Equal(t, Interval{State: IvRunning, Attempts: 2, TxKey: "7/2"}, iv)
	last, ok, err := st.last()
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, blockRef{Number: 45, Hash: common.BigToHash(big.NewInt(45))}, last)
	blocks, err := st.blocks()
	require.NoError(t, err)
	require.Len(t, blocks, 5, "the reorg walk's hashes")
	require.Equal(t, uint64(41), blocks[0].Number)
	dl, err := st.delegated()
	require.NoError(t, err)
	require.Len(t, dl, 1)
	require.Equal(t, uint64(44), dl[string(dlgKey)].Accepted)
}
