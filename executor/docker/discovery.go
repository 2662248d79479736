package docker

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/swarm"
)

// discover lists the services' tasks every SwarmPollInterval, or at once
// when kicked (a replica failed), and reconciles the replica sets, until
// ctx ends. Swarm reports no task events, hence the listing; one listing
// covers every service.
func (w *Swarm) discover(ctx context.Context) {
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.kick:
		case <-t.C:
		}
		w.refresh(ctx)
		t.Reset(w.opts.SwarmPollInterval)
	}
}

// refresh lists the tasks once and updates every service from them.
func (w *Swarm) refresh(ctx context.Context) {
	args := filters.NewArgs()
	w.mu.Lock()
	for _, s := range w.list {
		if s.serviceID != "" {
			args.Add("service", s.serviceID)
		}
	}
	w.mu.Unlock()
	if args.Len() == 0 {
		return
	}
	tasks, err := w.cli.TaskList(ctx, swarm.TaskListOptions{Filters: args})
	if err != nil {
		if ctx.Err() == nil {
			w.log.Warn("list service tasks", "err", err)
		}
		return
	}
	byService := map[string][]swarm.Task{}
	addrs := map[string]string{}
	for _, t := range tasks {
		byService[t.ServiceID] = append(byService[t.ServiceID], t)
		if _, ok := addrs[t.NodeID]; !ok && t.NodeID != "" {
			addrs[t.NodeID] = w.nodeAddr(ctx, t.NodeID)
		}
	}
	for _, s := range w.list {
		if s.spec != nil {
			w.reconcile(ctx, s, byService[s.serviceID], addrs)
		}
	}
}

// reconcile updates s's replicas from its tasks: running tasks with a
// published port become replicas (probed before they get calls), tasks no
// longer running or marked for shutdown are dropped at once, and tasks that
// failed are counted and reported.
func (w *Swarm) reconcile(ctx context.Context, s *service, tasks []swarm.Task, addrs map[string]string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if s.serviceID == "" || ctx.Err() != nil {
		return
	}
	seen := map[string]bool{}
	listed := map[string]bool{}
	running := 0
	var lastFailed, pending *swarm.Task
	for i := range tasks {
		t := &tasks[i]
		listed[t.ID] = true
		switch t.Status.State {
		case swarm.TaskStateFailed, swarm.TaskStateRejected:
			if !s.failed[t.ID] {
				s.failed[t.ID] = true
				// Tasks that failed before this node deployed are history.
				if t.Status.Timestamp.After(s.since) {
					s.restarts++
					w.metrics.restarts.WithLabelValues(s.cfg.ID).Inc()
					if len(s.ready) == 0 {
						s.failures++
					}
				}
			}
			if lastFailed == nil || t.Status.Timestamp.After(lastFailed.Status.Timestamp) {
				lastFailed = t
			}
			continue
		}
		if t.DesiredState != swarm.TaskStateRunning {
			continue // marked for shutdown (update, scale down): no more calls
		}
		if t.Status.State != swarm.TaskStateRunning {
			if t.Status.Err != "" {
				pending = t
			}
			continue
		}
		running++
		port := publishedPort(t, s.spec.containerPort)
		addr := addrs[t.NodeID]
		if port == 0 || addr == "" {
			continue
		}
		seen[t.ID] = true
		url := "http://" + net.JoinHostPort(addr, strconv.Itoa(port))
		r := s.reps[t.ID]
		if r == nil || r.url != url {
			if r != nil {
				r.gone = true
				s.removeReady(r)
			}
			r = &replica{task: t.ID, url: url}
			s.reps[t.ID] = r
		}
		if !r.ready && !r.probing {
			r.probing = true
			w.wg.Add(1)
			go func() {
				defer w.wg.Done()
				w.probeReplica(ctx, s, r)
			}()
		}
	}
	for id, r := range s.reps {
		if !seen[id] {
			r.gone = true
			if r.ready {
				s.removeReady(r)
				w.log.Info("replica gone", "container", s.cfg.ID, "task", shortID(id), "url", r.url)
			}
			delete(s.reps, id)
		}
	}
	for id := range s.failed {
		if !listed[id] {
			delete(s.failed, id)
		}
	}
	s.running = running
	switch {
	case pending != nil:
		s.err = fmt.Sprintf("task %s is %s: %s", shortID(pending.ID), pending.Status.State, pending.Status.Err)
	case lastFailed != nil && lastFailed.Status.Timestamp.After(s.since):
		s.err = fmt.Sprintf("task %s %s: %s", shortID(lastFailed.ID), lastFailed.Status.State, taskError(lastFailed))
		if cs := lastFailed.Status.ContainerStatus; cs != nil && lastFailed.NodeID == w.localNode {
			s.lastTask = cs.ContainerID
		}
	}
	w.setPhaseLocked(s)
}

// setPhaseLocked derives s's state from its ready count.
func (w *Swarm) setPhaseLocked(s *service) {
	switch n := len(s.ready); {
	case n >= s.replicas:
		s.state = StateRunning
	case n > 0:
		s.state = StateDegraded
	case s.state == StateRunning || s.state == StateDegraded:
		s.state = StateRestarting
	}
	w.updateLocked(s)
}

func taskError(t *swarm.Task) string {
	if t.Status.Err != "" {
		return t.Status.Err
	}
	return t.Status.Message
}

// publishedPort is the host port a task publishes for containerPort, or 0
// when the engine has not reported it yet.
func publishedPort(t *swarm.Task, containerPort int) int {
	for _, p := range t.Status.PortStatus.Ports {
		if p.TargetPort == uint32(containerPort) && p.PublishedPort != 0 {
			return int(p.PublishedPort)
		}
	}
	return 0
}

// nodeAddr is where the node reaches ports published on swarm node id:
// loopback for its own engine, else the node's address as Swarm reports it.
func (w *Swarm) nodeAddr(ctx context.Context, id string) string {
	w.mu.Lock()
	local := w.localNode
	addr, ok := w.nodeAddrs[id]
	w.mu.Unlock()
	if id == local {
		return "127.0.0.1"
	}
	if ok {
		return addr
	}
	n, _, err := w.cli.NodeInspectWithRaw(ctx, id)
	if err != nil {
		w.log.Warn("inspect swarm node", "node", id, "err", err)
		return ""
	}
	addr = n.Status.Addr
	if (addr == "" || addr == "0.0.0.0") && n.ManagerStatus != nil {
		// Some engines report a manager's address only here.
		if host, _, err := net.SplitHostPort(n.ManagerStatus.Addr); err == nil {
			addr = host
		}
	}
	w.mu.Lock()
	w.nodeAddrs[id] = addr
	w.mu.Unlock()
	return addr
}

// probeReplica asks r for any HTTP answer (the protocol has no health
// route; Docker's port proxy accepts connections before the workload
// listens) and makes it ready when one comes. A replica that does not
// answer is probed again at the next listing.
func (w *Swarm) probeReplica(ctx context.Context, s *service, r *replica) {
	ok := false
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.url+"/", nil)
	if err == nil {
		if resp, err := w.probe.Do(req); err == nil {
			resp.Body.Close()
			ok = true
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	r.probing = false
	if !ok || r.gone || r.ready || ctx.Err() != nil {
		return
	}
	r.ready = true
	s.ready = append(s.ready, r)
	w.log.Info("replica ready", "container", s.cfg.ID, "task", shortID(r.task), "url", r.url, "ready", len(s.ready), "desired", s.replicas)
	w.setPhaseLocked(s)
}
