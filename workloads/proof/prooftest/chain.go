package prooftest

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/infernode/infernode/workloads/proof/artifact"
)

// DeployVerifier deploys dir's verifier.bin from key and waits until it is
// mined.
func DeployVerifier(ctx context.Context, c *ethclient.Client, key *ecdsa.PrivateKey, dir string) (common.Address, error) {
	raw, err := os.ReadFile(filepath.Join(dir, artifact.BytecodeFile))
	if err != nil {
		return common.Address{}, err
	}
	code := common.FromHex(strings.TrimSpace(string(raw)))
	chainID, err := c.ChainID(ctx)
	if err != nil {
		return common.Address{}, fmt.Errorf("chain id: %w", err)
	}
	opts := bind.NewKeyedTransactor(key, chainID)
	opts.Context = ctx
	addr, tx, err := bind.DeployContract(opts, code, c, nil)
	if err != nil {
		return common.Address{}, fmt.Errorf("deploy verifier: %w", err)
	}
	rcpt, err := bind.WaitMined(ctx, c, tx.Hash())
	if err != nil {
		return common.Address{}, fmt.Errorf("deploy verifier: %w", err)
	}
	if rcpt.Status != types.ReceiptStatusSuccessful {
		return common.Address{}, fmt.Errorf("deploy verifier: reverted")
	}
	return addr, nil
}

// Call is an eth_call of the verifier with calldata: nil when it succeeds.
func Call(ctx context.Context, c *ethclient.Client, verifier common.Address, calldata []byte) error {
	_, err := c.CallContract(ctx, ethereum.CallMsg{To: &verifier, Data: calldata}, nil)
	return err
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
