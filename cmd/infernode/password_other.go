//go:build !linux

package main

import "errors"

// reexecWithout: only Linux shows a process's start-up environment in
// /proc; elsewhere the variable is removed once read, as before.
func reexecWithout(string) error {
	return errors.ErrUnsupported
}
