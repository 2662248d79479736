package clock

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestSleep(t *testing.T) {
	tests := []struct {
		name   string
		cancel bool
		want   bool
	}{
		{"the wait ends", false, true},
		{"the context ends first", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			d := time.Millisecond
			if tt.cancel {
				cancel()
				d = time.Hour
			}
			require.Equal(t, tt.want, Sleep(ctx, d))
		})
	}
}
