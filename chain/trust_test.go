package chain

import (
	"context"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/chain/faultproxy"
)

func (e *env) dialQuorum(t *testing.T, o Options) *Client {
	t.Helper()
	o.Timeout, o.Now = 2*time.Second, time.Now
	c, err := Dial(context.Background(), e.urls(), o)
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c
}

// TestQuorumHead: with two endpoints the head followed is one both
// report; an endpoint stuck behind holds the head back (the quorum's),
// costs one header read per endpoint, and none is distrusted for trailing.
func TestQuorumHead(t *testing.T) {
	e, sim := newEnv(t, 2)
	c := e.dialQuorum(t, Options{})
	require.Equal(t, 2, c.Quorum())
	sim.Commit()
	h, err := c.HeaderByNumber(context.Background(), nil)
	require.NoError(t, err)
	require.Equal(t, uint64(1), h.Number.Uint64())
	before := e.proxies[0].Requests.Load() + e.proxies[1].Requests.Load()
	_, err = c.HeaderByNumber(context.Background(), nil)
	require.NoError(t, err)
	require.Equal(t, before+2, e.proxies[0].Requests.Load()+e.proxies[1].Requests.Load(), "one header read per endpoint")

	e.proxies[1].Set(faultproxy.StallHead)
	_, err = c.HeaderByNumber(context.Background(), nil) // the stall freezes head 1
	require.NoError(t, err)
	sim.Commit()
	sim.Commit()
	h, err = c.HeaderByNumber(context.Background(), nil)
	require.NoError(t, err)
	require.Equal(t, uint64(1), h.Number.Uint64(), "the head both report")
	require.Equal(t, []string{"alive", "alive"}, states(c))
	require.NoError(t, c.Trouble())
}

// TestQuorumClockAndOneEndpoint: a single endpoint costs one header read
// and no confirmation; its head is not followed while its timestamp runs
// ahead of the local clock by more than MaxClockSkew.
func TestQuorumClockAndOneEndpoint(t *testing.T) {
	e, sim := newEnv(t, 1)
	c := e.dialQuorum(t, Options{MaxClockSkew: 30 * time.Second})
	require.Equal(t, 1, c.Quorum())
	sim.Commit()
	ctx := context.Background()
	before := e.proxies[0].Requests.Load()
	_, err := c.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	_, err = c.NonceAt(ctx, common.Address{}, nil)
	require.NoError(t, err)
	require.Equal(t, before+2, e.proxies[0].Requests.Load(), "a header and a nonce: two calls")

	require.NoError(t, sim.AdjustTime(time.Hour))
	sim.Commit()
	_, err = c.HeaderByNumber(ctx, nil)
	require.ErrorIs(t, err, ErrClockAhead)
	require.ErrorIs(t, c.Trouble(), ErrClockAhead)
}

// TestConfirmedNonce: an endpoint adding 2 to every nonce is a
// disagreement with one other endpoint (a wait), and outvoted by two.
func TestConfirmedNonce(t *testing.T) {
	e, _ := newEnv(t, 3)
	e.proxies[1].Set(faultproxy.NonceLie)
	ctx := context.Background()
	two := &env{proxies: e.proxies[:2]}
	c := two.dialQuorum(t, Options{})
	_, err := c.NonceAt(ctx, common.Address{1}, nil)
	require.ErrorIs(t, err, ErrDisagree)
	require.ErrorIs(t, c.Trouble(), ErrDisagree)

	c = e.dialQuorum(t, Options{})
	n, err := c.NonceAt(ctx, common.Address{1}, nil)
	require.NoError(t, err)
	require.Zero(t, n, "the two honest endpoints' answer")
	require.NoError(t, c.Trouble())
}
