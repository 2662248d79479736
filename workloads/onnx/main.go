// Command onnx is the ONNX inference workload (docs/workloads.md) as a standalone
// container protocol server; it also serves the Open Inference Protocol v2 (/v2).
//
// Environment: ONNX_DEFAULT_MODEL_ID (pre-loaded at start), ONNX_CACHE_DIR
// (model cache, default $TMPDIR/infernode/onnx), ONNXRUNTIME_LIB (the ONNX
// Runtime library, default libonnxruntime.so.1 on the loader's path),
// ONNX_THREADS (threads per inference, default ONNX Runtime's choice),
// ONNX_BATCH_MAX, ONNX_BATCH_DELAY (dynamic batching, default off),
// HUB_TOKEN, HUB_BASE_URL, ARWEAVE_GATEWAY_URL (hosted storages),
// MODEL_DOWNLOADS, MODEL_ALLOWED_REPOS, MODEL_MAX_LOADED, MODEL_CACHE_MAX_BYTES (what a client can make it fetch and
// hold; see docs/workloads.md). It needs cgo (CGO_ENABLED=1) to call ONNX Runtime.
package main

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/infernode/infernode/workloads/internal/modelsvc"
	"github.com/infernode/infernode/workloads/onnx/service"
	"github.com/infernode/infernode/workloads/protocol"
)

func main() {
	protocol.Main("onnx", func(ctx context.Context, getenv func(string) string, log *slog.Logger) (http.Handler, error) {
		cfg, err := service.ConfigFromEnv(getenv)
		if err != nil {
			return nil, err
		}
		cfg.Logger = log
		cfg.System.DiskPath = cfg.Store.CacheDir
		return service.New(ctx, cfg)
	}, append([]protocol.Env{
		{Name: "ONNXRUNTIME_LIB", Help: "path of libonnxruntime.so.1 (default: the loader's search path; make tools puts it in .tools/lib)"},
		{Name: "ONNX_THREADS", Help: "threads per inference, 0-1024 (default 0: ONNX Runtime's choice, one per physical core)"},
		{Name: "MODEL_ALLOW_DYNAMIC_OUTPUTS", Help: "true: load models whose outputs cannot be bounded before they run (default false)"},
	}, modelsvc.Env("ONNX")...)...)
}
