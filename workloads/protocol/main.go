package protocol

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
)

// Build makes a workload's handler from its environment. ctx ends on
// SIGINT/SIGTERM, so a long start-up step (a model download) stops with it.
type Build func(ctx context.Context, getenv func(string) string, log *slog.Logger) (http.Handler, error)

// Env is one environment variable a workload reads, for its -h.
type Env struct{ Name, Help string }

// Main is the whole body of a workload program: flag --addr (default
// ":3000"), JSON slog logs on stderr tagged with the workload's name,
// build from the process environment, then Serve until SIGINT/SIGTERM,
// letting in-flight requests finish. On failure it logs "<name> stopped"
// and exits 1. -h lists the flag and env, the variables the workload
// reads (its settings: a container is configured by its environment).
func Main(name string, build Build, env ...Env) {
	fs := flag.NewFlagSet(os.Args[0], flag.ExitOnError)
	addr := fs.String("addr", ":3000", "address to listen on")
	fs.Usage = func() { Usage(fs.Output(), name, fs, env) }
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

// Usage writes a workload's -h: its flags, then every environment
// variable it reads with what it sets (MODEL_MAX_MEMORY_BYTES, which Run
// applies to every workload, included).
func Usage(w io.Writer, name string, fs *flag.FlagSet, env []Env) {
	fmt.Fprintf(w, "usage: %s [--addr :3000]\n\nThe %s workload: a container protocol server (docs/workloads.md).\n\nflags:\n", fs.Name(), name)
	fs.PrintDefaults()
	env = append(env, Env{Name: "MODEL_MAX_MEMORY_BYTES", Help: "the data memory the process may use (default 4 GiB; 0: no limit)"})
	fmt.Fprintf(w, "\nenvironment (the workload's settings):\n")
	for _, e := range env {
		fmt.Fprintf(w, "  %s\n    \t%s\n", e.Name, e.Help)
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
