// Package etcdtest runs a real external etcd server (the `etcd` binary,
// Debian's etcd-server) for tests: the fleet against an etcd it does not
// embed, stopped and started again under it.
package etcdtest

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
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
	tls       *TLS
	mu        sync.Mutex
	cmd       *exec.Cmd
	out       *bytes.Buffer
}

// TLS are the PEM files a server serves its client URL with, asking every
// client for a certificate of CA.
type TLS struct{ CA, Cert, Key string }

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
func Start(tb testing.TB) *Server { return StartTLS(tb, nil) }

// StartTLS is Start with the client URL served over TLS with client
// certificates (tls nil: plain).
func StartTLS(tb testing.TB, tls *TLS) *Server {
	tb.Helper()
	s := &Server{tb: tb, bin: Binary(tb), dir: tb.TempDir(), tls: tls}
	scheme := "http"
	if tls != nil {
		scheme = "https"
	}
	s.URL = fmt.Sprintf("%s://127.0.0.1:%d", scheme, freePort(tb))
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
	args := []string{"--name", "e", "--data-dir", s.dir,
		"--listen-client-urls", s.URL, "--advertise-client-urls", s.URL,
		"--listen-peer-urls", s.peer, "--initial-advertise-peer-urls", s.peer,
		"--initial-cluster", "e=" + s.peer, "--log-level", "error"}
	if s.tls != nil {
		args = append(args, "--cert-file", s.tls.Cert, "--key-file", s.tls.Key, "--trusted-ca-file", s.tls.CA, "--client-cert-auth")
	}
	s.cmd = exec.Command(s.bin, args...)
	s.cmd.Stdout, s.cmd.Stderr = s.out, s.out
	require.NoError(s.tb, s.cmd.Start())
	s.mu.Unlock()
	hc := http.DefaultClient
	if s.tls != nil {
		tc, err := s.ClientTLS()
		require.NoError(s.tb, err)
		hc = &http.Client{Transport: &http.Transport{TLSClientConfig: tc}}
	}
	require.Eventually(s.tb, func() bool {
		resp, err := hc.Get(s.URL + "/health")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, time.Minute, 50*time.Millisecond, "etcd healthy")
}

// ClientTLS is a client configuration with the server's own certificate
// (a member's of the same CA).
func (s *Server) ClientTLS() (*tls.Config, error) {
	pair, err := tls.LoadX509KeyPair(s.tls.Cert, s.tls.Key)
	if err != nil {
		return nil, err
	}
	ca, err := os.ReadFile(s.tls.CA)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(ca)
	return &tls.Config{Certificates: []tls.Certificate{pair}, RootCAs: pool, MinVersion: tls.VersionTLS12}, nil
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
