package relay

import (
	"encoding/json"
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
	r := &Relay{store: state{db.Table(storage.TableRelay)}, opts: Options{MaxLogRange: 10}}

	sub := &Sub{ID: 7, Owner: common.HexToAddress("0x01"), Frequency: 3, Period: 10, Redundancy: 1,
		MaxGasPrice: (*hexutil.Big)(big.NewInt(5)), ContainerID: "echo", Block: 40}
	require.NoError(t, r.store.putSub(sub))
	require.NoError(t, r.store.putIv(7, 1, Interval{Progress: Progress{State: IvDelivered, Attempts: 1}, Tx: "0xaa"}))
	require.NoError(t, r.store.putIv(7, 2, Interval{Progress: Progress{State: IvRunning, Attempts: 2, TxKey: "7/2"}}))
	for n := uint64(41); n <= 45; n++ {
		require.NoError(t, r.markProcessed(n, common.BigToHash(new(big.Int).SetUint64(n))))
	}
	dlgKey := storage.RelayDelegatedKey(sub.Owner, 3)
	require.NoError(t, storage.PutJSON(r.store.kv, dlgKey, Delegated{Body: []byte(`{}`), Accepted: 44, Progress: Progress{State: IvRunning}}))

	db, err = fs.CrashReopen("db", db, storage.Options{})
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
	require.Equal(t, Interval{Progress: Progress{State: IvDelivered, Attempts: 1}, Tx: "0xaa"}, iv)
	iv, err = st.iv(7, 2)
	require.NoError(t, err)
	require.Equal(t, Interval{Progress: Progress{State: IvRunning, Attempts: 2, TxKey: "7/2"}}, iv)
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

// TestStateValuesOnDisk pins the JSON of the persisted records: values a
// node wrote before Progress was shared read back the same.
func TestStateValuesOnDisk(t *testing.T) {
	tests := []struct {
		name string
		disk string
		into any
		want any
	}{
		{"interval", `{"state":"running","attempts":2,"tx_key":"deliver/7/2/2","err":"x","tx":"0xaa","sub_block_hash":"0x0000000000000000000000000000000000000000000000000000000000000001"}`,
			new(Interval), &Interval{Progress: Progress{State: IvRunning, Attempts: 2, TxKey: "deliver/7/2/2", Err: "x"}, Tx: "0xaa", SubBlockHash: common.BigToHash(big.NewInt(1))}},
		{"delegated", `{"body":{},"accepted_head":44,"sub_id":9,"state":"delivered","attempts":1,"tx_key":"dlg/k","err":"y"}`,
			new(Delegated), &Delegated{Body: []byte(`{}`), Accepted: 44, SubID: 9, Progress: Progress{State: IvDelivered, Attempts: 1, TxKey: "dlg/k", Err: "y"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.NoError(t, json.Unmarshal([]byte(tt.disk), tt.into))
			require.Equal(t, tt.want, tt.into)
			out, err := json.Marshal(tt.into)
			require.NoError(t, err)
			require.JSONEq(t, tt.disk, string(out))
		})
	}
}
