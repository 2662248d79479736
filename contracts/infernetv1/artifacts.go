package infernetv1

import (
	"embed"

	"github.com/infernode/infernode/contracts"
)

// The SDK's artifacts: {abi, bytecode} JSON as its authors compiled them
// (ritual-net/infernet-sdk at 4d62ce6f4779fc9f32dff749734ac4b054eed9d2).
// contracts/build.sh refreshes the copies and the tests check them.
//
//go:embed artifacts/*.json
var artifactFiles embed.FS

// Artifact is one SDK contract's ABI and creation bytecode (the SDK's
// files have no other fields).
type Artifact = contracts.Artifact

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
	return contracts.LoadArtifactFrom(artifactFiles, "artifacts/"+name+".json", "Infernet SDK v1 "+name)
}
