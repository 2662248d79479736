package relay

import (
	"context"
	"math/big"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// Backend is what the relay reads from a chain: heads, logs, calls (one or
// a batch) and balances. chain.Client (and chain.Instrumented around it)
// satisfies it, over RPC endpoints or the simulated backend.
type Backend interface {
	ethereum.ContractCaller
	ethereum.LogFilterer
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	BalanceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (*big.Int, error)
	// BatchCallContract runs msgs against the latest block in one
	// request; err is the request's failure, errs[i] call i's (a revert).
	BatchCallContract(ctx context.Context, msgs []ethereum.CallMsg) (outs [][]byte, errs []error, err error)
	// ReadCallContract answers as BatchCallContract, for reads that do
	// not depend on their sender, in one eth_call where the endpoint can
	// (a state override; chain.Client.ReadCallContract).
	ReadCallContract(ctx context.Context, msgs []ethereum.CallMsg) (outs [][]byte, errs []error, err error)
	// SubscribeNewHead pushes heads, or fails (chain.ErrNoSubscriptions)
	// where the transport cannot, and the relay polls.
	SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error)
	// EstimateGasAtBlock estimates msg against a past block (the create
	// step of a mined delegated delivery, guarded.go).
	EstimateGasAtBlock(ctx context.Context, msg ethereum.CallMsg, blockNumber *big.Int) (uint64, error)
}
