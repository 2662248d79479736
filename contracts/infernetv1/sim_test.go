package infernetv1_test

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
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/contracts/infernetv1"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/testnet/chaintest"
)

var (
	coordABI    = inetv1abi.NewEIP712Coordinator()
	walletABI   = inetv1abi.NewWallet()
	factoryABI  = inetv1abi.NewWalletFactory()
	readerABI   = inetv1abi.NewReader()
	registryABI = inetv1abi.NewRegistry()
	inboxABI    = inetv1abi.NewInbox()
	feeABI      = inetv1abi.NewProtocolFee()
	ether       = big.NewInt(1e18)
	revertNames = coordinator.NewRevertDecoder(inetv1abi.RevertABIs()...)
)

// env is a simulated chain (real EVM, in process) with the SDK deployed by
// anvil's third default account at nonce 0, so at the known addresses. Its
// clock runs ahead of the wall clock: every committed block is one second
// after the previous one and advanceTo moves block time exactly.
type env struct {
	t        testing.TB
	ctx      context.Context
	sim      *simulated.Backend
	client   simulated.Client
	deployer *ecdsa.PrivateKey
	users    []*ecdsa.PrivateKey // consumers' owners, nodes, signers
	sdk      infernetv1.Addresses
}

func newEnv(t testing.TB) *env {
	t.Helper()
	deployer, err := crypto.HexToECDSA(infernetv1.AnvilDeployerKey)
	require.NoError(t, err)
	alloc := types.GenesisAlloc{infernetv1.AnvilDeployer: {Balance: new(big.Int).Mul(big.NewInt(1000), ether)}}
	users := make([]*ecdsa.PrivateKey, 5)
	for i := range users {
		users[i], err = crypto.GenerateKey()
		require.NoError(t, err)
		alloc[addrOf(users[i])] = types.Account{Balance: new(big.Int).Mul(big.NewInt(1000), ether)}
	}
	sim, ctx := chaintest.Sim(t, alloc, false)
	e := &env{t: t, ctx: ctx, sim: sim, client: sim.Client(), deployer: deployer, users: users}
	e.sdk, err = infernetv1.Deploy(ctx, contracts.WithCommit(sim.Client(), sim.Commit), deployer)
	require.NoError(t, err)
	return e
}

func addrOf(k *ecdsa.PrivateKey) common.Address { return crypto.PubkeyToAddress(k.PublicKey) }

func (e *env) opts(k *ecdsa.PrivateKey) *bind.TransactOpts {
	o := bind.NewKeyedTransactor(k, big.NewInt(1337))
	o.Context = e.ctx
	return o
}

// now is the latest block's timestamp.
func (e *env) now() uint64 {
	h, err := e.client.HeaderByNumber(e.ctx, nil)
	require.NoError(e.t, err)
	return h.Time
}

// at seals an empty block with timestamp ts, so eth_call and gas estimation
// (at latest) see block time ts and the next transaction lands at ts+1.
func (e *env) at(ts uint64) {
	e.t.Helper()
	now := e.now()
	require.Less(e.t, now, ts, "cannot go back in time")
	require.NoError(e.t, contracts.AdjustTime(e.ctx, e.sim, time.Duration(ts-now)*time.Second))
	require.Equal(e.t, ts, e.now())
}

// send mines a transaction from k to `to` and returns its successful
// receipt.
func (e *env) send(k *ecdsa.PrivateKey, to common.Address, data []byte) *types.Receipt {
	e.t.Helper()
	rcpt, err := e.trySend(k, to, data, nil)
	require.NoError(e.t, err)
	return rcpt
}

func (e *env) sendValue(k *ecdsa.PrivateKey, to common.Address, value *big.Int) {
	e.t.Helper()
	_, err := e.trySend(k, to, nil, value)
	require.NoError(e.t, err)
}

func (e *env) trySend(k *ecdsa.PrivateKey, to common.Address, data []byte, value *big.Int) (*types.Receipt, error) {
	o := e.opts(k)
	o.Value = value
	if value != nil {
		o.GasLimit = 100_000
	}
	tx, err := bind.NewBoundContract(to, coordABI.GetABI(), e.client, e.client, e.client).RawTransact(o, data)
	if err != nil {
		return nil, revertNames.FromError(err)
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

// mine commits blocks until tx has a receipt.
func (e *env) mine(tx common.Hash) (*types.Receipt, error) {
	if err := contracts.CommitUntilMined(e.ctx, e.client, e.sim, tx); err != nil {
		return nil, err
	}
	return e.client.TransactionReceipt(e.ctx, tx)
}

// deploy deploys a contract from k and returns its address.
func (e *env) deploy(k *ecdsa.PrivateKey, bytecode, args []byte) common.Address {
	e.t.Helper()
	addr, tx, err := bind.DeployContract(e.opts(k), bytecode, e.client, args)
	require.NoError(e.t, err)
	rcpt, err := e.mine(tx.Hash())
	require.NoError(e.t, err)
	require.Equal(e.t, types.ReceiptStatusSuccessful, rcpt.Status)
	return addr
}

// call runs eth_call at the latest block and returns the result, or the
// revert named by the SDK's error table.
func (e *env) call(from, to common.Address, data []byte) ([]byte, error) {
	out, err := e.client.CallContract(e.ctx, ethereum.CallMsg{From: from, To: &to, Data: data}, nil)
	if err != nil {
		return nil, revertNames.FromError(err)
	}
	return out, nil
}

// wantRevert asserts eth_call reverts with the named SDK error.
func (e *env) wantRevert(from, to common.Address, data []byte, name string) {
	e.t.Helper()
	_, err := e.call(from, to, data)
	require.Error(e.t, err)
	require.Equal(e.t, name, coordinator.RevertName(err), "%v", err)
}

func view[T any](e *env, to common.Address, data []byte, unpack func([]byte) (T, error)) T {
	e.t.Helper()
	out, err := e.call(common.Address{}, to, data)
	require.NoError(e.t, err)
	v, err := unpack(out)
	require.NoError(e.t, err)
	return v
}
