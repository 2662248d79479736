package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/infernode/infernode/signer"
)

// reexecWithout writes pw into a pipe and execs /proc/self/exe with the
// same arguments and the environment without the password; it returns
// only on failure.
func reexecWithout(pw string) error {
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		return fmt.Errorf("pipe: %w", err)
	}
	r, w := p[0], p[1]
	fail := func(err error) error { unix.Close(r); unix.Close(w); return err }
	if _, err := unix.Write(w, []byte(pw)); err != nil {
		return fail(fmt.Errorf("write the pipe: %w", err))
	}
	unix.Close(w)
	// The read end survives the exec; nothing else opened here does.
	if _, err := unix.FcntlInt(uintptr(r), unix.F_SETFD, 0); err != nil {
		return fail(fmt.Errorf("keep the pipe open across exec: %w", err))
	}
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, signer.PasswordEnv+"=") })
	env = append(env, passwordFDEnv+"="+strconv.Itoa(r))
	err := syscall.Exec("/proc/self/exe", os.Args, env)
	unix.Close(r)
	return fmt.Errorf("re-execute without %s: %w", signer.PasswordEnv, err)
}
