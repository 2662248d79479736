package testnet

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
)

// fundKeys generates n keys and sends each `amount` wei from `from`,
// waiting until every transfer is mined.
func fundKeys(ctx context.Context, c *ethclient.Client, from *ecdsa.PrivateKey, n int, amount *big.Int) ([]*ecdsa.PrivateKey, error) {
	chainID, err := c.ChainID(ctx)
	if err != nil {
		return nil, fmt.Errorf("chain id: %w", err)
	}
	sender := crypto.PubkeyToAddress(from.PublicKey)
	nonce, err := c.PendingNonceAt(ctx, sender)
	if err != nil {
		return nil, fmt.Errorf("nonce of %s: %w", sender, err)
	}
	tip, err := c.SuggestGasTipCap(ctx)
	if err != nil {
		return nil, fmt.Errorf("gas tip: %w", err)
	}
	head, err := c.HeaderByNumber(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("head: %w", err)
	}
	feeCap := new(big.Int).Add(tip, new(big.Int).Mul(head.BaseFee, big.NewInt(2)))
	signer := types.LatestSignerForChainID(chainID)
	keys := make([]*ecdsa.PrivateKey, n)
	txs := make([]*types.Transaction, n)
	for i := range keys {
		if keys[i], err = crypto.GenerateKey(); err != nil {
			return nil, err
		}
		to := crypto.PubkeyToAddress(keys[i].PublicKey)
		tx, err := types.SignNewTx(from, signer, &types.DynamicFeeTx{
			ChainID: chainID, Nonce: nonce + uint64(i), GasTipCap: tip, GasFeeCap: feeCap,
			Gas: 21000, To: &to, Value: amount,
		})
		if err != nil {
			return nil, fmt.Errorf("sign transfer: %w", err)
		}
		if err := c.SendTransaction(ctx, tx); err != nil {
			return nil, fmt.Errorf("send transfer to %s: %w", to, err)
		}
		txs[i] = tx
	}
	for _, tx := range txs {
		rcpt, err := bind.WaitMined(ctx, c, tx.Hash())
		if err != nil {
			return nil, fmt.Errorf("wait for transfer %s: %w", tx.Hash(), err)
		}
		if rcpt.Status != types.ReceiptStatusSuccessful {
			return nil, fmt.Errorf("transfer %s failed", tx.Hash())
		}
	}
	return keys, nil
}
