package coordinator

import (
	"context"
	"fmt"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
)

// WalletCalls are a dialect's WalletFactory and Wallet calls that check a
// payment wallet: the factory's isValidWallet and the Wallet's owner().
type WalletCalls struct {
	IsValid       func(wallet common.Address) []byte
	UnpackIsValid func([]byte) (bool, error)
	Owner         []byte
	UnpackOwner   func([]byte) (common.Address, error)
}

// CheckWalletOf makes sure wallet (chain.wallet.payment_address) is a
// Wallet made by factory, and returns its owner.
func CheckWalletOf(ctx context.Context, c Caller, factory, wallet common.Address, w WalletCalls) (common.Address, error) {
	out, err := c.CallContract(ctx, ethereum.CallMsg{To: &factory, Data: w.IsValid(wallet)}, nil)
	var ok bool
	if err == nil {
		ok, err = w.UnpackIsValid(out)
	}
	if err != nil {
		return common.Address{}, fmt.Errorf("chain.wallet.payment_address: ask WalletFactory %s about %s: %w", factory.Hex(), wallet.Hex(), err)
	}
	if !ok {
		return common.Address{}, fmt.Errorf("chain.wallet.payment_address %s is not a Wallet of the WalletFactory %s: create one with `infernode wallet create` and put its address there", wallet.Hex(), factory.Hex())
	}
	out, err = c.CallContract(ctx, ethereum.CallMsg{To: &wallet, Data: w.Owner}, nil)
	var owner common.Address
	if err == nil {
		owner, err = w.UnpackOwner(out)
	}
	if err != nil {
		return common.Address{}, fmt.Errorf("chain.wallet.payment_address: read owner of %s: %w", wallet.Hex(), err)
	}
	return owner, nil
}
