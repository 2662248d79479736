package contracts_test

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/node"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/contracts"
)

// env is a simulated chain with the contracts deployed and funded keys.
type env struct {
	t        *testing.T
	ctx      context.Context
	sim      *simulated.Backend
	client   simulated.Client
	backend  contracts.Backend
	keys     []*ecdsa.PrivateKey
	deployer *ecdsa.PrivateKey
	dep      contracts.Deployment
}

func newEnv(t *testing.T) *env {
	t.Helper()
	keys := make([]*ecdsa.PrivateKey, 5)
	alloc := types.GenesisAlloc{}
	for i := range keys {
		k, err := crypto.GenerateKey()
		require.NoError(t, err)
		keys[i] = k
		alloc[crypto.PubkeyToAddress(k.PublicKey)] = types.Account{Balance: new(big.Int).Mul(big.NewInt(1000), big.NewInt(1e18))}
	}
	sim := simulated.NewBackend(alloc, simulated.WithBlockGasLimit(60_000_000), func(_ *node.Config, ec *ethconfig.Config) {
		ec.Miner.GasCeil = 60_000_000
	})
	t.Cleanup(func() { _ = sim.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	e := &env{t: t, ctx: ctx, sim: sim, client: sim.Client(), keys: keys[1:], deployer: keys[0]}
	e.backend = contracts.WithCommit(sim.Client(), sim.Commit)
	dep, err := contracts.Deploy(ctx, e.backend, e.deployer, common.Address{})
	require.NoError(t, err)
	e.dep = dep
	return e
}

func (e *env) addr(k *ecdsa.PrivateKey) common.Address { return crypto.PubkeyToAddress(k.PublicKey) }

func (e *env) opts(k *ecdsa.PrivateKey) *bind.TransactOpts {
	o := bind.NewKeyedTransactor(k, big.NewInt(1337))
	o.Context = e.ctx
	return o
}
