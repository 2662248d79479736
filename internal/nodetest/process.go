package nodetest

import (
	"bytes"
	"errors"
	"fmt"
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
	cmd    *exec.Cmd
	log    *Log
	exited chan struct{}
	err    error // Wait's, once exited is closed
}

// Serve starts cmd (a node: `infernode serve` or the like, logging at
// level info, the default), collecting its output, and returns
// once the node logs ServingLine. It fails the test, with the log, if the
// process exits first or is not serving within StartTimeout. Cleanup stops
// a process still running as Stop does, so that a managed node removes its
// containers. Serve owns cmd: use the Process to stop it.
func Serve(tb testing.TB, cmd *exec.Cmd) *Process {
	tb.Helper()
	log := NewLog()
	cmd.Stdout, cmd.Stderr = log, log
	cmd.WaitDelay = time.Second // a grandchild holding the output does not hold Wait
	p := &Process{cmd: cmd, log: log, exited: make(chan struct{})}
	require.NoError(tb, cmd.Start())
	go func() {
		p.err = cmd.Wait()
		close(p.exited)
	}()
	tb.Cleanup(func() { _ = p.Stop() })

	select {
	case <-log.Serving():
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
func (p *Process) Log() string { return p.log.String() }

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

// Log collects a node's log output, safe for concurrent use, and signals
// when the node logs ServingLine: hand it to a node run in-process as its
// log writer and wait with WaitServing.
type Log struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	serving chan struct{}
	watch   *lineWatch
}

// NewLog returns an empty Log.
func NewLog() *Log {
	serving := make(chan struct{})
	return &Log{serving: serving, watch: &lineWatch{want: []byte(ServingLine), found: serving}}
}

func (l *Log) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = l.watch.Write(b)
	return l.buf.Write(b)
}

// String is what was written so far.
func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// Serving is closed once ServingLine has been written.
func (l *Log) Serving() <-chan struct{} { return l.serving }

// WaitServing waits until log shows the node serving. It fails the test,
// with the log, if exited yields first (the node's run ended) or the node
// is not serving within StartTimeout.
func WaitServing[T any](tb testing.TB, log *Log, exited <-chan T) {
	tb.Helper()
	select {
	case <-log.Serving():
	case v := <-exited:
		tb.Fatalf("node ended (%v) before it served\n%s", v, log.String())
	case <-time.After(StartTimeout):
		tb.Fatalf("node not serving after %s\n%s", StartTimeout, log.String())
	}
}

// lineWatch is a writer that closes found the first time want is written,
// also when want is split across writes. Log serialises its writes.
type lineWatch struct {
	want  []byte
	found chan struct{}
	tail  []byte // the last len(want)-1 bytes written
	done  bool
}

func (w *lineWatch) Write(b []byte) (int, error) {
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
