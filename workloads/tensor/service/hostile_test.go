package service_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/tensor/libtorch"
	"github.com/infernode/infernode/workloads/tensor/service"
)

// Model bombs built in the test and hosted on a hub the test runs, asked
// for through the workload's service: a TorchScript model whose code names
// a 10^8-element shape is a 400 when it loads, before it runs; one that
// computes a 1 GiB tensor at run time is a 400 at the allocation, before
// the memory is taken. The workload lives: a good model from the same hub
// answers next.
func TestHostileModelsFromHub(t *testing.T) {
	repo := t.TempDir()
	for name, expr := range map[string]string{
		"static.pt":  "torch.expand(x, [100000000])",
		"dynamic.pt": "torch.add(torch.zeros([int(x.size(0)) * 268435456]), x)",
		"good.pt":    "torch.mul(x, 3)",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(repo, name), wltest.TorchScript(expr), 0o644))
	}
	hub := wltest.Hub(t, map[string]string{"acme/models": repo})
	s, err := service.New(context.Background(), service.Config{
		Store:   modelstore.Config{CacheDir: t.TempDir(), HubBaseURL: hub, AllowedRepos: []string{"huggingface/acme/models"}},
		Runtime: libtorch.Config{Library: wltest.TorchLibrary(t), Threads: 1}})
	require.NoError(t, err)
	base := wltest.Server(t, s).URL
	job := func(file string) string {
		return `{"source":1,"destination":1,"data":{"model_id":"huggingface/acme/models:` + file + `","input":{"values":[1],"shape":[1],"dtype":1}}}`
	}
	msg := wltest.ErrorReply(t, base, job("static.pt"), http.StatusBadRequest)
	require.Contains(t, msg, "aten::expand with the constant shape [100000000]")
	require.Contains(t, msg, "refused before it runs")
	msg = wltest.ErrorReply(t, base, job("dynamic.pt"), http.StatusBadRequest)
	require.Contains(t, msg, "refused before it was allocated")

	status, _, body := wltest.Post(t, base, job("good.pt"))
	require.Equal(t, http.StatusOK, status, "the workload lives on: %s", body)
	var out tensor.Tensor
	require.NoError(t, json.Unmarshal(body, &out))
	v, err := out.Float32s()
	require.NoError(t, err)
	require.Equal(t, []float32{3}, v)
}
