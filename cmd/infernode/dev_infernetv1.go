package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/infernode/infernode/cmd/infernode/internal/walletops"
	"github.com/infernode/infernode/contracts/infernetv1"
	"github.com/infernode/infernode/signer"
	"github.com/infernode/infernode/testnet"
)

// deployInfernetV1 deploys the Infernet SDK v1 from anvil's third default
// account at nonce 0 (the addresses local Infernet setups use) with its
// example consumer, and the node's payment wallet from the SDK's factory.
func (s *devStack) deployInfernetV1(ctx context.Context) error {
	deployer := testnet.AnvilKeys()[2]
	dep, err := infernetv1.DeployWithExample(ctx, s.chain.Client(), deployer, infernetv1.Options{}, crypto.PubkeyToAddress(deployer.PublicKey))
	if err != nil {
		return fmt.Errorf("deploy the Infernet SDK v1 on the dev chain: %w", err)
	}
	s.inet = &dep
	node := walletops.Ops{Backend: s.chain.Client(), From: signer.NewKey(s.keys[devNodeKey])}
	if s.wallets.Node, _, err = node.CreateWallet(ctx, dep.WalletFactory, node.Address()); err != nil {
		return fmt.Errorf("create the node's payment wallet: %w", err)
	}
	return nil
}

// startBlock is where the relay's first scan starts.
func (s *devStack) startBlock() uint64 {
	if s.inet != nil {
		return s.inet.DeployBlock
	}
	return s.dep.DeployBlock
}

// printInfernetV1Banner tells a contract developer where the SDK is, which
// keys are funded and how to point Infernet tools at it; its last line is
// exactly `infernode deploy --infernet-v1`'s JSON object.
func (s *devStack) printInfernetV1Banner(w io.Writer, self string) {
	d := s.inet
	depJSON, _ := json.Marshal(d)
	var b strings.Builder
	fmt.Fprintf(&b, "\ninfernode dev --infernet-v1: the Infernet SDK v1 is up (Ctrl-C stops it and forgets everything)\n\n")
	fmt.Fprintf(&b, "  chain            %s (ws %s), chain id %d, a block %s\n", s.chain.RPCURL(), s.chain.WSURL(), d.ChainID, every(s.period))
	fmt.Fprintf(&b, "  Registry         %s   <- chain.registry_address; your consumers' constructor argument\n", d.Registry.Hex())
	fmt.Fprintf(&b, "  Coordinator      %s   (EIP712Coordinator)\n", d.Coordinator.Hex())
	fmt.Fprintf(&b, "  Inbox            %s\n", d.Inbox.Hex())
	fmt.Fprintf(&b, "  Reader           %s\n", d.Reader.Hex())
	fmt.Fprintf(&b, "  Fee              %s   (%d basis points to %s)\n", d.Fee.Hex(), d.ProtocolFee, d.FeeRecipient.Hex())
	fmt.Fprintf(&b, "  WalletFactory    %s\n", d.WalletFactory.Hex())
	fmt.Fprintf(&b, "  example consumer %s   (request(containerId, input, redundancy); getSigner() = %s)\n", d.ExampleConsumer.Hex(), d.ConsumerSigner.Hex())
	fmt.Fprintf(&b, "  node REST        %s (echo containers %s at %s)\n", s.restURL, quoteIDs(s.echoIDs), s.echoURL)
	fmt.Fprintf(&b, "  node             %s, payment wallet %s\n\n", crypto.PubkeyToAddress(s.keys[devNodeKey].PublicKey).Hex(), s.wallets.Node.Hex())
	fmt.Fprintf(&b, "anvil's default accounts are funded (public test keys: never use them on a real network):\n")
	for i, k := range testnet.AnvilKeys() {
		fmt.Fprintf(&b, "  (%d) %s  %s\n", i, crypto.PubkeyToAddress(k.PublicKey).Hex(), hexutil.Encode(crypto.FromECDSA(k)))
	}
	fmt.Fprintf(&b, "\nThe Infernet tutorials work against it: deploy your consumer (forge script --rpc-url %s\n", s.chain.RPCURL())
	fmt.Fprintf(&b, "--private-key <a key above>) with the Registry above, and request compute from container %s\n", quoteIDs(s.echoIDs[:1]))
	fmt.Fprintf(&b, "(--containers echo,hello-world serves a tutorial's container id with the echo workload too).\n")
	rpc, user := s.chain.RPCURL(), hexutil.Encode(crypto.FromECDSA(testnet.AnvilKeys()[1]))
	fmt.Fprintf(&b, "\nTry it:\n")
	fmt.Fprintf(&b, "  # an off-chain job over REST, waiting for the result\n")
	fmt.Fprintf(&b, "  %s job --url %s --sync --containers %s --data '{\"hello\":\"world\"}'\n", self, s.restURL, s.echoIDs[0])
	fmt.Fprintf(&b, "  # an on-chain request through the example consumer (from account 1), waiting for the node's delivery\n")
	fmt.Fprintf(&b, "  %s dev request --rpc %s --consumer %s --container %s --private-key %s --input 'hello chain' --wait\n", self, rpc, d.ExampleConsumer.Hex(), s.echoIDs[0], user)
	fmt.Fprintf(&b, "  # the deliveries of its subscription (the id the request printed), read from the SDK Coordinator\n")
	fmt.Fprintf(&b, "  %s deliveries --rpc %s --coordinator %s --id <subscription_id>\n", self, rpc, d.Coordinator.Hex())
	fmt.Fprintf(&b, "  # a delegated subscription in the SDK's body, signed by the example consumer's signer (account 2)\n")
	fmt.Fprintf(&b, "  %s delegate --registry %s --url %s --rpc %s --owner %s --containers %s --private-key %s --wait\n",
		self, d.Registry.Hex(), s.restURL, rpc, d.ExampleConsumer.Hex(), s.echoIDs[0], hexutil.Encode(crypto.FromECDSA(testnet.AnvilKeys()[2])))
	fmt.Fprintf(&b, "\nDeployment (the object `infernode deploy --infernet-v1` prints):\n")
	io.WriteString(w, b.String())
	fmt.Fprintf(w, "%s\n\n", depJSON)
}
