// Command onnx is the ONNX inference workload (docs/workloads.md) as a standalone
// container protocol server.
//
// Environment: ONNX_DEFAULT_MODEL_ID (pre-loaded at start), ONNX_CACHE_DIR
// (model cache, default $TMPDIR/infernode/onnx), HUB_TOKEN, HUB_BASE_URL,
// ARWEAVE_GATEWAY_URL (hosted storages; see docs/workloads.md).
package main

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/infernode/infernode/workloads/onnx/service"
	"github.com/infernode/infernode/workloads/protocol"
)

func main() {
	protocol.Main("onnx", func(ctx context.Context, getenv func(string) string, log *slog.Logger) (http.Handler, error) {
		cfg := service.ConfigFromEnv(getenv)
		cfg.Logger = log
		cfg.System.DiskPath = cfg.Store.CacheDir
		return service.New(ctx, cfg)
	})
}
