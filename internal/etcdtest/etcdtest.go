// Package etcdtest runs a real external etcd server (the `etcd` binary,
// Debian's etcd-server) for tests: the fleet against an etcd it does not
// embed, stopped and started again under it.
package etcdtest

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Server is an etcd process on loopback ports, its data in a temp dir.
type Server struct {
	tb        testing.TB
	bin, dir  string
	URL, peer string
	mu        sync.Mutex
	cmd       *exec.Cmd
	out       *bytes.Buffer
}

// Binary finds etcd: $INFERNODE_ETCD, else etcd on PATH. A test that
// needs it fails without it (.ci/tools.sh installs etcd-server).
func Binary(tb testing.TB) string {
	tb.Helper()
	if b := os.Getenv("INFERNODE_ETCD"); b != "" {
		return b
	}
	b, err := exec.LookPath("etcd")
	require.NoError(tb, err, "etcd is needed: apt-get install etcd-server (.ci/tools.sh does)")
	return b
}

func freePort(tb testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(tb, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Start runs a one-member etcd and waits until it is healthy; Cleanup
// stops it.
func Start(tb testing.TB) *Server {
	tb.Helper()
	s := &Server{tb: tb, bin: Binary(tb), dir: tb.TempDir()}
	s.URL = fmt.Sprintf("http://127.0.0.1:%d", freePort(tb))
	s.peer = fmt.Sprintf("http://127.0.0.1:%d", freePort(tb))
	s.Restart()
	tb.Cleanup(s.Stop)
	return s
}

// Restart starts the server again on its data (after Stop).
func (s *Server) Restart() {
	s.tb.Helper()
	s.mu.Lock()
	s.out = &bytes.Buffer{}
	s.cmd = exec.Command(s.bin, "--name", "e", "--data-dir", s.dir,
		"--listen-client-urls", s.URL, "--advertise-client-urls", s.URL,
		"--listen-peer-urls", s.peer, "--initial-advertise-peer-urls", s.peer,
		"--initial-cluster", "e="+s.peer, "--log-level", "error")
	s.cmd.Stdout, s.cmd.Stderr = s.out, s.out
	require.NoError(s.tb, s.cmd.Start())
	s.mu.Unlock()
	require.Eventually(s.tb, func() bool {
		resp, err := http.Get(s.URL + "/health")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, time.Minute, 50*time.Millisecond, "etcd healthy")
}

// Stop kills the server (its data stays for Restart).
func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Wait()
	s.cmd = nil
}
