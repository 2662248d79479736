package nodetest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// ServingLine is what a node logs (text or JSON, at level info) once it
// serves REST: the process's ready signal.
const ServingLine = "node serving"

// Process is a node running as a child process (`infernode serve`),
// started by Serve.
type Process struct {
	cmd     *exec.Cmd
	logPath string
	exited  chan struct{}
	err     error // Wait's, once exited is closed
}

// Serve starts cmd (a node: `infernode serve` or the like, logging at
// level info, the default) with its output in a log file and returns once
// the node logs ServingLine. It fails the test, with the log, if the
// process exits first or is not serving within StartTimeout. Cleanup stops
// a process still running as Stop does, so that a managed node removes its
// containers. Serve owns cmd: use the Process to stop it.
func Serve(tb testing.TB, cmd *exec.Cmd) *Process {
	tb.Helper()
	logf, err := os.CreateTemp(tb.TempDir(), "node-*.log")
	require.NoError(tb, err)
	tb.Cleanup(func() { _ = logf.Close() })
	serving := make(chan struct{})
	w := &lineWatch{want: []byte(ServingLine), found: serving}
	cmd.Stdout = io.MultiWriter(logf, w)
	cmd.Stderr = cmd.Stdout
	cmd.WaitDelay = time.Second // a grandchild holding the output does not hold Wait
	p := &Process{cmd: cmd, logPath: logf.Name(), exited: make(chan struct{})}
	require.NoError(tb, cmd.Start())
	go func() {
		p.err = cmd.Wait()
		close(p.exited)
	}()
	tb.Cleanup(func() { _ = p.Stop() })

	select {
	case <-serving:
		return p
	case <-p.exited:
		tb.Fatalf("%s exited before it served: %v\n%s", cmd.Path, p.err, p.Log())
	case <-time.After(StartTimeout):
		tb.Fatalf("%s not serving after %s\n%s", cmd.Path, StartTimeout, p.Log())
	}
	return nil
}

// Pid is the process id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Log is what the process printed so far.
func (p *Process) Log() string {
	b, err := os.ReadFile(p.logPath)
	if err != nil {
		return fmt.Sprintf("(reading the node's log: %v)", err)
	}
	return string(b)
}

// Stop sends SIGTERM and returns the exit's error (nil for a clean exit);
// it kills the process if it has not exited within StopTimeout. Once the
// process has exited it returns that exit's error again.
func (p *Process) Stop() error {
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return fmt.Errorf("signalling the node: %w", err)
	}
	select {
	case <-p.exited:
		return p.err
	case <-time.After(StopTimeout):
		p.Kill()
		return fmt.Errorf("node did not exit within %s of SIGTERM", StopTimeout)
	}
}

// Kill sends SIGKILL (kill -9) and waits for the process to be reaped; it
// does nothing once the process has exited.
func (p *Process) Kill() {
	_ = p.cmd.Process.Kill()
	<-p.exited
}

// lineWatch is a writer that closes found the first time want is written,
// also when want is split across writes.
type lineWatch struct {
	want  []byte
	found chan struct{}
	mu    sync.Mutex
	tail  []byte // the last len(want)-1 bytes written
	done  bool
}

func (w *lineWatch) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done {
		return len(b), nil
	}
	buf := append(w.tail, b...)
	if bytes.Contains(buf, w.want) {
		w.done = true
		w.tail = nil
		close(w.found)
		return len(b), nil
	}
	keep := min(len(buf), len(w.want)-1)
	w.tail = append(w.tail[:0:0], buf[len(buf)-keep:]...)
	return len(b), nil
}
