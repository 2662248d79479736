package infernetv1

import (
	"context"
	"crypto/ecdsa"
	"fmt"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/abi/inetv1exampleabi"
	"github.com/infernode/infernode/contracts"
	txsigner "github.com/infernode/infernode/signer"
)

// Deployment is the SDK plus the example consumer (InfernetExampleConsumer):
// the JSON object `infernode deploy --infernet-v1` prints.
type Deployment struct {
	Addresses
	ExampleConsumer common.Address `json:"example_consumer"`
	// ConsumerSigner is the example consumer's getSigner().
	ConsumerSigner common.Address `json:"consumer_signer"`
}

// DeployWithExample deploys the SDK (DeployWith) and then the example
// consumer from the same account. The consumer's signer is signer, or the
// deployer's address when signer is the zero address.
func DeployWithExample(ctx context.Context, backend contracts.Backend, key *ecdsa.PrivateKey, opts Options, signer common.Address) (Deployment, error) {
	return DeployWithExampleFrom(ctx, backend, txsigner.NewKey(key), opts, signer)
}

// DeployWithExampleFrom is DeployWithExample from sender's account.
func DeployWithExampleFrom(ctx context.Context, backend contracts.Backend, sender contracts.Sender, opts Options, signer common.Address) (Deployment, error) {
	sdk, err := DeployWithFrom(ctx, backend, sender, opts)
	if err != nil {
		return Deployment{}, err
	}
	if signer == (common.Address{}) {
		signer = sdk.Deployer
	}
	consumer, err := DeployExampleConsumerFrom(ctx, backend, sender, sdk.Registry, signer)
	if err != nil {
		return Deployment{}, err
	}
	return Deployment{Addresses: sdk, ExampleConsumer: consumer, ConsumerSigner: signer}, nil
}

// DeployExampleConsumer deploys an InfernetExampleConsumer for the SDK
// deployment whose Registry is registry, with getSigner() signer, and waits
// until it is mined.
func DeployExampleConsumer(ctx context.Context, backend contracts.Backend, key *ecdsa.PrivateKey, registry, signer common.Address) (common.Address, error) {
	return DeployExampleConsumerFrom(ctx, backend, txsigner.NewKey(key), registry, signer)
}

// DeployExampleConsumerFrom is DeployExampleConsumer from sender's account.
func DeployExampleConsumerFrom(ctx context.Context, backend contracts.Backend, sender contracts.Sender, registry, signer common.Address) (common.Address, error) {
	art, err := contracts.LoadArtifact(contracts.InfernetExampleConsumerName)
	if err != nil {
		return common.Address{}, err
	}
	chainID, err := backend.ChainID(ctx)
	if err != nil {
		return common.Address{}, fmt.Errorf("deploy InfernetExampleConsumer: read chain id: %w", err)
	}
	opts := contracts.Transactor(ctx, sender, chainID)
	args := inetv1exampleabi.NewInfernetExampleConsumer().PackConstructor(registry, signer)
	addr, tx, err := bind.DeployContract(opts, art.Bytecode, backend, args)
	if err != nil {
		return common.Address{}, fmt.Errorf("deploy InfernetExampleConsumer from %s: %w", sender.Address(), err)
	}
	if c, ok := backend.(contracts.Committer); ok {
		if err := contracts.CommitUntilMined(ctx, backend, c, tx.Hash()); err != nil {
			return common.Address{}, fmt.Errorf("deploy InfernetExampleConsumer: %w", err)
		}
	}
	if _, err := contracts.WaitDeployed(ctx, backend, "InfernetExampleConsumer", tx); err != nil {
		return common.Address{}, err
	}
	return addr, nil
}
