package nodetest

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHelperNodeProcess is not a test: it is the child process the tests
// below start, a stand-in for `infernode serve` that logs like a node.
func TestHelperNodeProcess(t *testing.T) {
	mode := os.Getenv("NODETEST_CHILD")
	if mode == "" {
		t.Skip("the child process of the Serve tests")
	}
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	fmt.Fprintln(os.Stderr, `time=2026-01-01T00:00:00Z level=INFO msg="starting"`)
	if mode == "fail" {
		fmt.Fprintln(os.Stderr, `level=ERROR msg="listen: address in use"`)
		os.Exit(1)
	}
	// The ready line in two writes, as a buffered logger may split it.
	fmt.Fprint(os.Stderr, `{"level":"INFO","msg":"node ser`)
	fmt.Fprintln(os.Stderr, `ving","addr":"127.0.0.1:1"}`)
	<-term
	os.Exit(0)
}

func child(mode string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperNodeProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), "NODETEST_CHILD="+mode)
	return cmd
}

func TestServeWaitsForTheServingLine(t *testing.T) {
	p := Serve(t, child("serve"))
	require.Contains(t, p.Log(), `"msg":"node serving"`)
	require.Positive(t, p.Pid())
	require.NoError(t, p.Stop(), "SIGTERM: a clean exit\n%s", p.Log())
	p.Kill() // after the exit: nothing to do
}

func TestServeKill(t *testing.T) {
	p := Serve(t, child("serve"))
	p.Kill()
	require.Error(t, p.Stop(), "killed, not a clean exit")
}

func TestServeFailsWhenTheProcessExitsFirst(t *testing.T) {
	r := &recorder{dir: t.TempDir()}
	done := make(chan *Process)
	go func() {
		var p *Process
		defer func() { done <- p }()
		p = Serve(r, child("fail"))
	}()
	require.Nil(t, <-done)
	require.Contains(t, r.fatal, "exited before it served: exit status 1")
	require.Contains(t, r.fatal, "listen: address in use", "the failure shows the log")
	r.runCleanups()
}

func TestLineWatch(t *testing.T) {
	for _, tc := range []struct {
		name   string
		writes []string
		found  bool
	}{
		{"one write", []string{`level=INFO msg="node serving" addr=127.0.0.1:1` + "\n"}, true},
		{"split", []string{`{"msg":"node se`, `rving"}`}, true},
		{"split byte by byte", strings.Split(`msg="node serving"`, ""), true},
		{"other lines", []string{`msg="node starting"`, "\n", `msg="serving"`}, false},
		{"no bytes carried over wrongly", []string{"node serv", "x", "ing"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found := make(chan struct{})
			w := &lineWatch{want: []byte(ServingLine), found: found}
			for _, s := range tc.writes {
				n, err := w.Write([]byte(s))
				require.NoError(t, err)
				require.Equal(t, len(s), n)
			}
			select {
			case <-found:
				require.True(t, tc.found, "found where it should not be")
			default:
				require.False(t, tc.found, "not found")
			}
		})
	}
}

func TestWaitServing(t *testing.T) {
	t.Run("serving", func(t *testing.T) {
		log := NewLog()
		go func() {
			fmt.Fprintln(log, `level=INFO msg="starting"`)
			fmt.Fprintln(log, `level=INFO msg="node serving" addr=127.0.0.1:1`)
		}()
		WaitServing(t, log, make(chan int))
		require.Contains(t, log.String(), `msg="node serving"`)
	})
	t.Run("the run ends first", func(t *testing.T) {
		log := NewLog()
		fmt.Fprintln(log, `level=ERROR msg="listen: address in use"`)
		exited := make(chan int, 1)
		exited <- 1
		r := &recorder{}
		done := make(chan struct{})
		go func() {
			defer close(done)
			WaitServing(r, log, exited)
		}()
		<-done
		require.Contains(t, r.fatal, "node ended (1) before it served")
		require.Contains(t, r.fatal, "listen: address in use", "the failure shows the log")
	})
}
