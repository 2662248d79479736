//go:build unix

package executor

import (
	"errors"
	"net"
	"syscall"
)

// connAlive reports whether an idle connection is still open: a
// non-blocking peek finds nothing to read. A server that closed it
// (a keep-alive timeout) left an end of file; stray bytes mean the
// connection is out of step. Neither may be reused.
func connAlive(c net.Conn) bool {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return true
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	alive := false
	var buf [1]byte
	err = rc.Read(func(fd uintptr) bool {
		n, _, rerr := syscall.Recvfrom(int(fd), buf[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		alive = n < 0 && errors.Is(rerr, syscall.EAGAIN)
		return true // never wait: this is a check, not a read
	})
	return err == nil && alive
}
