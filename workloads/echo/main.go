// Command echo is the echo workload (SPEC §7) as a standalone container
// protocol server: it returns its input.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/infernode/infernode/workloads/echo/service"
	"github.com/infernode/infernode/workloads/protocol"
)

func main() {
	addr := flag.String("addr", ":3000", "address to listen on")
	flag.Parse()
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil)).With("workload", "echo")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	h, err := service.New(service.Config{Logger: log})
	if err == nil {
		err = protocol.Serve(ctx, *addr, h, log)
	}
	if err != nil {
		log.Error("echo stopped", "err", err)
		os.Exit(1)
	}
}
