package contracts_test

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/coordinator/ours"
)

// gasRow is one measured operation. Callback and Overhead are set for
// deliveries: Overhead = Total - intrinsic (21000 + calldata) - Callback,
// i.e. what the Coordinator itself costs per delivery.
type gasRow struct {
	Op       string
	Total    uint64
	Callback uint64
	Overhead uint64
}

func intrinsic(data []byte) uint64 {
	g := uint64(21_000)
	for _, b := range data {
		if b == 0 {
			g += 4
		} else {
			g += 16
		}
	}
	return g
}

// callbackGas is the execution gas of the example consumer's callback for
// these arguments, measured from the Coordinator's address at the current state.
func (e *env) callbackGas(taskID [32]byte, output, proof []byte) uint64 {
	data := exampleABI.PackReceiveCompute(taskID, output, proof)
	est, err := e.client.EstimateGas(e.ctx, ethereum.CallMsg{From: e.dep.Coordinator, To: &e.dep.ExampleConsumer, Data: data})
	require.NoError(e.t, err)
	return est - intrinsic(data)
}

// measureGas runs the operations of docs/gas.md on a fresh chain.
func measureGas(tb testing.TB, osaka bool) []gasRow {
	e := newEnvWith(tb, osaka)
	user, node := e.nodes[0], e.nodes[1]
	input := make([]byte, 32)
	for i := range input {
		input[i] = byte(i + 1)
	}
	var rows []gasRow
	nextID := uint32(0)

	request := func() uint32 {
		rcpt := e.send(user, e.dep.ExampleConsumer, exampleABI.PackRequest("echo", input, 1))
		nextID++
		op := "request (ExampleConsumer.request, 32 B input)"
		if nextID == 1 {
			op = "first request on a fresh Coordinator (32 B input)"
		}
		rows = append(rows, gasRow{Op: op, Total: rcpt.GasUsed})
		return nextID
	}
	deliver := func(name string, id uint32, output []byte) {
		tid := taskIDFor(e, id, 1)
		cb := e.callbackGas(tid, output, nil)
		data := coordABI.PackDeliverCompute(id, 1, input, output, nil, common.Address{})
		rcpt := e.send(node, e.dep.Coordinator, data)
		rows = append(rows, gasRow{Op: name, Total: rcpt.GasUsed, Callback: cb, Overhead: rcpt.GasUsed - intrinsic(data) - cb})
	}
	deliver("deliverCompute, 32 B output", request(), make32(0xaa, 32))
	deliver("deliverCompute, 1 KiB output", request(), make32(0xbb, 1024))

	// Delegated: create + deliver in one transaction, owned by the example
	// consumer (its signer is the deployer).
	sub := e.sub(e.dep.ExampleConsumer)
	sub.MaxGasLimit = 2_000_000
	sub.Inputs = input
	sub.Redundancy = 2
	d := ours.DelegateSubscription{Nonce: 1, Expiry: uint32(e.now() + 3600), Sub: sub}
	sig, err := d.Sign(ours.Domain{ChainID: big.NewInt(1337), Coordinator: e.dep.Coordinator}, e.deployer)
	require.NoError(tb, err)
	output := make32(0xcc, 32)
	nextID++
	cb := e.callbackGas(taskIDFor(e, nextID, 1), output, nil)
	data := coordABI.PackDeliverComputeDelegatee(d.Nonce, d.Expiry, d.Sub, sig.V, sig.R, sig.S, 1, input, output, nil, common.Address{})
	rcpt := e.send(node, e.dep.Coordinator, data)
	rows = append(rows, gasRow{Op: "deliverComputeDelegatee (create + deliver), 32 B output", Total: rcpt.GasUsed, Callback: cb, Overhead: rcpt.GasUsed - intrinsic(data) - cb})
	// A second node delivering the same delegated subscription (it exists now).
	cb = e.callbackGas(taskIDFor(e, nextID, 1), output, nil)
	rcpt = e.send(e.nodes[2], e.dep.Coordinator, data)
	rows = append(rows, gasRow{Op: "deliverComputeDelegatee, subscription exists (2nd node), 32 B output", Total: rcpt.GasUsed, Callback: cb, Overhead: rcpt.GasUsed - intrinsic(data) - cb})
	return append(rows, measurePaymentGas(e, input)...)
}

// measurePaymentGas: paid, verified and lazy deliveries (32 B output) by a
// node that has delivered before, from wallets that have paid before, so
// the figures are the steady state (no first-touch storage).
func measurePaymentGas(e *env, input []byte) []gasRow {
	var rows []gasRow
	token := e.deploy(contracts.TestTokenName, nil)
	user, node := e.nodes[0], e.nodes[1]
	consumerW, nodeW := e.newWallet(user), e.newWallet(node)
	verifier := e.deploy(contracts.TestVerifierName, verifierABI.PackConstructor(e.dep.Coordinator, true, e.newWallet(e.nodes[3])))
	for _, tok := range []common.Address{native, token} {
		e.fund(consumerW, tok, units(1000))
		e.fund(nodeW, tok, units(1000))
		e.approve(user, consumerW, e.dep.ExampleConsumer, tok, units(1000))
		e.approve(node, nodeW, addrOf(node), tok, units(1000))
		e.send(e.deployer, verifier, verifierABI.PackSetToken(tok, true, units(1)))
	}
	output := make32(0xdd, 32)
	deliver := func(name string, tok common.Address, amount *big.Int, verifierAddr common.Address, lazy bool, out []byte, proof []byte) {
		id := e.requestPaid(user, tok, amount, consumerW, verifierAddr, lazy)
		tid := taskIDFor(e, id, 1)
		cbOut, cbProof := out, proof
		if lazy {
			cbOut, cbProof = nil, nil
		}
		cb := e.callbackGas(tid, cbOut, cbProof)
		data := coordABI.PackDeliverCompute(id, 1, input, out, proof, nodeW)
		rcpt := e.send(node, e.dep.Coordinator, data)
		if name != "" {
			rows = append(rows, gasRow{Op: name, Total: rcpt.GasUsed, Callback: cb, Overhead: rcpt.GasUsed - intrinsic(data) - cb})
		}
	}
	none := common.Address{}
	// Warm-up: first payment from and to each wallet in each token.
	deliver("", native, units(1), none, false, output, nil)
	deliver("", token, units(1), none, false, output, nil)
	deliver("deliverCompute, unpaid, 32 B output (same node, for comparison)", native, new(big.Int), none, false, output, nil)
	deliver("deliverCompute, paid in native coin, 32 B output", native, units(1), none, false, output, nil)
	deliver("deliverCompute, paid in an ERC-20, 32 B output", token, units(1), none, false, output, nil)
	deliver("deliverCompute, verified (atomic verifier, fee, escrow, collateral), ERC-20, 32 B output", token, units(3), verifier, false, output, validProof)
	deliver("deliverCompute, lazy, unpaid, 32 B output (kept in inbox)", native, new(big.Int), none, true, output, nil)
	deliver("deliverCompute, lazy, unpaid, 1 KiB output (kept in inbox)", native, new(big.Int), none, true, make32(0xee, 1024), nil)
	return rows
}

func make32(b byte, n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = b
	}
	return out
}

func taskIDFor(e *env, id, interval uint32) [32]byte {
	return crypto.Keccak256Hash(
		common.LeftPadBytes(big.NewInt(1337).Bytes(), 32),
		common.LeftPadBytes(e.dep.Coordinator.Bytes(), 32),
		common.LeftPadBytes(big.NewInt(int64(id)).Bytes(), 32),
		common.LeftPadBytes(big.NewInt(int64(interval)).Bytes(), 32),
	)
}

func gasTable(rows []gasRow) string {
	var b strings.Builder
	b.WriteString("| operation | total gas | callback | Coordinator overhead |\n|---|---:|---:|---:|\n")
	for _, r := range rows {
		cb, ov := "", ""
		if r.Callback != 0 {
			cb, ov = fmt.Sprint(r.Callback), fmt.Sprint(r.Overhead)
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s |\n", r.Op, r.Total, cb, ov)
	}
	return b.String()
}

// TestGasReport measures the gas table of docs/gas.md (run with -v to print
// it) and holds the Coordinator's per-delivery overhead to a budget on
// mainnet rules.
func TestGasReport(t *testing.T) {
	osaka := measureGas(t, true)
	t.Logf("Osaka (mainnet rules; embedded dev chain, anvil):\n%s", gasTable(osaka))
	for _, r := range osaka {
		switch {
		case r.Callback == 0 || strings.Contains(r.Op, "create") || strings.Contains(r.Op, "lazy") || strings.Contains(r.Op, "verified"):
		case strings.Contains(r.Op, "paid in"):
			require.Less(t, r.Overhead, uint64(120_000), "%s: Coordinator overhead", r.Op)
		default:
			require.Less(t, r.Overhead, uint64(80_000), "%s: Coordinator overhead", r.Op)
		}
	}
	dev := measureGas(t, false)
	t.Logf("go-ethereum dev fork set (simulated backend default, geth --dev; EIP-8037 state gas):\n%s", gasTable(dev))
}

// BenchmarkDeliverGas reports the gas of a 32 B delivery as a metric (gas is
// deterministic: every run gives the same figure).
func BenchmarkDeliverGas(b *testing.B) {
	for i := 0; i < b.N; i++ {
		rows := measureGas(b, true)
		b.ReportMetric(float64(rows[1].Total), "gas/deliver32B")
		b.ReportMetric(float64(rows[1].Overhead), "overhead-gas/deliver32B")
	}
}
