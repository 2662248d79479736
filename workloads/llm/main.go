// Command llm is the remote-provider inference workload (SPEC §7) as a
// standalone container protocol server.
//
// Environment: PROVIDER{A,B,C}_API_KEY, PROVIDER{A,B,C}_BASE_URL (the
// OpenAI-compatible API root, e.g. https://host/v1), RETRY_PARAMS (see
// docs/workloads.md).
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/infernode/infernode/workloads/llm/service"
	"github.com/infernode/infernode/workloads/protocol"
)

func main() {
	addr := flag.String("addr", ":3000", "address to listen on")
	flag.Parse()
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil)).With("workload", "llm")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg, err := service.ConfigFromEnv(os.Getenv)
	if err == nil {
		cfg.Logger = log
		var h *service.Service
		if h, err = service.New(cfg); err == nil {
			err = protocol.Serve(ctx, *addr, h, log)
		}
	}
	if err != nil {
		log.Error("llm stopped", "err", err)
		os.Exit(1)
	}
}
