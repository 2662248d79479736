package node

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/workloads/echo/service"
)

// lockedBuffer is a log destination the node's goroutines share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// serveEchoOn serves the real echo workload on ln until the returned stop.
func serveEchoOn(t *testing.T, ln net.Listener) (stop func()) {
	h, err := service.New(service.Config{})
	require.NoError(t, err)
	srv := &http.Server{Handler: h}
	go func() { _ = srv.Serve(ln) }()
	var once sync.Once
	stop = func() { once.Do(func() { _ = srv.Close() }) }
	t.Cleanup(stop)
	return stop
}

// health is /health's status code and body.
func (tn *testNode) health(t *testing.T) (int, map[string]string) {
	code, b := tn.do(t, http.MethodGet, "/health", "")
	var body map[string]string
	require.NoError(t, json.Unmarshal(b, &body), string(b))
	return code, body
}

// A container that stops answering: /health says so (which container and
// why) while it is down, a job sent to it fails with a WARN line naming
// the job, the container and the reason, and /health is healthy again once
// it answers again.
func TestUnreachableContainer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	stop := serveEchoOn(t, ln)

	cfg := &config.Config{Containers: []config.Container{{ID: "flaky", URL: "http://" + addr, External: true}}}
	logs := &lockedBuffer{}
	rt := executor.NewUnmanaged(ExecutorContainers(cfg.Containers), executor.UnmanagedOptions{ProbeInterval: 10 * time.Millisecond})
	tn := startNode(t, cfg, Options{Runtime: rt, Logger: slog.New(slog.NewTextHandler(logs, nil))})

	code, body := tn.health(t)
	require.Equal(t, http.StatusOK, code, body)
	require.Equal(t, map[string]string{"status": "healthy"}, body)

	stop()
	require.Eventually(t, func() bool {
		code, _ := tn.health(t)
		return code == http.StatusServiceUnavailable
	}, 20*time.Second, 10*time.Millisecond, "/health turns unhealthy once the probe fails")
	code, body = tn.health(t)
	require.Equal(t, http.StatusServiceUnavailable, code)
	require.Equal(t, "unhealthy", body["status"])
	require.Contains(t, body["reason"], "container flaky unreachable: ")
	require.Contains(t, body["reason"], "connection refused")

	id := tn.submit(t, "flaky")
	res := tn.wait(t, id, false)
	require.Equal(t, job.StatusFailed, res.Status)
	var line string
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, `msg="job failed"`) {
			line = l
		}
	}
	require.Contains(t, line, "level=WARN")
	require.Contains(t, line, "job="+id)
	require.Contains(t, line, "container=flaky")
	require.Contains(t, line, "reason=")
	require.Contains(t, line, "connection refused", "the reason says why: %s", line)

	ln, err = net.Listen("tcp", addr) // back, at the same address
	require.NoError(t, err)
	serveEchoOn(t, ln)
	require.Eventually(t, func() bool {
		code, _ := tn.health(t)
		return code == http.StatusOK
	}, 20*time.Second, 10*time.Millisecond, "/health is healthy again once the container answers")
	require.Equal(t, job.StatusSuccess, tn.wait(t, tn.submit(t, "flaky"), false).Status)
}

// hostPortTaken sees a port another process holds on 127.0.0.1, where the
// Docker runtime publishes containers.
func TestHostPortTaken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	require.True(t, hostPortTaken(ln.Addr().(*net.TCPAddr).Port))
}
