// Package onchain deploys a proof artifact set's verifier (verifier.bin)
// and checks proofs with it over JSON-RPC: what `infernode verify-proof`
// and the proof tests do with a result's calldata.
package onchain

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
)

// BytecodeFile is the verifier's deployable bytecode in an artifact
// directory (package artifact writes it). It is declared here so that the
// node's binary, which deploys and calls verifiers, links no prover.
const BytecodeFile = "verifier.bin"

// DeployVerifier deploys dir's verifier.bin with opts (the sending
// account and its signer) and waits until it is mined.
func DeployVerifier(ctx context.Context, c *ethclient.Client, opts *bind.TransactOpts, dir string) (common.Address, error) {
	raw, err := os.ReadFile(filepath.Join(dir, BytecodeFile))
	if err != nil {
		return common.Address{}, fmt.Errorf("read the verifier's bytecode: %w", err)
	}
	code := common.FromHex(strings.TrimSpace(string(raw)))
	if len(code) == 0 {
		return common.Address{}, fmt.Errorf("%s holds no bytecode", filepath.Join(dir, BytecodeFile))
	}
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

// Call is an eth_call of the verifier with calldata: nil when it succeeds,
// that is when the proof is valid for its public inputs.
func Call(ctx context.Context, c *ethclient.Client, verifier common.Address, calldata []byte) error {
	_, err := c.CallContract(ctx, ethereum.CallMsg{To: &verifier, Data: calldata}, nil)
	return err
}

// EstimateGas is the gas a transaction sending calldata to the verifier
// would use (21000 base and the calldata included).
func EstimateGas(ctx context.Context, c *ethclient.Client, verifier common.Address, calldata []byte) (uint64, error) {
	return c.EstimateGas(ctx, ethereum.CallMsg{To: &verifier, Data: calldata})
}
