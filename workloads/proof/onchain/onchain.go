// Package onchain deploys a proof artifact set's verifier (verifier.bin)
// and checks proofs with it over JSON-RPC: what `infernode verify-proof`
// and the proof tests do with a result's calldata.
package onchain

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
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
// A rejection is a *RejectedError saying which check failed.
func Call(ctx context.Context, c *ethclient.Client, verifier common.Address, calldata []byte) error {
	_, err := c.CallContract(ctx, ethereum.CallMsg{To: &verifier, Data: calldata}, nil)
	if err == nil {
		return nil
	}
	var de rpc.DataError
	if !errors.As(err, &de) {
		if !strings.Contains(err.Error(), "revert") {
			return err // not an answer of the verifier: the call itself failed
		}
		return &RejectedError{Check: rejection(ctx, c, verifier, calldata, nil), Err: err}
	}
	data, _ := de.ErrorData().(string)
	b, _ := hexutil.Decode(data)
	return &RejectedError{Check: rejection(ctx, c, verifier, calldata, b), Err: err}
}

// RejectedError is a verifier's refusal: Check says which of its checks
// failed, in words; Err is the node's answer (it holds "execution
// reverted").
type RejectedError struct {
	Check string
	Err   error
}

func (e *RejectedError) Error() string { return e.Check + " (" + e.Err.Error() + ")" }
func (e *RejectedError) Unwrap() error { return e.Err }

// The errors of gnark's Solidity verifier, and what each means.
var verifierErrors = map[string]string{
	"ProofInvalid()":          "the pairing check failed: the proof does not prove these public inputs (an input, an output or a proof word differs from what was proven), or it is a proof for another model's verifier",
	"PublicInputNotInField()": "a public input is not below the field modulus: the calldata was altered",
	"CommitmentInvalid()":     "the commitment's proof of knowledge failed: the proof's commitment words (bytes 256-383 of a lookup circuit's proof) were altered",
}

// rejection names the check behind a revert with data b.
func rejection(ctx context.Context, c *ethclient.Client, verifier common.Address, calldata, b []byte) string {
	if len(b) >= 4 {
		for sig, why := range verifierErrors {
			if string(crypto.Keccak256([]byte(sig))[:4]) == string(b[:4]) {
				return fmt.Sprintf("%s: %s", strings.TrimSuffix(sig, "()"), why)
			}
		}
		if reason, err := abi.UnpackRevert(b); err == nil {
			if reason == "invalid proof length" {
				return "the proof has the wrong length for this verifier (256 bytes, or 384 with lookups): the calldata was cut or is for another model"
			}
			return "the verifier refused it: " + reason
		}
		return fmt.Sprintf("the verifier reverted with 0x%x", b)
	}
	if code, err := c.CodeAt(ctx, verifier, nil); err == nil && len(code) == 0 {
		return fmt.Sprintf("there is no contract at %s on this chain: deploy the model's verifier.bin (--artifacts DIR) or give its address", verifier)
	}
	if len(calldata) >= 4 {
		return fmt.Sprintf("the verifier has no function with the calldata's selector 0x%x, or the calldata does not decode as its arguments: is this the verifier of the model that made the proof (manifest.json's verifier.selector)?", calldata[:4])
	}
	return "the verifier reverted without a reason"
}

// EstimateGas is the gas a transaction sending calldata to the verifier
// would use (21000 base and the calldata included).
func EstimateGas(ctx context.Context, c *ethclient.Client, verifier common.Address, calldata []byte) (uint64, error) {
	return c.EstimateGas(ctx, ethereum.CallMsg{To: &verifier, Data: calldata})
}
