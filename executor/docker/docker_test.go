package docker_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/client"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/executor/docker"
	"github.com/infernode/infernode/executor/docker/internal/dockertest"
)

// Set by TestMain for the tests that run containers (not under -short).
var (
	cli       *client.Client
	runID     string
	testImage string
)

func TestMain(m *testing.M) {
	dockertest.Main(m, "docker runtime tests", "t", func(ctx context.Context, c *client.Client, id string) (func(context.Context), error) {
		cli, runID = c, id
		if err := dockertest.EnsureSwarm(ctx, cli); err != nil {
			return nil, err
		}
		testImage = "infernode-test/testworkload:" + id
		if err := dockertest.BuildImage(ctx, cli, ".", "./internal/testworkload", testImage, dockertest.DefaultDockerfile); err != nil {
			return nil, err
		}
		return func(ctx context.Context) {
			if err := dockertest.RemoveImage(ctx, cli, testImage); err != nil {
				fmt.Fprintln(os.Stderr, "cleanup image:", err)
			}
		}, nil
	})
}

// engine skips a test that runs containers under -short and returns a
// name prefix unique to the test and this run.
func engine(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs containers on the Docker engine; skipped under -short")
	}
	return fmt.Sprintf("%s-%s-", runID, strings.ToLower(strings.NewReplacer("/", "-", "_", "-").Replace(t.Name())))
}

// newRuntime builds a runtime with fast test timings; Stop runs at cleanup.
func newRuntime(t *testing.T, prefix string, containers []executor.Container, mod ...func(*docker.Options)) *docker.Runtime {
	t.Helper()
	opts := docker.Options{
		NamePrefix: prefix, ReadyTimeout: 20 * time.Second, StopTimeout: time.Second,
		BackoffInitial: 100 * time.Millisecond, BackoffMax: time.Second, PullTimeout: 30 * time.Second,
		Registerer: prometheus.NewRegistry(),
	}
	for _, f := range mod {
		f(&opts)
	}
	r, err := docker.New(containers, opts)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, r.Stop(context.Background())) })
	return r
}

func post(t *testing.T, ep executor.Endpoint, path string, body any) []byte {
	t.Helper()
	b, err := json.Marshal(body)
	require.NoError(t, err)
	resp, err := http.Post(ep.URL+path, "application/json", bytes.NewReader(b))
	require.NoError(t, err)
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(out))
	return out
}

func report(t *testing.T, ep executor.Endpoint) (env, argv []string, file string) {
	t.Helper()
	resp, err := http.Get(ep.URL + "/report")
	require.NoError(t, err)
	defer resp.Body.Close()
	var rep struct {
		Env, Argv []string
		File      string
		FileError string `json:"file_error"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&rep))
	require.Empty(t, rep.FileError)
	return rep.Env, rep.Argv, rep.File
}

func inspect(t *testing.T, name string) container.InspectResponse {
	t.Helper()
	insp, err := cli.ContainerInspect(context.Background(), name)
	require.NoError(t, err)
	return insp
}

func TestLifecycle(t *testing.T) {
	prefix := engine(t)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "report.txt"), []byte("mounted content\n"), 0o644))
	reg := prometheus.NewRegistry()
	r := newRuntime(t, prefix, []executor.Container{{
		ID: "work", Image: testImage, Bearer: "tok",
		Env:     map[string]string{"GREETING": "hello world", "REPORT_FILE": "/data/report.txt"},
		Command: `--addr :3000 'an arg' "with \"quotes\""`,
		Volumes: []string{dir + ":/data:ro"},
	}}, func(o *docker.Options) { o.Registerer = reg })

	require.Equal(t, []executor.ContainerState{{ID: "work", State: docker.StateCreated}}, r.States())
	_, err := r.Endpoint("work")
	require.ErrorContains(t, err, `container "work" is not ready (created)`)

	require.NoError(t, r.Start(context.Background()))
	require.Equal(t, []executor.ContainerState{{ID: "work", Ready: true, State: docker.StateRunning}}, r.States())
	require.Equal(t, 1.0, metricValue(t, reg, "infernode_docker_container_ready"))
	ep, err := r.Endpoint("work")
	require.NoError(t, err)
	require.Equal(t, "tok", ep.Bearer)
	require.True(t, strings.HasPrefix(ep.URL, "http://127.0.0.1:"), ep.URL)
	require.Equal(t, inspect(t, prefix+"infernode-work").Image, r.ImageID("work"), "the image's content address, for the response cache")

	t.Run("job", func(t *testing.T) {
		out := post(t, ep, "/service_output", map[string]any{"source": 1, "destination": 1, "data": map[string]any{"x": 1}})
		require.JSONEq(t, `{"output":{"x":1}}`, string(out))
	})
	t.Run("env command volume reach the container", func(t *testing.T) {
		env, argv, file := report(t, ep)
		require.Contains(t, env, "GREETING=hello world")
		require.Equal(t, []string{"/workload", "--addr", ":3000", "an arg", `with "quotes"`}, argv)
		require.Equal(t, "mounted content\n", file)
	})
	t.Run("name labels and port bound on 127.0.0.1 only", func(t *testing.T) {
		insp := inspect(t, prefix+"infernode-work")
		require.Equal(t, "true", insp.Config.Labels[docker.LabelManaged])
		require.Equal(t, "work", insp.Config.Labels[docker.LabelContainer])
		require.NotEmpty(t, insp.Config.Labels[docker.LabelConfigHash])
		require.Equal(t, container.RestartPolicyDisabled, insp.HostConfig.RestartPolicy.Name)
		require.Len(t, insp.HostConfig.PortBindings, 1)
		for port, bs := range insp.HostConfig.PortBindings {
			require.Equal(t, "3000/tcp", string(port))
			require.Len(t, bs, 1)
			require.Equal(t, "127.0.0.1", bs[0].HostIP)
		}
		// What the engine actually bound, not only what was asked for.
		require.NotEmpty(t, insp.NetworkSettings.Ports)
		for _, bs := range insp.NetworkSettings.Ports {
			for _, b := range bs {
				require.Equal(t, "127.0.0.1", b.HostIP)
				require.Equal(t, strings.TrimPrefix(ep.URL, "http://127.0.0.1:"), b.HostPort)
			}
		}
	})

	require.NoError(t, r.Stop(context.Background()))
	_, err = cli.ContainerInspect(context.Background(), prefix+"infernode-work")
	require.True(t, cerrdefs.IsNotFound(err), "container removed at Stop: %v", err)
	require.Equal(t, docker.StateStopped, r.States()[0].State)
	_, err = r.Endpoint("work")
	require.Error(t, err)
	require.NoError(t, r.Stop(context.Background()), "second Stop")
}

func jsonNumber(n int) string { return strconv.Itoa(n) }

// metricValue returns the value of the first series of a gauge or counter.
func metricValue(t *testing.T, g prometheus.Gatherer, name string) float64 {
	t.Helper()
	mfs, err := g.Gather()
	require.NoError(t, err)
	for _, mf := range mfs {
		if mf.GetName() == name {
			m := mf.GetMetric()[0]
			if m.GetCounter() != nil {
				return m.GetCounter().GetValue()
			}
			return m.GetGauge().GetValue()
		}
	}
	t.Fatalf("metric %s not found", name)
	return 0
}

func TestCrashRestart(t *testing.T) {
	prefix := engine(t)
	r := newRuntime(t, prefix, []executor.Container{{ID: "crashy", Image: testImage}}, func(o *docker.Options) { o.Registerer = nil })
	reg := prometheus.NewRegistry()
	require.NoError(t, reg.Register(r), "the runtime is a Collector of its metrics")
	require.NoError(t, r.Start(context.Background()))
	ep, err := r.Endpoint("crashy")
	require.NoError(t, err)
	before := inspect(t, prefix+"infernode-crashy").ID

	post(t, ep, "/exit?code=3", map[string]any{})
	require.Eventually(t, func() bool {
		s := r.States()[0]
		return s.Restarts == 1 && s.Ready
	}, 30*time.Second, 50*time.Millisecond, "restarted: %+v", r.States())
	s := r.States()[0]
	require.Equal(t, docker.StateRunning, s.State)
	require.Contains(t, s.Error, "exited with code 3", "the last error is kept")

	ep2, err := r.Endpoint("crashy")
	require.NoError(t, err)
	require.Equal(t, ep, ep2, "same port after a restart")
	require.Equal(t, before, inspect(t, prefix+"infernode-crashy").ID, "restarted, not recreated")
	out := post(t, ep2, "/service_output", map[string]any{"source": 1, "destination": 1, "data": "again"})
	require.JSONEq(t, `{"output":"again"}`, string(out))

	require.Equal(t, 1.0, metricValue(t, reg, "infernode_docker_container_restarts_total"))

	// Removed behind the node's back: recreated.
	require.NoError(t, cli.ContainerRemove(context.Background(), before, container.RemoveOptions{Force: true}))
	require.Eventually(t, func() bool {
		s := r.States()[0]
		return s.Restarts == 2 && s.Ready
	}, 30*time.Second, 50*time.Millisecond, "recreated: %+v", r.States())
	require.NotEqual(t, before, inspect(t, prefix+"infernode-crashy").ID)
}

// An identical configuration reuses the container (kept from the last
// run); a changed one recreates it.
func TestReuseAndRecreate(t *testing.T) {
	prefix := engine(t)
	cfg := []executor.Container{{ID: "keep", Image: testImage, Env: map[string]string{"V": "1"}}}
	keep := func(o *docker.Options) { o.KeepContainers = true }
	name := prefix + "infernode-keep"
	ctx := context.Background()

	r1 := newRuntime(t, prefix, cfg, keep)
	require.NoError(t, r1.Start(ctx))
	ep1, err := r1.Endpoint("keep")
	require.NoError(t, err)
	require.NoError(t, r1.Stop(ctx))
	first := inspect(t, name)
	require.True(t, first.State.Running, "kept running at Stop")
	require.Equal(t, container.RestartPolicyUnlessStopped, first.HostConfig.RestartPolicy.Name)
	require.Equal(t, docker.StateKept, r1.States()[0].State)

	r2 := newRuntime(t, prefix, cfg, keep)
	require.NoError(t, r2.Start(ctx))
	ep2, err := r2.Endpoint("keep")
	require.NoError(t, err)
	require.Equal(t, ep1, ep2)
	second := inspect(t, name)
	require.Equal(t, first.ID, second.ID, "identical configuration: reused")
	require.Equal(t, container.RestartPolicyDisabled, second.HostConfig.RestartPolicy.Name)
	require.NoError(t, r2.Stop(ctx))

	changed := []executor.Container{{ID: "keep", Image: testImage, Env: map[string]string{"V": "2"}}}
	r3 := newRuntime(t, prefix, changed)
	require.NoError(t, r3.Start(ctx))
	third := inspect(t, name)
	require.NotEqual(t, first.ID, third.ID, "changed configuration: recreated")
	ep3, err := r3.Endpoint("keep")
	require.NoError(t, err)
	env, _, _ := report(t, ep3)
	require.Contains(t, env, "V=2")
	_, err = cli.ContainerInspect(ctx, first.ID)
	require.True(t, cerrdefs.IsNotFound(err), "old container removed: %v", err)
}

func TestMissingImage(t *testing.T) {
	prefix := engine(t)
	// A registry on a closed loopback port: the pull fails at once, offline.
	const img = "127.0.0.1:1/infernode-missing:v1"
	r := newRuntime(t, prefix, []executor.Container{{ID: "ghost", Image: img}})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err := r.Start(ctx)
	require.ErrorContains(t, err, `container "ghost": image "`+img+`" is not present locally and could not be pulled`)
	require.NoError(t, ctx.Err(), "failed fast, not by the test's deadline")
	s := r.States()[0]
	require.False(t, s.Ready)
	require.Contains(t, s.Error, img)
}

func TestEngineUnreachable(t *testing.T) {
	engine(t)
	r := newRuntime(t, "unused-", []executor.Container{{ID: "a", Image: "x"}}, func(o *docker.Options) {
		o.Host = "unix:///nonexistent/infernode/docker.sock"
	})
	err := r.Start(context.Background())
	require.ErrorContains(t, err, "cannot reach the Docker engine at unix:///nonexistent/infernode/docker.sock: is dockerd running?")
}

func TestNotReady(t *testing.T) {
	prefix := engine(t)
	tests := []struct {
		name string
		c    executor.Container
		err  []string
	}{
		{"exits at start", executor.Container{ID: "quits", Image: testImage, Command: "--exit-at-start 4"},
			[]string{`container "quits": exited with code 4 before it answered HTTP`, "testworkload: exiting at start with code 4"}},
		{"listens elsewhere", executor.Container{ID: "deaf", Image: testImage, Command: "--addr :3001"},
			[]string{`container "deaf": not ready after 2s: no HTTP answer on 127.0.0.1:`, "make the workload listen on 0.0.0.0:3000", "listening on :3001"}},
		{"its own ready_timeout wins", executor.Container{ID: "slowpoke", Image: testImage, Command: "--addr :3001", ReadyTimeout: (time.Second)},
			[]string{`container "slowpoke": not ready after 1s`, "give it longer with containers[].ready_timeout"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRuntime(t, prefix, []executor.Container{tt.c}, func(o *docker.Options) { o.ReadyTimeout = 2 * time.Second })
			err := r.Start(context.Background())
			for _, want := range tt.err {
				require.ErrorContains(t, err, want)
			}
			require.Contains(t, r.States()[0].Error, tt.err[0][len(`container "`+tt.c.ID+`": `):], "the error stays in States")
			_, err = cli.ContainerInspect(context.Background(), prefix+"infernode-"+tt.c.ID)
			require.True(t, cerrdefs.IsNotFound(err), "a failed Start removes its containers: %v", err)
		})
	}
}

func TestForeignContainerNotTouched(t *testing.T) {
	prefix := engine(t)
	ctx := context.Background()
	name := prefix + "infernode-taken"
	created, err := cli.ContainerCreate(ctx, &container.Config{Image: testImage, Labels: map[string]string{"infernode.prefix": runID}}, nil, nil, nil, name)
	require.NoError(t, err)
	defer cli.ContainerRemove(ctx, created.ID, container.RemoveOptions{Force: true})
	r := newRuntime(t, prefix, []executor.Container{{ID: "taken", Image: testImage}})
	require.ErrorContains(t, r.Start(ctx), "is taken by a container this node did not create")
	require.Equal(t, created.ID, inspect(t, name).ID)
}
