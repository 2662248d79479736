package txm

import (
	"context"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/signer"
	"github.com/infernode/infernode/testnet"
)

// anvilEnv is anvil with automining off: the test mines each block
// (evm_mine) and sets its base fee (anvil_setNextBlockBaseFeePerGas), so
// time is driven, never waited for.
type anvilEnv struct {
	t      *testing.T
	a      *testnet.Anvil
	rpc    *rpc.Client
	client *chain.Client
	db     *storage.Store
}

func newAnvilEnv(t *testing.T, opts testnet.AnvilOptions) *anvilEnv {
	t.Helper()
	if testing.Short() {
		t.Skip("starts anvil")
	}
	ctx := context.Background()
	a, err := testnet.StartAnvil(ctx, opts)
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Stop() })
	rc, err := rpc.DialContext(ctx, a.RPCURL())
	require.NoError(t, err)
	t.Cleanup(rc.Close)
	require.NoError(t, rc.CallContext(ctx, nil, "evm_setAutomine", false))
	c, err := chain.Dial(ctx, []string{a.RPCURL()}, chain.Options{})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	db, err := storage.Open(t.TempDir(), storage.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	return &anvilEnv{t: t, a: a, rpc: rc, client: c, db: db}
}

func (e *anvilEnv) sender(opts SenderOptions) *Sender {
	e.t.Helper()
	opts.Signer = signer.NewKey(e.a.FundedKeys()[0])
	s, err := NewSender(context.Background(), e.client, e.db.Table(storage.TableNonce), opts)
	require.NoError(e.t, err)
	return s
}

func (e *anvilEnv) call(method string, args ...any) {
	e.t.Helper()
	require.NoError(e.t, e.rpc.CallContext(context.Background(), nil, method, args...))
}

// mine mines one block whose base fee is baseFee (nil: anvil's own), then
// runs a monitor step.
func (e *anvilEnv) mine(s *Sender, baseFee *big.Int) {
	e.t.Helper()
	if baseFee != nil {
		e.call("anvil_setNextBlockBaseFeePerGas", hexutil.EncodeBig(baseFee))
	}
	e.call("evm_mine")
	require.NoError(e.t, s.Step(context.Background()))
}

func (e *anvilEnv) head() *types.Header {
	h, err := e.client.HeaderByNumber(context.Background(), nil)
	require.NoError(e.t, err)
	return h
}

func (e *anvilEnv) nonce(addr common.Address) uint64 {
	n, err := e.client.NonceAt(context.Background(), addr, nil)
	require.NoError(e.t, err)
	return n
}

// requireWithinBumpCeiling: no version of any record pays more per gas
// than 4× the fee suggested when it was first sent.
func requireWithinBumpCeiling(t *testing.T, s *Sender) {
	recs, err := s.Records()
	require.NoError(t, err)
	for _, r := range recs {
		c := bumpCeiling(r)
		for _, raw := range r.Raw {
			tx := new(types.Transaction)
			require.NoError(t, tx.UnmarshalBinary(raw))
			require.LessOrEqual(t, tx.GasFeeCap().Cmp(c), 0, "nonce %d pays %s, ceiling %s", r.Nonce, tx.GasFeeCap(), c)
		}
	}
}

// TestAnvilStuckNonceGivenUp: a delivery capped just above the base fee,
// then the base fee rises fivefold and stays there. The delivery behind it
// is not bumped while it waits; the stuck one is given up after
// stuck_blocks blocks (a no-op fills its nonce), the one behind is then
// replaced at the market and mined; nothing pays more than 4× its first
// suggested fee, and the wallet's nonces stay continuous.
func TestAnvilStuckNonceGivenUp(t *testing.T) {
	e := newAnvilEnv(t, testnet.AnvilOptions{})
	s := e.sender(SenderOptions{StuckBlocks: 3})
	ctx := context.Background()
	base := e.head().BaseFee
	to := common.HexToAddress("0xaa")
	capped := transfer("capped", to)
	capped.MaxFeePerGas = new(big.Int).Add(base, new(big.Int).Div(base, big.NewInt(10)))
	_, err := s.Send(ctx, capped)
	require.NoError(t, err)
	_, err = s.Send(ctx, transfer("behind", to))
	require.NoError(t, err)

	spike := new(big.Int).Mul(base, big.NewInt(5))
	for range 3 {
		e.mine(s, spike)
		behind, _, err := s.Lookup("behind")
		require.NoError(t, err)
		require.Len(t, behind.Raw, 1, "the nonce behind the stuck one is not bumped")
	}
	for i := 0; i < 10; i++ {
		e.mine(s, spike)
		if s.InFlight() == 0 {
			break
		}
	}
	require.Zero(t, s.InFlight())
	r, _, err := s.Lookup("capped")
	require.NoError(t, err)
	require.Equal(t, StateFailed, r.State)
	require.True(t, r.Noop)
	require.True(t, r.GaveUp)
	require.Contains(t, r.Err, "given up")
	r, _, err = s.Lookup("behind")
	require.NoError(t, err)
	require.Equal(t, StateConfirmed, r.State)
	require.Equal(t, uint64(2), e.nonce(s.Address()), "nonces continuous")
	requireWithinBumpCeiling(t, s)
}

// TestAnvilGasClampedToBlockLimit: wallet.max_gas_limit far above the
// block gas limit is clamped to it; a call needing more than the block
// can hold is refused, never sent.
func TestAnvilGasClampedToBlockLimit(t *testing.T) {
	e := newAnvilEnv(t, testnet.AnvilOptions{GasLimit: 1_000_000})
	s := e.sender(SenderOptions{MaxGasLimit: 100_000_000})
	ctx := context.Background()
	c := transfer("big", common.HexToAddress("0xaa"))
	c.MinGas = 5_000_000 // more than a block holds
	_, err := s.Send(ctx, c)
	require.ErrorIs(t, err, ErrGasAboveLimit)
	c = transfer("fits", common.HexToAddress("0xaa"))
	c.MinGas = 900_000
	r, err := s.Send(ctx, c)
	require.NoError(t, err)
	require.LessOrEqual(t, r.Gas, uint64(1_000_000))
	e.mine(s, nil)
	r, _, err = s.Lookup("fits")
	require.NoError(t, err)
	require.Equal(t, StateConfirmed, r.State)
	recs, err := s.Records()
	require.NoError(t, err)
	require.Len(t, recs, 1, "the call too big for a block was never journaled")
}

// TestAnvilReorgDroppingFinalTransactionRepaired: blocks holding
// confirmed transactions are rolled back (evm_revert); the journal's next
// nonce is ahead of the chain's. The sender notices the gap below its
// next transaction and sends the dropped ones again, without a restart:
// each is mined once, and chain and journal nonces agree.
func TestAnvilReorgDroppingFinalTransactionRepaired(t *testing.T) {
	e := newAnvilEnv(t, testnet.AnvilOptions{})
	s := e.sender(SenderOptions{})
	ctx := context.Background()
	var snap hexutil.Big
	require.NoError(t, e.rpc.CallContext(ctx, &snap, "evm_snapshot"))
	to := common.HexToAddress("0xaa")
	for _, k := range []string{"a", "b"} {
		_, err := s.Send(ctx, transfer(k, to))
		require.NoError(t, err)
	}
	e.mine(s, nil)
	require.Zero(t, s.InFlight())
	require.Equal(t, uint64(2), e.nonce(s.Address()))

	var ok bool
	require.NoError(t, e.rpc.CallContext(ctx, &ok, "evm_revert", &snap))
	require.True(t, ok)
	require.Zero(t, e.nonce(s.Address()), "the chain lost both")
	_, err := s.Send(ctx, transfer("c", to))
	require.NoError(t, err)
	for i := 0; i < 6 && s.InFlight() > 0; i++ {
		e.mine(s, nil)
	}
	require.Zero(t, s.InFlight())
	require.Equal(t, uint64(3), e.nonce(s.Address()), "chain and journal agree")
	next, _, err := s.j.next()
	require.NoError(t, err)
	require.Equal(t, uint64(3), next)
	for _, k := range []string{"a", "b", "c"} {
		r, _, err := s.Lookup(k)
		require.NoError(t, err)
		require.Equal(t, StateConfirmed, r.State, k)
	}
}
