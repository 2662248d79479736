package ours

import (
	"context"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/abi/walletabi"
	"github.com/infernode/infernode/abi/walletfactoryabi"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/payments"
)

var (
	coordABI   = coordinatorabi.NewCoordinator()
	walletABI  = walletabi.NewWallet()
	factoryABI = walletfactoryabi.NewWalletFactory()
)

// ContractCaller reads contract state (an ethclient, the chain client).
type ContractCaller interface {
	CallContract(ctx context.Context, msg ethereum.CallMsg, block *big.Int) ([]byte, error)
}

func call[T any](ctx context.Context, c ContractCaller, to common.Address, data []byte, unpack func([]byte) (T, error)) (T, error) {
	var zero T
	out, err := c.CallContract(ctx, ethereum.CallMsg{To: &to, Data: data}, nil)
	if err != nil {
		return zero, err
	}
	return unpack(out)
}

// WalletFactory returns the WalletFactory of our Coordinator at coord.
func WalletFactory(ctx context.Context, c ContractCaller, coord common.Address) (common.Address, error) {
	f, err := call(ctx, c, coord, coordABI.PackWALLETFACTORY(), coordABI.UnpackWALLETFACTORY)
	if err != nil {
		return common.Address{}, fmt.Errorf("read WALLET_FACTORY() of Coordinator %s: %w", coord.Hex(), err)
	}
	return f, nil
}

// WalletFactory returns the Coordinator's WalletFactory.
func (d *Dialect) WalletFactory(ctx context.Context, c coordinator.Caller) (common.Address, error) {
	return WalletFactory(ctx, c, d.coord)
}

// CheckPaymentWallet makes sure wallet (chain.wallet.payment_address) is a
// Wallet of the Coordinator's WalletFactory, and returns its owner.
func (d *Dialect) CheckPaymentWallet(ctx context.Context, c coordinator.Caller, wallet common.Address) (common.Address, error) {
	factory, err := d.WalletFactory(ctx, c)
	if err != nil {
		return common.Address{}, fmt.Errorf("chain.wallet.payment_address: %w", err)
	}
	return coordinator.CheckWalletOf(ctx, c, factory, wallet, walletCalls)
}

var walletCalls = coordinator.WalletCalls{
	IsValid: factoryABI.PackIsValidWallet, UnpackIsValid: factoryABI.UnpackIsValidWallet,
	Owner: walletABI.PackOwner(), UnpackOwner: walletABI.UnpackOwner,
}

// ReadWallet reads a Wallet's balance, locked balance and spender's allowance of token.
func ReadWallet(ctx context.Context, c ContractCaller, wallet, spender, token common.Address) (payments.State, error) {
	var s payments.State
	var err error
	if s.Balance, err = call(ctx, c, wallet, walletABI.PackBalanceOf(token), walletABI.UnpackBalanceOf); err != nil {
		return s, fmt.Errorf("read balance of wallet %s: %w", wallet.Hex(), err)
	}
	if s.Locked, err = call(ctx, c, wallet, walletABI.PackLockedBalance(token), walletABI.UnpackLockedBalance); err != nil {
		return s, fmt.Errorf("read locked balance of wallet %s: %w", wallet.Hex(), err)
	}
	if s.Allowance, err = call(ctx, c, wallet, walletABI.PackAllowance(spender, token), walletABI.UnpackAllowance); err != nil {
		return s, fmt.Errorf("read allowance of wallet %s: %w", wallet.Hex(), err)
	}
	return s, nil
}

// ReadWallet reads what a payment Wallet holds of token and allows spender.
func (d *Dialect) ReadWallet(ctx context.Context, c coordinator.Caller, wallet, spender, token common.Address) (payments.State, error) {
	return ReadWallet(ctx, c, wallet, spender, token)
}

// WalletABI is the Wallet's ABI: the revert decoder takes it beside the
// Coordinator's, since a delivery passes a Wallet's revert up unchanged
// (InsufficientAllowance, InsufficientFunds).
func WalletABI() *abi.ABI {
	a := walletABI.GetABI()
	return &a
}

// PackApprove is the calldata of Wallet.approve(spender, token, amount).
func (d *Dialect) PackApprove(spender, token common.Address, amount *big.Int) []byte {
	return walletABI.PackApprove(spender, token, amount)
}
