package contracts_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestArtifactsAndBindingsUpToDate recompiles the sources with the pinned
// solc-js and regenerates the bindings with the pinned abigen into a temp
// dir, and fails when the committed artifacts or bindings differ (the
// Infernet SDK v1 copies are checked against ../shared in infernetv1): run
// `make contracts` and commit the result.
func TestArtifactsAndBindingsUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node and abigen (external programs); skipped under -short")
	}
	_, err := exec.LookPath("node")
	require.NoError(t, err, "node (Node.js) is needed to run solc-js: install it, then run `make tools`")
	_, err = os.Stat("node_modules/solc")
	require.NoError(t, err, "solc-js missing in contracts/node_modules: run `make tools`")
	_, err = os.Stat("../.tools/bin/abigen")
	require.NoError(t, err, "abigen missing in .tools/bin: run `make tools`")

	out := t.TempDir()
	cmd := exec.Command("bash", "build.sh", out)
	logs, err := cmd.CombinedOutput()
	require.NoError(t, err, "contracts/build.sh failed:\n%s", logs)

	for _, name := range []string{"Coordinator", "ExampleConsumer", "ProofConsumer", "IComputeConsumer", "IDelegator", "TestConsumer", "Wallet", "WalletFactory", "TestToken", "TestVerifier", "Groth16Verifier",
		"InfernetExampleConsumer", "InfernetTestCallbackConsumer", "InfernetTestSubscriptionConsumer", "InfernetTestDelegatedConsumer", "CallReader"} {
		fresh, err := os.ReadFile(filepath.Join(out, "artifacts", name+".json"))
		require.NoError(t, err)
		committed, err := os.ReadFile(filepath.Join("artifacts", name+".json"))
		require.NoError(t, err)
		require.Equal(t, string(fresh), string(committed), "contracts/artifacts/%s.json is stale: run `make contracts` and commit", name)
	}
	for _, pkg := range []string{"abi/coordinatorabi", "abi/exampleconsumerabi", "abi/proofconsumerabi", "abi/consumerabi", "abi/walletabi", "abi/walletfactoryabi",
		"abi/groth16verifierabi", "abi/inetv1abi", "abi/inetv1exampleabi", "abi/callreaderabi",
		"internal/testabi/testconsumerabi", "internal/testabi/testtokenabi", "internal/testabi/testverifierabi", "internal/testabi/inetv1testabi"} {
		file := filepath.Join(pkg, filepath.Base(pkg)+".go")
		fresh, err := os.ReadFile(filepath.Join(out, file))
		require.NoError(t, err)
		committed, err := os.ReadFile(filepath.Join("..", file))
		require.NoError(t, err)
		require.Equal(t, string(fresh), string(committed), "%s is stale: run `make contracts` and commit", file)
	}
	fresh, err := os.ReadFile(filepath.Join(out, "abi/callreaderabi/runtime.go"))
	require.NoError(t, err)
	committed, err := os.ReadFile("../abi/callreaderabi/runtime.go")
	require.NoError(t, err)
	require.Equal(t, string(fresh), string(committed), "abi/callreaderabi/runtime.go is stale: run `make contracts` and commit")
}
