//go:build !linux

package signer

// NotDumpable does nothing where there is no prctl: the node's platform is
// Linux; elsewhere a core file may hold the key (docs/keys.md).
func NotDumpable() error { return nil }

// Dumpable reports true: nothing marks the process otherwise.
func Dumpable() (bool, error) { return true, nil }
