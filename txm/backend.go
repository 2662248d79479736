package txm

import (
	"context"
	"math/big"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
)

// Backend is what the sender needs from a chain (chain.Client satisfies
// it, over RPC endpoints or the simulated backend). Implementations must
// be safe for concurrent use and bound every call with a deadline.
type Backend interface {
	ethereum.ChainIDReader
	ethereum.ContractCaller
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	SuggestGasTipCap(ctx context.Context) (*big.Int, error)
	// EstimateGasAtBlock estimates against a chosen block; the sender
	// names the latest (nil), since some nodes (anvil) estimate against
	// the pending block otherwise, re-executing their pool each time.
	EstimateGasAtBlock(ctx context.Context, msg ethereum.CallMsg, blockNumber *big.Int) (uint64, error)
	SendTransaction(ctx context.Context, tx *types.Transaction) error
	// SendTransactions broadcasts several signed transactions in one
	// request; errs[i] is transaction i's outcome.
	SendTransactions(ctx context.Context, txs []*types.Transaction) (errs []error)
	TransactionReceipt(ctx context.Context, txHash common.Hash) (*types.Receipt, error)
	TransactionByHash(ctx context.Context, txHash common.Hash) (tx *types.Transaction, isPending bool, err error)
	// BlockReceipts reads a block's receipts at once (eth_getBlockReceipts):
	// the monitor's cost does not grow with the transactions in flight.
	BlockReceipts(ctx context.Context, blockNrOrHash rpc.BlockNumberOrHash) ([]*types.Receipt, error)
	NonceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (uint64, error)
	PendingNonceAt(ctx context.Context, account common.Address) (uint64, error)
}
