//go:build linux || darwin || freebsd

package protocol

import (
	"fmt"
	"syscall"
)

// statfs returns the total, available-to-unprivileged and free bytes of the
// file system holding path.
func statfs(path string) (total, avail, free uint64, err error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return 0, 0, 0, fmt.Errorf("statfs %s: %w", path, err)
	}
	bs := uint64(st.Bsize)
	return uint64(st.Blocks) * bs, uint64(st.Bavail) * bs, uint64(st.Bfree) * bs, nil
}
