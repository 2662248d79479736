package testnet

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
)

// process is an external program we started, with its output kept (the
// tail) for error messages.
type process struct {
	name    string
	cmd     *exec.Cmd
	out     *tailBuffer
	exited  chan struct{}
	waitErr error
	tmpDir  string

	stopOnce sync.Once
	stopErr  error
}

func startProcess(name, bin string, args []string, tmpDir string) (*process, error) {
	out := &tailBuffer{max: 64 << 10}
	cmd := exec.Command(bin, args...)
	cmd.Stdout = out
	cmd.Stderr = out
	// Same process group (Ctrl-C reaches the chain too) and, on Linux, killed
	// when we die, so a test binary killed mid-run leaves no chain behind.
	cmd.SysProcAttr = childAttr()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s (%s): %w", name, bin, err)
	}
	p := &process{name: name, cmd: cmd, out: out, exited: make(chan struct{}), tmpDir: tmpDir}
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// logs returns the tail of the process's output.
func (p *process) logs() string {
	return fmt.Sprintf("--- %s output (tail) ---\n%s", p.name, p.out.String())
}

// stop sends SIGTERM, waits up to 10 s, then SIGKILL, and removes tmpDir.
func (p *process) stop() error {
	p.stopOnce.Do(func() {
		select {
		case <-p.exited:
		default:
			_ = p.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-p.exited:
			case <-time.After(10 * time.Second):
				_ = p.cmd.Process.Kill()
				<-p.exited
			}
		}
		if p.tmpDir != "" {
			if err := os.RemoveAll(p.tmpDir); err != nil {
				p.stopErr = fmt.Errorf("stop %s: remove %s: %w", p.name, p.tmpDir, err)
			}
		}
	})
	return p.stopErr
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (t *tailBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(b)
	if over := t.buf.Len() - t.max; over > 0 {
		t.buf.Next(over)
	}
	return len(b), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}
