package node

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestContainerClientKeepsAConnectionPerWorker(t *testing.T) {
	for _, tc := range []struct{ workers, wantPerHost int }{
		{1, 256}, {64, 256}, {500, 1000},
	} {
		tr := containerClient(tc.workers).Transport.(*http.Transport)
		require.Equal(t, tc.wantPerHost, tr.MaxIdleConnsPerHost, "workers %d", tc.workers)
		require.GreaterOrEqual(t, tr.MaxIdleConns, tr.MaxIdleConnsPerHost)
		require.False(t, tr.DisableKeepAlives)
	}
}
