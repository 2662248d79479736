package coordinator

import (
	"context"
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
)

func TestSplitContainers(t *testing.T) {
	for in, want := range map[string][]string{
		"a":          {"a"},
		"a,b":        {"a", "b"},
		" a , b ,, ": {"a", "b"},
		"":           nil,
		",":          nil,
	} {
		require.Equal(t, want, SplitContainers(in), "%q", in)
	}
}

// returnsAddress is runtime code answering any call with a (its
// getSigner()): PUSH20 a, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN.
func returnsAddress(a common.Address) []byte {
	return append(append([]byte{0x73}, a.Bytes()...), 0x60, 0x00, 0x52, 0x60, 0x20, 0x60, 0x00, 0xf3)
}

// TestVerifierCheck runs the verifier against a real EVM (the simulated
// backend): owners are contracts whose getSigner() returns a signer, or
// reverts.
func TestVerifierCheck(t *testing.T) {
	signer := common.HexToAddress("0x5157")
	owner, reverting, eoa := common.HexToAddress("0xa0a0"), common.HexToAddress("0xb0b0"), common.HexToAddress("0xc0c0") // clear of the precompiles
	sim := simulated.NewBackend(types.GenesisAlloc{
		owner:     {Code: returnsAddress(signer), Balance: big.NewInt(0)},
		reverting: {Code: []byte{0x60, 0x00, 0x60, 0x00, 0xfd}, Balance: big.NewInt(0)}, // REVERT(0, 0)
	})
	t.Cleanup(func() { _ = sim.Close() })
	sim.Commit()
	v := &Verifier{Chain: sim.Client(), ChainID: big.NewInt(1337)}
	head, err := sim.Client().HeaderByNumber(context.Background(), nil)
	require.NoError(t, err)
	later := uint32(head.Time + 3600)
	recovers := func(a common.Address) func() (common.Address, error) {
		return func() (common.Address, error) { return a, nil }
	}

	got, err := v.Check(context.Background(), owner, later, recovers(signer))
	require.NoError(t, err)
	require.Equal(t, signer, got)

	for _, tt := range []struct {
		name    string
		owner   common.Address
		expiry  uint32
		recover func() (common.Address, error)
		want    string
	}{
		{"expired", owner, uint32(head.Time), recovers(signer), "Signature expired"},
		{"unrecoverable", owner, later, func() (common.Address, error) { return common.Address{}, errors.New("bad v") }, "Invalid signature"},
		{"another signer", owner, later, recovers(common.HexToAddress("0xbad")), "Signer mismatch"},
		{"getSigner reverts", reverting, later, recovers(signer), "Signer mismatch"},
		{"owner without code", eoa, later, recovers(signer), "Signer mismatch"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := v.Check(context.Background(), tt.owner, tt.expiry, tt.recover)
			var je *job.Error
			require.ErrorAs(t, err, &je)
			require.ErrorContains(t, err, tt.want)
		})
	}
}
