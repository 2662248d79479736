package contracts_test

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/abi/exampleconsumerabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/internal/testabi/testconsumerabi"
	"github.com/infernode/infernode/testnet/chaintest"
)

var (
	coordABI    = coordinatorabi.NewCoordinator()
	exampleABI  = exampleconsumerabi.NewExampleConsumer()
	testConsABI = testconsumerabi.NewTestConsumer()
	ether       = big.NewInt(1e18)
)

// env is a simulated chain (real EVM, in process) with the contracts
// deployed and funded keys. Its clock runs ahead of the wall clock, so every
// committed block is exactly one second after the previous one and AdjustTime
// moves block time precisely.
type env struct {
	t        testing.TB
	ctx      context.Context
	sim      *simulated.Backend
	client   simulated.Client
	backend  contracts.Backend
	nodes    []*ecdsa.PrivateKey // delivering nodes
	deployer *ecdsa.PrivateKey
	dep      contracts.Deployment
	coord    *bind.BoundContract
}

func newEnv(t testing.TB) *env { return newEnvWith(t, false) }

// newEnvWith builds the env; osaka selects mainnet's current fork rules
// (Osaka) instead of the simulated backend's default dev fork set, which
// includes the experimental EIP-8037 state-gas repricing.
func newEnvWith(t testing.TB, osaka bool) *env {
	t.Helper()
	keys := make([]*ecdsa.PrivateKey, 5)
	alloc := types.GenesisAlloc{}
	for i := range keys {
		k, err := crypto.GenerateKey()
		require.NoError(t, err)
		keys[i] = k
		alloc[crypto.PubkeyToAddress(k.PublicKey)] = types.Account{Balance: new(big.Int).Mul(big.NewInt(1000), ether)}
	}
	sim, ctx := chaintest.Sim(t, alloc, osaka)
	e := &env{t: t, ctx: ctx, sim: sim, client: sim.Client(), nodes: keys[1:], deployer: keys[0]}
	e.backend = contracts.WithCommit(sim.Client(), sim.Commit)
	dep, err := contracts.Deploy(ctx, e.backend, e.deployer, common.Address{})
	require.NoError(t, err)
	e.dep = dep
	e.coord = coordABI.Instance(e.client, dep.Coordinator)
	return e
}

func addrOf(k *ecdsa.PrivateKey) common.Address { return crypto.PubkeyToAddress(k.PublicKey) }

func (e *env) opts(k *ecdsa.PrivateKey) *bind.TransactOpts {
	o := bind.NewKeyedTransactor(k, big.NewInt(1337))
	o.Context = e.ctx
	return o
}

// now is the latest block's timestamp: what eth_call at latest sees.
func (e *env) now() uint64 {
	h, err := e.client.HeaderByNumber(e.ctx, nil)
	require.NoError(e.t, err)
	return h.Time
}

// advanceTo makes the next committed block have timestamp ts.
func (e *env) advanceTo(ts uint64) {
	now := e.now()
	require.Less(e.t, now, ts, "cannot go back in time")
	if ts-1 > now {
		require.NoError(e.t, contracts.AdjustTime(e.ctx, e.sim, time.Duration(ts-1-now)*time.Second))
	}
	require.Equal(e.t, ts-1, e.now())
}

// send mines a transaction from k to `to` with calldata and returns its
// successful receipt.
func (e *env) send(k *ecdsa.PrivateKey, to common.Address, data []byte) *types.Receipt {
	e.t.Helper()
	rcpt, err := e.trySend(k, to, data, nil)
	require.NoError(e.t, err)
	return rcpt
}

func (e *env) trySend(k *ecdsa.PrivateKey, to common.Address, data []byte, adjust func(*bind.TransactOpts)) (*types.Receipt, error) {
	o := e.opts(k)
	if adjust != nil {
		adjust(o)
	}
	tx, err := bind.NewBoundContract(to, coordABI.GetABI(), e.client, e.client, e.client).RawTransact(o, data)
	if err != nil {
		return nil, err
	}
	rcpt, err := e.mine(tx.Hash())
	if err != nil {
		return nil, err
	}
	if rcpt.Status != types.ReceiptStatusSuccessful {
		return rcpt, errors.New("transaction reverted")
	}
	return rcpt, nil
}

// mine commits blocks until tx has a receipt (once the pool lists it, so
// that one block normally includes it and block times stay exact).
func (e *env) mine(tx common.Hash) (*types.Receipt, error) {
	if err := contracts.CommitUntilMined(e.ctx, e.client, e.sim, tx); err != nil {
		return nil, err
	}
	return e.client.TransactionReceipt(e.ctx, tx)
}

// call runs eth_call at the latest block from `from` and returns the result
// or the Coordinator's decoded custom error.
func (e *env) call(from, to common.Address, data []byte, gasPrice *big.Int, gas uint64) ([]byte, any) {
	e.t.Helper()
	out, err := e.client.CallContract(e.ctx, ethereum.CallMsg{From: from, To: &to, Data: data, GasPrice: gasPrice, Gas: gas}, nil)
	if err == nil {
		return out, nil
	}
	return nil, decodeRevert(e.t, err)
}

// wantRevert asserts eth_call reverts with exactly the error value want
// (a *coordinatorabi.Coordinator<Name> struct).
func (e *env) wantRevert(from, to common.Address, data []byte, want any) {
	e.t.Helper()
	_, got := e.call(from, to, data, nil, 0)
	require.Equal(e.t, want, got)
}

// wantOK asserts eth_call does not revert.
func (e *env) wantOK(from, to common.Address, data []byte) []byte {
	e.t.Helper()
	out, got := e.call(from, to, data, nil, 0)
	require.Nil(e.t, got)
	return out
}

func decodeRevert(t testing.TB, err error) any {
	t.Helper()
	var de rpc.DataError
	require.True(t, errors.As(err, &de), "not a revert: %v", err)
	s, ok := de.ErrorData().(string)
	require.True(t, ok, "revert data is %T", de.ErrorData())
	raw, derr := hexutil.Decode(s)
	require.NoError(t, derr)
	require.GreaterOrEqual(t, len(raw), 4, "revert without a selector: %v", err)
	for _, unpack := range []func([]byte) (any, error){coordABI.UnpackError, testConsABI.UnpackError, walletABI.UnpackError} {
		if v, uerr := unpack(raw); uerr == nil && v != nil {
			return v
		}
	}
	t.Fatalf("unknown revert %x (%v)", raw, err)
	return nil
}

// deployTestConsumer deploys a TestConsumer whose getSigner() is signer.
func (e *env) deployTestConsumer(signer common.Address) common.Address {
	e.t.Helper()
	art, err := contracts.LoadArtifact(contracts.TestConsumerName)
	require.NoError(e.t, err)
	addr, tx, err := bind.DeployContract(e.opts(e.deployer), art.Bytecode, e.client, testConsABI.PackConstructor(e.dep.Coordinator, signer))
	require.NoError(e.t, err)
	_, err = e.mine(tx.Hash())
	require.NoError(e.t, err)
	return addr
}

// sub returns a valid subscription owned by owner, active now, one-shot.
func (e *env) sub(owner common.Address) coordinatorabi.Subscription {
	return coordinatorabi.Subscription{
		Owner:         owner,
		ActiveAt:      uint32(e.now()),
		Period:        0,
		Frequency:     1,
		Redundancy:    1,
		MaxGasPrice:   big.NewInt(1_000_000_000_000), // 1000 gwei
		MaxGasLimit:   500_000,
		ContainerId:   "echo",
		Inputs:        []byte("hello"),
		PaymentAmount: new(big.Int),
	}
}

// create makes consumer create sub (via TestConsumer.createRaw) and returns its id.
func (e *env) create(consumer common.Address, sub coordinatorabi.Subscription) uint32 {
	e.t.Helper()
	rcpt := e.send(e.deployer, consumer, testConsABI.PackCreateRaw(testconsumerabi.Subscription(sub)))
	for _, l := range rcpt.Logs {
		if ev, err := coordABI.UnpackSubscriptionCreatedEvent(l); err == nil {
			return ev.Id
		}
	}
	e.t.Fatal("no SubscriptionCreated event")
	return 0
}

func (e *env) deliverData(id, interval uint32, output []byte) []byte {
	return coordABI.PackDeliverCompute(id, interval, []byte("in"), output, []byte("proof"), common.Address{})
}

func viewCall[T any](e *env, to common.Address, data []byte, unpack func([]byte) (T, error)) T {
	e.t.Helper()
	out := e.wantOK(common.Address{}, to, data)
	v, err := unpack(out)
	require.NoError(e.t, err)
	return v
}
