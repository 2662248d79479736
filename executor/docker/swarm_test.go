package docker_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/swarm"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/executor/docker"
	"github.com/infernode/infernode/executor/runtimetest"
	"github.com/infernode/infernode/internal/job"
)

// newSwarm builds a Swarm runtime with fast test timings; Stop runs at
// cleanup.
func newSwarm(t *testing.T, prefix string, containers []executor.Container, mod ...func(*docker.Options)) *docker.Swarm {
	t.Helper()
	opts := docker.Options{
		NamePrefix: prefix, ReadyTimeout: time.Minute, StopTimeout: 5 * time.Second, PullTimeout: 30 * time.Second,
		SwarmPollInterval: 200 * time.Millisecond, SwarmRestartDelay: 100 * time.Millisecond,
		Registerer: prometheus.NewRegistry(),
	}
	for _, f := range mod {
		f(&opts)
	}
	w, err := docker.NewSwarm(containers, opts)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, w.Stop(context.Background())) })
	return w
}

// The runtime conformance suite on a real single-machine swarm: each
// workload is a service of two testworkload replicas; a broken one exits at
// start.
func TestSwarmConformance(t *testing.T) {
	prefix := engine(t)
	n := 0
	runtimetest.Run(t, func(t *testing.T, ws []runtimetest.Workload) executor.Runtime {
		var cs []executor.Container
		for _, w := range ws {
			c := executor.Container{ID: w.ID, Image: testImage, Bearer: w.Bearer, Replicas: 2}
			if w.Broken {
				c.Command = "--exit-at-start 1"
			}
			cs = append(cs, c)
		}
		n++
		return newSwarm(t, fmt.Sprintf("%s%d-", prefix, n), cs)
	})
}

// An engine that is not in swarm mode fails Start with the command that
// fixes it. The engine here is a loopback stand-in answering the two calls
// Start makes first: the real one must stay a swarm for the other tests.
func TestSwarmNotInSwarmMode(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Api-Version", "1.41")
		switch {
		case strings.HasSuffix(r.URL.Path, "/_ping"):
			w.Write([]byte("OK"))
		case strings.HasSuffix(r.URL.Path, "/info"):
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"Swarm":{"LocalNodeState":"inactive","ControlAvailable":false}}`))
		default:
			http.Error(w, `{"message":"unexpected call"}`, http.StatusNotFound)
		}
	}))
	defer srv.Close()
	w, err := docker.NewSwarm([]executor.Container{{ID: "echo", Image: "infernode/echo:latest"}}, docker.Options{Host: "tcp://" + srv.Listener.Addr().String()})
	require.NoError(t, err)
	err = w.Start(context.Background())
	require.ErrorContains(t, err, "not in swarm mode")
	require.ErrorContains(t, err, "docker swarm init")
	require.NoError(t, w.Stop(context.Background()))
}

// waitReplicas waits (bounded) until container id has want ready replicas
// and the engine reports want running, and returns its state.
func waitReplicas(t *testing.T, w *docker.Swarm, id string, want int, also func(executor.ContainerState) bool) executor.ContainerState {
	t.Helper()
	var last executor.ContainerState
	require.Eventually(t, func() bool {
		for _, s := range w.States() {
			if s.ID == id {
				last = s
			}
		}
		r := last.Replicas
		return r != nil && r.Ready == want && r.Running == want && (also == nil || also(last))
	}, 2*time.Minute, 50*time.Millisecond, "waiting for %d ready replicas of %s", want, id)
	return last
}

type echoOut struct {
	Output json.RawMessage `json:"output"`
	Host   string          `json:"host"`
	Tag    string          `json:"tag"`
}

func callOnce(ctx context.Context, ex *executor.Executor, id string, n int) (echoOut, error) {
	data := json.RawMessage(fmt.Sprintf(`{"n":%d}`, n))
	raw, err := ex.Call(ctx, id, executor.Request{Source: job.OffChain, Destination: job.OffChain, Data: data})
	if err != nil {
		return echoOut{}, err
	}
	var out echoOut
	if err := json.Unmarshal(raw, &out); err != nil {
		return out, err
	}
	if string(out.Output) != string(data) {
		return out, fmt.Errorf("echo: got %s, want %s", out.Output, data)
	}
	return out, nil
}

func newExecutor(t *testing.T, rt executor.Runtime, cs []executor.Container) *executor.Executor {
	ex, err := executor.New(executor.Options{Runtime: rt, Containers: cs})
	require.NoError(t, err)
	return ex
}

// stream calls container id from workers goroutines until stop is closed;
// it returns the hosts that answered (counts) and the failed calls.
func stream(ctx context.Context, ex *executor.Executor, id string, workers int, stop <-chan struct{}) (func() (map[string]int, map[string]int, []error), *atomic.Int64) {
	var (
		mu    sync.Mutex
		hosts = map[string]int{}
		tags  = map[string]int{}
		errs  []error
		wg    sync.WaitGroup
		calls atomic.Int64
	)
	for i := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; ; j++ {
				select {
				case <-stop:
					return
				default:
				}
				out, err := callOnce(ctx, ex, id, i*1_000_000+j)
				calls.Add(1)
				mu.Lock()
				if err != nil {
					errs = append(errs, err)
				} else {
					hosts[out.Host]++
					tags[out.Tag]++
				}
				mu.Unlock()
			}
		}()
	}
	return func() (map[string]int, map[string]int, []error) {
		wg.Wait()
		return hosts, tags, errs
	}, &calls
}

// Three replicas behind the runtime: calls spread over all three. Then one
// replica's container is killed during a stream of calls: Swarm replaces
// it, the runtime follows (the new task gets calls), and every call either
// succeeded or failed with a clear error; none hangs or is lost.
func TestSwarmReplicasKill(t *testing.T) {
	prefix := engine(t)
	reg := prometheus.NewRegistry()
	cs := []executor.Container{{ID: "echo", Image: testImage, Replicas: 3, Env: map[string]string{"ECHO_HOST": "1"}}}
	w := newSwarm(t, prefix, cs, func(o *docker.Options) { o.Registerer = reg })
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	require.NoError(t, w.Start(ctx))
	st := waitReplicas(t, w, "echo", 3, nil)
	require.Equal(t, docker.StateRunning, st.State)
	require.Equal(t, 3.0, gaugeWith(t, reg, "infernode_docker_service_replicas", "state", "ready"))
	ex := newExecutor(t, w, cs)

	before := map[string]int{}
	for i := range 60 {
		out, err := callOnce(ctx, ex, "echo", i)
		require.NoError(t, err)
		before[out.Host]++
	}
	require.Len(t, before, 3, "calls reach all three replicas: %v", before)
	for h, n := range before {
		require.Equal(t, 20, n, "round robin with one call at a time: host %s", h)
	}

	// The stream runs while one task's container is killed.
	stop := make(chan struct{})
	wait, calls := stream(ctx, ex, "echo", 4, stop)
	for calls.Load() < 200 {
		time.Sleep(10 * time.Millisecond)
	}
	victim := taskContainers(t, prefix+"infernode-echo")[0]
	require.NoError(t, cli.ContainerKill(ctx, victim, "KILL"))
	t.Logf("killed %s after %d calls", victim[:12], calls.Load())
	// Swarm replaces the task; the runtime probes the new one and balances
	// onto it.
	waitReplicas(t, w, "echo", 3, func(s executor.ContainerState) bool { return s.Restarts >= 1 })
	mark := calls.Load()
	for calls.Load() < mark+300 {
		time.Sleep(10 * time.Millisecond)
	}
	close(stop)
	hosts, _, errs := wait()
	t.Logf("%d calls, per replica %v, %d failed", calls.Load(), hosts, len(errs))
	for _, err := range errs {
		var ce *executor.ContainerError
		require.True(t, errors.As(err, &ce), "a failed call is a ContainerError: %v", err)
		require.Contains(t, ce.Message, "container unreachable", "clear message for a call in flight on the killed replica")
	}
	require.LessOrEqual(t, len(errs), 8, "only calls in flight on the killed replica fail (4 workers)")
	require.Len(t, hosts, 4, "the three first replicas and the replacement answered: %v", hosts)
	for h := range before {
		require.Contains(t, hosts, h)
	}
}

// taskContainers lists the containers of a service's running tasks.
func taskContainers(t *testing.T, service string) []string {
	t.Helper()
	list, err := cli.ContainerList(context.Background(), container.ListOptions{Filters: filters.NewArgs(filters.Arg("label", "com.docker.swarm.service.name="+service))})
	require.NoError(t, err)
	var ids []string
	for _, c := range list {
		ids = append(ids, c.ID)
	}
	require.NotEmpty(t, ids, "containers of service %s", service)
	return ids
}

// A changed environment with the node restarted (kept services, a new
// runtime): Swarm rolls the replicas one at a time, new task first, while
// calls stream through the new runtime; no call fails.
func TestSwarmRollingUpdate(t *testing.T) {
	prefix := engine(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	v1 := []executor.Container{{ID: "echo", Image: testImage, Replicas: 2, Env: map[string]string{"ECHO_TAG": "v1", "ECHO_HOST": "1"}}}
	keep := func(o *docker.Options) { o.KeepContainers = true }
	w1 := newSwarm(t, prefix, v1, keep)
	require.NoError(t, w1.Start(ctx))
	waitReplicas(t, w1, "echo", 2, nil)
	require.NoError(t, w1.Stop(ctx))
	require.Equal(t, docker.StateKept, w1.States()[0].State)

	v2 := []executor.Container{{ID: "echo", Image: testImage, Replicas: 2, Env: map[string]string{"ECHO_TAG": "v2", "ECHO_HOST": "1"}}}
	w2 := newSwarm(t, prefix, v2)
	require.NoError(t, w2.Start(ctx), "the kept v1 replicas serve at once")
	ex := newExecutor(t, w2, v2)
	stop := make(chan struct{})
	wait, calls := stream(ctx, ex, "echo", 4, stop)
	// The update is done when the service says so and only v2 answers.
	require.Eventually(t, func() bool {
		sv, _, err := cli.ServiceInspectWithRaw(ctx, prefix+"infernode-echo", swarm.ServiceInspectOptions{})
		return err == nil && sv.UpdateStatus != nil && sv.UpdateStatus.State == swarm.UpdateStateCompleted
	}, 3*time.Minute, 100*time.Millisecond, "rolling update completes")
	waitReplicas(t, w2, "echo", 2, nil)
	mark := calls.Load()
	for calls.Load() < mark+200 {
		time.Sleep(10 * time.Millisecond)
	}
	close(stop)
	hosts, tags, errs := wait()
	t.Logf("%d calls during the update: tags %v, replicas %v", calls.Load(), tags, hosts)
	require.Empty(t, errs, "no call fails during a rolling update")
	require.Positive(t, tags["v1"], "v1 served while the update ran")
	require.Positive(t, tags["v2"])
	out, err := callOnce(ctx, ex, "echo", 1)
	require.NoError(t, err)
	require.Equal(t, "v2", out.Tag)
}

func gaugeWith(t *testing.T, g prometheus.Gatherer, name, label, value string) float64 {
	t.Helper()
	mfs, err := g.Gather()
	require.NoError(t, err)
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == label && l.GetValue() == value {
					return m.GetGauge().GetValue()
				}
			}
		}
	}
	t.Fatalf("metric %s{%s=%q} not found", name, label, value)
	return 0
}
