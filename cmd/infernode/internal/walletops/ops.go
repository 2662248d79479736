// Package walletops sends the one-shot wallet transactions of the
// `infernode wallet` commands and `infernode dev` from a key the operator
// holds, waiting for each to be mined. It is tooling, not the running
// node: the node's own transactions go through package txm.
package walletops

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/abi/walletabi"
	"github.com/infernode/infernode/abi/walletfactoryabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/payments"
)

// Ops sends wallet transactions from one key (the `infernode wallet`
// commands and `infernode dev`) and waits until each is mined.
type Ops struct {
	Backend contracts.Backend
	// From signs and sends (a key, a keystore or a remote signer).
	From contracts.Sender
}

// Address is the sending account.
func (o Ops) Address() common.Address { return o.From.Address() }

// CreateWallet makes a factory Wallet owned by owner and returns its address.
func (o Ops) CreateWallet(ctx context.Context, factory, owner common.Address) (common.Address, common.Hash, error) {
	rcpt, err := o.send(ctx, factory, factoryABI.PackCreateWallet(owner), nil)
	if err != nil {
		return common.Address{}, common.Hash{}, fmt.Errorf("create wallet: %w", err)
	}
	for _, l := range rcpt.Logs {
		if ev, err := factoryABI.UnpackWalletCreatedEvent(l); err == nil {
			return ev.Wallet, rcpt.TxHash, nil
		}
	}
	return common.Address{}, rcpt.TxHash, fmt.Errorf("create wallet: tx %s has no WalletCreated event (is %s a WalletFactory?)", rcpt.TxHash, factory)
}

// Fund sends amount of token (Native: the chain's coin) from the key's
// account to wallet.
func (o Ops) Fund(ctx context.Context, wallet, token common.Address, amount *big.Int) (common.Hash, error) {
	var rcpt *types.Receipt
	var err error
	if token == payments.Native {
		rcpt, err = o.send(ctx, wallet, nil, amount)
	} else {
		rcpt, err = o.send(ctx, token, erc20Transfer(wallet, amount), nil)
	}
	if err != nil {
		return common.Hash{}, fmt.Errorf("fund wallet %s with %s of %s: %w", wallet, amount, payments.TokenName(token), err)
	}
	return rcpt.TxHash, nil
}

// Approve sets spender's allowance of token in wallet (the key must own it).
func (o Ops) Approve(ctx context.Context, wallet, spender, token common.Address, amount *big.Int) (common.Hash, error) {
	rcpt, err := o.send(ctx, wallet, walletABI.PackApprove(spender, token, amount), nil)
	if err != nil {
		return common.Hash{}, fmt.Errorf("approve %s for %s of %s in wallet %s: %w", spender, amount, payments.TokenName(token), wallet, err)
	}
	return rcpt.TxHash, nil
}

// Withdraw sends amount of unlocked token from wallet to its owner.
func (o Ops) Withdraw(ctx context.Context, wallet, token common.Address, amount *big.Int) (common.Hash, error) {
	rcpt, err := o.send(ctx, wallet, walletABI.PackWithdraw(token, amount), nil)
	if err != nil {
		return common.Hash{}, fmt.Errorf("withdraw %s of %s from wallet %s: %w", amount, payments.TokenName(token), wallet, err)
	}
	return rcpt.TxHash, nil
}

func (o Ops) send(ctx context.Context, to common.Address, data []byte, value *big.Int) (*types.Receipt, error) {
	chainID, err := o.Backend.ChainID(ctx)
	if err != nil {
		return nil, fmt.Errorf("read chain id: %w", err)
	}
	opts := contracts.Transactor(ctx, o.From, chainID)
	opts.Value = value
	tx, err := bind.NewBoundContract(to, walletABI.GetABI(), o.Backend, o.Backend, o.Backend).RawTransact(opts, data)
	if err != nil {
		return nil, explain(err)
	}
	rcpt, err := bind.WaitMined(ctx, o.Backend, tx.Hash())
	if err != nil {
		return nil, fmt.Errorf("wait for tx %s: %w", tx.Hash(), err)
	}
	if rcpt.Status != types.ReceiptStatusSuccessful {
		return nil, fmt.Errorf("tx %s reverted", tx.Hash())
	}
	return rcpt, nil
}

var (
	coordABI   = coordinatorabi.NewCoordinator()
	walletABI  = walletabi.NewWallet()
	factoryABI = walletfactoryabi.NewWalletFactory()
)

// explain names a Wallet or Coordinator revert found in an estimation error.
func explain(err error) error {
	var de rpc.DataError
	if !errors.As(err, &de) {
		return err
	}
	s, ok := de.ErrorData().(string)
	if !ok {
		return err
	}
	raw, derr := hexutil.Decode(s)
	if derr != nil || len(raw) < 4 {
		return err
	}
	for _, unpack := range []func([]byte) (any, error){walletABI.UnpackError, coordABI.UnpackError} {
		if v, uerr := unpack(raw); uerr == nil && v != nil {
			name := fmt.Sprintf("%T", v)
			name = strings.TrimPrefix(strings.TrimPrefix(name[strings.LastIndex(name, ".")+1:], "Wallet"), "Coordinator")
			return fmt.Errorf("the transaction would revert with %s%+v", name, strings.TrimPrefix(fmt.Sprintf("%+v", v), "&"))
		}
	}
	return err
}

// erc20Transfer is the calldata of ERC-20 transfer(to, amount).
func erc20Transfer(to common.Address, amount *big.Int) []byte {
	data := append([]byte{}, crypto.Keccak256([]byte("transfer(address,uint256)"))[:4]...)
	data = append(data, common.LeftPadBytes(to.Bytes(), 32)...)
	return append(data, common.LeftPadBytes(amount.Bytes(), 32)...)
}
