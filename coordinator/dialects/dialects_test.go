package dialects

import (
	"context"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/chain"
)

// TestChoose: no Registry is our Coordinator at its address; a Registry
// is read (here one with no code: a clear error naming it).
func TestChoose(t *testing.T) {
	sim := simulated.NewBackend(types.GenesisAlloc{common.HexToAddress("0xfeed"): {Balance: big.NewInt(1)}})
	t.Cleanup(func() { _ = sim.Close() })
	c := chain.Simulated(sim, chain.Options{})
	coord := common.HexToAddress("0xc0c0")

	d, err := Choose(context.Background(), c, Target{Coordinator: coord}, Options{Containers: []string{"echo"}})
	require.NoError(t, err)
	require.Equal(t, "infernode", d.Name())
	require.Equal(t, coord, d.Coordinator())

	reg := common.HexToAddress("0x5e9")
	_, err = Choose(context.Background(), c, Target{Registry: reg}, Options{})
	require.ErrorContains(t, err, "the Registry "+reg.Hex())
}
