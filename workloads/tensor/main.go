// Command tensor is the tensor-framework (PyTorch) inference workload
// (docs/workloads.md) as a standalone container protocol server; it also
// serves the Open Inference Protocol v2 (/v2).
//
// Environment: TENSORFW_DEFAULT_MODEL_ID (pre-loaded at start),
// TENSORFW_CACHE_DIR (model cache, default $TMPDIR/infernode/tensor),
// TENSORFW_USE_JIT (compile pickle-read models into fused plans at load),
// TENSORFW_TORCH_LIB (the libtorch shim, default libinfernode_torch.so on
// the loader's path), TENSORFW_THREADS (libtorch's intra-op threads),
// TENSORFW_BATCH_MAX, TENSORFW_BATCH_DELAY (dynamic batching, default off),
// HUB_TOKEN, HUB_BASE_URL, ARWEAVE_GATEWAY_URL, MODEL_DOWNLOADS,
// MODEL_MAX_LOADED, MODEL_CACHE_MAX_BYTES (see docs/workloads.md, docs/engines.md).
package main

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/infernode/infernode/workloads/internal/modelsvc"
	"github.com/infernode/infernode/workloads/protocol"
	"github.com/infernode/infernode/workloads/tensor/service"
)

func main() {
	protocol.Main("tensor", func(ctx context.Context, getenv func(string) string, log *slog.Logger) (http.Handler, error) {
		cfg, err := service.ConfigFromEnv(getenv)
		if err != nil {
			return nil, err
		}
		cfg.Logger = log
		cfg.System.DiskPath = cfg.Store.CacheDir
		return service.New(ctx, cfg)
	}, append([]protocol.Env{
		{Name: "TENSORFW_TORCH_LIB", Help: "the libtorch shim (default libinfernode_torch.so on the loader's path; make libtorch builds it)"},
		{Name: "TENSORFW_THREADS", Help: "libtorch's intra-op threads (default 0: one per core)"},
		{Name: "TENSORFW_USE_JIT", Help: "true: compile full-model saves into fused plans at load (default false)"},
	}, modelsvc.Env("TENSORFW")...)...)
}
