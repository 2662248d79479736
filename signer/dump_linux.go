package signer

import "golang.org/x/sys/unix"

// NotDumpable marks the process not dumpable while it holds a key: no core
// file is written when it crashes, and other processes of the same user can
// neither ptrace it nor read its /proc/<pid>/mem or environ
// (chain.wallet.allow_core_dumps opts out).
func NotDumpable() error {
	return unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)
}

// Dumpable reports the process's dumpable flag (PR_GET_DUMPABLE).
func Dumpable() (bool, error) {
	v, err := unix.PrctlRetInt(unix.PR_GET_DUMPABLE, 0, 0, 0, 0)
	return v != 0, err
}
