//go:build !(linux || darwin || freebsd)

package protocol

import "errors"

func statfs(string) (total, avail, free uint64, err error) {
	return 0, 0, 0, errors.New("statfs is not available on this system")
}
