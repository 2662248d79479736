package infernetv1

import (
	"embed"
	"encoding/json"
	"fmt"

	"github.com/ethereum/go-ethereum/common/hexutil"
)

// The SDK's artifacts: {abi, bytecode} JSON as its authors compiled them
// (ritual-net/infernet-sdk at 4d62ce6f4779fc9f32dff749734ac4b054eed9d2).
// contracts/build.sh refreshes the copies and the tests check them.
//
//go:embed artifacts/*.json
var artifactFiles embed.FS

// Artifact is one SDK contract's ABI and creation bytecode.
type Artifact struct {
	ABI      json.RawMessage `json:"abi"`
	Bytecode hexutil.Bytes   `json:"bytecode"`
}

// Artifact names (the files in artifacts/, without .json), in deployment order.
const (
	RegistryName      = "registry"
	CoordinatorName   = "eip712Coordinator"
	InboxName         = "inbox"
	ReaderName        = "reader"
	FeeName           = "fee"
	WalletFactoryName = "walletFactory"
)

// ArtifactNames lists the SDK's artifacts in deployment order.
var ArtifactNames = []string{RegistryName, CoordinatorName, InboxName, ReaderName, FeeName, WalletFactoryName}

// LoadArtifact returns the embedded artifact of an SDK contract (one of the
// *Name constants).
func LoadArtifact(name string) (Artifact, error) {
	raw, err := artifactFiles.ReadFile("artifacts/" + name + ".json")
	if err != nil {
		return Artifact{}, fmt.Errorf("load Infernet SDK v1 artifact %s: %w", name, err)
	}
	var a Artifact
	if err := json.Unmarshal(raw, &a); err != nil {
		return Artifact{}, fmt.Errorf("decode Infernet SDK v1 artifact %s: %w", name, err)
	}
	return a, nil
}
