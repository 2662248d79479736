package docker

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/distribution/reference"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/mount"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/registry"
	"github.com/docker/docker/api/types/swarm"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/executor"
)

// StateDegraded: some replicas of a service are ready, fewer than desired.
const StateDegraded = "degraded"

// LabelTaskHash is put on the containers of a service's tasks: the config
// hash, so that a change of what runs (including a rebuilt image under the
// same tag) changes the task template and Swarm rolls the tasks.
const LabelTaskHash = "infernode.task-hash"

// serviceName is what Swarm accepts as a service (and network) name: a DNS
// name component.
var serviceName = regexp.MustCompile(`^[a-zA-Z0-9](?:[-_]*[A-Za-z0-9]+)*$`)

// maxStartFailures is how many tasks of a service may fail during Start
// with no replica ready before Start gives up on it (cannot converge).
const maxStartFailures = 3

// Swarm runs the configured containers as Docker Swarm services
// (docker.mode "swarm"), containers[].replicas tasks each, and balances
// calls across the ready ones. Create it with NewSwarm; Start, then Stop,
// once each. All methods are safe for concurrent use.
//
// Each task publishes the workload port in host mode at a port the engine
// picks (Swarm has no host-IP setting: it binds every address). A discovery
// loop lists the services' tasks continuously, so replicas replaced by
// Swarm (crash, kill, rolling update) are followed; the node probes each
// new task over HTTP before it gets jobs, and drops a replica as soon as a
// connection to it fails (Picker).
type Swarm struct {
	engine
	metrics *swarmMetrics
	probe   *http.Client

	list []*service // configuration order
	byID map[string]*service

	lifecycle sync.Mutex // serialises Start and Stop
	started   bool
	stopped   bool
	cancel    context.CancelFunc // stops discovery
	wg        sync.WaitGroup
	kick      chan struct{} // buffered: asks discovery for a refresh now

	mu        sync.Mutex    // guards what follows and every service's mutable fields
	changed   chan struct{} // closed and replaced when replicas or errors change
	localNode string        // this engine's swarm node ID
	nodeAddrs map[string]string
}

// service is one configured container. spec is nil for a remote one.
type service struct {
	cfg      executor.Container
	spec     *spec
	replicas int

	// guarded by Swarm.mu
	serviceID string
	imageID   string    // the image the service runs (sha256:…)
	since     time.Time // when this node deployed the current spec
	state     string
	err       string
	running   int
	reps      map[string]*replica // task ID → replica
	ready     []*replica          // ready replicas, in discovery order
	next      int                 // round-robin cursor over ready
	failed    map[string]bool     // task IDs seen failed
	restarts  int                 // tasks failed since since
	failures  int                 // of which while none was ready
	lastTask  string              // container ID of the last failed local task, for logs
}

// replica is one running task of a service, reachable at url.
type replica struct {
	task     string
	url      string
	ready    bool // answered the node's probe and has not failed since
	probing  bool
	inflight int
	gone     bool // no longer listed; kept only by callers holding it
}

// NewSwarm checks the containers' configuration and connects a client
// (lazily). Errors name the field and the fix.
func NewSwarm(containers []executor.Container, opts Options) (*Swarm, error) {
	opts = opts.withDefaults()
	w := &Swarm{
		engine:    engine{opts: opts, log: opts.Logger},
		probe:     &http.Client{Timeout: 2 * time.Second},
		byID:      make(map[string]*service, len(containers)),
		kick:      make(chan struct{}, 1),
		changed:   make(chan struct{}),
		nodeAddrs: map[string]string{},
	}
	names := map[string]string{}
	for i, c := range containers {
		if _, dup := w.byID[c.ID]; dup {
			return nil, fmt.Errorf("containers[%d].id: %q is used twice: give every container its own id", i, c.ID)
		}
		s := &service{cfg: c, state: StateCreated, replicas: max(c.Replicas, 1), reps: map[string]*replica{}, failed: map[string]bool{}}
		if c.Replicas < 0 {
			return nil, fmt.Errorf("containers[%d].replicas: must not be negative: use 1 or more", i)
		}
		if c.URL == "" {
			sp, err := newSpec(i, c, opts.NamePrefix)
			if err != nil {
				return nil, err
			}
			if !serviceName.MatchString(sp.name) || len(sp.name) > 63 {
				return nil, fmt.Errorf("containers[%d].id: the service name %q is not a valid DNS name component (letters, digits, '-' and '_', at most 63 characters): shorten the id or INFERNODE_DOCKER_PREFIX", i, sp.name)
			}
			if other, dup := names[sp.name]; dup {
				return nil, fmt.Errorf("containers[%d].id: %q and %q map to the same Docker name %q: rename one", i, other, c.ID, sp.name)
			}
			names[sp.name] = c.ID
			s.spec = sp
		} else {
			s.state = StateRemote
		}
		w.list = append(w.list, s)
		w.byID[c.ID] = s
	}
	if err := w.connect(); err != nil {
		return nil, err
	}
	var err error
	if w.metrics, err = newSwarmMetrics(opts.Registerer); err != nil {
		return nil, err
	}
	return w, nil
}

// Start checks that the engine is a swarm manager, removes the services
// this node created for containers no longer configured, creates, updates
// (a rolling update) or reuses one service per managed container, and
// waits until each has at least one ready replica. On failure it stops as
// Stop does and returns every container's error.
func (w *Swarm) Start(ctx context.Context) error {
	w.lifecycle.Lock()
	defer w.lifecycle.Unlock()
	if w.started {
		return errors.New("swarm runtime: Start called twice")
	}
	w.started = true
	if err := w.ping(ctx); err != nil {
		return err
	}
	if err := w.checkSwarm(ctx); err != nil {
		return err
	}
	if err := w.removeOrphans(ctx); err != nil {
		return err
	}
	managed := 0
	for _, s := range w.list {
		if s.spec != nil {
			managed++
		}
	}
	if managed > 0 {
		w.log.Warn("swarm mode publishes each replica's port in host mode on every address of the machine it runs on (Swarm has no host-IP setting): " +
			"firewall those ports, or run the node as a container on an attachable overlay network (docs/docker.md)")
	}
	if managed > 0 {
		if err := w.ensureNetwork(ctx); err != nil {
			return err
		}
	}
	errs := w.eachManaged(func(s *service) error { return w.deploy(ctx, s) })
	if len(errs) == 0 {
		dctx, cancel := context.WithCancel(context.Background())
		w.cancel = cancel
		w.wg.Add(1)
		go func() {
			defer w.wg.Done()
			w.discover(dctx)
		}()
		errs = w.eachManaged(func(s *service) error { return w.waitReady(ctx, s) })
	}
	if len(errs) > 0 {
		w.stopLocked(context.WithoutCancel(ctx))
		return errors.Join(errs...)
	}
	return nil
}

// eachManaged runs f for every managed container concurrently and returns
// the failures, each naming its container.
func (w *Swarm) eachManaged(f func(s *service) error) []error {
	return concurrently(w.list, func(s *service) error {
		if s.spec == nil {
			return nil
		}
		if err := f(s); err != nil {
			w.setError(s, StateExited, err.Error())
			return fmt.Errorf("container %q: %w", s.cfg.ID, err)
		}
		return nil
	})
}

// checkSwarm fails with the fix when the engine is not a swarm manager.
func (w *Swarm) checkSwarm(ctx context.Context) error {
	info, err := w.cli.Info(ctx)
	if err != nil {
		return fmt.Errorf("read the Docker engine's swarm state: %w", err)
	}
	sw := info.Swarm
	if sw.LocalNodeState != swarm.LocalNodeStateActive {
		return fmt.Errorf("docker.mode is %q but the Docker engine at %s is not in swarm mode (state %q%s): "+
			"run `docker swarm init` (one machine: `docker swarm init --advertise-addr 127.0.0.1`) or join it to a swarm as a manager, "+
			"or set docker.mode to %q for plain containers", "swarm", w.cli.DaemonHost(), sw.LocalNodeState, errSuffix(sw.Error), "engine")
	}
	if !sw.ControlAvailable {
		return fmt.Errorf("the Docker engine at %s is a swarm worker, not a manager: services can only be managed on a manager; point DOCKER_HOST at one (or `docker node promote` this node)", w.cli.DaemonHost())
	}
	w.mu.Lock()
	w.localNode = sw.NodeID
	w.mu.Unlock()
	return nil
}

func errSuffix(s string) string {
	if s == "" {
		return ""
	}
	return ": " + s
}

// ours reports whether a service carries this node's labels.
func (w *Swarm) ours(labels map[string]string) bool {
	return labels[LabelManaged] == "true" && labels[LabelPrefix] == w.opts.NamePrefix
}

// removeOrphans removes the services this node (same prefix, found by
// label) created for ids that are no longer configured.
func (w *Swarm) removeOrphans(ctx context.Context) error {
	list, err := w.cli.ServiceList(ctx, swarm.ServiceListOptions{Filters: filters.NewArgs(filters.Arg("label", LabelManaged+"=true"))})
	if err != nil {
		return fmt.Errorf("list the node's services: %w", err)
	}
	for _, sv := range list {
		if !w.ours(sv.Spec.Labels) {
			continue
		}
		if s, ok := w.byID[sv.Spec.Labels[LabelContainer]]; ok && s.spec != nil {
			continue
		}
		w.log.Info("removing service no longer configured", "container", sv.Spec.Labels[LabelContainer], "service", sv.Spec.Name)
		if err := w.cli.ServiceRemove(ctx, sv.ID); err != nil && !cerrdefs.IsNotFound(err) {
			return fmt.Errorf("remove service %s: %w", sv.Spec.Name, err)
		}
	}
	return nil
}

// networkName is the overlay network every service of this node joins.
func (w *Swarm) networkName() string { return w.opts.NamePrefix + "infernode" }

// ensureNetwork creates the node's attachable overlay network unless it
// exists. Joining it gives every task a service binding, and Swarm waits
// 2 s between marking such a task for shutdown and stopping it: time for
// discovery to take it out of balancing before it stops taking
// connections, so rolling updates fail no call. It is also where a node
// running as a container reaches the tasks directly (docs/docker.md).
func (w *Swarm) ensureNetwork(ctx context.Context) error {
	name := w.networkName()
	n, err := w.cli.NetworkInspect(ctx, name, network.InspectOptions{})
	if err == nil {
		if n.Driver != "overlay" || !w.ours(n.Labels) {
			return fmt.Errorf("the Docker network name %s is taken by a network this node did not create (driver %q): remove it (docker network rm %s) or set INFERNODE_DOCKER_PREFIX", name, n.Driver, name)
		}
		return nil
	}
	if !cerrdefs.IsNotFound(err) {
		return fmt.Errorf("inspect network %s: %w", name, err)
	}
	_, err = w.cli.NetworkCreate(ctx, name, network.CreateOptions{
		Driver: "overlay", Attachable: true,
		Labels: map[string]string{LabelManaged: "true", LabelPrefix: w.opts.NamePrefix},
	})
	if err != nil && !cerrdefs.IsConflict(err) {
		return fmt.Errorf("create overlay network %s: %w", name, err)
	}
	w.log.Info("overlay network created", "network", name)
	return nil
}

// deploy makes s's service match its configuration: created when absent,
// reused when its hash and replica count match, updated otherwise (Swarm
// rolls the tasks one at a time when the task template changed).
func (w *Swarm) deploy(ctx context.Context, s *service) (err error) {
	ctx, span := w.opts.Tracer.Start(ctx, "docker.swarm_deploy", trace.WithAttributes(
		attribute.String("container.id", s.cfg.ID), attribute.String("container.image", s.spec.image), attribute.Int("container.replicas", s.replicas)))
	defer func() {
		if err != nil {
			span.RecordError(err)
			span.SetStatus(codes.Error, "service not deployed")
		}
		span.End()
	}()
	w.setState(s, StateStarting)
	sp := s.spec
	log := w.log.With("container", sp.id, "service", sp.name)
	imageID, err := w.ensureImage(ctx, sp.id, sp.image)
	if err != nil {
		return err
	}
	// A local image cannot be resolved at a registry: ask the manager to
	// query one only for an image that came from a registry.
	queryRegistry := false
	if insp, err := w.cli.ImageInspect(ctx, sp.image); err == nil {
		queryRegistry = len(insp.RepoDigests) > 0
	}
	auth, err := w.registryAuth(sp.image)
	if err != nil {
		return err
	}
	hash := sp.hash(imageID)
	spec := w.serviceSpec(s, hash, imageID)
	w.mu.Lock()
	s.imageID = imageID
	w.mu.Unlock()

	existing, _, err := w.cli.ServiceInspectWithRaw(ctx, sp.name, swarm.ServiceInspectOptions{})
	switch {
	case cerrdefs.IsNotFound(err):
		resp, err := w.cli.ServiceCreate(ctx, spec, swarm.ServiceCreateOptions{EncodedRegistryAuth: auth, QueryRegistry: queryRegistry})
		if err != nil {
			return fmt.Errorf("create service %s: %w", sp.name, err)
		}
		for _, warn := range resp.Warnings {
			log.Warn("service create", "warning", warn)
		}
		log.Info("service created", "service_id", shortID(resp.ID), "replicas", s.replicas)
		w.setService(s, resp.ID)
		return nil
	case err != nil:
		return fmt.Errorf("inspect service %s: %w", sp.name, err)
	}
	if !w.ours(existing.Spec.Labels) {
		return fmt.Errorf("the Docker service name %s is taken by a service this node did not create: remove it (docker service rm %s) or change the container id", sp.name, sp.name)
	}
	same := existing.Spec.Labels[LabelConfigHash] == hash
	if same && replicasOf(existing.Spec) == uint64(s.replicas) {
		log.Info("reusing service", "service_id", shortID(existing.ID), "replicas", s.replicas)
		w.setService(s, existing.ID)
		return nil
	}
	resp, err := w.cli.ServiceUpdate(ctx, existing.ID, existing.Version, spec, swarm.ServiceUpdateOptions{EncodedRegistryAuth: auth, QueryRegistry: queryRegistry})
	if err != nil {
		return fmt.Errorf("update service %s: %w", sp.name, err)
	}
	for _, warn := range resp.Warnings {
		log.Warn("service update", "warning", warn)
	}
	if same {
		log.Info("service scaled", "service_id", shortID(existing.ID), "from", replicasOf(existing.Spec), "to", s.replicas)
	} else {
		log.Info("configuration changed: rolling update of the service", "service_id", shortID(existing.ID), "replicas", s.replicas)
	}
	w.setService(s, existing.ID)
	return nil
}

func replicasOf(spec swarm.ServiceSpec) uint64 {
	if spec.Mode.Replicated == nil || spec.Mode.Replicated.Replicas == nil {
		return 0
	}
	return *spec.Mode.Replicated.Replicas
}

// registryAuth encodes docker.username/password for the agents' pulls, or
// returns "" when none is configured.
func (w *Swarm) registryAuth(ref string) (string, error) {
	a := w.opts.Auth
	if a == nil || a.Username == "" || a.Password == "" {
		return "", nil
	}
	named, err := reference.ParseNormalizedNamed(ref)
	if err != nil {
		return "", fmt.Errorf("parse image reference %q: %w", ref, err)
	}
	return registry.EncodeAuthConfig(registry.AuthConfig{Username: a.Username, Password: a.Password, ServerAddress: reference.Domain(named)})
}

// serviceSpec is what Swarm runs for s: the container entry mapped onto a
// replicated service whose tasks publish the workload port in host mode.
func (w *Swarm) serviceSpec(s *service, hash, imageID string) swarm.ServiceSpec {
	sp := s.spec
	replicas := uint64(s.replicas)
	restartDelay := w.opts.SwarmRestartDelay
	stopGrace := w.opts.StopTimeout
	var mounts []mount.Mount
	for _, b := range sp.binds {
		parts := strings.Split(b, ":")
		m := mount.Mount{Type: mount.TypeBind, Source: parts[0], Target: parts[1]}
		if len(parts) == 3 && parts[2] == "ro" {
			m.ReadOnly = true
		}
		mounts = append(mounts, m)
	}
	task := swarm.TaskSpec{
		ContainerSpec: &swarm.ContainerSpec{
			Image:           sp.image,
			Env:             sp.env,
			Args:            sp.cmd,
			Mounts:          mounts,
			Labels:          map[string]string{LabelTaskHash: hash},
			StopGracePeriod: &stopGrace,
		},
		// Swarm replaces a task that exits; the node follows (discovery).
		RestartPolicy: &swarm.RestartPolicy{Condition: swarm.RestartPolicyConditionAny, Delay: &restartDelay},
	}
	if sp.gpu {
		// Swarm has no --gpus: a task reserves one GPU the engine advertises
		// as a generic resource (node-generic-resources in daemon.json).
		task.Resources = &swarm.ResourceRequirements{Reservations: &swarm.Resources{
			GenericResources: []swarm.GenericResource{{DiscreteResourceSpec: &swarm.DiscreteGenericResource{Kind: "NVIDIA-GPU", Value: 1}}},
		}}
	}
	// New task first, then the old one stops: no gap in ready replicas.
	// A fixed host port cannot be bound twice on one machine: stop first.
	order := swarm.UpdateOrderStartFirst
	if sp.hostPort != 0 {
		order = swarm.UpdateOrderStopFirst
	}
	return swarm.ServiceSpec{
		Annotations: swarm.Annotations{Name: sp.name, Labels: map[string]string{
			LabelManaged:    "true",
			LabelPrefix:     w.opts.NamePrefix,
			LabelContainer:  sp.id,
			LabelConfigHash: hash,
			LabelImageID:    imageID,
		}},
		TaskTemplate: withNetwork(task, w.networkName()),
		Mode:         swarm.ServiceMode{Replicated: &swarm.ReplicatedService{Replicas: &replicas}},
		UpdateConfig: &swarm.UpdateConfig{Parallelism: 1, Order: order, FailureAction: swarm.UpdateFailureActionPause},
		// dnsrr: no virtual IP (it needs IPVS, which not every kernel has);
		// the node finds the tasks itself.
		EndpointSpec: &swarm.EndpointSpec{Mode: swarm.ResolutionModeDNSRR, Ports: []swarm.PortConfig{{
			Protocol:      swarm.PortConfigProtocolTCP,
			TargetPort:    uint32(sp.containerPort),
			PublishedPort: uint32(sp.hostPort), // 0: the engine picks one per task
			PublishMode:   swarm.PortConfigPublishModeHost,
		}}},
	}
}

func withNetwork(t swarm.TaskSpec, network string) swarm.TaskSpec {
	t.Networks = []swarm.NetworkAttachmentConfig{{Target: network}}
	return t
}

// waitReady waits until s has a ready replica, failing early when its tasks
// keep failing (the service cannot converge) and at the ready timeout.
func (w *Swarm) waitReady(ctx context.Context, s *service) error {
	limit := w.opts.ReadyTimeout
	if s.spec.readyTimeout > 0 {
		limit = s.spec.readyTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	began := time.Now()
	for {
		w.mu.Lock()
		ready, running, failures, lastErr, lastTask, ch := len(s.ready), s.running, s.failures, s.err, s.lastTask, w.changed
		w.mu.Unlock()
		if ready > 0 {
			w.metrics.readySeconds.WithLabelValues(s.cfg.ID).Observe(time.Since(began).Seconds())
			w.log.Info("service ready", "container", s.cfg.ID, "ready", ready, "desired", s.replicas, "after", time.Since(began).Round(time.Millisecond))
			return nil
		}
		if failures >= maxStartFailures {
			return fmt.Errorf("service %s cannot converge: %d tasks failed and none answered; last: %s%s", s.spec.name, failures, lastErr, w.logTail(lastTask))
		}
		select {
		case <-ch:
		case <-ctx.Done():
			if ctx.Err() == context.DeadlineExceeded {
				detail := ""
				if lastErr != "" {
					detail = "; last task error: " + lastErr
				}
				return fmt.Errorf("no replica of service %s ready after %s (desired %d, running %d, none answered HTTP on its published port for container port %d)%s: "+
					"check `docker service ps %s`, make the workload listen on 0.0.0.0:%d, or give it longer with containers[].ready_timeout%s",
					s.spec.name, limit, s.replicas, running, s.spec.containerPort, detail, s.spec.name, s.spec.containerPort, w.logTail(lastTask))
			}
			return fmt.Errorf("wait for service %s: %w", s.spec.name, ctx.Err())
		}
	}
}

// logTail returns the last log lines of a local task's container, to end
// an error message, or "".
func (w *Swarm) logTail(containerID string) string {
	if containerID == "" {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	tail := lastLogLines(ctx, w.cli, containerID, 10)
	if tail == "" {
		return ""
	}
	return "; last log lines:\n" + tail
}

// ImageID implements executor.ImageIDer: the ID of the image container
// id's service runs ("" before it was deployed, or for a url container).
func (w *Swarm) ImageID(id string) string {
	s, ok := w.byID[id]
	if !ok {
		return ""
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return s.imageID
}

// Endpoint returns a ready replica of container id (round robin); it fails
// for an unknown id and when no replica is ready. Calls that can report
// their outcome use Pick instead.
func (w *Swarm) Endpoint(id string) (executor.Endpoint, error) {
	ep, done, err := w.Pick(id)
	if err != nil {
		return ep, err
	}
	done(false)
	return ep, nil
}

// Pick returns the ready replica of container id with the fewest calls in
// flight (ties taken in turn) and the func to call when the call ended;
// unreachable drops the replica at once and asks discovery to look again.
func (w *Swarm) Pick(id string) (executor.Endpoint, func(unreachable bool), error) {
	s, ok := w.byID[id]
	if !ok {
		return executor.Endpoint{}, nil, fmt.Errorf("container %q is not configured", id)
	}
	if s.spec == nil {
		return executor.Endpoint{URL: strings.TrimRight(s.cfg.URL, "/"), Bearer: s.cfg.Bearer}, func(bool) {}, nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(s.ready)
	if n == 0 {
		msg := fmt.Sprintf("container %q has no ready replica (%s, %d of %d running)", id, s.state, s.running, s.replicas)
		if s.err != "" {
			msg += ": " + s.err
		}
		return executor.Endpoint{}, nil, errors.New(msg)
	}
	start := s.next % n
	best := s.ready[start]
	for i := 1; i < n; i++ {
		if r := s.ready[(start+i)%n]; r.inflight < best.inflight {
			best = r
		}
	}
	s.next = start + 1
	best.inflight++
	var once sync.Once
	done := func(unreachable bool) {
		once.Do(func() { w.release(s, best, unreachable) })
	}
	return executor.Endpoint{URL: best.url, Bearer: s.cfg.Bearer}, done, nil
}

// release ends one call on r; unreachable drops r from the ready set until
// a probe finds it answering again (or discovery finds it gone).
func (w *Swarm) release(s *service, r *replica, unreachable bool) {
	w.mu.Lock()
	r.inflight--
	dropped := unreachable && r.ready
	if dropped {
		r.ready = false
		s.removeReady(r)
		w.updateLocked(s)
	}
	w.mu.Unlock()
	if dropped {
		w.metrics.drops.WithLabelValues(s.cfg.ID).Inc()
		w.log.Warn("replica unreachable: dropped", "container", s.cfg.ID, "task", shortID(r.task), "url", r.url)
		w.refreshSoon()
	}
}

func (s *service) removeReady(r *replica) {
	for i, x := range s.ready {
		if x == r {
			s.ready = append(s.ready[:i:i], s.ready[i+1:]...)
			return
		}
	}
}

// refreshSoon asks the discovery loop to list the tasks now.
func (w *Swarm) refreshSoon() {
	select {
	case w.kick <- struct{}{}:
	default:
	}
}

// States reports every configured container in configuration order, with
// its replica counts.
func (w *Swarm) States() []executor.ContainerState {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]executor.ContainerState, len(w.list))
	for i, s := range w.list {
		st := executor.ContainerState{ID: s.cfg.ID, State: s.state, Error: s.err, Restarts: s.restarts}
		if s.spec == nil {
			st.Ready = true
		} else {
			st.Ready = len(s.ready) > 0
			st.Replicas = &executor.Replicas{Desired: s.replicas, Running: s.running, Ready: len(s.ready)}
		}
		out[i] = st
	}
	return out
}

// Stop stops discovery and removes the node's services (their tasks stop
// with SIGTERM, SIGKILL after StopTimeout), or with KeepContainers leaves
// them running. Calling it again does nothing.
func (w *Swarm) Stop(ctx context.Context) error {
	w.lifecycle.Lock()
	defer w.lifecycle.Unlock()
	return w.stopLocked(ctx)
}

func (w *Swarm) stopLocked(ctx context.Context) error {
	if w.stopped {
		return nil
	}
	w.stopped = true
	if w.cancel != nil {
		w.cancel()
	}
	w.wg.Wait()
	var errs []error
	for _, s := range w.list {
		w.mu.Lock()
		id := s.serviceID
		s.reps, s.ready, s.running = map[string]*replica{}, nil, 0
		w.mu.Unlock()
		if s.spec == nil {
			continue
		}
		state := StateStopped
		switch {
		case id == "":
		case w.opts.KeepContainers:
			state = StateKept
		default:
			if err := w.cli.ServiceRemove(ctx, id); err != nil && !cerrdefs.IsNotFound(err) {
				errs = append(errs, fmt.Errorf("container %q: remove service %s: %w", s.cfg.ID, s.spec.name, err))
			}
		}
		w.setState(s, state)
		w.log.Info("service "+state, "container", s.cfg.ID)
	}
	if w.ownsCli {
		_ = w.cli.Close()
	}
	return errors.Join(errs...)
}

func (w *Swarm) setService(s *service, id string) {
	w.mu.Lock()
	s.serviceID, s.since, s.failures = id, time.Now(), 0
	w.mu.Unlock()
}

func (w *Swarm) setState(s *service, state string) {
	w.mu.Lock()
	s.state = state
	w.updateLocked(s)
	w.mu.Unlock()
}

func (w *Swarm) setError(s *service, state, msg string) {
	w.mu.Lock()
	s.state, s.err = state, msg
	w.updateLocked(s)
	w.mu.Unlock()
}

// updateLocked publishes s's counts to the metrics and wakes the waiters.
func (w *Swarm) updateLocked(s *service) {
	ready := 0.0
	if len(s.ready) > 0 {
		ready = 1
	}
	w.metrics.ready.WithLabelValues(s.cfg.ID).Set(ready)
	w.metrics.replicas.WithLabelValues(s.cfg.ID, "desired").Set(float64(s.replicas))
	w.metrics.replicas.WithLabelValues(s.cfg.ID, "running").Set(float64(s.running))
	w.metrics.replicas.WithLabelValues(s.cfg.ID, "ready").Set(float64(len(s.ready)))
	close(w.changed)
	w.changed = make(chan struct{})
}

var _ executor.Runtime = (*Swarm)(nil)
var _ executor.Picker = (*Swarm)(nil)
