package signer_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/infernode/infernode/signer"
)

// dumpHelperEnv makes the test binary a key-holding process that waits to
// be killed (TestMain): "guarded" marks itself not dumpable as the node
// does, "open" does not.
const dumpHelperEnv = "INFERNODE_TEST_DUMP_HELPER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(dumpHelperEnv); mode != "" {
		os.Exit(dumpHelper(mode))
	}
	os.Exit(m.Run())
}

// dumpHelper unlocks the keystore named by the environment with the
// password from INFERNODE_KEYSTORE_PASSWORD, reports its state on stdout
// and blocks until a signal ends it.
func dumpHelper(mode string) int {
	if err := unix.Setrlimit(unix.RLIMIT_CORE, &unix.Rlimit{Cur: unix.RLIM_INFINITY, Max: unix.RLIM_INFINITY}); err != nil {
		fmt.Println("rlimit:", err)
		return 1
	}
	if mode == "guarded" {
		if err := signer.NotDumpable(); err != nil {
			fmt.Println("prctl:", err)
			return 1
		}
	}
	s, err := signer.Open(context.Background(), signer.Wallet{Keystore: os.Getenv("KEYSTORE")}, signer.Options{})
	if err != nil {
		fmt.Println("open:", err)
		return 1
	}
	dumpable, err := signer.Dumpable()
	if err != nil {
		fmt.Println("prctl:", err)
		return 1
	}
	_, envSet := os.LookupEnv(signer.PasswordEnv)
	fmt.Printf("ready %s dumpable=%t env=%t\n", s.Address(), dumpable, envSet)
	select {}
}

// A process holding a key, killed with SIGQUIT under GOTRACEBACK=crash and
// `ulimit -c unlimited` (the Go runtime aborts: a core where one may be
// written), writes no core once it marked itself not dumpable; the same
// process left dumpable writes one that holds the password.
func TestKeyHolderWritesNoCore(t *testing.T) {
	if testing.Short() {
		t.Skip("full tier: writes a core file")
	}
	pattern, err := os.ReadFile("/proc/sys/kernel/core_pattern")
	require.NoError(t, err)
	// Where the kernel writes plain core files into the working directory,
	// the control is checked too; a piped core_pattern (apport,
	// systemd-coredump) may decline a core, so there only the guarded
	// process is.
	plain := strings.TrimSpace(string(pattern)) == "core"
	ks := writeKeystore(t, t.TempDir(), keyHex, password)

	run := func(mode string) (string, syscall.WaitStatus, []byte) {
		dir := t.TempDir()
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), dumpHelperEnv+"="+mode, "GOTRACEBACK=crash", "KEYSTORE="+ks, signer.PasswordEnv+"="+password)
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		cmd.Stderr = nil // the goroutine dump
		require.NoError(t, cmd.Start())
		line, err := bufio.NewReader(out).ReadString('\n')
		require.NoError(t, err)
		require.NoError(t, cmd.Process.Signal(syscall.SIGQUIT))
		err = cmd.Wait()
		var ee *exec.ExitError
		require.True(t, errors.As(err, &ee), "the helper dies of the signal: %v", err)
		var core []byte
		matches, _ := filepath.Glob(filepath.Join(dir, "core*"))
		if len(matches) > 0 {
			core, err = os.ReadFile(matches[0])
			require.NoError(t, err)
		}
		return strings.TrimSpace(line), ee.Sys().(syscall.WaitStatus), core
	}

	if plain {
		line, ws, core := run("open")
		require.Contains(t, line, "dumpable=true")
		require.True(t, ws.CoreDump(), "control: a dumpable key holder writes a core (%s)", ws)
		require.True(t, bytes.Contains(core, []byte(password)), "control: its core holds the password")
	}

	line, ws, core := run("guarded")
	require.Equal(t, "ready 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 dumpable=false env=false", line,
		"not dumpable, and the password is gone from the environment once read")
	require.True(t, ws.Signaled() && ws.Signal() == syscall.SIGABRT, "the runtime aborted (%s)", ws)
	require.False(t, ws.CoreDump(), "no core is written")
	require.Nil(t, core, "no core file")
}
