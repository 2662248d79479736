// Package nodetest starts a node in-process for a test and waits until it
// serves. It is test support: tests build the node (package node) with
// their own configuration and options and hand it to Start, which runs it,
// waits on its ready signal (never a sleep or a poll), and stops it at the
// test's cleanup. It does not import package node, so node's own tests can
// use it too; *node.Node satisfies Node.
package nodetest

import (
	"context"
	"fmt"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/config"
)

// Node is what Start runs; *node.Node is one.
type Node interface {
	// Run serves until ctx is cancelled and returns the shutdown's error.
	Run(ctx context.Context) error
	// Ready is closed once the node serves REST.
	Ready() <-chan struct{}
}

// Bounds on how long a node may take to come up and to stop. They are no
// timing claims, only a guard against a test that hangs: a managed or swarm
// node starts its containers before it is ready, which on a busy machine
// takes minutes.
const (
	StartTimeout = 3 * time.Minute
	StopTimeout  = 2 * time.Minute
)

// Listen returns a listener on a free loopback port for the node to serve
// on (tests send traffic only to 127.0.0.1). The node closes it when it
// stops; cleanup closes it too, for a node that never ran.
func Listen(tb testing.TB) net.Listener {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(tb, err)
	tb.Cleanup(func() { _ = ln.Close() })
	return ln
}

// URL is the base URL of a node serving on ln.
func URL(ln net.Listener) string { return "http://" + ln.Addr().String() }

// Unmanaged completes cfg for an in-process node in front of containers
// that run elsewhere: a fresh data directory unless one is set,
// manage_containers false, and the defaults applied.
func Unmanaged(tb testing.TB, cfg *config.Config) *config.Config {
	tb.Helper()
	if cfg.DataDir == "" {
		cfg.DataDir = tb.TempDir()
	}
	managed := false
	cfg.ManageContainers = &managed
	cfg.ApplyDefaults()
	return cfg
}

// Start runs n in the background and returns once it is ready. It fails
// the test if Run returns first or n is not ready within StartTimeout.
// stop cancels Run and returns Run's error; it may be called more than
// once (later calls return nil). Cleanup calls stop and fails the test if
// the node did not stop cleanly.
func Start(tb testing.TB, n Node) (stop func() error) {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- n.Run(ctx) }()

	var once sync.Once
	stop = func() error {
		err := error(nil)
		once.Do(func() {
			cancel()
			select {
			case err = <-errc:
			case <-time.After(StopTimeout):
				err = fmt.Errorf("node did not stop within %s", StopTimeout)
			}
		})
		return err
	}
	tb.Cleanup(func() {
		if err := stop(); err != nil {
			tb.Errorf("stopping the node: %v", err)
		}
	})

	select {
	case <-n.Ready():
		return stop
	case err := <-errc:
		once.Do(cancel) // Run has returned: nothing left for cleanup to stop
		tb.Fatalf("node did not start: %v", err)
	case <-time.After(StartTimeout):
		tb.Fatalf("node not ready after %s", StartTimeout)
	}
	return nil
}
