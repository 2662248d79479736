// Package clock holds the node's context-aware waiting helper, shared by
// the packages that back off or poll (the Docker supervisor, the relay).
package clock

import (
	"context"
	"time"
)

// Sleep waits d or until ctx ends; it reports whether ctx is still live,
// so a loop can write `if !clock.Sleep(ctx, d) { return }`.
func Sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
