package docker

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/docker/docker/client"
)

// engine is what the two runtimes (Runtime, plain containers; Swarm,
// services) share: the client, the options and the logger, and the steps
// both take (ping the engine, get images).
type engine struct {
	cli     *client.Client
	ownsCli bool // close cli at Stop
	opts    Options
	log     *slog.Logger
}

// connect sets cli from opts: the given client, else one built from
// opts.Host or the environment (it first contacts the engine when used).
func (e *engine) connect() error {
	e.cli = e.opts.Client
	if e.cli != nil {
		return nil
	}
	copts := []client.Opt{client.FromEnv, client.WithAPIVersionNegotiation()}
	if e.opts.Host != "" {
		copts = append(copts, client.WithHost(e.opts.Host))
	}
	cli, err := client.NewClientWithOpts(copts...)
	if err != nil {
		return fmt.Errorf("docker client: %w", err)
	}
	e.cli, e.ownsCli = cli, true
	return nil
}

// ping checks the engine answers, with a bounded wait.
func (e *engine) ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := e.cli.Ping(ctx); err != nil {
		if ctx.Err() == context.Canceled {
			return fmt.Errorf("docker runtime: start: %w", ctx.Err())
		}
		return fmt.Errorf("cannot reach the Docker engine at %s: is dockerd running? (%w)", e.cli.DaemonHost(), err)
	}
	return nil
}

// concurrently runs f for every item at once and returns the errors it
// returned, in no particular order.
func concurrently[T any](items []T, f func(T) error) []error {
	var (
		wg    sync.WaitGroup
		errMu sync.Mutex
		errs  []error
	)
	for _, it := range items {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f(it); err != nil {
				errMu.Lock()
				errs = append(errs, err)
				errMu.Unlock()
			}
		}()
	}
	wg.Wait()
	return errs
}
