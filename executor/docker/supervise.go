package docker

import (
	"context"
	"fmt"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"

	"github.com/infernode/infernode/internal/clock"
)

// supervise keeps m running until ctx ends: it blocks on the engine's wait
// for the container to stop, and restarts a container that stopped (crash,
// exit, OOM kill, removal by someone else) after an exponential backoff.
// While the engine cannot be reached it reports the container as unknown.
func (r *Runtime) supervise(ctx context.Context, m *managed) {
	log := r.log.With("container", m.cfg.ID)
	failures := 0 // consecutive restarts without a long enough run
	upSince := time.Now()
	for ctx.Err() == nil {
		r.mu.Lock()
		id := m.dockerID
		r.mu.Unlock()

		insp, err := r.cli.ContainerInspect(ctx, id)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil && !cerrdefs.IsNotFound(err):
			failures++
			r.setState(m, StateUnknown, false, fmt.Sprintf("cannot reach the Docker engine at %s: %v", r.cli.DaemonHost(), err))
			log.Warn("cannot inspect container", "err", err)
			if !clock.Sleep(ctx, backoff(failures, r.opts.BackoffInitial, r.opts.BackoffMax)) {
				return
			}
			continue
		case err == nil && insp.State != nil && insp.State.Running:
			r.mu.Lock()
			wasReady := m.ready
			r.mu.Unlock()
			if !wasReady { // back after an engine outage: check it still answers
				if err := r.waitReady(ctx, id, m.hostPort, m.spec); err != nil {
					log.Warn("container running but not answering: restarting it", "err", err)
					_ = r.remove(ctx, id)
					continue
				}
				r.setPhase(m, StateRunning, true)
			}
			r.waitExit(ctx, id)
			continue
		}

		// Not running, or gone: restart it.
		reason := "container was removed"
		if err == nil && insp.State != nil {
			reason = fmt.Sprintf("exited with code %d", insp.State.ExitCode)
			if insp.State.OOMKilled {
				reason += " (killed: out of memory)"
			}
			if insp.State.Error != "" {
				reason += ": " + insp.State.Error
			}
		}
		if time.Since(upSince) >= r.opts.BackoffReset {
			failures = 0
		}
		failures++
		wait := backoff(failures, r.opts.BackoffInitial, r.opts.BackoffMax)
		r.mu.Lock()
		m.restarts++
		restarts := m.restarts
		r.mu.Unlock()
		r.metrics.restarts.WithLabelValues(m.cfg.ID).Inc()
		r.setState(m, StateRestarting, false, reason)
		log.Warn("container stopped: restarting", "reason", reason, "restarts", restarts, "backoff", wait)
		if !clock.Sleep(ctx, wait) {
			return
		}
		if err := r.bringUp(ctx, m, newPortPicker()); err != nil {
			if ctx.Err() != nil {
				return
			}
			r.setState(m, StateExited, false, fmt.Sprintf("%s; restart failed: %v", reason, err))
			log.Error("restart failed", "err", err)
			continue
		}
		upSince = time.Now()
		log.Info("container restarted", "restarts", restarts)
	}
}

// waitExit returns when container id is no longer running, the engine
// connection breaks, or ctx ends.
func (r *Runtime) waitExit(ctx context.Context, id string) {
	okC, errC := r.cli.ContainerWait(ctx, id, container.WaitConditionNotRunning)
	select {
	case <-ctx.Done():
	case <-okC:
	case <-errC:
		// The caller inspects again; do not spin if the engine is gone.
		clock.Sleep(ctx, r.opts.BackoffInitial)
	}
}
