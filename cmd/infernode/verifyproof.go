package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/workloads/proof/onchain"
)

func verifyProofCommand() command {
	return command{name: "verify-proof", summary: "check a proof workload result on chain with the model's verifier (deploying verifier.bin if needed)", run: runVerifyProof}
}

// runVerifyProof checks a proof result's calldata with the model's
// verifier: an eth_call that succeeds exactly when the proof is valid
// (docs/proof.md). Without --verifier it first deploys DIR/verifier.bin.
func runVerifyProof(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("verify-proof", "(--result FILE | --calldata HEX) (--verifier ADDR | --artifacts DIR --private-key KEY) [--rpc URL]", stderr)
	result := fs.String("result", "", "a proof job's result as JSON (the job from `infernode job`/`results`, its result, or its output): its calldata is checked; - reads stdin")
	calldataHex := fs.String("calldata", "", "the result's calldata, 0x-hex (instead of --result)")
	verifierHex := fs.String("verifier", "", "the deployed verifier's address (default: deploy --artifacts DIR's verifier.bin first)")
	dir := fs.String("artifacts", "", "the model's artifact directory (proof setup --out DIR), whose verifier.bin is deployed when --verifier is not given")
	rpcURL := fs.String("rpc", defaultRPC(), "chain JSON-RPC URL (env RPC_URL)")
	keys := addSigningFlags(fs, "verifier deployer's")
	timeout := fs.Duration("timeout", time.Minute, "give up after this long")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	if (*result == "") == (*calldataHex == "") {
		return usagef(fs, "give exactly one of --result FILE and --calldata HEX")
	}
	var calldata []byte
	if *calldataHex != "" {
		if calldata, err = hexutil.Decode(*calldataHex); err != nil {
			return usagef(fs, "--calldata: %v (want 0x followed by hex digits)", err)
		}
	} else if calldata, err = readCalldata(*result); err != nil {
		return fmt.Errorf("--result %s: %w", *result, err)
	}
	if len(calldata) < 4 {
		return usagef(fs, "the calldata is %d bytes: want a verifyProof call (the result's \"calldata\")", len(calldata))
	}
	if *verifierHex != "" && !common.IsHexAddress(*verifierHex) {
		return usagef(fs, "--verifier: %q is not an address (0x followed by 40 hex digits)", *verifierHex)
	}
	if *verifierHex == "" && *dir == "" {
		return usagef(fs, "give --verifier ADDR, or --artifacts DIR to deploy its verifier.bin")
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	c, err := ethclient.DialContext(ctx, *rpcURL)
	if err != nil {
		return fmt.Errorf("connect to %s: %w", *rpcURL, err)
	}
	defer c.Close()
	chainID, err := c.ChainID(ctx)
	if err != nil {
		return fmt.Errorf("connect to %s: %w (is the chain running?)", *rpcURL, err)
	}
	verifier := common.HexToAddress(*verifierHex)
	if *verifierHex == "" {
		if !keys.given() {
			return usagef(fs, "a key is required to deploy the verifier: --private-key (or set INFERNODE_PRIVATE_KEY), --keystore or --remote-signer (docs/keys.md); or give --verifier ADDR")
		}
		from, err := keys.signer(ctx, stderr)
		if err != nil {
			return err
		}
		if verifier, err = onchain.DeployVerifier(ctx, c, contracts.Transactor(ctx, from, chainID), *dir); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "deployed %s/verifier.bin at %s\n", strings.TrimRight(*dir, "/"), verifier)
	}
	if err := onchain.Call(ctx, c, verifier, calldata); err != nil {
		return fmt.Errorf("the proof is NOT valid: verifier %s rejects it: %w", verifier, err)
	}
	gas, err := onchain.EstimateGas(ctx, c, verifier, calldata)
	if err != nil {
		return fmt.Errorf("estimate gas: %w", err)
	}
	fmt.Fprintf(stdout, "valid: verifier %s accepts the proof (%d gas as a transaction)\n", verifier, gas)
	return nil
}

// readCalldata finds "calldata" in a job (or a list of one, as `infernode
// results` prints it), its result or its output (the proof workload's
// result, docs/proof.md).
func readCalldata(path string) ([]byte, error) {
	var raw []byte
	var err error
	if path == "-" {
		raw, err = io.ReadAll(io.LimitReader(os.Stdin, 64<<20))
	} else {
		raw, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, err
	}
	// `infernode results ID` prints a list: one job in it is that job.
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil {
		if len(list) != 1 {
			return nil, fmt.Errorf("a list of %d jobs: give one job's result", len(list))
		}
		raw = list[0]
	}
	for range 3 { // job → result → output
		var v map[string]json.RawMessage
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, fmt.Errorf("not a JSON object: %w", err)
		}
		if cd, ok := v["calldata"]; ok {
			var s string
			if err := json.Unmarshal(cd, &s); err != nil {
				return nil, fmt.Errorf("calldata is not a string: %w", err)
			}
			return hexutil.Decode(s)
		}
		next, ok := v["result"]
		if !ok {
			next, ok = v["output"]
		}
		if !ok {
			break
		}
		raw = next
	}
	return nil, errors.New(`no "calldata" in it, nor in its "result" or "output": is it a proof workload's result?`)
}
