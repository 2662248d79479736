package main

import (
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/infernode/infernode/signer"
)

// passwordFDEnv names the file descriptor the re-executed process reads
// the keystore password from (hidePassword).
const passwordFDEnv = "INFERNODE_KEYSTORE_PASSWORD_FD"

// maxPassword bounds a password handed over through the pipe: it must fit
// the pipe's buffer, written before the exec with nobody reading yet.
const maxPassword = 16 << 10

// hidePassword keeps INFERNODE_KEYSTORE_PASSWORD out of
// /proc/<pid>/environ, which the kernel keeps as the process was started
// (Unsetenv does not change it). When the variable is set, the process
// writes the password into a pipe and re-executes itself (execve: the same
// pid, for a supervisor nothing changes) with an environment without it,
// naming the pipe in INFERNODE_KEYSTORE_PASSWORD_FD. The new image
// (takePassword) reads the password from the pipe into its own
// environment copy, which /proc does not show and the node removes once
// it has read it. Where re-executing is not possible it returns why, and
// the node goes on with the variable as before.
func hidePassword() error {
	pw, ok := os.LookupEnv(signer.PasswordEnv)
	if !ok || pw == "" {
		return nil
	}
	if len(pw) > maxPassword {
		return fmt.Errorf("%s is longer than %d bytes", signer.PasswordEnv, maxPassword)
	}
	return reexecWithout(pw)
}

// takePassword reads a password handed over by hidePassword: from the
// descriptor passwordFDEnv names, into the process's own copy of the
// environment. It reports whether one was handed over (then there is
// nothing to hide).
func takePassword() (bool, error) {
	v, ok := os.LookupEnv(passwordFDEnv)
	if !ok {
		return false, nil
	}
	os.Unsetenv(passwordFDEnv)
	fd, err := strconv.Atoi(v)
	if err != nil || fd < 3 {
		return true, fmt.Errorf("%s=%q is not a file descriptor", passwordFDEnv, v)
	}
	f := os.NewFile(uintptr(fd), "keystore password")
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxPassword+1))
	if err != nil {
		return true, fmt.Errorf("read the keystore password handed over: %w", err)
	}
	defer clear(b)
	return true, os.Setenv(signer.PasswordEnv, string(b))
}
