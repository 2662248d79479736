package e2e_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/proofconsumerabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/testnet/chaintest"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/proof/circuit"
	"github.com/infernode/infernode/workloads/proof/prooftest"
	proofsvc "github.com/infernode/infernode/workloads/proof/service"
)

// TestProofConsumerOnChain: the example ProofConsumer requests a proof of
// the iris model on chain; the node runs the proof workload and delivers
// the proof, and the consumer's callback checks it with the deployed
// verifier.bin.
func TestProofConsumerOnChain(t *testing.T) {
	pc, call, send, _, _ := proofConsumerChain(t, prooftest.IrisFixture, prooftest.IrisRepo)
	input, err := proofsvc.EncodeABI(prooftest.IrisRepo, tensor.FromFloat32([]int{1, 4}, wltest.IrisInput()), nil)
	require.NoError(t, err)
	send(pc.PackRequest("proof", input))
	waitVerified(t, pc, call, 1)
}

// TestLenetProofConsumerOnChain: the ProofConsumer asks for a proof of a
// 28×28 image with requestInput (its own quantized pixels); the node
// delivers, and the callback accepts the proof only because its public
// inputs are that image and the verifier accepts it. The same proof
// checked against the image with one pixel changed does not match.
func TestLenetProofConsumerOnChain(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup of a LeNet-class network and a node")
	}
	fx := prooftest.LenetAvg
	repo := "local/infernode/" + fx.Name
	pc, call, send, s, dir := proofConsumerChain(t, fx, repo)
	set, err := artifact.Open(context.Background(), artifact.ReadDir(dir))
	require.NoError(t, err)
	man := set.Manifest
	pixels := prooftest.ReadLenet(t).Pixels[0]
	xq, err := set.Model().QuantizeInput(prooftest.Image(pixels))
	require.NoError(t, err)
	q := make([]*big.Int, len(xq))
	copy(q, xq)
	shape := []uint32{1, 1, 28, 28}
	bits := uint8(man.Public[0].Bits)
	send(pc.PackRequestInput("proof", repo, q, shape, uint8(man.FixedPoint.ScaleBits), bits, man.Public[0].Unsigned))
	waitVerified(t, pc, call, 1)

	// A proof of the image: the consumer's check passes for its image and
	// fails for the image one quantum off in a pixel.
	var out proofsvc.Result
	require.NoError(t, json.Unmarshal(output(t, s.submit(t, []string{"proof"}, lenetProofData(t, repo, pixels), false)), &out))
	calldata := common.FromHex(out.Calldata)
	match := func(q []*big.Int) bool {
		ok, err := pc.UnpackInputMatches(call(pc.PackInputMatches(calldata, q, bits, man.Public[0].Unsigned)))
		require.NoError(t, err)
		return ok
	}
	require.True(t, match(q))
	for _, j := range []int{0, 24, 25, 400, 783} {
		other := slices.Clone(q)
		other[j] = new(big.Int).Add(q[j], big.NewInt(1))
		require.False(t, match(other), "pixel %d changed", j)
	}
}

// TestLenetHashedProofConsumerOnChain: ProofConsumer.requestHashedInput
// with a LeNet whose input is hashed (calibrated, --public-inputs hashed):
// the node proves the on-chain request, the callback finds the proof's
// first public input equal to its own input's hash and the verifier
// accepting it; hashedInputMatches holds for the image and not for it one
// quantum off in any of several pixels.
func TestLenetHashedProofConsumerOnChain(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup of a LeNet-class network with a hashed input and a node")
	}
	fx := prooftest.LenetCalibratedHashed
	repo := "local/infernode/" + fx.Name
	pc, call, send, s, dir := proofConsumerChain(t, fx, repo)
	set, err := artifact.Open(context.Background(), artifact.ReadDir(dir))
	require.NoError(t, err)
	man := set.Manifest
	require.True(t, man.Public[0].Hashed)
	pixels := prooftest.ReadLenet(t).Pixels[0]
	xq, err := set.Model().QuantizeInput(prooftest.Image(pixels))
	require.NoError(t, err)
	q := slices.Clone(xq)
	bits := uint8(man.Public[0].Bits)
	send(pc.PackRequestHashedInput("proof", repo, q, []uint32{1, 1, 28, 28}, uint8(man.FixedPoint.ScaleBits), bits, man.Public[0].Unsigned))
	waitVerified(t, pc, call, 1)

	var out proofsvc.Result
	require.NoError(t, json.Unmarshal(output(t, s.submit(t, []string{"proof"}, lenetProofData(t, repo, pixels), false)), &out))
	calldata := common.FromHex(out.Calldata)
	match := func(q []*big.Int) bool {
		ok, err := pc.UnpackHashedInputMatches(call(pc.PackHashedInputMatches(calldata, q, bits, man.Public[0].Unsigned)))
		require.NoError(t, err)
		return ok
	}
	require.True(t, match(q))
	for _, j := range []int{0, 125, 126, 400, 783} {
		other := slices.Clone(q)
		other[j] = new(big.Int).Add(q[j], big.NewInt(1))
		require.False(t, match(other), "pixel %d changed", j)
	}
}

// deployInputsConsumer deploys a ProofConsumer on an embedded chain for
// calls to its ProofInputs helpers (no verifier behind it: the Coordinator
// stands in).
func deployInputsConsumer(t *testing.T, ctx context.Context) (*ethclient.Client, common.Address, *proofconsumerabi.ProofConsumer) {
	t.Helper()
	chain, dep := chaintest.Start(t)
	c := chain.Client()
	art, err := contracts.LoadArtifact(contracts.ProofConsumerName)
	require.NoError(t, err)
	pc := proofconsumerabi.NewProofConsumer()
	opts := bind.NewKeyedTransactor(chain.FundedKeys()[0], chain.ChainID())
	opts.Context = ctx
	consumer, tx, err := bind.DeployContract(opts, art.Bytecode, c, pc.PackConstructor(dep.Coordinator, dep.Coordinator, [4]byte{1, 2, 3, 4}))
	require.NoError(t, err)
	_, err = bind.WaitDeployed(ctx, c, tx.Hash())
	require.NoError(t, err)
	return c, consumer, pc
}

// TestProofInputsImage3x32x32: ProofInputs (through ProofConsumer's
// inputMatches) recognizes a CIFAR-sized input, 3×32×32 values, in the
// public inputs Go packs, signed (the image defaults' 11 bits) and
// unsigned (a calibrated ResNet-20's 6 bits), and no other.
func TestProofInputsImage3x32x32(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the embedded chain")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, consumer, pc := deployInputsConsumer(t, ctx)

	const n = 3 * 32 * 32
	for _, p := range []circuit.Packing{
		{Values: n, Bits: 11, PerWord: 253 / 11, Words: (n + 22) / 23},
		{Values: n, Bits: 6, PerWord: 253 / 6, Words: (n + 41) / 42, Unsigned: true},
	} {
		q := make([]*big.Int, n)
		for i := range q {
			v := int64(i*7919) % (1 << (p.Bits - 1))
			if !p.Unsigned && i%3 == 0 {
				v = -v
			}
			q[i] = big.NewInt(v)
		}
		calldata := artifact.Calldata(fmt.Sprintf("verifyProof(bytes,uint256[%d])", p.Words+1), make([]byte, 256), append(p.Pack(q), big.NewInt(5)))
		match := func(q []*big.Int) bool {
			data := pc.PackInputMatches(calldata, q, uint8(p.Bits), p.Unsigned)
			out, err := c.CallContract(ctx, ethereum.CallMsg{To: &consumer, Data: data}, nil)
			require.NoError(t, err)
			ok, err := pc.UnpackInputMatches(out)
			require.NoError(t, err)
			return ok
		}
		require.True(t, match(q), "%d bits, unsigned %v", p.Bits, p.Unsigned)
		gas, err := c.EstimateGas(ctx, ethereum.CallMsg{To: &consumer, Data: pc.PackInputMatches(calldata, q, uint8(p.Bits), p.Unsigned)})
		require.NoError(t, err)
		t.Logf("inputMatches of %d values at %d bits (%d words, unsigned %v): %d gas", n, p.Bits, p.Words, p.Unsigned, gas)
		for _, j := range []int{0, 41, 42, 1500, n - 1} {
			other := slices.Clone(q)
			other[j] = new(big.Int).Add(q[j], big.NewInt(1))
			require.False(t, match(other), "value %d changed", j)
		}
		require.False(t, match(q[:n-1]), "one value fewer")
	}
}

// proofConsumerChain starts a simulated chain with the Coordinator, a node
// with the proof workload serving fixture f as repo and relaying the
// chain, the fixture's verifier and a ProofConsumer for it. It returns the
// consumer's bindings, an eth_call of it, a way to send it a transaction
// from its owner, the node and the artifact directory.
func proofConsumerChain(t *testing.T, f prooftest.Fixture, repo string) (*proofconsumerabi.ProofConsumer, func([]byte) []byte, func([]byte), *stack, string) {
	t.Helper()
	chain, dep := chaintest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	t.Cleanup(cancel)
	c := chain.Client()
	owner, nodeKey := chain.FundedKeys()[0], chain.FundedKeys()[1]

	_, man := prooftest.SetUp(t, f)
	s, dir := proofStackOf(t, f, repo, fmt.Sprintf(`{"enabled":true,"rpc_url":%q,"coordinator_address":%q,"start_block":%d,"poll_interval":"100ms","wallet":{"private_key":%q,"max_gas_limit":10000000}}`,
		chain.RPCURL(), dep.Coordinator.Hex(), dep.DeployBlock, hex.EncodeToString(crypto.FromECDSA(nodeKey))))
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

	send := func(data []byte) {
		gas, err := c.EstimateGas(ctx, ethereum.CallMsg{From: opts.From, To: &consumer, Data: data})
		require.NoError(t, err)
		head, err := c.HeaderByNumber(ctx, nil)
		require.NoError(t, err)
		nonce, err := c.PendingNonceAt(ctx, opts.From)
		require.NoError(t, err)
		tip := big.NewInt(1e9)
		reqTx, err := types.SignNewTx(owner, types.LatestSignerForChainID(chain.ChainID()), &types.DynamicFeeTx{ChainID: chain.ChainID(), Nonce: nonce,
			GasTipCap: tip, GasFeeCap: new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), tip), Gas: gas * 3 / 2, To: &consumer, Data: data})
		require.NoError(t, err)
		require.NoError(t, c.SendTransaction(ctx, reqTx))
		t.Logf("request: %d gas estimated", gas)
	}
	call := func(data []byte) []byte {
		out, err := c.CallContract(ctx, ethereum.CallMsg{To: &consumer, Data: data}, nil)
		require.NoError(t, err)
		return out
	}
	return pc, call, send, s, dir
}

// waitVerified waits until the consumer has verified n proofs, failing
// when it rejects one.
func waitVerified(t *testing.T, pc *proofconsumerabi.ProofConsumer, call func([]byte) []byte, n int64) {
	t.Helper()
	require.Eventually(t, func() bool {
		v, err := pc.UnpackVerifiedCount(call(pc.PackVerifiedCount()))
		require.NoError(t, err)
		r, err := pc.UnpackRejectedCount(call(pc.PackRejectedCount()))
		require.NoError(t, err)
		require.Zero(t, r.Int64(), "the consumer rejected a delivered proof")
		return v.Int64() == n
	}, 5*time.Minute, 200*time.Millisecond, "proof delivered and verified in the consumer's callback")
}

// TestProofInputsHashed: ProofInputs.inputHash (through ProofConsumer)
// computes from a consumer's own values exactly the public input a hashed
// proof carries (circuit.HashWords of the packed words: SHA-256 by the
// 0x02 precompile, reduced into the field), for LeNet's and a CIFAR
// image's sizes, signed and unsigned; hashedInputMatches recognizes it in a
// calldata and no other input: any one value changed is another hash.
func TestProofInputsHashed(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the embedded chain")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, consumer, pc := deployInputsConsumer(t, ctx)
	call := func(data []byte) []byte {
		out, err := c.CallContract(ctx, ethereum.CallMsg{To: &consumer, Data: data}, nil)
		require.NoError(t, err)
		return out
	}

	for _, p := range []circuit.Packing{
		{Values: 784, Bits: 2, PerWord: 253 / 2, Words: (784 + 125) / 126, Unsigned: true}, // a calibrated LeNet
		{Values: 784, Bits: 11, PerWord: 253 / 11, Words: (784 + 22) / 23},                 // LeNet, image defaults
		{Values: 3072, Bits: 6, PerWord: 253 / 6, Words: (3072 + 41) / 42, Unsigned: true}, // a calibrated ResNet-20
	} {
		q := make([]*big.Int, p.Values)
		for i := range q {
			v := int64(i*7919) % (1 << (p.Bits - 1))
			if !p.Unsigned && i%3 == 0 {
				v = -v
			}
			q[i] = big.NewInt(v)
		}
		want := circuit.HashWords(p.Pack(q))
		got, err := pc.UnpackInputHash(call(pc.PackInputHash(q, uint8(p.Bits), p.Unsigned)))
		require.NoError(t, err)
		require.Equal(t, want, got, "%d values at %d bits: Solidity's hash is Go's", p.Values, p.Bits)
		calldata := artifact.Calldata("verifyProof(bytes,uint256[2])", make([]byte, 256), []*big.Int{want, big.NewInt(5)})
		matches := func(q []*big.Int) bool {
			ok, err := pc.UnpackHashedInputMatches(call(pc.PackHashedInputMatches(calldata, q, uint8(p.Bits), p.Unsigned)))
			require.NoError(t, err)
			return ok
		}
		require.True(t, matches(q))
		gas, err := c.EstimateGas(ctx, ethereum.CallMsg{To: &consumer, Data: pc.PackInputHash(q, uint8(p.Bits), p.Unsigned)})
		require.NoError(t, err)
		t.Logf("inputHash of %d values at %d bits (%d words): %d gas", p.Values, p.Bits, p.Words, gas)
		for _, j := range []int{0, 1, p.PerWord, p.Values - 1} {
			other := slices.Clone(q)
			other[j] = new(big.Int).Add(q[j], big.NewInt(1))
			require.False(t, matches(other), "value %d changed", j)
		}
		require.False(t, matches(q[:p.Values-1]), "one value fewer")
	}
}
