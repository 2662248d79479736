package lint

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// layers is the house's layering (docs/architecture.md, "Layers"): a
// package may import a package of ours only from a lower layer, so no
// arrow runs up, not even inside one room (coordinator/ours imports
// coordinator, never the other way), and no cycle can form between rooms.
// A package is placed by the longest prefix listed; a new package that
// matches none fails TestLayers until it is placed. abi/ and workloads/
// keep their own rules (TestForbiddenImports) and are leaves to the rest.
var layers = []struct {
	layer    int
	prefixes []string
}{
	// Leaves: generated bindings, the workloads (programs of their own),
	// the internal helpers that import nothing of ours.
	{0, []string{"abi", "workloads", "internal/job", "internal/clock", "internal/eip712", "internal/keyform",
		"internal/promreg", "internal/version", "internal/testabi", "internal/tensor", "internal/etcdtest", "internal/lint",
		"chain/faultproxy", "executor/docker/internal", "oipgrpc/inferencepb", "signer/signertest", "soak", "sim",
		"ratelimit", "payments"}},
	// Foundations: the store, telemetry, the configuration, the OIP codec.
	{1, []string{"internal/storage", "internal/telemetry", "internal/config", "oip"}},
	// Parts that know one thing: the chain client, keys, access rules,
	// the spending guard, the fleet, the response cache, the REST client,
	// the operator console.
	{2, []string{"chain", "signer", "access", "guard", "fleet", "respcache", "client", "internal/nodetest", "console"}},
	// What builds on one part: the executor, the transaction manager, the
	// Coordinator's vocabulary, the REST front door, the contracts.
	{3, []string{"executor", "txm", "coordinator", "rest", "contracts", "simchain"}},
	// Beneath those: the runtimes, the dialects, the gRPC door, the SDK's
	// contracts, test chains.
	{4, []string{"executor/docker", "executor/runtimetest", "coordinator/ours", "coordinator/infernetv1",
		"oipgrpc", "contracts/infernetv1", "testnet", "rest/resttest"}},
	// The relay (over the Coordinator's vocabulary, never a dialect), the
	// one dialect chooser, the benchmark client.
	{5, []string{"relay", "coordinator/dialects", "bench", "executor/docker/e2e", "testnet/chaintest"}},
	// The node puts the parts together; the CLI runs it.
	{6, []string{"node", "cmd/infernode/internal"}},
	{7, []string{"cmd"}},
}

// layerOf returns the layer of path (a package of ours, without the
// module prefix) by its longest listed prefix.
func layerOf(path string) (int, bool) {
	best, layer := -1, 0
	for _, l := range layers {
		for _, p := range l.prefixes {
			if within(path, p) && len(p) > best {
				best, layer = len(p), l.layer
			}
		}
	}
	return layer, best >= 0
}

// TestLayers: every package of ours is placed in a layer, and each of its
// (non-test) imports of ours is in a lower one.
func TestLayers(t *testing.T) {
	for _, p := range listPackages(t) {
		path := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		from, ok := layerOf(path)
		if !ok {
			t.Errorf("%s is in no layer: place it in internal/lint's layers table (and docs/architecture.md)", path)
			continue
		}
		if within(path, "abi") || within(path, "workloads") {
			continue // their own rules (TestForbiddenImports)
		}
		for _, imp := range p.Imports {
			if !within(imp, module) {
				continue
			}
			to, ok := layerOf(strings.TrimPrefix(imp, module+"/"))
			require.True(t, ok, "%s imports %s, which is in no layer", path, imp)
			if to >= from {
				t.Errorf("%s (layer %d) imports %s (layer %d): an arrow upward or sideways; import only from lower layers", path, from, strings.TrimPrefix(imp, module+"/"), to)
			}
		}
	}
}

// TestLayerOf: the longest prefix places a package.
func TestLayerOf(t *testing.T) {
	for path, want := range map[string]int{
		"coordinator": 3, "coordinator/ours": 4, "coordinator/dialects": 5, "executor/docker/internal/dockertest": 0,
		"internal/storage": 1, "cmd/infernode": 7, "cmd/infernode/internal/walletops": 6, "workloads/onnx/service": 0,
	} {
		got, ok := layerOf(path)
		require.True(t, ok, path)
		require.Equal(t, want, got, path)
	}
	_, ok := layerOf("newroom")
	require.False(t, ok)
}
