package nodetest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/config"
)

// fakeNode is a node whose readiness and shutdown the test drives.
type fakeNode struct {
	ready   chan struct{}
	started chan struct{}
	// early, when set, is returned by Run before it is ready.
	early error
	// shutdown is what Run returns once its context is cancelled.
	shutdown error
}

func newFakeNode() *fakeNode {
	return &fakeNode{ready: make(chan struct{}), started: make(chan struct{})}
}

func (f *fakeNode) Run(ctx context.Context) error {
	close(f.started)
	if f.early != nil {
		return f.early
	}
	close(f.ready)
	<-ctx.Done()
	return f.shutdown
}

func (f *fakeNode) Ready() <-chan struct{} { return f.ready }

// recorder is a testing.TB that records failures and cleanups; Fatalf ends
// the calling goroutine, as the real one does.
type recorder struct {
	testing.TB
	dir      string // TempDir's answer
	errors   []string
	fatal    string
	cleanups []func()
}

func (r *recorder) Helper()          {}
func (r *recorder) TempDir() string  { return r.dir }
func (r *recorder) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// runCleanups runs the recorded cleanups last-in first-out.
func (r *recorder) runCleanups() {
	for i := len(r.cleanups) - 1; i >= 0; i-- {
		r.cleanups[i]()
	}
}

// start calls Start on a goroutine of its own (Fatalf ends it) and returns
// what Start returned, nil when it failed the test.
func start(r *recorder, n Node) (stop func() error) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		stop = Start(r, n)
	}()
	<-done
	return stop
}

func TestStartReturnsOnceReady(t *testing.T) {
	n := newFakeNode()
	n.shutdown = errors.New("store: close failed")
	r := &recorder{}
	stop := start(r, n)
	require.NotNil(t, stop)
	require.Empty(t, r.fatal)
	select {
	case <-n.Ready():
	default:
		t.Fatal("Start returned before the node was ready")
	}

	require.EqualError(t, stop(), "store: close failed", "stop returns Run's error")
	require.NoError(t, stop(), "a second stop has nothing to stop")
	r.runCleanups()
	require.Empty(t, r.errors, "the test stopped the node itself and saw the error")
}

func TestCleanupStopsTheNode(t *testing.T) {
	for _, tc := range []struct {
		name     string
		shutdown error
		want     []string
	}{
		{"clean", nil, nil},
		{"shutdown error fails the test", errors.New("store: close failed"), []string{"stopping the node: store: close failed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := newFakeNode()
			n.shutdown = tc.shutdown
			r := &recorder{}
			require.NotNil(t, start(r, n))
			r.runCleanups()
			require.Equal(t, tc.want, r.errors)
		})
	}
}

func TestStartFailsWhenRunReturnsFirst(t *testing.T) {
	n := newFakeNode()
	n.early = errors.New("listen: address in use")
	r := &recorder{}
	require.Nil(t, start(r, n))
	require.Equal(t, "node did not start: listen: address in use", r.fatal)
	r.runCleanups() // returns: Run is over, nothing to wait for
	require.Empty(t, r.errors)
}

func TestListen(t *testing.T) {
	r := &recorder{}
	ln := Listen(r)
	require.True(t, ln.Addr().(*net.TCPAddr).IP.IsLoopback())
	require.Equal(t, "http://"+ln.Addr().String(), URL(ln))
	r.runCleanups()
	_, err := ln.Accept()
	require.ErrorIs(t, err, net.ErrClosed, "cleanup closes the listener")
}

func TestUnmanaged(t *testing.T) {
	t.Run("fresh data directory", func(t *testing.T) {
		cfg := Unmanaged(t, &config.Config{})
		require.DirExists(t, cfg.DataDir)
		require.False(t, cfg.Managed())
	})
	t.Run("keeps a data directory set", func(t *testing.T) {
		dir := t.TempDir()
		cfg := Unmanaged(t, &config.Config{DataDir: dir})
		require.Equal(t, dir, cfg.DataDir)
		require.False(t, cfg.Managed())
	})
}
