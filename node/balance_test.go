package node

import (
	"context"
	"errors"
	"log/slog"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"
)

// The balance is read at most once per minAge however often /metrics is
// scraped; a failed read counts and keeps the last value.
func TestBalanceCollectorBoundsReads(t *testing.T) {
	now := time.Unix(1000, 0)
	reads := 0
	var fail error
	c := newBalanceCollector(common.HexToAddress("0x01"), func(_ context.Context, _ common.Address, _ *big.Int) (*big.Int, error) {
		reads++
		return big.NewInt(int64(1000 * reads)), fail
	}, slog.New(slog.DiscardHandler))
	c.now = func() time.Time { return now }
	reg := prometheus.NewRegistry()
	require.NoError(t, reg.Register(c))
	scrape := func() string {
		t.Helper()
		mfs, err := reg.Gather()
		require.NoError(t, err)
		require.Len(t, mfs, 1)
		require.Equal(t, "infernode_wallet_balance_wei", mfs[0].GetName())
		return mfs[0].GetMetric()[0].GetGauge().String()
	}
	require.Contains(t, scrape(), "value:1000")
	for range 10 {
		scrape()
	}
	require.Equal(t, 1, reads, "one read per minute, not per scrape")
	now = now.Add(time.Minute)
	require.Contains(t, scrape(), "value:2000")
	require.Equal(t, 2, reads)
	fail = errors.New("rpc down")
	now = now.Add(time.Minute)
	require.Contains(t, scrape(), "value:2000", "the last value stays")
	scrape()
	require.Equal(t, 3, reads, "a failed read counts too")
}
