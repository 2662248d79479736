package relay

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/chain"
)

// logsFailing is a chain backend whose eth_getLogs fails while fail is set.
type logsFailing struct {
	chain.Backend
	fail atomic.Bool
}

func (b *logsFailing) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	if b.fail.Load() {
		return nil, errors.New("logs unavailable (test)")
	}
	return b.Backend.FilterLogs(ctx, q)
}

// TestSimHealthListenerStalled: heads are read but the listener cannot
// handle them: /health turns unhealthy after ten poll intervals, and
// healthy again once it can.
func TestSimHealthListenerStalled(t *testing.T) {
	h := newHarness(t, 1)
	b := &logsFailing{Backend: h.backend()}
	n := h.startNode(1, t.TempDir(), b)
	h.commit()
	hd, err := h.client.HeaderByNumber(context.Background(), nil)
	require.NoError(t, err)
	h.eventually(func() bool { return n.r.Settled(hd.Number.Uint64()) }, "settled")
	require.NoError(t, n.r.Healthy(context.Background()))
	b.fail.Store(true)
	h.commit() // a new head the listener cannot read the logs of
	h.eventually(func() bool {
		err := n.r.Healthy(context.Background())
		return err != nil && strings.Contains(err.Error(), "listener has handled no head")
	}, "unhealthy: the listener stalled for ten poll intervals")
	b.fail.Store(false)
	h.eventually(func() bool { return n.r.Healthy(context.Background()) == nil }, "healthy again")
}
