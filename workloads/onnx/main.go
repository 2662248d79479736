// Command onnx is the ONNX inference workload (SPEC §7) as a standalone
// container protocol server.
//
// Environment: ONNX_DEFAULT_MODEL_ID (pre-loaded at start), ONNX_CACHE_DIR
// (model cache, default $TMPDIR/infernode/onnx), HUB_TOKEN, HUB_BASE_URL,
// ARWEAVE_GATEWAY_URL (hosted storages; see docs/workloads.md).
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/infernode/infernode/workloads/onnx/service"
	"github.com/infernode/infernode/workloads/protocol"
)

func main() {
	addr := flag.String("addr", ":3000", "address to listen on")
	flag.Parse()
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil)).With("workload", "onnx")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg := service.ConfigFromEnv(os.Getenv)
	cfg.Logger = log
	cfg.System.DiskPath = cfg.Store.CacheDir
	h, err := service.New(ctx, cfg)
	if err == nil {
		err = protocol.Serve(ctx, *addr, h, log)
	}
	if err != nil {
		log.Error("onnx stopped", "err", err)
		os.Exit(1)
	}
}
