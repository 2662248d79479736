package prooftest

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/infernode/infernode/workloads/proof/onchain"
)

// Call is onchain's, for the tests' convenience.
var Call = onchain.Call

// DeployVerifier is onchain.DeployVerifier from key's account.
func DeployVerifier(ctx context.Context, c *ethclient.Client, key *ecdsa.PrivateKey, dir string) (common.Address, error) {
	chainID, err := c.ChainID(ctx)
	if err != nil {
		return common.Address{}, fmt.Errorf("chain id: %w", err)
	}
	opts := bind.NewKeyedTransactor(key, chainID)
	opts.Context = ctx
	return onchain.DeployVerifier(ctx, c, opts, dir)
}

// VerifyGas sends calldata to the verifier in a transaction from key and
// returns the gas it used (the whole transaction: 21000 base, calldata and
// the verification).
func VerifyGas(ctx context.Context, c *ethclient.Client, key *ecdsa.PrivateKey, verifier common.Address, calldata []byte) (uint64, error) {
	from := crypto.PubkeyToAddress(key.PublicKey)
	chainID, err := c.ChainID(ctx)
	if err != nil {
		return 0, err
	}
	nonce, err := c.PendingNonceAt(ctx, from)
	if err != nil {
		return 0, err
	}
	gas, err := c.EstimateGas(ctx, ethereum.CallMsg{From: from, To: &verifier, Data: calldata})
	if err != nil {
		return 0, fmt.Errorf("estimate gas: %w", err)
	}
	tip, err := c.SuggestGasTipCap(ctx)
	if err != nil {
		return 0, err
	}
	head, err := c.HeaderByNumber(ctx, nil)
	if err != nil {
		return 0, err
	}
	feeCap := new(big.Int).Add(tip, new(big.Int).Mul(head.BaseFee, big.NewInt(2)))
	tx, err := types.SignNewTx(key, types.LatestSignerForChainID(chainID), &types.DynamicFeeTx{ChainID: chainID, Nonce: nonce,
		GasTipCap: tip, GasFeeCap: feeCap, Gas: gas * 2, To: &verifier, Data: calldata})
	if err != nil {
		return 0, err
	}
	if err := c.SendTransaction(ctx, tx); err != nil {
		return 0, err
	}
	rcpt, err := bind.WaitMined(ctx, c, tx.Hash())
	if err != nil {
		return 0, err
	}
	if rcpt.Status != types.ReceiptStatusSuccessful {
		return 0, fmt.Errorf("verification transaction reverted")
	}
	return rcpt.GasUsed, nil
}
