package contracts_test

import (
	"context"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/groth16verifierabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/proof/circuit"
	"github.com/infernode/infernode/workloads/proof/prooftest"
)

func TestMain(m *testing.M) { prooftest.Main(m) }

var groth16ABI = groth16verifierabi.NewGroth16Verifier()

// irisCalldata proves the iris fixture's model on one input and returns
// the artifact dir, the manifest and the proof (its verifyProof calldata).
func irisCalldata(t *testing.T) (string, *artifact.Manifest, *artifact.Proof) {
	t.Helper()
	dir, man := prooftest.Iris(t)
	set, err := artifact.Open(context.Background(), artifact.ReadDir(dir))
	require.NoError(t, err)
	xq, err := set.Model().QuantizeInput([]float64{1.0380048, 0.5586108, 1.1037828, 1.712096})
	require.NoError(t, err)
	p, err := set.Prove(xq)
	require.NoError(t, err)
	return dir, man, p
}

// newGroth16Env: the parties of newVerifierEnv with the iris model's gnark
// verifier (verifier.bin) behind a Groth16Verifier (fee 1 unit).
func newGroth16Env(t *testing.T, e *env, dir string, man *artifact.Manifest, tokenKind string) *verifierEnv {
	t.Helper()
	v := newVerifierParties(e, tokenKind)
	raw, err := os.ReadFile(filepath.Join(dir, artifact.BytecodeFile))
	require.NoError(t, err)
	gnark, tx, err := bind.DeployContract(e.opts(e.deployer), common.FromHex(strings.TrimSpace(string(raw))), e.client, nil)
	require.NoError(t, err)
	rcpt, err := e.mine(tx.Hash())
	require.NoError(t, err)
	require.Equal(t, uint64(1), rcpt.Status, "deploy verifier.bin")
	sel := common.FromHex(man.Verifier.Selector)
	require.Len(t, sel, 4)
	v.verifier = e.deploy(contracts.Groth16VerifierName, groth16ABI.PackConstructor(e.dep.Coordinator, gnark, [4]byte(sel),
		v.verifierWallet, []common.Address{v.token}, []*big.Int{units(1)}))
	return v
}

// TestGroth16VerifiedDelivery: a real Groth16 proof of the iris model,
// delivered as the proof workload delivers it (verifyProof calldata) to a
// subscription naming the Groth16Verifier: a valid proof pays the node; a
// proof with one public input changed, or calldata for another function,
// slashes the node's collateral to the consumer.
func TestGroth16VerifiedDelivery(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup (Groth16 and solc-js)")
	}
	dir, man, p := irisCalldata(t)
	tampered := append([]*big.Int(nil), p.Public...)
	tampered[0] = circuit.ToField(new(big.Int).Add(p.Input[0], big.NewInt(1)))
	otherFn := append([]byte{0xde, 0xad, 0xbe, 0xef}, p.Calldata[4:]...)

	for _, tc := range []struct {
		name  string
		proof []byte
		valid bool
	}{
		{"valid proof pays the node", p.Calldata, true},
		{"tampered public input slashes the collateral", artifact.Calldata(man.Verifier.Function, p.Proof, tampered), false},
		{"wrong selector slashes the collateral", otherFn, false},
		{"truncated proof slashes the collateral", p.Calldata[:3], false},
	} {
		for _, run := range []struct {
			kind  string
			osaka bool
		}{{"native", true}, {"erc20", true}, {"erc20", false}} {
			fork := map[bool]string{true: "osaka", false: "dev"}[run.osaka]
			kind := run.kind
			t.Run(fork+"/"+kind+"/"+tc.name, func(t *testing.T) {
				v := newGroth16Env(t, newEnvWith(t, run.osaka), dir, man, kind)
				id := v.requestPaid(v.user, v.token, units(4), v.consumerWallet, v.verifier, false)
				rcpt := v.send(v.node, v.dep.Coordinator, deliverPaid(id, []byte("out"), tc.proof, v.nodeWl))
				var verified bool
				found := false
				for _, l := range rcpt.Logs {
					if ev, err := coordABI.UnpackProofVerifiedEvent(l); err == nil {
						verified, found = ev.Valid, true
					}
				}
				require.True(t, found, "no ProofVerified event: the adapter must finalize atomically")
				require.Equal(t, tc.valid, verified)
				if tc.valid {
					// consumer -4, node +3 (payment less the verifier's fee), verifier +1
					require.Equal(t, [3]*big.Int{units(6), units(13), units(1)}, v.balances())
					logGroth16Gas(v, fork, kind, p.Calldata)
				} else {
					// consumer: -1 fee, escrow returned, +4 slashed; node: -4; verifier +1
					require.Equal(t, [3]*big.Int{units(13), units(6), units(1)}, v.balances())
				}
				require.Zero(t, v.locked(v.consumerWallet, v.token).Sign())
				require.Zero(t, v.locked(v.nodeWl, v.token).Sign())
			})
		}
	}
}

// TestGroth16VerifierGuards: only the Coordinator may request a
// verification, and the view methods report the deployed configuration.
func TestGroth16VerifierGuards(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup (Groth16 and solc-js)")
	}
	dir, man, p := irisCalldata(t)
	v := newGroth16Env(t, newEnv(t), dir, man, "native")
	_, err := v.trySend(v.node, v.verifier, groth16ABI.PackRequestProofVerification(1, 1, addrOf(v.node), p.Calldata), nil)
	require.ErrorContains(t, err, "revert")
	require.True(t, viewCall(v.env, v.verifier, groth16ABI.PackIsValid(p.Calldata), groth16ABI.UnpackIsValid))
	require.True(t, viewCall(v.env, v.verifier, groth16ABI.PackIsSupportedToken(native), groth16ABI.UnpackIsSupportedToken))
	require.False(t, viewCall(v.env, v.verifier, groth16ABI.PackIsSupportedToken(common.Address{1}), groth16ABI.UnpackIsSupportedToken))
	require.Equal(t, units(1), viewCall(v.env, v.verifier, groth16ABI.PackFee(native), groth16ABI.UnpackFee))
	require.Equal(t, v.verifierWallet, viewCall(v.env, v.verifier, groth16ABI.PackGetWallet(), groth16ABI.UnpackGetWallet))
}

// logGroth16Gas logs the gas of a steady-state verified delivery (the
// wallets have paid before) for docs/gas.md, as gas_test.go splits it.
func logGroth16Gas(v *verifierEnv, fork, kind string, proof []byte) {
	output := make32(0xdd, 32)
	id := v.requestPaid(v.user, v.token, units(4), v.consumerWallet, v.verifier, false)
	cb := v.callbackGas(taskIDFor(v.env, id, 1), output, proof)
	data := coordABI.PackDeliverCompute(id, 1, []byte("in"), output, proof, v.nodeWl)
	rcpt := v.send(v.node, v.dep.Coordinator, data)
	gnark := viewCall(v.env, v.verifier, groth16ABI.PackVERIFIER(), groth16ABI.UnpackVERIFIER)
	check, err := v.client.EstimateGas(v.ctx, ethereum.CallMsg{To: &gnark, Data: proof})
	require.NoError(v.t, err)
	v.t.Logf("verified delivery (Groth16Verifier, %s, %s fork set, %d B proof): total %d, callback %d, overhead %d; verifyProof alone %d",
		kind, fork, len(proof), rcpt.GasUsed, cb, rcpt.GasUsed-intrinsic(data)-cb, check-intrinsic(proof))
}
