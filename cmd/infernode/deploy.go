package main

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/internal/config"
)

// deployCommand is `infernode deploy` (SPEC §2): deploys the Coordinator and
// the example consumer to any chain and prints one JSON object on stdout.
func deployCommand() command {
	return command{name: "deploy", summary: "deploy the Coordinator and the example consumer to a chain", run: runDeploy}
}

func runDeploy(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("deploy", "--rpc URL --private-key KEY [--consumer-signer ADDR]", stderr)
	rpcURL := fs.String("rpc", "", "JSON-RPC URL of the chain (http(s):// or ws(s)://)")
	keyHex := fs.String("private-key", "", "deployer private key, hex (env INFERNODE_PRIVATE_KEY when not given)")
	signerHex := fs.String("consumer-signer", "", "the example consumer's getSigner() (default: the deployer's address)")
	timeout := fs.Duration("timeout", 2*time.Minute, "give up when the contracts are not mined within this time")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	if *rpcURL == "" {
		return usagef(fs, "--rpc is required (for example --rpc http://127.0.0.1:8545)")
	}
	if *keyHex == "" {
		*keyHex = os.Getenv("INFERNODE_PRIVATE_KEY")
	}
	if *keyHex == "" {
		return usagef(fs, "--private-key is required (or set INFERNODE_PRIVATE_KEY)")
	}
	key, err := parsePrivateKey(*keyHex)
	if err != nil {
		return usagef(fs, "--private-key: %v", err)
	}
	var signer common.Address
	if *signerHex != "" {
		if !common.IsHexAddress(*signerHex) {
			return usagef(fs, "--consumer-signer: %q is not an address (0x followed by 40 hex digits)", *signerHex)
		}
		signer = common.HexToAddress(*signerHex)
	}

	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	dep, err := deployTo(ctx, *rpcURL, key, signer, stderr)
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(dep)
}

// deployTo dials the chain, deploys, and reports progress on log.
func deployTo(ctx context.Context, rpcURL string, key *ecdsa.PrivateKey, signer common.Address, log io.Writer) (contracts.Deployment, error) {
	client, err := ethclient.DialContext(ctx, rpcURL)
	if err != nil {
		return contracts.Deployment{}, fmt.Errorf("connect to %s: %w", rpcURL, err)
	}
	defer client.Close()
	if _, err := client.ChainID(ctx); err != nil {
		return contracts.Deployment{}, fmt.Errorf("connect to %s: %w (is the chain running?)", rpcURL, err)
	}
	fmt.Fprintf(log, "deploying from %s to %s ...\n", crypto.PubkeyToAddress(key.PublicKey), rpcURL)
	dep, err := contracts.Deploy(ctx, client, key, signer)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return dep, fmt.Errorf("%w (does the chain produce blocks? is the deployer funded?)", err)
		}
		return dep, err
	}
	fmt.Fprintf(log, "deployed Coordinator at %s and ExampleConsumer at %s (chain %d, block %d)\n",
		dep.Coordinator, dep.ExampleConsumer, dep.ChainID, dep.DeployBlock)
	return dep, nil
}

// parsePrivateKey reads a --private-key flag (config.ParsePrivateKey).
func parsePrivateKey(s string) (*ecdsa.PrivateKey, error) { return config.ParsePrivateKey(s) }
