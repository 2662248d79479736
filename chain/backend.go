package chain

import (
	"context"
	"math/big"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
)

// Backend is every capability the node asks of a chain. Client and
// Instrumented implement it; consumers declare the narrower interface they
// use. Implementations must be safe for concurrent use.
type Backend interface {
	ethereum.ChainIDReader
	ethereum.ContractCaller
	ethereum.GasEstimator
	ethereum.TransactionSender
	ethereum.LogFilterer
	CodeAt(ctx context.Context, account common.Address, blockNumber *big.Int) ([]byte, error)
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	TransactionReceipt(ctx context.Context, txHash common.Hash) (*types.Receipt, error)
	TransactionByHash(ctx context.Context, txHash common.Hash) (tx *types.Transaction, isPending bool, err error)
	NonceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (uint64, error)
	PendingNonceAt(ctx context.Context, account common.Address) (uint64, error)
	BalanceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (*big.Int, error)
	SuggestGasTipCap(ctx context.Context) (*big.Int, error)
	// EstimateGasAtBlock estimates against a chosen block (nil: the
	// latest). Without a block some nodes (anvil) estimate against the
	// pending block, re-executing their whole pool for every estimate.
	EstimateGasAtBlock(ctx context.Context, msg ethereum.CallMsg, blockNumber *big.Int) (uint64, error)
	// BatchCallContract runs msgs against the latest block in one
	// request. err is the request's failure; errs[i] is call i's (a
	// revert, with its data).
	BatchCallContract(ctx context.Context, msgs []ethereum.CallMsg) (outs [][]byte, errs []error, err error)
	// ReadCallContract answers as BatchCallContract, for reads that do not
	// depend on their sender, in one eth_call where the endpoint can.
	ReadCallContract(ctx context.Context, msgs []ethereum.CallMsg) (outs [][]byte, errs []error, err error)
	// SendTransactions broadcasts txs in one request; errs[i] is
	// transaction i's outcome.
	SendTransactions(ctx context.Context, txs []*types.Transaction) (errs []error)
	// BlockReceipts returns every receipt of one block.
	BlockReceipts(ctx context.Context, block rpc.BlockNumberOrHash) ([]*types.Receipt, error)
	// SubscribeNewHead pushes new heads; it fails with
	// ErrNoSubscriptions where the transport cannot push (HTTP), and the
	// caller polls instead.
	SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error)
}

// Client also satisfies go-ethereum's bind.ContractBackend and
// bind.DeployBackend, so tooling (deploys, the wallet commands) uses the
// same client.
var _ interface {
	bind.ContractBackend
	bind.DeployBackend
} = (*Client)(nil)
