package txm

import (
	"context"
	"math/big"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// Backend is what the sender and the verifier need from a chain. Both
// *ethclient.Client (geth, anvil, any JSON-RPC endpoint) and the simulated
// backend's client satisfy it. Implementations must be safe for concurrent
// use.
type Backend interface {
	ethereum.ContractCaller
	ethereum.GasEstimator
	ethereum.GasPricer1559
	ethereum.TransactionSender
	ethereum.ChainIDReader
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	TransactionReceipt(ctx context.Context, txHash common.Hash) (*types.Receipt, error)
	TransactionByHash(ctx context.Context, txHash common.Hash) (tx *types.Transaction, isPending bool, err error)
	NonceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (uint64, error)
	PendingNonceAt(ctx context.Context, account common.Address) (uint64, error)
}

// TransactionBatchSender is implemented by backends that broadcast several
// signed transactions in one JSON-RPC batch (relay.Instrumented). errs[i]
// is transaction i's outcome.
type TransactionBatchSender interface {
	SendTransactions(ctx context.Context, txs []*types.Transaction) (errs []error)
}

// BlockGasEstimator is implemented by backends that estimate gas against a
// chosen block (*ethclient.Client); a nil number is the latest block. The
// sender prefers it: without a block, some nodes (anvil) estimate against
// the pending block, which re-executes their whole transaction pool for
// every estimate (about 10 ms each with a block's worth of deliveries
// pooled), while the pre-checks and the simulation need only the latest
// state.
type BlockGasEstimator interface {
	EstimateGasAtBlock(ctx context.Context, msg ethereum.CallMsg, blockNumber *big.Int) (uint64, error)
}
