package contracts

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/infernode/infernode/abi/exampleconsumerabi"
	txsigner "github.com/infernode/infernode/signer"
)

// Backend is what Deploy needs from a chain: ethclient.Client and the
// simulated backend's client both satisfy it.
type Backend interface {
	bind.ContractBackend
	bind.DeployBackend
	ChainID(ctx context.Context) (*big.Int, error)
}

// Committer is implemented by backends that only mine on request (the
// simulated backend): Deploy calls Commit after sending its transactions.
type Committer interface {
	Commit() common.Hash
}

// TimeAdjuster is implemented by the simulated backend: AdjustTime seals a
// block that moves the chain's clock.
type TimeAdjuster interface {
	AdjustTime(adjustment time.Duration) error
}

// AdjustTime moves a simulated chain's clock by d. The pool drops mined
// transactions asynchronously after a block, and the simulated backend
// refuses to adjust time while the pool lists any, so it retries until
// the pool has caught up (or ctx ends).
func AdjustTime(ctx context.Context, a TimeAdjuster, d time.Duration) error {
	for {
		err := a.AdjustTime(d)
		if err == nil || !strings.Contains(err.Error(), "non-empty block") {
			return err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("adjust time by %s: %w (last: %v)", d, ctx.Err(), err)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// WithCommit wraps a backend so Deploy (and anything else that checks for
// Committer) mines a block by calling commit, for example
// WithCommit(sim.Client(), sim.Commit).
func WithCommit(b Backend, commit func() common.Hash) Backend {
	return committing{Backend: b, commit: commit}
}

type committing struct {
	Backend
	commit func() common.Hash
}

func (c committing) Commit() common.Hash { return c.commit() }

// Deployment is where Deploy put the contracts. Its JSON form is the object
// `infernode deploy` prints (docs/contracts.md).
type Deployment struct {
	ChainID     uint64         `json:"chain_id"`
	Coordinator common.Address `json:"coordinator"`
	// WalletFactory makes the payment Wallets; the Coordinator's
	// constructor deploys it (its first contract creation).
	WalletFactory   common.Address `json:"wallet_factory"`
	ExampleConsumer common.Address `json:"example_consumer"`
	// ConsumerSigner is the example consumer's getSigner().
	ConsumerSigner common.Address `json:"consumer_signer"`
	Deployer       common.Address `json:"deployer"`
	// DeployBlock is the block holding the Coordinator's creation: nodes
	// need not scan for its events before it.
	DeployBlock   uint64      `json:"deploy_block"`
	CoordinatorTx common.Hash `json:"coordinator_tx"`
	ConsumerTx    common.Hash `json:"example_consumer_tx"`
}

// Deploy deploys the Coordinator (which deploys its WalletFactory) and the
// example consumer from key's account and waits until both are mined. The consumer's signer is signer,
// or the deployer's address when signer is the zero address. Both
// transactions are sent before waiting (consecutive nonces), so on a chain
// with a block period this takes about one block.
func Deploy(ctx context.Context, backend Backend, key *ecdsa.PrivateKey, signer common.Address) (Deployment, error) {
	return DeployFrom(ctx, backend, txsigner.NewKey(key), signer)
}

// Sender is the account deployments are sent from and signed by (any
// form of the node's signer: a key, a keystore, a remote signer).
type Sender interface {
	Address() common.Address
	SignTx(ctx context.Context, tx *types.Transaction, chainID *big.Int) (*types.Transaction, error)
}

// DeployFrom is Deploy from sender's account.
func DeployFrom(ctx context.Context, backend Backend, sender Sender, signer common.Address) (Deployment, error) {
	from := sender.Address()
	if signer == (common.Address{}) {
		signer = from
	}
	coordArt, err := LoadArtifact(CoordinatorName)
	if err != nil {
		return Deployment{}, err
	}
	consumerArt, err := LoadArtifact(ExampleConsumerName)
	if err != nil {
		return Deployment{}, err
	}
	chainID, err := backend.ChainID(ctx)
	if err != nil {
		return Deployment{}, fmt.Errorf("deploy: read chain id: %w", err)
	}
	nonce, err := backend.PendingNonceAt(ctx, from)
	if err != nil {
		return Deployment{}, fmt.Errorf("deploy: read nonce of %s: %w", from, err)
	}
	opts := Transactor(ctx, sender, chainID)
	opts.Nonce = new(big.Int).SetUint64(nonce)
	coordAddr, coordTx, err := bind.DeployContract(opts, coordArt.Bytecode, backend, nil)
	if err != nil {
		return Deployment{}, fmt.Errorf("deploy Coordinator from %s: %w", from, err)
	}
	opts.Nonce = new(big.Int).SetUint64(nonce + 1)
	args := exampleconsumerabi.NewExampleConsumer().PackConstructor(coordAddr, signer)
	consumerAddr, consumerTx, err := bind.DeployContract(opts, consumerArt.Bytecode, backend, args)
	if err != nil {
		return Deployment{}, fmt.Errorf("deploy ExampleConsumer from %s: %w", from, err)
	}
	if c, ok := backend.(Committer); ok {
		if err := CommitUntilMined(ctx, backend, c, coordTx.Hash(), consumerTx.Hash()); err != nil {
			return Deployment{}, fmt.Errorf("deploy: %w", err)
		}
	}
	coordRcpt, err := WaitDeployed(ctx, backend, "Coordinator", coordTx)
	if err != nil {
		return Deployment{}, err
	}
	if _, err := WaitDeployed(ctx, backend, "ExampleConsumer", consumerTx); err != nil {
		return Deployment{}, err
	}
	// A contract's first CREATE uses nonce 1 (EIP-161).
	factory := crypto.CreateAddress(coordAddr, 1)
	if code, err := backend.CodeAt(ctx, factory, nil); err != nil || len(code) == 0 {
		return Deployment{}, fmt.Errorf("deploy: no WalletFactory code at %s (err %v)", factory, err)
	}
	return Deployment{
		ChainID:         chainID.Uint64(),
		Coordinator:     coordAddr,
		WalletFactory:   factory,
		ExampleConsumer: consumerAddr,
		ConsumerSigner:  signer,
		Deployer:        from,
		DeployBlock:     coordRcpt.BlockNumber.Uint64(),
		CoordinatorTx:   coordTx.Hash(),
		ConsumerTx:      consumerTx.Hash(),
	}, nil
}

// Transactor returns bind options that sign through sender for chainID.
func Transactor(ctx context.Context, sender Sender, chainID *big.Int) *bind.TransactOpts {
	from := sender.Address()
	return &bind.TransactOpts{
		From:    from,
		Context: ctx,
		Signer: func(addr common.Address, tx *types.Transaction) (*types.Transaction, error) {
			if addr != from {
				return nil, bind.ErrNotAuthorized
			}
			return sender.SignTx(ctx, tx, chainID)
		},
	}
}

// CommitUntilMined seals blocks until every tx has a receipt (for backends
// that mine on request, see Committer). It first waits until the pool knows
// every tx, so that one block normally includes them all and block times
// stay exact; under load the simulated beacon may still seal a block before
// the pool hands it the transactions, so it retries.
func CommitUntilMined(ctx context.Context, b Backend, c Committer, txs ...common.Hash) error {
	if tb := poolLookup(b); tb != nil {
		for _, h := range txs {
			for {
				if _, _, err := tb.TransactionByHash(ctx, h); err == nil {
					break
				}
				select {
				case <-ctx.Done():
					return fmt.Errorf("wait for transaction %s to reach the pool: %w", h, ctx.Err())
				case <-time.After(5 * time.Millisecond):
				}
			}
		}
	}
	for {
		c.Commit()
		mined := 0
		for _, h := range txs {
			if r, err := b.TransactionReceipt(ctx, h); err == nil && r != nil {
				mined++
			}
		}
		if mined == len(txs) {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("wait for %d transactions to be mined: %w", len(txs)-mined, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// txLookup is the part of a client that finds pending transactions.
type txLookup interface {
	TransactionByHash(context.Context, common.Hash) (*types.Transaction, bool, error)
}

// poolLookup returns b's (or, through WithCommit, its inner backend's)
// transaction lookup, or nil.
func poolLookup(b Backend) txLookup {
	if c, ok := b.(committing); ok {
		b = c.Backend
	}
	tb, _ := b.(txLookup)
	return tb
}

// WaitDeployed waits for a contract creation (name is for errors) and
// checks that it succeeded and left code.
func WaitDeployed(ctx context.Context, b Backend, name string, tx *types.Transaction) (*types.Receipt, error) {
	rcpt, err := bind.WaitMined(ctx, b, tx.Hash())
	if err != nil {
		return nil, fmt.Errorf("deploy %s: wait for tx %s: %w", name, tx.Hash(), err)
	}
	if rcpt.Status != types.ReceiptStatusSuccessful {
		return nil, fmt.Errorf("deploy %s: tx %s reverted (gas used %d)", name, tx.Hash(), rcpt.GasUsed)
	}
	code, err := b.CodeAt(ctx, rcpt.ContractAddress, nil)
	if err != nil {
		return nil, fmt.Errorf("deploy %s: read code at %s: %w", name, rcpt.ContractAddress, err)
	}
	if len(code) == 0 {
		return nil, errors.New("deploy " + name + ": no code at " + rcpt.ContractAddress.Hex())
	}
	return rcpt, nil
}
