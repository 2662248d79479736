package e2e_test

import (
	"context"
	"encoding/hex"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/proofconsumerabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/testnet/chaintest"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/proof/prooftest"
	proofsvc "github.com/infernode/infernode/workloads/proof/service"
	"github.com/infernode/infernode/workloads/protocol"
)

// TestProofConsumerOnChain: the example ProofConsumer requests a proof of
// the iris model on chain; the node runs the proof workload and delivers
// the proof, and the consumer's callback checks it with the deployed
// verifier.bin.
func TestProofConsumerOnChain(t *testing.T) {
	chain, dep := chaintest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	c := chain.Client()
	owner, nodeKey := chain.FundedKeys()[0], chain.FundedKeys()[1]

	_, man := prooftest.Iris(t)
	s, dir := proofStack(t, fmt.Sprintf(`{"enabled":true,"rpc_url":%q,"coordinator_address":%q,"start_block":%d,"poll_interval":"100ms","wallet":{"private_key":%q,"max_gas_limit":10000000}}`,
		chain.RPCURL(), dep.Coordinator.Hex(), dep.DeployBlock, hex.EncodeToString(crypto.FromECDSA(nodeKey))))
	_ = s
	verifier, err := prooftest.DeployVerifier(ctx, c, owner, dir)
	require.NoError(t, err)

	art, err := contracts.LoadArtifact(contracts.ProofConsumerName)
	require.NoError(t, err)
	pc := proofconsumerabi.NewProofConsumer()
	var sel [4]byte
	copy(sel[:], common.FromHex(man.Verifier.Selector))
	opts := bind.NewKeyedTransactor(owner, chain.ChainID())
	opts.Context = ctx
	consumer, tx, err := bind.DeployContract(opts, art.Bytecode, c, pc.PackConstructor(dep.Coordinator, verifier, sel))
	require.NoError(t, err)
	_, err = bind.WaitDeployed(ctx, c, tx.Hash())
	require.NoError(t, err)

	input, err := proofsvc.EncodeABI(prooftest.IrisRepo, protocol.FromFloat32([]int{1, 4}, wltest.IrisInput()), nil)
	require.NoError(t, err)
	data := pc.PackRequest("proof", input)
	gas, err := c.EstimateGas(ctx, ethereum.CallMsg{From: opts.From, To: &consumer, Data: data})
	require.NoError(t, err)
	head, err := c.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	nonce, err := c.PendingNonceAt(ctx, opts.From)
	require.NoError(t, err)
	tip := big.NewInt(1e9)
	reqTx, err := types.SignNewTx(owner, types.LatestSignerForChainID(chain.ChainID()), &types.DynamicFeeTx{ChainID: chain.ChainID(), Nonce: nonce,
		GasTipCap: tip, GasFeeCap: new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), tip), Gas: gas * 2, To: &consumer, Data: data})
	require.NoError(t, err)
	require.NoError(t, c.SendTransaction(ctx, reqTx))

	call := func(data []byte) []byte {
		out, err := c.CallContract(ctx, ethereum.CallMsg{To: &consumer, Data: data}, nil)
		require.NoError(t, err)
		return out
	}
	require.Eventually(t, func() bool {
		n, err := pc.UnpackVerifiedCount(call(pc.PackVerifiedCount()))
		require.NoError(t, err)
		r, err := pc.UnpackRejectedCount(call(pc.PackRejectedCount()))
		require.NoError(t, err)
		require.Zero(t, r.Int64(), "the consumer rejected a delivered proof")
		return n.Int64() == 1
	}, 2*time.Minute, 200*time.Millisecond, "proof delivered and verified in the consumer's callback")
}
