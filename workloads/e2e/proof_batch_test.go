package e2e_test

import (
	"context"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/proof/prooftest"
)

// TestVerifyBatchOnAnvil: verifier.bin's verifyBatch(bytes[]) accepts 16
// LeNet proofs (the calibrated network, 8 public inputs) for at most 80,000
// gas a proof (the whole transaction / 16), and is false with any one of
// them bad: a proof word, a public input, another proof's input, a cut
// calldata. Its Fiat-Shamir scalars are BatchRandomness's. The same with a
// commitment (the residual network with lookups), where the commitments'
// proofs of knowledge are folded in too.
func TestVerifyBatchOnAnvil(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup of two networks, 19 proofs and anvil")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{})
	require.NoError(t, err)
	defer func() { require.NoError(t, a.Stop()) }()
	c, err := ethclient.DialContext(ctx, a.RPCURL())
	require.NoError(t, err)
	defer c.Close()
	key := a.FundedKeys()[0]

	lenet := prooftest.ReadLenet(t).Images()
	residual := prooftest.ReadResidual(t, "resnet_small").Images
	for _, tc := range []struct {
		fx     prooftest.Fixture
		inputs [][]float64
		k      int
		maxGas uint64 // a proof
	}{
		{prooftest.LenetCalibrated, lenet, 16, 80_000},
		{prooftest.ResidualLookups, residual, 3, 0},
	} {
		t.Run(tc.fx.Name, func(t *testing.T) {
			dir, man := prooftest.SetUp(t, tc.fx)
			require.Equal(t, artifact.BatchFunction, man.Verifier.BatchFunction)
			set, err := artifact.Open(ctx, artifact.ReadDir(dir))
			require.NoError(t, err)
			var calldatas [][]byte
			for i := range tc.k {
				xq, err := set.Model().QuantizeInput(tc.inputs[i%len(tc.inputs)])
				require.NoError(t, err)
				p, err := set.Prove(xq)
				require.NoError(t, err)
				calldatas = append(calldatas, p.Calldata)
			}
			verifier, err := prooftest.DeployVerifier(ctx, c, key, dir)
			require.NoError(t, err)
			batch := func(cds [][]byte) bool {
				out, err := c.CallContract(ctx, ethereum.CallMsg{To: &verifier, Data: artifact.BatchCalldata(cds)}, nil)
				if err != nil {
					require.Contains(t, err.Error(), "revert")
					return false
				}
				require.Len(t, out, 32)
				return out[31] == 1
			}
			require.True(t, batch(calldatas), "every proof valid")
			require.True(t, batch(calldatas[:1]), "a batch of one")
			require.False(t, batch(nil), "an empty batch")

			// The contract's scalars are Go's (BatchRandomness).
			out, err := c.CallContract(ctx, ethereum.CallMsg{To: &verifier, Data: append(crypto.Keccak256([]byte("batchRandomness(bytes[])"))[:4], artifact.BatchCalldata(calldatas)[4:]...)}, nil)
			require.NoError(t, err)
			r, rho := artifact.BatchRandomness(calldatas)
			k := len(calldatas)
			require.Len(t, out, 32*(4+2*k))
			for i := range k {
				require.Equal(t, r[i], new(big.Int).SetBytes(out[32*(3+i):32*(4+i)]), "r[%d]", i)
				require.Equal(t, rho[i], new(big.Int).SetBytes(out[32*(4+k+i):32*(5+k+i)]), "rho[%d]", i)
			}

			if tc.maxGas > 0 {
				gas, err := prooftest.VerifyGas(ctx, c, key, verifier, artifact.BatchCalldata(calldatas))
				require.NoError(t, err)
				single, err := prooftest.VerifyGas(ctx, c, key, verifier, calldatas[0])
				require.NoError(t, err)
				t.Logf("%s: verifyBatch of %d proofs: %d gas, %d a proof (verifyProof alone: %d)", tc.fx.Name, k, gas, gas/uint64(k), single)
				require.LessOrEqual(t, gas/uint64(k), tc.maxGas)
			}

			// One bad element makes the whole batch false.
			last := k - 1
			bad := func(name string, f func(cd []byte) []byte) {
				cds := slices.Clone(calldatas)
				cds[last] = f(slices.Clone(cds[last]))
				require.False(t, batch(cds), name)
			}
			for w := 0; w < (len(calldatas[0])-4)/32; w++ {
				bad("word changed", func(cd []byte) []byte { cd[4+32*w+31] ^= 1; return cd })
			}
			bad("another proof's public inputs", func(cd []byte) []byte {
				other := calldatas[(last+1)%k]
				n := man.Public[1].Offset + man.Public[1].Count
				copy(cd[36:36+32*n], other[36:])
				return cd
			})
			bad("cut short", func(cd []byte) []byte { return cd[:len(cd)-32] })
			bad("another selector", func(cd []byte) []byte { cd[0] ^= 1; return cd })
		})
	}
}
