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
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/contracts/infernetv1"
	"github.com/infernode/infernode/signer"
)

// deployCommand is `infernode deploy` (docs/contracts.md): deploys the Coordinator and
// the example consumer to any chain and prints one JSON object on stdout.
// With --infernet-v1 it deploys the Infernet SDK v1 and its example consumer
// instead (docs/infernet-v1.md).
func deployCommand() command {
	return command{name: "deploy", summary: "deploy the Coordinator (or, with --infernet-v1, the Infernet SDK v1) and the example consumer to a chain", run: runDeploy}
}

func runDeploy(ctx context.Context, args []string, stdout, stderr io.Writer) (retErr error) {
	fs := newFlags("deploy", "--rpc URL (--private-key KEY | --keystore FILE | --remote-signer URL --signer-address ADDR) [--consumer-signer ADDR] [--infernet-v1 [--fee-recipient ADDR] [--protocol-fee BP]]", stderr)
	rpcURL := fs.String("rpc", os.Getenv("RPC_URL"), "JSON-RPC URL of the chain (http(s):// or ws(s)://; env RPC_URL)")
	// The URL may hold an API key: what the command returns shows its scheme and host only.
	defer func() { retErr = chain.RedactError(retErr, *rpcURL) }()
	keys := addSigningFlags(fs, "deployer")
	signerHex := fs.String("consumer-signer", "", "the example consumer's getSigner() (default: the deployer's address)")
	timeout := fs.Duration("timeout", 2*time.Minute, "give up when the contracts are not mined within this time")
	inetV1 := fs.Bool("infernet-v1", false, "deploy the Infernet SDK v1 (Registry, EIP712Coordinator, Inbox, Reader, Fee, WalletFactory) and its example consumer instead")
	feeRecipientHex := fs.String("fee-recipient", "", "with --infernet-v1: receives the SDK's protocol fee and owns its Fee contract (default: the deployer)")
	protocolFee := fs.Uint("protocol-fee", uint(infernetv1.DefaultProtocolFee), "with --infernet-v1: the SDK's protocol fee in basis points (0-10000)")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	v1opts := infernetv1.Options{}
	if !*inetV1 && (*feeRecipientHex != "" || setFlag(fs, "protocol-fee")) {
		return usagef(fs, "--fee-recipient and --protocol-fee apply to the Infernet SDK v1: add --infernet-v1")
	}
	if *feeRecipientHex != "" {
		if !common.IsHexAddress(*feeRecipientHex) {
			return usagef(fs, "--fee-recipient: %q is not an address (0x followed by 40 hex digits)", *feeRecipientHex)
		}
		v1opts.FeeRecipient = common.HexToAddress(*feeRecipientHex)
	}
	if *protocolFee > 10_000 {
		return usagef(fs, "--protocol-fee: %d basis points is over 10000 (100%%)", *protocolFee)
	}
	fee := uint16(*protocolFee)
	v1opts.ProtocolFee = &fee
	if *rpcURL == "" {
		return usagef(fs, "--rpc is required (for example --rpc http://127.0.0.1:8545, or set RPC_URL)")
	}
	if !keys.given() {
		return usagef(fs, "a deployer key is required: --private-key (or set INFERNODE_PRIVATE_KEY), --keystore or --remote-signer (docs/keys.md)")
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
	key, err := keys.signer(ctx, stderr)
	if err != nil {
		return err
	}
	if *inetV1 {
		dep, err := deployInfernetV1To(ctx, *rpcURL, key, v1opts, signer, stderr)
		if err != nil {
			return err
		}
		return json.NewEncoder(stdout).Encode(dep)
	}
	dep, err := deployTo(ctx, *rpcURL, key, signer, stderr)
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(dep)
}

// deployTo dials the chain, deploys, and reports progress on log.
func deployTo(ctx context.Context, rpcURL string, key contracts.Sender, signer common.Address, log io.Writer) (contracts.Deployment, error) {
	var dep contracts.Deployment
	err := withDeployClient(ctx, rpcURL, key, log, func(client *ethclient.Client) (err error) {
		dep, err = contracts.DeployFrom(ctx, client, key, signer)
		return err
	})
	if err != nil {
		return dep, err
	}
	fmt.Fprintf(log, "deployed Coordinator at %s and ExampleConsumer at %s (chain %d, block %d)\n",
		dep.Coordinator, dep.ExampleConsumer, dep.ChainID, dep.DeployBlock)
	return dep, nil
}

// deployInfernetV1To is deployTo for the Infernet SDK v1 and its example consumer.
func deployInfernetV1To(ctx context.Context, rpcURL string, key contracts.Sender, opts infernetv1.Options, signer common.Address, log io.Writer) (infernetv1.Deployment, error) {
	var dep infernetv1.Deployment
	err := withDeployClient(ctx, rpcURL, key, log, func(client *ethclient.Client) (err error) {
		dep, err = infernetv1.DeployWithExampleFrom(ctx, client, key, opts, signer)
		return err
	})
	if err != nil {
		return dep, err
	}
	fmt.Fprintf(log, "deployed the Infernet SDK v1 (Registry %s, EIP712Coordinator %s) and InfernetExampleConsumer at %s (chain %d, block %d)\n",
		dep.Registry, dep.Coordinator, dep.ExampleConsumer, dep.ChainID, dep.DeployBlock)
	return dep, nil
}

// withDeployClient dials the chain, checks it answers, and runs deploy,
// explaining a timeout.
func withDeployClient(ctx context.Context, rpcURL string, key contracts.Sender, log io.Writer, deploy func(*ethclient.Client) error) error {
	client, err := ethclient.DialContext(ctx, rpcURL)
	if err != nil {
		return fmt.Errorf("connect to %s: %w", rpcURL, err)
	}
	defer client.Close()
	if _, err := client.ChainID(ctx); err != nil {
		return fmt.Errorf("connect to %s: %w (is the chain running?)", rpcURL, err)
	}
	fmt.Fprintf(log, "deploying from %s to %s ...\n", key.Address(), chain.Redact(rpcURL))
	if err := deploy(client); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("%w (does the chain produce blocks? is the deployer funded?)", err)
		}
		return err
	}
	return nil
}

// parsePrivateKey reads a --private-key flag (signer.ParsePrivateKey).
func parsePrivateKey(s string) (*ecdsa.PrivateKey, error) { return signer.ParsePrivateKey(s) }
