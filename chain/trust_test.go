package chain

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
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

// TestObjectiveChecksAreDown: beside an honest endpoint, one whose blocks
// run an hour ahead of the local clock fails an objective check: it is
// faulty, out of rotation with the reason shown, and the quorum (2, the
// default with two endpoints) is taken over the honest one alone, as for a
// dead endpoint: its head is followed, reads are answered, nothing is in
// trouble. When the clock agrees again it is back.
func TestObjectiveChecksAreDown(t *testing.T) {
	e, sim := newEnv(t, 2)
	fork, fsim := newEnv(t, 1) // another chain of the same id and genesis
	fsim.Commit()
	require.NoError(t, fsim.AdjustTime(time.Hour)) // mines a block an hour ahead
	sim.Commit()
	ctx := context.Background()
	two := &env{proxies: []*faultproxy.Proxy{e.proxies[0], fork.proxies[0]}}
	c := two.dialQuorum(t, Options{MaxClockSkew: 30 * time.Second})
	require.Equal(t, 2, c.Quorum())
	h, err := c.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	honest, err := sim.Client().HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	require.Equal(t, honest.Hash(), h.Hash(), "the honest head, followed alone")
	eps := c.Endpoints()
	require.Equal(t, "faulty", eps[1].State)
	require.Contains(t, eps[1].Reason, "ahead of the local clock")
	require.Equal(t, "alive", eps[0].State)
	require.NoError(t, c.Trouble())
	n, err := c.NonceAt(ctx, common.Address{1}, nil)
	require.NoError(t, err)
	require.Zero(t, n)
	require.True(t, c.Up())

	// A dead second endpoint is the same: the quorum over the one left.
	c = e.dialQuorum(t, Options{MaxClockSkew: 30 * time.Second})
	e.proxies[1].Kill()
	sim.Commit()
	h, err = c.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	require.Equal(t, uint64(2), h.Number.Uint64())
	_, err = c.NonceAt(ctx, common.Address{1}, nil)
	require.NoError(t, err)
	require.NoError(t, c.Trouble())
}

// TestSlowEndpointIsBehind: an honest endpoint that answers every call
// late (1.5 s, against a ConfirmTimeout of 300 ms) is waited for once, then
// not at all: the head is followed and reads are confirmed by the prompt
// one, and nothing disagrees. It is still asked, and a late answer that
// differs (it lies about the nonce) is reported.
func TestSlowEndpointIsBehind(t *testing.T) {
	e, sim := newEnv(t, 2)
	e.proxies[1].SetDelay(1500 * time.Millisecond)
	c := e.dialQuorum(t, Options{ConfirmTimeout: 300 * time.Millisecond})
	ctx := context.Background()
	for range 3 {
		sim.Commit()
		_, err := c.HeaderByNumber(ctx, nil)
		require.NoError(t, err)
		_, err = c.NonceAt(ctx, common.Address{1}, nil)
		require.NoError(t, err)
		_, _, err = c.ReadCallContract(ctx, []ethereum.CallMsg{{To: &common.Address{0xaa}}, {To: &common.Address{0xbb}}})
		require.NoError(t, err)
		require.NoError(t, c.Trouble())
	}
	require.Equal(t, []string{"alive", "alive"}, states(c))
	before := e.proxies[1].Requests.Load()
	e.proxies[1].Set(faultproxy.NonceLie)
	_, err := c.NonceAt(ctx, common.Address{1}, nil)
	require.NoError(t, err, "confirmed by the prompt endpoint")
	require.Eventually(t, func() bool { return errors.Is(c.Trouble(), ErrDisagree) }, time.Minute, 50*time.Millisecond,
		"the slow endpoint's late answer differs")
	require.Greater(t, e.proxies[1].Requests.Load(), before, "the slow endpoint is still asked")
}

// TestConfirmationsBatched: reads made at once are confirmed together, in
// one eth_call on the second endpoint (here 32 reads queue while a batch
// is taken to be in flight, and go out as one call), each read still
// answered as its own.
func TestConfirmationsBatched(t *testing.T) {
	e, sim := newEnv(t, 2)
	c := e.dialQuorum(t, Options{ConfirmTimeout: time.Minute})
	sim.Commit()
	ctx := context.Background()
	_, err := c.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	before := e.proxies[1].Requests.Load()
	c.cb.mu.Lock()
	c.cb.busy = true // as if a batch were in flight: the reads queue
	c.cb.mu.Unlock()
	var wg sync.WaitGroup
	errs := make([]error, 32)
	outs := make([][][]byte, 32)
	for i := range 32 {
		wg.Go(func() {
			outs[i], _, errs[i] = c.ReadCallContract(ctx, []ethereum.CallMsg{{To: &common.Address{byte(i)}}, {To: &common.Address{0xbb}}})
		})
	}
	require.Eventually(t, func() bool {
		c.cb.mu.Lock()
		defer c.cb.mu.Unlock()
		return len(c.cb.queue) == 32
	}, time.Minute, 10*time.Millisecond, "32 confirmations queue")
	go c.flushReads() // the batch in flight ends: the next takes them all
	wg.Wait()
	for i, err := range errs {
		require.NoError(t, err)
		require.Len(t, outs[i], 2)
	}
	require.Equal(t, before+1, e.proxies[1].Requests.Load(), "one call confirms 32 reads")
	require.NoError(t, c.Trouble())
}

// TestStoredBlockCheck: two endpoints on two chains of the same id whose
// timestamps are in step disagree on the head. Without a block the node
// followed or stored that is all they are: a wait. Told of a stored block
// (Anchor) that one holds and the other does not, the other fails the
// check: faulty, out of rotation, and the head is the one holding it.
func TestStoredBlockCheck(t *testing.T) {
	a, asim := newEnv(t, 1)
	b, bsim := newEnv(t, 1)
	asim.Commit()
	require.NoError(t, bsim.AdjustTime(5*time.Second)) // another block 1
	ctx := context.Background()
	two := &env{proxies: []*faultproxy.Proxy{a.proxies[0], b.proxies[0]}}
	c := two.dialQuorum(t, Options{MaxClockSkew: time.Minute})
	_, err := c.HeaderByNumber(ctx, nil)
	require.ErrorIs(t, err, ErrDisagree, "no stored block to tell them apart")

	stored, err := asim.Client().HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	c.Anchor(stored.Number.Uint64(), stored.Hash())
	asim.Commit()
	bsim.Commit()
	h, err := c.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	require.Equal(t, stored.Hash(), h.ParentHash, "the head of the chain holding the stored block")
	eps := c.Endpoints()
	require.Equal(t, "faulty", eps[1].State)
	require.Contains(t, eps[1].Reason, "lacks block 1")
	require.NoError(t, c.Trouble())
	_, err = c.NonceAt(ctx, common.Address{1}, nil)
	require.NoError(t, err, "read and confirmed by the endpoint in rotation")
}
