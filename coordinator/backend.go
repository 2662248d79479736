package coordinator

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
