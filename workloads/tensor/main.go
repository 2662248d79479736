// Command tensor is the tensor-framework (PyTorch) inference workload
// (SPEC §7) as a standalone container protocol server.
//
// Environment: TENSORFW_DEFAULT_MODEL_ID (pre-loaded at start),
// TENSORFW_CACHE_DIR (model cache, default $TMPDIR/infernode/tensor),
// TENSORFW_USE_JIT (compile models into fused plans at load), HUB_TOKEN,
// HUB_BASE_URL, ARWEAVE_GATEWAY_URL (see docs/workloads.md).
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/infernode/infernode/workloads/protocol"
	"github.com/infernode/infernode/workloads/tensor/service"
)

func main() {
	addr := flag.String("addr", ":3000", "address to listen on")
	flag.Parse()
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil)).With("workload", "tensor")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg, err := service.ConfigFromEnv(os.Getenv)
	if err == nil {
		cfg.Logger = log
		cfg.System.DiskPath = cfg.Store.CacheDir
		var h *service.Service
		if h, err = service.New(ctx, cfg); err == nil {
			err = protocol.Serve(ctx, *addr, h, log)
		}
	}
	if err != nil {
		log.Error("tensor stopped", "err", err)
		os.Exit(1)
	}
}
