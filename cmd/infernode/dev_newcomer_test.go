package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestDevConcurrentRequests: several `dev request`s at once from the same
// dev key each get a nonce of their own; none fails with the chain's raw
// "replacement transaction underpriced".
func TestDevConcurrentRequests(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	s, err := startDev(ctx, devOptions{BlockPeriod: time.Second, Logger: slog.New(slog.DiscardHandler)})
	require.NoError(t, err)
	defer func() {
		s.stop()
		require.NoError(t, s.wait())
	}()
	const n = 4
	var wg sync.WaitGroup
	codes, errs := make([]int, n), make([]bytes.Buffer, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out bytes.Buffer
			codes[i] = run(ctx, []string{"dev", "request", "--rpc", s.chain.RPCURL(), "--input", fmt.Sprintf("racer %d", i)}, &out, &errs[i])
		}()
	}
	wg.Wait()
	for i := range n {
		require.Equal(t, 0, codes[i], "request %d: %s", i, errs[i].String())
		require.NotContains(t, errs[i].String(), "underpriced")
	}
}

// TestDevIrisIsTheFixture: the iris model dev embeds is the tensor
// workload's fixture (the one TestIrisDocsExample checks).
func TestDevIrisIsTheFixture(t *testing.T) {
	fixture, err := os.ReadFile(filepath.Join("..", "..", "workloads", "tensor", "testdata", "iris.torch"))
	require.NoError(t, err)
	require.True(t, bytes.Equal(fixture, devIris), "cmd/infernode/devmodels/iris.torch differs from workloads/tensor/testdata/iris.torch: copy it again")
}

// TestDocsRecipes runs docs/README.md's "Try every feature locally"
// recipes as TestDocsCommands runs every documented command, against
// `infernode dev --llm-stub`, and checks what they answer: iris says
// setosa over REST and gRPC alike, the repeat is a cache entry, the OpenAI
// door answers from the stub (plain and streamed), the on-chain request is
// delivered, the console's state reads.
func TestDocsRecipes(t *testing.T) {
	ctx, _, r := startDocStack(t, 4*time.Minute)

	readme, err := os.ReadFile(filepath.Join(r.root, "docs", "README.md"))
	require.NoError(t, err)
	_, section, ok := strings.Cut(string(readme), "## Try every feature locally")
	require.True(t, ok, "docs/README.md has no \"Try every feature locally\" section")
	if next := strings.Index(section, "\n## "); next >= 0 {
		section = section[:next]
	}
	path := filepath.Join(t.TempDir(), "recipes.md")
	require.NoError(t, os.WriteFile(path, []byte(section), 0o644))
	outs := map[string]string{} // the command (as documented) -> its output
	var order []string
	for _, c := range docCommands(t, path, "docs/README.md (recipes)") {
		key := strings.Join(c.args, " ")
		outs[key] = r.run(ctx, c)
		order = append(order, key)
	}
	require.GreaterOrEqual(t, len(order), 10, "the recipes' commands")
	find := func(prefix string) []string {
		var got []string
		for _, k := range order {
			if strings.HasPrefix(k, prefix) {
				got = append(got, outs[k])
			}
		}
		require.NotEmpty(t, got, "no recipe command starts %q", prefix)
		return got
	}
	argmax := func(what, out string) (int, []float32) {
		var ans struct{ Outputs []struct{ Data []float32 } }
		require.NoError(t, json.Unmarshal([]byte(out), &ans), "%s: %s", what, out)
		require.Len(t, ans.Outputs, 1, "%s: %s", what, out)
		d := ans.Outputs[0].Data
		require.Len(t, d, 3, "%s: %s", what, out)
		return slices.Index(d, slices.Max(d)), d
	}
	rest := find("curl -s localhost:4000/v2/models/iris/infer")[0]
	class, restData := argmax("REST infer", rest)
	require.Equal(t, 0, class, "the standardized setosa is class 0: %v", restData)
	grpcOut := find("bin/infernode infer --grpc")[0]
	class, grpcData := argmax("gRPC infer", grpcOut)
	require.Equal(t, 0, class)
	require.InDeltaSlice(t, restData, grpcData, 1e-6, "gRPC answers as REST")
	cached := find("bin/infernode infer --model iris --shape 1,4 --data=0.31")
	require.Len(t, cached, 2)
	require.Equal(t, cached[0], cached[1], "the repeat answers the same")
	var info struct{ Cache struct{ Entries int } }
	require.NoError(t, json.Unmarshal([]byte(find("curl -s localhost:4000/info")[0]), &info))
	require.GreaterOrEqual(t, info.Cache.Entries, 2, "iris's answers are cached (the REST curl's and the infer's)")
	require.Contains(t, find("curl -s localhost:4000/v1/models")[0], `"stub-echo"`)
	chat := find("curl -s localhost:4000/v1/chat/completions")[0]
	require.Contains(t, chat, `"content":"[stub] Say hi"`)
	stream := find("curl -sN localhost:4000/v1/chat/completions")[0]
	require.Contains(t, stream, "data: [DONE]")
	require.Contains(t, find("bin/infernode dev request")[0], `"raw_output": "hello chain"`)
	require.Contains(t, find("curl -s localhost:4000/console/state")[0], `"healthy":true`)
}

// TestDevHelpComplete: `dev --help`'s usage line names every flag the
// flag list describes (--fleet was missing from it).
func TestDevHelpComplete(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run(context.Background(), []string{"dev", "--help"}, &stdout, &stderr))
	usage, flags, ok := strings.Cut(stderr.String(), "\nflags:\n")
	require.True(t, ok, stderr.String())
	n := 0
	for _, line := range strings.Split(flags, "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(line, "  -") {
			require.Contains(t, usage, "["+f[0], "the usage line names %s", f[0])
			n++
		}
	}
	require.GreaterOrEqual(t, n, 10)
}
