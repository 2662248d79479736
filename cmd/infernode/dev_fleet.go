package main

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
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/infernode/infernode/internal/config"
)

// `infernode dev --fleet N` runs each member as its own `infernode serve`
// process (its configuration written to <data-dir>/m<i>/config.json), its
// log lines prefixed with its node id ("m2 | ..."), so a newcomer can kill
// or pause one (the banner prints each pid) and watch the others take its
// share over (docs/fleet.md, "Kill one and watch").

// memberProc is a fleet member's process.
type memberProc struct {
	id, cfg, url string
	cmd          *exec.Cmd
	exited       chan struct{}
	tail         *tailBuffer
}

// memberCommand is the command that runs `infernode args...`: this
// binary, or under `go test` the test binary's member helper
// (TestHelperFleetMember), which runs the same main.
func memberCommand(args []string) (*exec.Cmd, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find this binary to run the fleet members: %w", err)
	}
	if testing.Testing() {
		cmd := exec.Command(exe, "-test.run=^TestHelperFleetMember$")
		cmd.Env = append(os.Environ(), "INFERNODE_FLEET_CHILD="+strings.Join(args, "\x1f"))
		return cmd, nil
	}
	return exec.Command(exe, args...), nil
}

// startMembers writes each member's configuration and starts its process,
// then waits until every member lists them all. lns are the members' REST
// listeners (taken to fail early on a busy port): each is closed right
// before its member binds the port.
func (s *devStack) startMembers(ctx context.Context, cfgs []*config.Config, lns []net.Listener, logs io.Writer) error {
	var mu sync.Mutex // one member's line at a time on logs
	for i, cfg := range cfgs {
		cfg.Chain.StartBlock = s.startBlock()
		if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
			return fmt.Errorf("fleet member %s: %w", cfg.Fleet.NodeID, err)
		}
		m := &memberProc{id: cfg.Fleet.NodeID, cfg: filepath.Join(cfg.DataDir, "config.json"), url: cfg.Fleet.AdvertiseURL,
			exited: make(chan struct{}), tail: &tailBuffer{max: 8 << 10}}
		b, err := json.MarshalIndent(cfg, "", "  ")
		if err != nil {
			return fmt.Errorf("fleet member %s: configuration: %w", m.id, err)
		}
		if err := os.WriteFile(m.cfg, b, 0o600); err != nil {
			return fmt.Errorf("fleet member %s: %w", m.id, err)
		}
		if m.cmd, err = memberCommand([]string{"serve", "--config", m.cfg}); err != nil {
			return err
		}
		pw := &prefixWriter{w: logs, mu: &mu, prefix: m.id + " | ", tail: m.tail}
		m.cmd.Stdout, m.cmd.Stderr = pw, pw
		m.cmd.WaitDelay = time.Second
		lns[i].Close()
		if err := m.cmd.Start(); err != nil {
			return fmt.Errorf("fleet member %s: start: %w", m.id, err)
		}
		s.procs = append(s.procs, m)
		go func() {
			err := m.cmd.Wait()
			close(m.exited)
			if ctx.Err() == nil {
				s.log.Warn("dev: fleet member exited: the others take over its share", "member", m.id, "pid", m.cmd.Process.Pid, "exit", err,
					"restart", fmt.Sprintf("%s serve --config %s", selfName(), m.cfg))
			}
		}()
	}
	s.cleanup = append(s.cleanup, s.stopMembers)
	go func() { <-ctx.Done(); s.nodeErr <- nil }()
	return s.waitMembers(ctx, len(cfgs))
}

// waitMembers waits until every member's /info lists n members.
func (s *devStack) waitMembers(ctx context.Context, n int) error {
	wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	for _, m := range s.procs {
		for {
			var info struct {
				Fleet struct{ Members []json.RawMessage } `json:"fleet"`
			}
			if getInfo(wctx, m.url, &info) == nil && len(info.Fleet.Members) == n {
				break
			}
			select {
			case <-m.exited:
				return fmt.Errorf("fleet member %s exited while starting:\n%s", m.id, m.tail.String())
			case <-wctx.Done():
				return fmt.Errorf("fleet member %s: not serving with %d members after 2 minutes: %w\n%s", m.id, n, wctx.Err(), m.tail.String())
			case <-time.After(200 * time.Millisecond):
			}
		}
	}
	return nil
}

func getInfo(ctx context.Context, url string, v any) error {
	rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodGet, url+"/info", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("/info: %s", resp.Status)
	}
	return json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(v)
}

// stopMembers asks every member to stop (SIGTERM, resuming a paused one
// first) and kills those still running after 10 s.
func (s *devStack) stopMembers() {
	for _, m := range s.procs {
		_ = m.cmd.Process.Signal(syscall.SIGCONT)
		_ = m.cmd.Process.Signal(syscall.SIGTERM)
	}
	deadline := time.After(10 * time.Second)
	for _, m := range s.procs {
		select {
		case <-m.exited:
		case <-deadline:
			_ = m.cmd.Process.Kill()
			<-m.exited
		}
	}
}

// memberPID is member i's process id (0 when members run in process).
func (s *devStack) memberPID(i int) int {
	if i >= len(s.procs) {
		return 0
	}
	return s.procs[i].cmd.Process.Pid
}

// printKillRecipe tells how to watch a takeover.
func (s *devStack) printKillRecipe(b *strings.Builder) {
	if len(s.procs) < 2 {
		return
	}
	victim := s.procs[len(s.procs)-1]
	fmt.Fprintf(b, "  # kill one member and watch the others take its share over (\"fleet: took over\" in their lines)\n")
	fmt.Fprintf(b, "  kill -9 %d    # %s; or pause it past its lease: kill -STOP %d; sleep 10; kill -CONT %d\n",
		victim.cmd.Process.Pid, victim.id, victim.cmd.Process.Pid, victim.cmd.Process.Pid)
	fmt.Fprintf(b, "  curl -s %s/info   # the members %s sees\n", s.procs[0].url, s.procs[0].id)
	fmt.Fprintf(b, "  %s serve --config %s 2>&1 | sed 's/^/%s | /'   # start it again\n", selfName(), victim.cfg, victim.id)
}

// prefixWriter writes each whole line to w with prefix, one writer's line
// at a time (mu is shared by the members), keeping the last bytes in tail.
type prefixWriter struct {
	w      io.Writer
	mu     *sync.Mutex
	prefix string
	buf    []byte
	tail   *tailBuffer
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	p.tail.Write(b)
	p.buf = append(p.buf, b...)
	for {
		i := bytes.IndexByte(p.buf, '\n')
		if i < 0 {
			break
		}
		p.mu.Lock()
		_, err := fmt.Fprintf(p.w, "%s%s\n", p.prefix, p.buf[:i])
		p.mu.Unlock()
		p.buf = p.buf[i+1:]
		if err != nil {
			return len(b), err
		}
	}
	if len(p.buf) > 64<<10 { // a line that never ends: out as it is
		p.mu.Lock()
		_, _ = fmt.Fprintf(p.w, "%s%s\n", p.prefix, p.buf)
		p.mu.Unlock()
		p.buf = p.buf[:0]
	}
	return len(b), nil
}

// tailBuffer keeps the last max bytes written.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
