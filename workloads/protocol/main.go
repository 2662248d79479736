package protocol

import (
	"context"
	"flag"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
)

// Build makes a workload's handler from its environment. ctx ends on
// SIGINT/SIGTERM, so a long start-up step (a model download) stops with it.
type Build func(ctx context.Context, getenv func(string) string, log *slog.Logger) (http.Handler, error)

// Main is the whole body of a workload program: flag --addr (default
// ":3000"), JSON slog logs on stderr tagged with the workload's name,
// build from the process environment, then Serve until SIGINT/SIGTERM,
// letting in-flight requests finish. On failure it logs "<name> stopped"
// and exits 1.
func Main(name string, build Build) {
	fs := flag.NewFlagSet(os.Args[0], flag.ExitOnError)
	addr := fs.String("addr", ":3000", "address to listen on")
	_ = fs.Parse(os.Args[1:]) // ExitOnError: a bad flag exits 2, -h exits 0
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil)).With("workload", name)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := Run(ctx, *addr, os.Getenv, log, build)
	stop()
	if err != nil {
		log.Error(name+" stopped", "err", err)
		os.Exit(1)
	}
}

// Run builds the handler and serves it on addr until ctx is done.
func Run(ctx context.Context, addr string, getenv func(string) string, log *slog.Logger, build Build) error {
	if _, err := LimitMemory(getenv); err != nil {
		return err
	}
	h, err := build(ctx, getenv, log)
	if err != nil {
		return err
	}
	return Serve(ctx, addr, h, log)
}
