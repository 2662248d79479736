package docker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/go-connections/nat"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/clock"
)

// States reported in executor.ContainerState.State.
const (
	StateCreated    = "created" // configured, Start not called yet
	StateStarting   = "starting"
	StateRunning    = "running"
	StateRestarting = "restarting"
	StateExited     = "exited"  // a restart failed; the next try is pending
	StateUnknown    = "unknown" // the engine cannot be reached
	StateStopped    = "stopped"
	StateKept       = "kept" // left running at Stop (keep_containers)
	StateRemote     = "remote"
)

// Runtime runs the configured containers on a Docker engine. Create it with
// New; Start, then Stop, once each. All methods are safe for concurrent use.
type Runtime struct {
	engine
	metrics *metrics
	http    *http.Client

	list []*managed // configuration order
	byID map[string]*managed

	lifecycle sync.Mutex // serialises Start and Stop
	started   bool
	stopped   bool
	cancel    context.CancelFunc // stops the supervisors
	wg        sync.WaitGroup     // the supervisors

	mu sync.Mutex // guards the mutable fields of every managed
}

// managed is one configured container. spec is nil for a remote one.
type managed struct {
	cfg  executor.Container
	spec *spec

	// guarded by Runtime.mu
	dockerID string
	imageID  string // the image the container was made from (sha256:…)
	hostPort int
	state    string
	ready    bool
	restarts int
	err      string
}

// New checks the containers' configuration and connects a client (lazily:
// the engine is first contacted by Start). Errors name the field and the fix.
func New(containers []executor.Container, opts Options) (*Runtime, error) {
	opts = opts.withDefaults()
	r := &Runtime{
		engine: engine{opts: opts, log: opts.Logger},
		byID:   make(map[string]*managed, len(containers)),
		http:   &http.Client{Timeout: 2 * time.Second},
	}
	names := map[string]string{}
	for i, c := range containers {
		if _, dup := r.byID[c.ID]; dup {
			return nil, fmt.Errorf("containers[%d].id: %q is used twice: give every container its own id", i, c.ID)
		}
		m := &managed{cfg: c, state: StateCreated}
		if c.URL == "" {
			s, err := newSpec(i, c, opts.NamePrefix)
			if err != nil {
				return nil, err
			}
			if other, dup := names[s.name]; dup {
				return nil, fmt.Errorf("containers[%d].id: %q and %q map to the same Docker name %q: rename one", i, other, c.ID, s.name)
			}
			names[s.name] = c.ID
			m.spec = s
		} else {
			m.state, m.ready = StateRemote, true
		}
		r.list = append(r.list, m)
		r.byID[c.ID] = m
	}
	if err := r.connect(); err != nil {
		return nil, err
	}
	var err error
	if r.metrics, err = newMetrics(opts.Registerer); err != nil {
		return nil, err
	}
	return r, nil
}

// Start makes every managed container ready: concurrently, each gets its
// image, is reused or (re)created, started and waited for. On any failure it
// stops what it started and returns every container's error.
func (r *Runtime) Start(ctx context.Context) error {
	r.lifecycle.Lock()
	defer r.lifecycle.Unlock()
	if r.started {
		return errors.New("docker runtime: Start called twice")
	}
	r.started = true
	if err := r.ping(ctx); err != nil {
		return err
	}
	if err := r.removeOrphans(ctx); err != nil {
		return err
	}
	ports := newPortPicker()
	errs := concurrently(r.list, func(m *managed) error {
		if m.spec == nil {
			return nil
		}
		if err := r.bringUp(ctx, m, ports); err != nil {
			r.setState(m, StateExited, false, err.Error())
			return fmt.Errorf("container %q: %w", m.cfg.ID, err)
		}
		return nil
	})
	if len(errs) > 0 {
		r.stopLocked(context.WithoutCancel(ctx))
		return errors.Join(errs...)
	}
	sctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	for _, m := range r.list {
		if m.spec != nil {
			r.wg.Add(1)
			go func() {
				defer r.wg.Done()
				r.supervise(sctx, m)
			}()
		}
	}
	return nil
}

// removeOrphans removes the containers this node (same prefix) created for
// ids that are no longer configured, e.g. kept at the last Stop.
func (r *Runtime) removeOrphans(ctx context.Context) error {
	list, err := r.cli.ContainerList(ctx, container.ListOptions{All: true, Filters: filters.NewArgs(filters.Arg("label", LabelManaged+"=true"))})
	if err != nil {
		return fmt.Errorf("list the node's containers: %w", err)
	}
	for _, c := range list {
		if c.Labels[LabelPrefix] != r.opts.NamePrefix {
			continue
		}
		if m, ok := r.byID[c.Labels[LabelContainer]]; ok && m.spec != nil {
			continue
		}
		r.log.Info("removing container no longer configured", "container", c.Labels[LabelContainer], "names", c.Names)
		if err := r.remove(ctx, c.ID); err != nil {
			return err
		}
	}
	return nil
}

// bringUp gets m's image and a running container for it that answers HTTP.
func (r *Runtime) bringUp(ctx context.Context, m *managed, ports *portPicker) (err error) {
	ctx, span := r.opts.Tracer.Start(ctx, "docker.bring_up", trace.WithAttributes(
		attribute.String("container.id", m.cfg.ID), attribute.String("container.image", m.spec.image)))
	defer func() {
		if err != nil {
			span.RecordError(err)
			span.SetStatus(codes.Error, "container not ready")
		}
		span.End()
	}()
	r.setPhase(m, StateStarting, false)
	s := m.spec
	log := r.log.With("container", s.id)
	began := time.Now()
	imageID, err := r.ensureImage(ctx, s.id, s.image)
	if err != nil {
		return err
	}
	hash := s.hash(imageID)

	id, port, err := r.reuse(ctx, log, s, hash)
	if err != nil {
		return err
	}
	if id == "" {
		if id, port, err = r.create(ctx, s, hash, imageID, ports); err != nil {
			return err
		}
		log.Info("container created", "name", s.name, "docker_id", shortID(id), "port", port)
	}
	r.mu.Lock()
	m.dockerID, m.hostPort, m.imageID = id, port, imageID
	r.mu.Unlock()
	if err := r.waitReady(ctx, id, port, s); err != nil {
		return err
	}
	r.metrics.readySeconds.WithLabelValues(s.id).Observe(time.Since(began).Seconds())
	r.setPhase(m, StateRunning, true)
	log.Info("container ready", "url", endpointURL(port), "after", time.Since(began).Round(time.Millisecond))
	return nil
}

// reuse looks for the container named s.name: one the node made with the
// same hash is started if needed and reused (its ID and port returned);
// one with another hash is removed (id ""). A container of that name the
// node did not make is an error, never removed.
func (r *Runtime) reuse(ctx context.Context, log *slog.Logger, s *spec, hash string) (string, int, error) {
	insp, err := r.cli.ContainerInspect(ctx, s.name)
	if cerrdefs.IsNotFound(err) {
		return "", 0, nil
	}
	if err != nil {
		return "", 0, fmt.Errorf("inspect container %s: %w", s.name, err)
	}
	labels := insp.Config.Labels
	if labels[LabelManaged] != "true" || labels[LabelPrefix] != r.opts.NamePrefix {
		return "", 0, fmt.Errorf("the Docker name %s is taken by a container this node did not create: remove it (docker rm -f %s) or change the container id", s.name, s.name)
	}
	port := boundPort(insp.HostConfig.PortBindings, s.containerPort)
	if labels[LabelConfigHash] != hash || port == 0 {
		log.Info("configuration changed: recreating container", "name", s.name)
		if err := r.remove(ctx, insp.ID); err != nil {
			return "", 0, err
		}
		return "", 0, nil
	}
	// The node supervises; Docker must not restart it behind its back (a
	// kept container was switched to unless-stopped at the last Stop).
	if _, err := r.cli.ContainerUpdate(ctx, insp.ID, container.UpdateConfig{RestartPolicy: container.RestartPolicy{Name: container.RestartPolicyDisabled}}); err != nil {
		return "", 0, fmt.Errorf("update restart policy of %s: %w", s.name, err)
	}
	if insp.State != nil && insp.State.Running {
		log.Info("reusing running container", "name", s.name, "docker_id", shortID(insp.ID), "port", port)
		return insp.ID, port, nil
	}
	if err := r.cli.ContainerStart(ctx, insp.ID, container.StartOptions{}); err != nil {
		// Most likely its port is taken now: start afresh.
		log.Warn("cannot restart existing container: recreating", "name", s.name, "err", err)
		if err := r.remove(ctx, insp.ID); err != nil {
			return "", 0, err
		}
		return "", 0, nil
	}
	log.Info("reusing stopped container", "name", s.name, "docker_id", shortID(insp.ID), "port", port)
	return insp.ID, port, nil
}

// create creates and starts a container for s.
func (r *Runtime) create(ctx context.Context, s *spec, hash, imageID string, ports *portPicker) (string, int, error) {
	port := s.hostPort
	if port == 0 {
		var err error
		if port, err = ports.pick(); err != nil {
			return "", 0, err
		}
	}
	cport := nat.Port(strconv.Itoa(s.containerPort) + "/tcp")
	cfg := &container.Config{
		Image:        s.image,
		Env:          s.env,
		Cmd:          s.cmd,
		ExposedPorts: nat.PortSet{cport: {}},
		Labels: map[string]string{
			LabelManaged:    "true",
			LabelPrefix:     r.opts.NamePrefix,
			LabelContainer:  s.id,
			LabelConfigHash: hash,
			LabelImageID:    imageID,
		},
	}
	host := &container.HostConfig{
		// 127.0.0.1 only: the workload is reached by the node, never from
		// other hosts.
		PortBindings:  nat.PortMap{cport: {{HostIP: "127.0.0.1", HostPort: strconv.Itoa(port)}}},
		Binds:         s.binds,
		RestartPolicy: container.RestartPolicy{Name: container.RestartPolicyDisabled},
	}
	if s.gpu {
		host.DeviceRequests = []container.DeviceRequest{{Count: -1, Capabilities: [][]string{{"gpu"}}}}
	}
	created, err := r.cli.ContainerCreate(ctx, cfg, host, nil, nil, s.name)
	if err != nil {
		return "", 0, fmt.Errorf("create container %s: %w", s.name, err)
	}
	if err := r.cli.ContainerStart(ctx, created.ID, container.StartOptions{}); err != nil {
		_ = r.remove(context.WithoutCancel(ctx), created.ID)
		hint := ""
		if strings.Contains(err.Error(), "allocated") || strings.Contains(err.Error(), "in use") {
			hint = fmt.Sprintf(": port %d is taken on 127.0.0.1: free it or choose another port", port)
		}
		return "", 0, fmt.Errorf("start container %s: %w%s", s.name, err, hint)
	}
	return created.ID, port, nil
}

// waitReady polls until the container answers HTTP on its published port
// (any status counts: the protocol has no health route), failing early when
// the container exits.
func (r *Runtime) waitReady(ctx context.Context, id string, port int, s *spec) error {
	limit := r.opts.ReadyTimeout
	if s.readyTimeout > 0 {
		limit = s.readyTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	url := endpointURL(port) + "/"
	// Poll fast at first (a small workload answers within tens of ms of
	// its start), then back off; check every ~0.5s that it still runs.
	delay, lastInspect := 5*time.Millisecond, time.Now()
	began, lastNote := time.Now(), time.Now()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if resp, err := r.http.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		// A slow start is not silent (serve logs nothing else meanwhile).
		if time.Since(lastNote) >= 5*time.Second {
			lastNote = time.Now()
			r.log.Info("waiting for container to answer HTTP", "container", s.id, "url", url,
				"waited", time.Since(began).Round(time.Second), "limit", limit)
		}
		if time.Since(lastInspect) > 500*time.Millisecond {
			lastInspect = time.Now()
			if err := r.exitedEarly(ctx, id); err != nil {
				return err
			}
		}
		if !clock.Sleep(ctx, delay) {
			if ctx.Err() == context.DeadlineExceeded {
				// On a slow machine the engine may report the exit only after the
				// deadline: ask once more, so the error names the real cause.
				checkCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
				err := r.exitedEarly(checkCtx, id)
				cancel()
				if err != nil {
					return err
				}
				return fmt.Errorf("not ready after %s: no HTTP answer on 127.0.0.1:%d (container port %d): make the workload listen on 0.0.0.0:%d, or give it longer with containers[].ready_timeout%s",
					limit, port, s.containerPort, s.containerPort, r.logTail(id))
			}
			return fmt.Errorf("wait for container to answer HTTP: %w", ctx.Err())
		}
		delay = min(2*delay, 200*time.Millisecond)
	}
}

// exitedEarly returns an error naming the exit code when container id has
// stopped running, and nil while it runs (or cannot be inspected).
func (r *Runtime) exitedEarly(ctx context.Context, id string) error {
	insp, err := r.cli.ContainerInspect(ctx, id)
	if err == nil && insp.State != nil && !insp.State.Running {
		return fmt.Errorf("exited with code %d before it answered HTTP%s", insp.State.ExitCode, r.logTail(id))
	}
	return nil
}

// ImageID implements executor.ImageIDer: the ID of the image container
// id runs ("" before it started, or for a url container).
func (r *Runtime) ImageID(id string) string {
	m, ok := r.byID[id]
	if !ok {
		return ""
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return m.imageID
}

// Endpoint returns where container id is reached; it fails for an unknown
// id and for a container that is not ready.
func (r *Runtime) Endpoint(id string) (executor.Endpoint, error) {
	m, ok := r.byID[id]
	if !ok {
		return executor.Endpoint{}, fmt.Errorf("container %q is not configured", id)
	}
	if m.spec == nil {
		return executor.Endpoint{URL: strings.TrimRight(m.cfg.URL, "/"), Bearer: m.cfg.Bearer}, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !m.ready {
		msg := fmt.Sprintf("container %q is not ready (%s)", id, m.state)
		if m.err != "" {
			msg += ": " + m.err
		}
		return executor.Endpoint{}, errors.New(msg)
	}
	return executor.Endpoint{URL: endpointURL(m.hostPort), Bearer: m.cfg.Bearer}, nil
}

// States reports every configured container in configuration order.
func (r *Runtime) States() []executor.ContainerState {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]executor.ContainerState, len(r.list))
	for i, m := range r.list {
		out[i] = executor.ContainerState{ID: m.cfg.ID, Ready: m.ready, State: m.state, Restarts: m.restarts, Error: m.err}
	}
	return out
}

// Stop stops supervision, then stops and removes the node's containers, or
// with KeepContainers leaves them running under Docker's own restart policy.
// Calling it again does nothing.
func (r *Runtime) Stop(ctx context.Context) error {
	r.lifecycle.Lock()
	defer r.lifecycle.Unlock()
	return r.stopLocked(ctx)
}

func (r *Runtime) stopLocked(ctx context.Context) error {
	if r.stopped {
		return nil
	}
	r.stopped = true
	if r.cancel != nil {
		r.cancel()
	}
	r.wg.Wait()
	var (
		wg    sync.WaitGroup
		errMu sync.Mutex
		errs  []error
	)
	for _, m := range r.list {
		r.mu.Lock()
		id := m.dockerID
		r.mu.Unlock()
		if m.spec == nil || id == "" {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			state := StateStopped
			if r.opts.KeepContainers {
				state = StateKept
				_, err = r.cli.ContainerUpdate(ctx, id, container.UpdateConfig{RestartPolicy: container.RestartPolicy{Name: container.RestartPolicyUnlessStopped}})
			} else {
				err = r.remove(ctx, id)
			}
			r.setPhase(m, state, false)
			if err != nil {
				errMu.Lock()
				errs = append(errs, fmt.Errorf("container %q: %w", m.cfg.ID, err))
				errMu.Unlock()
				return
			}
			r.log.Info("container "+state, "container", m.cfg.ID)
		}()
	}
	wg.Wait()
	if r.ownsCli {
		_ = r.cli.Close()
	}
	return errors.Join(errs...)
}

// remove stops (SIGTERM, then SIGKILL after StopTimeout) and removes a
// container; one already gone is not an error.
func (r *Runtime) remove(ctx context.Context, id string) error {
	secs := int(r.opts.StopTimeout.Round(time.Second) / time.Second)
	if err := r.cli.ContainerStop(ctx, id, container.StopOptions{Timeout: &secs}); err != nil && !cerrdefs.IsNotFound(err) {
		r.log.Warn("stop container", "docker_id", shortID(id), "err", err)
	}
	if err := r.cli.ContainerRemove(ctx, id, container.RemoveOptions{Force: true}); err != nil && !cerrdefs.IsNotFound(err) {
		return fmt.Errorf("remove container %s: %w", shortID(id), err)
	}
	return nil
}

func (r *Runtime) setState(m *managed, state string, ready bool, errMsg string) {
	r.mu.Lock()
	m.err = errMsg
	r.mu.Unlock()
	r.setPhase(m, state, ready)
}

// setPhase sets state and readiness, keeping the last error for States.
func (r *Runtime) setPhase(m *managed, state string, ready bool) {
	r.mu.Lock()
	m.state, m.ready = state, ready
	r.mu.Unlock()
	v := 0.0
	if ready {
		v = 1
	}
	r.metrics.ready.WithLabelValues(m.cfg.ID).Set(v)
}

// logTail returns the container's last log lines, formatted to end an
// error message, or "" when there are none.
func (r *Runtime) logTail(id string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	tail := lastLogLines(ctx, r.cli, id, 10)
	if tail == "" {
		return ""
	}
	return "; last log lines:\n" + tail
}

// boundPort returns the host port bound for containerPort/tcp, or 0.
func boundPort(pm nat.PortMap, containerPort int) int {
	for _, b := range pm[nat.Port(strconv.Itoa(containerPort)+"/tcp")] {
		if p, err := strconv.Atoi(b.HostPort); err == nil && p > 0 {
			return p
		}
	}
	return 0
}

func endpointURL(port int) string { return "http://127.0.0.1:" + strconv.Itoa(port) }

func shortID(id string) string { return id[:min(12, len(id))] }

// portPicker hands out distinct free loopback ports within one Start. The
// node picks the port itself (rather than letting Docker choose) so that it
// stays the same across restarts of the container.
type portPicker struct {
	mu    sync.Mutex
	given map[int]bool
}

func newPortPicker() *portPicker { return &portPicker{given: map[int]bool{}} }

func (p *portPicker) pick() (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for range 20 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, fmt.Errorf("find a free port: %w", err)
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		if !p.given[port] {
			p.given[port] = true
			return port, nil
		}
	}
	return 0, errors.New("find a free port: no distinct free port found")
}

var _ executor.Runtime = (*Runtime)(nil)
