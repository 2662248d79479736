package contracts

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"

	"github.com/ethereum/go-ethereum/common/hexutil"
)

//go:embed artifacts/*.json
var artifactFiles embed.FS

// Artifact is one compiled contract as written by compile.js.
type Artifact struct {
	ContractName     string          `json:"contractName"`
	SourceName       string          `json:"sourceName"`
	Compiler         string          `json:"compiler"`
	EVMVersion       string          `json:"evmVersion"`
	ABI              json.RawMessage `json:"abi"`
	Bytecode         hexutil.Bytes   `json:"bytecode"`
	DeployedBytecode hexutil.Bytes   `json:"deployedBytecode"`
}

// Names of the compiled contracts with artifacts.
const (
	CoordinatorName     = "Coordinator"
	ExampleConsumerName = "ExampleConsumer"
	ProofConsumerName   = "ProofConsumer"
	TestConsumerName    = "TestConsumer"
	WalletName          = "Wallet"
	WalletFactoryName   = "WalletFactory"
	TestTokenName       = "TestToken"
	TestVerifierName    = "TestVerifier"
	Groth16VerifierName = "Groth16Verifier"

	// Written against the Infernet SDK v1 Coordinator (contracts/infernetv1).
	InfernetExampleConsumerName          = "InfernetExampleConsumer"
	InfernetTestCallbackConsumerName     = "InfernetTestCallbackConsumer"
	InfernetTestSubscriptionConsumerName = "InfernetTestSubscriptionConsumer"
	InfernetTestDelegatedConsumerName    = "InfernetTestDelegatedConsumer"
)

// LoadArtifact returns the embedded artifact of a contract (one of the
// *Name constants). The returned value is a fresh copy the caller owns.
func LoadArtifact(name string) (Artifact, error) {
	return LoadArtifactFrom(artifactFiles, "artifacts/"+name+".json", name)
}

// LoadArtifactFrom reads and decodes an artifact file from fsys (name is
// for errors). Artifacts that are only {abi, bytecode} decode too.
func LoadArtifactFrom(fsys fs.FS, path, name string) (Artifact, error) {
	raw, err := fs.ReadFile(fsys, path)
	if err != nil {
		return Artifact{}, fmt.Errorf("load artifact %s: %w", name, err)
	}
	var a Artifact
	if err := json.Unmarshal(raw, &a); err != nil {
		return Artifact{}, fmt.Errorf("decode artifact %s: %w", name, err)
	}
	return a, nil
}
