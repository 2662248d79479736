package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"runtime/debug"
	"strconv"
	"syscall"
	"time"

	"go.opentelemetry.io/otel"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/telemetry"
	"github.com/infernode/infernode/node"
)

// serveCommand runs the node until SIGINT/SIGTERM (main cancels ctx), then
// shuts down gracefully: REST stops accepting, queued jobs get the grace
// period, containers and the store are closed.
func serveCommand() command {
	return command{name: "serve", summary: "run the node", run: runServe}
}

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("config", config.DefaultPath(), "config file (env INFERNODE_CONFIG, INFERNET_CONFIG_PATH)")
	format := fs.String("log-format", "", "log format: text or json (default: log.format, else text)")
	grace := fs.Duration("shutdown-grace", 10*time.Second, "how long in-flight requests and queued jobs may finish on shutdown")
	pprofAddr := fs.String("pprof", "", "serve Go's profiler (/debug/pprof/) on this address, e.g. 127.0.0.1:6060 (off by default)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: infernode serve [--config FILE]\n\nRuns the node: REST API, job pipeline, containers and (when enabled) the chain side.\n\nflags:")
		printFlags(stderr, fs)
	}
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}

	// The node's live heap is small (a few MiB) and mostly short-lived
	// request garbage, so Go's default GOGC=100 collects very often: 400
	// costs a few MiB and saved ~7% CPU per job. GOGC still wins if set.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGCPercent)
	}
	cfg, warnings, err := config.Load(*path)
	if err != nil {
		return err
	}
	if *format == "" {
		*format = cfg.Log.Format
	}
	log, closer, err := telemetry.NewLogger(stderr, telemetry.LogOptions{
		Level: cfg.Log.Level, Format: *format, Path: cfg.Log.Path,
		MaxFileSize: cfg.Log.MaxFileSize, BackupCount: cfg.Log.BackupCount,
	})
	if err != nil {
		return fmt.Errorf("log: %w", err)
	}
	defer closer.Close()
	for _, w := range warnings {
		log.Warn("config: " + w)
	}
	limit, source := applyMemoryLimit(cfg.MemoryLimit, os.Getenv)
	log.Info("memory limit", "bytes", limit, "from", source)

	tp, shutdown, err := telemetry.NewTracerProvider(ctx, "infernode")
	if err != nil {
		return fmt.Errorf("tracing: %w", err)
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = shutdown(sctx)
	}()
	// The REST layer extracts incoming trace context with the global
	// propagator; main is the one place that sets it.
	otel.SetTextMapPropagator(telemetry.Propagator())
	// Bind the REST port before anything slow (containers can take
	// minutes to start) so that a taken port fails at once.
	addr := net.JoinHostPort(cfg.Server.Host, strconv.Itoa(cfg.Server.Port))
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("server.port %d: %s is already in use (another node?); stop what holds it, or set server.port in %s", cfg.Server.Port, addr, *path)
		}
		return fmt.Errorf("listen on %s (server.host, server.port in %s): %w", addr, *path, err)
	}
	// The gRPC port too, with the same message when it is taken.
	var gln net.Listener
	if cfg.Server.GRPCPort != 0 {
		gaddr := net.JoinHostPort(cfg.Server.Host, strconv.Itoa(cfg.Server.GRPCPort))
		if gln, err = net.Listen("tcp", gaddr); err != nil {
			ln.Close()
			if errors.Is(err, syscall.EADDRINUSE) {
				return fmt.Errorf("server.grpc_port %d: %s is already in use (another node?); stop what holds it, or set server.grpc_port in %s", cfg.Server.GRPCPort, gaddr, *path)
			}
			return fmt.Errorf("listen on %s (server.host, server.grpc_port in %s): %w", gaddr, *path, err)
		}
	}
	closeListeners := func() {
		ln.Close()
		if gln != nil {
			gln.Close()
		}
	}
	n, err := node.New(cfg, node.Options{Listener: ln, GRPCListener: gln, Logger: log, TracerProvider: tp, Propagator: telemetry.Propagator(), ShutdownGrace: *grace})
	if err != nil {
		closeListeners()
		return err
	}
	if *pprofAddr != "" {
		stop, err := servePprof(*pprofAddr, log)
		if err != nil {
			closeListeners()
			return err
		}
		defer stop()
	}
	log.Info("infernode starting", "config", *path)
	if err := n.Run(ctx); err != nil {
		return err
	}
	log.Info("infernode stopped")
	return nil
}

// defaultGCPercent is serve's GOGC when the environment sets none.
const defaultGCPercent = 400

// servePprof serves the runtime profiler on its own listener, apart from
// the REST API, so that it is never exposed with it. It returns a func
// that closes the listener.
func servePprof(addr string, log *slog.Logger) (func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--pprof %s: %w; pass another address, e.g. 127.0.0.1:0", addr, err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Warn("pprof server stopped", "err", err)
		}
	}()
	log.Info("profiler listening", "addr", ln.Addr().String())
	return func() { _ = srv.Close() }, nil
}
