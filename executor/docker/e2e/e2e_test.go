package e2e_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/client"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/executor/docker"
	"github.com/infernode/infernode/executor/docker/internal/dockertest"
)

const echoPkg = "github.com/infernode/infernode/workloads/echo"

var (
	cli       *client.Client
	runID     string
	echoImage string            // infernode/echo built by the test with workloads/Dockerfile
	bundled   map[string]string // every bundled workload's name -> its test image (echo included)
	echoBin   string            // the same program built for the host
)

func TestMain(m *testing.M) {
	dockertest.Main(m, "docker e2e tests", "e", setup)
}

// setup builds every bundled workload's image with workloads/Dockerfile
// (echo's is echoImage) and echo for the host (echoBin).
func setup(ctx context.Context, c *client.Client, id string) (func(context.Context), error) {
	cli, runID = c, id
	echoImage = "infernode-test/echo:" + id
	bundled = map[string]string{}
	var tmp string
	cleanup := func(ctx context.Context) {
		for _, tag := range bundled {
			if err := dockertest.RemoveImage(ctx, cli, tag); err != nil {
				fmt.Fprintln(os.Stderr, "cleanup image:", err)
			}
		}
		if tmp != "" {
			os.RemoveAll(tmp)
		}
	}
	dockerfile, err := os.ReadFile("../../../workloads/Dockerfile")
	if err != nil {
		return cleanup, err
	}
	names, err := bundledWorkloads("../../../workloads")
	if err != nil {
		return cleanup, err
	}
	for _, name := range names {
		tag := "infernode-test/" + name + ":" + id
		if err := dockertest.BuildWorkloadImage(ctx, cli, "../../..", name, tag, string(dockerfile)); err != nil {
			return cleanup, err
		}
		bundled[name] = tag
	}
	if tmp, err = os.MkdirTemp("", "e2e-echo-"); err != nil {
		return cleanup, err
	}
	echoBin = filepath.Join(tmp, "echo")
	if out, err := exec.CommandContext(ctx, "go", "build", "-o", echoBin, echoPkg).CombinedOutput(); err != nil {
		return cleanup, fmt.Errorf("go build echo: %v\n%s", err, out)
	}
	return cleanup, nil
}

// bundledWorkloads lists the workloads/<name> directories holding a main
// package, as workloads/build-images.sh does.
func bundledWorkloads(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name(), "main.go"))
		if err == nil && bytes.Contains(b, []byte("\npackage main\n")) {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no bundled workload under %s", dir)
	}
	return names, nil
}

func engine(tb testing.TB) string {
	tb.Helper()
	if testing.Short() {
		tb.Skip("runs containers on the Docker engine; skipped under -short")
	}
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '-'
	}, strings.ToLower(tb.Name()))
	return runID + "-" + name + "-"
}

// managedEcho starts the echo image as a managed container.
func managedEcho(tb testing.TB) executor.Runtime {
	tb.Helper()
	r, err := docker.New([]executor.Container{{ID: "echo", Image: echoImage}}, docker.Options{NamePrefix: engine(tb), StopTimeout: time.Second})
	require.NoError(tb, err)
	tb.Cleanup(func() { require.NoError(tb, r.Stop(context.Background())) })
	require.NoError(tb, r.Start(context.Background()))
	return r
}

// hostEcho runs the same echo program on the host, unmanaged.
func hostEcho(tb testing.TB) executor.Runtime {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(tb, err)
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(echoBin, "--addr", "127.0.0.1:"+strconv.Itoa(port))
	require.NoError(tb, cmd.Start())
	tb.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	r := executor.NewUnmanaged([]executor.Container{{ID: "echo", URL: "http://127.0.0.1:" + strconv.Itoa(port)}}, executor.UnmanagedOptions{})
	tb.Cleanup(func() { r.Stop(context.Background()) })
	require.NoError(tb, r.Start(context.Background()))
	return r
}

func call(ctx context.Context, c *http.Client, ep executor.Endpoint, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL+"/service_output", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return c.Do(req)
}

// An off-chain job and a streaming job through a managed echo container,
// over the container protocol.
func TestManagedEchoJobs(t *testing.T) {
	r := managedEcho(t)
	ep, err := r.Endpoint("echo")
	require.NoError(t, err)
	ctx := context.Background()

	resp, err := call(ctx, http.DefaultClient, ep, []byte(`{"source":1,"destination":1,"data":{"hello":"world"},"requires_proof":false}`))
	require.NoError(t, err)
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(b))
	require.JSONEq(t, `{"output":{"hello":"world"}}`, string(b))

	resp, err = call(ctx, http.DefaultClient, ep, []byte(`{"source":1,"destination":2,"data":"streamed through docker","requires_proof":false}`))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "text/plain; charset=utf-8", resp.Header.Get("Content-Type"))
	var chunks []string
	buf := make([]byte, 64)
	for {
		n, err := resp.Body.Read(buf)
		if n > 0 {
			chunks = append(chunks, string(buf[:n]))
		}
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
	}
	require.Equal(t, "streamed through docker", strings.Join(chunks, ""))

	state := r.States()[0]
	require.True(t, state.Ready)
	require.Equal(t, docker.StateRunning, state.State)
}

// BenchmarkJob is the per-job cost of one off-chain echo call through each
// runtime: managed (a container behind Docker's published 127.0.0.1 port)
// and unmanaged (the same program on the host). The difference is the
// managed runtime's overhead.
func BenchmarkJob(b *testing.B) {
	body, err := json.Marshal(map[string]any{"source": 1, "destination": 1, "data": map[string]any{"prompt": strings.Repeat("x", 256)}})
	require.NoError(b, err)
	for _, rt := range []struct {
		name string
		new  func(testing.TB) executor.Runtime
	}{{"unmanaged", hostEcho}, {"managed", managedEcho}} {
		b.Run(rt.name, func(b *testing.B) {
			r := rt.new(b)
			c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
			ctx := context.Background()
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				ep, err := r.Endpoint("echo")
				if err != nil {
					b.Fatal(err)
				}
				resp, err := call(ctx, c, ep, body)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Fatalf("status %d", resp.StatusCode)
				}
			}
		})
	}
}

// BenchmarkStartEcho is the time the managed runtime takes to make the
// echo container ready: "create" makes a fresh container each time (the
// image is local), "reuse" finds the one kept from the previous run.
func BenchmarkStartEcho(b *testing.B) {
	for _, mode := range []string{"create", "reuse"} {
		b.Run(mode, func(b *testing.B) {
			prefix := engine(b)
			keep := mode == "reuse"
			cfg := []executor.Container{{ID: "echo", Image: echoImage}}
			ctx := context.Background()
			if keep { // the run that leaves the container to reuse
				r, err := docker.New(cfg, docker.Options{NamePrefix: prefix, KeepContainers: true})
				require.NoError(b, err)
				require.NoError(b, r.Start(ctx))
				require.NoError(b, r.Stop(ctx))
			}
			b.ResetTimer()
			for b.Loop() {
				r, err := docker.New(cfg, docker.Options{NamePrefix: prefix, KeepContainers: keep, StopTimeout: time.Second})
				require.NoError(b, err)
				require.NoError(b, r.Start(ctx))
				b.StopTimer()
				require.NoError(b, r.Stop(ctx))
				b.StartTimer()
			}
			b.StopTimer()
			require.NoError(b, dockertest.RemoveContainers(ctx, cli, prefix))
		})
	}
}

// bundledRuntime makes a runtime with one container per bundled workload.
func bundledRuntime(tb testing.TB, prefix string) *docker.Runtime {
	tb.Helper()
	var cs []executor.Container
	for name, tag := range bundled {
		cs = append(cs, executor.Container{ID: name, Image: tag})
	}
	r, err := docker.New(cs, docker.Options{NamePrefix: prefix, StopTimeout: time.Second})
	require.NoError(tb, err)
	return r
}

// Every bundled workload image comes up under the managed runtime and
// answers the protocol's GET /service-resources.
func TestBundledWorkloadsReady(t *testing.T) {
	r := bundledRuntime(t, engine(t))
	t.Cleanup(func() { require.NoError(t, r.Stop(context.Background())) })
	require.NoError(t, r.Start(context.Background()))
	require.Contains(t, bundled, "echo")
	for _, s := range r.States() {
		require.True(t, s.Ready, "%+v", s)
		ep, err := r.Endpoint(s.ID)
		require.NoError(t, err)
		resp, err := http.Get(ep.URL + "/service-resources")
		require.NoError(t, err)
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %s", s.ID, b)
		require.True(t, json.Valid(b), "%s: %s", s.ID, b)
	}
}

// BenchmarkStartBundled is the time to make every bundled workload ready
// at once from fresh containers (images local).
func BenchmarkStartBundled(b *testing.B) {
	prefix := engine(b)
	ctx := context.Background()
	for b.Loop() {
		r := bundledRuntime(b, prefix)
		require.NoError(b, r.Start(ctx))
		b.StopTimer()
		require.NoError(b, r.Stop(ctx))
		b.StartTimer()
	}
	b.ReportMetric(float64(len(bundled)), "containers")
}
