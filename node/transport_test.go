package node

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestContainerClientKeepsAConnectionPerWorker(t *testing.T) {
	for _, tc := range []struct{ workers, wantPerHost int }{
		{1, 256}, {64, 256}, {500, 1000},
	} {
		require.Equal(t, tc.wantPerHost, idlePerContainer(tc.workers), "workers %d", tc.workers)
	}
}
