package simchain

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
)

var (
	testCoord = common.HexToAddress("0xC00D")
	testID    = big.NewInt(31337)
)

func signed(t *testing.T, nonce uint64, tip, feeCap int64, data []byte) *types.Transaction {
	t.Helper()
	key, err := crypto.ToECDSA(common.LeftPadBytes([]byte{1}, 32))
	require.NoError(t, err)
	return types.MustSignNewTx(key, types.LatestSignerForChainID(testID), &types.DynamicFeeTx{ChainID: testID,
		Nonce: nonce, GasTipCap: big.NewInt(tip), GasFeeCap: big.NewInt(feeCap), Gas: 1_000_000, To: &testCoord, Data: data})
}

// TestPoolRules: the pool answers as a node does.
func TestPoolRules(t *testing.T) {
	c := New(Options{ChainID: testID, Coordinator: testCoord, Genesis: time.Unix(1_000_000, 0)})
	ctx := context.Background()
	require.NoError(t, c.SendTransaction(ctx, signed(t, 0, 1e9, 10e9, nil)))
	for _, tt := range []struct {
		name string
		tx   *types.Transaction
		want string
	}{
		{"the same again", signed(t, 0, 1e9, 10e9, nil), "already known"},
		{"a replacement 5% up", signed(t, 0, 1.05e9, 10.5e9, nil), "replacement transaction underpriced"},
		{"a replacement 10% up", signed(t, 0, 1.1e9, 11e9, nil), ""},
	} {
		err := c.SendTransaction(ctx, tt.tx)
		if tt.want == "" {
			require.NoError(t, err, tt.name)
		} else {
			require.EqualError(t, err, tt.want, tt.name)
		}
	}
	c.Mine(time.Unix(1_000_001, 0))
	require.EqualError(t, c.SendTransaction(ctx, signed(t, 0, 2e9, 20e9, nil)), "nonce too low")
}

// TestReorgUndoesState: a reorg drops the last blocks' state and puts
// their transactions back in the pool, to be mined again.
func TestReorgUndoesState(t *testing.T) {
	abi := coordinatorabi.NewCoordinator()
	sub := coordinatorabi.Subscription{Owner: common.HexToAddress("0x0A"), Frequency: 1, Redundancy: 1,
		MaxGasPrice: big.NewInt(1e10), MaxGasLimit: 100_000, ContainerId: "echo", PaymentAmount: new(big.Int)}
	plan := &Plan{faults: map[uint64]Fault{3: {Reorg: 1}}}
	c := New(Options{ChainID: testID, Coordinator: testCoord, Genesis: time.Unix(1_000_000, 0), Faults: plan})
	c.Mine(time.Unix(1_000_001, 0))
	require.NoError(t, c.Submit(signed(t, 0, 1e9, 10e9, abi.PackCreateSubscription(sub))))
	c.Mine(time.Unix(1_000_002, 0)) // block 2: the subscription
	require.Equal(t, uint32(1), c.Count())
	before := c.Head().Hash()
	h := c.Mine(time.Unix(1_000_003, 0)) // replaces block 2 by an empty one, then block 3 takes the pool
	require.Equal(t, uint64(3), h.Number.Uint64())
	require.NotEqual(t, before, h.ParentHash, "a new branch")
	require.Equal(t, uint32(1), c.Count(), "the creation mined again in the new branch")
	n, err := c.NonceAt(context.Background(), crypto.PubkeyToAddress(mustKey(t).PublicKey), nil)
	require.NoError(t, err)
	require.Equal(t, uint64(1), n)
}

func mustKey(t *testing.T) *ecdsa.PrivateKey {
	k, err := crypto.ToECDSA(common.LeftPadBytes([]byte{1}, 32))
	require.NoError(t, err)
	return k
}
