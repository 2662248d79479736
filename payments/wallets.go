package payments

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/abi/walletabi"
	"github.com/infernode/infernode/abi/walletfactoryabi"
)

// Caller reads contract state (ethclient and the relay's Backend satisfy it).
type Caller interface {
	CallContract(ctx context.Context, msg ethereum.CallMsg, block *big.Int) ([]byte, error)
}

// ErrCannotPay: a wallet lacks the allowance or the funds for a payment
// now; the delivery is not sent and is tried again later.
var ErrCannotPay = errors.New("wallet cannot pay")

var (
	coordABI   = coordinatorabi.NewCoordinator()
	walletABI  = walletabi.NewWallet()
	factoryABI = walletfactoryabi.NewWalletFactory()
)

func call[T any](ctx context.Context, c Caller, to common.Address, data []byte, unpack func([]byte) (T, error)) (T, error) {
	var zero T
	out, err := c.CallContract(ctx, ethereum.CallMsg{To: &to, Data: data}, nil)
	if err != nil {
		return zero, err
	}
	return unpack(out)
}

// WalletFactory returns the Coordinator's WalletFactory.
func WalletFactory(ctx context.Context, c Caller, coordinator common.Address) (common.Address, error) {
	f, err := call(ctx, c, coordinator, coordABI.PackWALLETFACTORY(), coordABI.UnpackWALLETFACTORY)
	if err != nil {
		return common.Address{}, fmt.Errorf("read WALLET_FACTORY() of Coordinator %s: %w", coordinator.Hex(), err)
	}
	return f, nil
}

// CheckPaymentWallet makes sure wallet (chain.wallet.payment_address) is a
// Wallet made by the Coordinator's factory, and returns its owner.
func CheckPaymentWallet(ctx context.Context, c Caller, coordinator, wallet common.Address) (owner common.Address, err error) {
	factory, err := WalletFactory(ctx, c, coordinator)
	if err != nil {
		return common.Address{}, fmt.Errorf("chain.wallet.payment_address: %w", err)
	}
	return CheckWalletOf(ctx, c, factory, wallet)
}

// CheckWalletOf makes sure wallet (chain.wallet.payment_address) is a
// Wallet made by factory (isValidWallet), and returns its owner.
func CheckWalletOf(ctx context.Context, c Caller, factory, wallet common.Address) (owner common.Address, err error) {
	ok, err := call(ctx, c, factory, factoryABI.PackIsValidWallet(wallet), factoryABI.UnpackIsValidWallet)
	if err != nil {
		return common.Address{}, fmt.Errorf("chain.wallet.payment_address: ask WalletFactory %s about %s: %w", factory.Hex(), wallet.Hex(), err)
	}
	if !ok {
		return common.Address{}, fmt.Errorf("chain.wallet.payment_address %s is not a Wallet of the WalletFactory %s: create one with `infernode wallet create` and put its address there", wallet.Hex(), factory.Hex())
	}
	owner, err = call(ctx, c, wallet, walletABI.PackOwner(), walletABI.UnpackOwner)
	if err != nil {
		return common.Address{}, fmt.Errorf("chain.wallet.payment_address: read owner of %s: %w", wallet.Hex(), err)
	}
	return owner, nil
}

// State is what a Wallet holds for one spender and token.
type State struct {
	Balance, Locked, Allowance *big.Int
	// LockedUnknown: the Wallet does not expose its locked balance (an
	// Infernet SDK v1 Wallet); Locked is zero.
	LockedUnknown bool
}

// Unlocked is what can be moved or withdrawn.
func (s State) Unlocked() *big.Int { return new(big.Int).Sub(s.Balance, s.Locked) }

// ReadWallet reads a Wallet's balance, locked balance and spender's allowance of token.
func ReadWallet(ctx context.Context, c Caller, wallet, spender, token common.Address) (State, error) {
	var s State
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

// BalanceReader reads an account's native balance (ethclient and the
// simulated backend's client satisfy it).
type BalanceReader interface {
	BalanceAt(ctx context.Context, a common.Address, n *big.Int) (*big.Int, error)
}

// CanPay returns nil when wallet can move amount of token for spender now,
// an error wrapping ErrCannotPay naming what is short, or an RPC error.
func CanPay(ctx context.Context, c Caller, wallet, spender, token common.Address, amount *big.Int) error {
	s, err := ReadWallet(ctx, c, wallet, spender, token)
	if err != nil {
		return err
	}
	return CanPayFrom(s, wallet, spender, token, amount)
}

// CanPayFrom is CanPay on a wallet state already read.
func CanPayFrom(s State, wallet, spender, token common.Address, amount *big.Int) error {
	if s.Allowance.Cmp(amount) < 0 {
		return fmt.Errorf("%w: wallet %s allows %s only %s of %s, needs %s", ErrCannotPay, wallet.Hex(), spender.Hex(), s.Allowance, TokenName(token), amount)
	}
	if s.Unlocked().Cmp(amount) < 0 {
		return fmt.Errorf("%w: wallet %s holds %s unlocked of %s, needs %s", ErrCannotPay, wallet.Hex(), s.Unlocked(), TokenName(token), amount)
	}
	return nil
}

// WalletABI is the Wallet's ABI: give it to the revert decoder beside the
// Coordinator's, since a delivery passes a Wallet's revert up unchanged
// (InsufficientAllowance, InsufficientFunds).
func WalletABI() *abi.ABI {
	a := walletABI.GetABI()
	return &a
}

// CannotPayNow reports whether a revert name means a wallet lacks funds or
// allowance (the delivery is retried later, not counted as a failure).
func CannotPayNow(revertName string) bool {
	return revertName == "InsufficientAllowance" || revertName == "InsufficientFunds"
}

// CollateralApproval is the allowance a node gives itself in its own
// Wallet for collateral: the maximum, so it is sent once (locks give the
// allowance back when they are released; only a slash spends it).
var CollateralApproval = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// PackApprove is the calldata of Wallet.approve(spender, token, amount).
func PackApprove(spender, token common.Address, amount *big.Int) []byte {
	return walletABI.PackApprove(spender, token, amount)
}
