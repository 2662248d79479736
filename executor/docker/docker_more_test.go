package docker_test

import (
	"context"
	"encoding/base64"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/executor/docker"
)

// The configured registry credentials reach the registry: a loopback
// registry (Docker allows plain HTTP on 127.0.0.0/8) that demands basic
// auth records what the engine sends, then has no such image.
func TestPullSendsRegistryAuth(t *testing.T) {
	prefix := engine(t)
	var (
		mu    sync.Mutex
		auths []string
	)
	reg := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auths = append(auths, r.Header.Get("Authorization"))
		mu.Unlock()
		if r.Header.Get("Authorization") == "" {
			w.Header().Set("WWW-Authenticate", `Basic realm="infernode-test"`)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.Header().Set("Docker-Distribution-API-Version", "registry/2.0")
		if r.URL.Path == "/v2/" {
			w.WriteHeader(http.StatusOK)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`{"errors":[{"code":"MANIFEST_UNKNOWN","message":"manifest unknown"}]}`))
	}))
	defer reg.Close()
	img := reg.Listener.Addr().String() + "/private/model:v1"
	r := newRuntime(t, prefix, []executor.Container{{ID: "private", Image: img}}, func(o *docker.Options) {
		o.Auth = &docker.Auth{Username: "alice", Password: "s3cret"}
	})
	err := r.Start(context.Background())
	require.ErrorContains(t, err, `container "private": image "`+img+`" is not present locally and could not be pulled`)
	mu.Lock()
	defer mu.Unlock()
	require.Contains(t, auths, "Basic "+base64.StdEncoding.EncodeToString([]byte("alice:s3cret")))
}

// A configured port already taken on 127.0.0.1 gives an error naming it.
func TestPortTaken(t *testing.T) {
	prefix := engine(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	port := l.Addr().(*net.TCPAddr).Port
	r := newRuntime(t, prefix, []executor.Container{{ID: "clash", Image: testImage, Port: jsonNumber(port)}})
	require.ErrorContains(t, r.Start(context.Background()), "port "+strconv.Itoa(port)+" is taken on 127.0.0.1")
}

// gpu: true reaches the engine as a device request: this engine has no
// GPU driver, so it refuses exactly that request.
func TestGPURequest(t *testing.T) {
	prefix := engine(t)
	r := newRuntime(t, prefix, []executor.Container{{ID: "gpu", Image: testImage, GPU: true}})
	require.ErrorContains(t, r.Start(context.Background()), "capabilities: [[gpu]]")
}

// A container the node kept for an id that is no longer configured is
// removed at the next start; other prefixes' containers are left alone.
func TestOrphanRemoved(t *testing.T) {
	prefix := engine(t)
	ctx := context.Background()
	keep := func(o *docker.Options) { o.KeepContainers = true }
	old := newRuntime(t, prefix, []executor.Container{{ID: "old", Image: testImage}}, keep)
	require.NoError(t, old.Start(ctx))
	require.NoError(t, old.Stop(ctx))
	other := newRuntime(t, prefix+"other-", []executor.Container{{ID: "old", Image: testImage}}, keep)
	require.NoError(t, other.Start(ctx))
	require.NoError(t, other.Stop(ctx))

	r := newRuntime(t, prefix, []executor.Container{{ID: "new", Image: testImage}})
	require.NoError(t, r.Start(ctx))
	_, err := cli.ContainerInspect(ctx, prefix+"infernode-old")
	require.True(t, cerrdefs.IsNotFound(err), "orphan removed: %v", err)
	require.True(t, inspect(t, prefix+"other-infernode-old").State.Running, "another prefix's container kept")
}

// A container that keeps crashing keeps being restarted, with its restarts
// counted and the reason kept, and serves again between crashes.
func TestCrashLoop(t *testing.T) {
	prefix := engine(t)
	r := newRuntime(t, prefix, []executor.Container{{ID: "loop", Image: testImage, Command: "--exit-after 300ms"}}, func(o *docker.Options) {
		o.BackoffInitial, o.BackoffMax = 50*time.Millisecond, 200*time.Millisecond
	})
	require.NoError(t, r.Start(context.Background()))
	seen := map[string]bool{}
	require.Eventually(t, func() bool {
		s := r.States()[0]
		seen[s.State] = true
		return s.Restarts >= 3
	}, time.Minute, 5*time.Millisecond)
	s := r.States()[0]
	require.Contains(t, s.Error, "exited with code 5")
	require.True(t, seen[docker.StateRestarting], "seen states: %v", seen)
	require.Eventually(t, func() bool {
		_, err := r.Endpoint("loop")
		return err == nil
	}, 30*time.Second, 5*time.Millisecond, "ready again between crashes")
}
