package infernetv1_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/exampleconsumerabi"
	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/contracts/infernetv1"
	v1dialect "github.com/infernode/infernode/coordinator/infernetv1"
	"github.com/infernode/infernode/internal/eip712"
)

func TestDeployAtKnownAddresses(t *testing.T) {
	e := newEnv(t)
	want := infernetv1.Addresses{
		ChainID:       1337,
		Registry:      infernetv1.AnvilRegistry,
		Coordinator:   infernetv1.AnvilCoordinator,
		Inbox:         infernetv1.AnvilInbox,
		Reader:        infernetv1.AnvilReader,
		Fee:           infernetv1.AnvilFee,
		WalletFactory: infernetv1.AnvilWalletFactory,
		Deployer:      infernetv1.AnvilDeployer,
		FeeRecipient:  infernetv1.AnvilDeployer,
		ProtocolFee:   infernetv1.DefaultProtocolFee,
		DeployBlock:   e.sdk.DeployBlock,
	}
	require.Equal(t, want, e.sdk)
	require.Equal(t, want.Registry, infernetv1.Predict(infernetv1.AnvilDeployer, 0).Registry)

	// The Registry names the others, and each of them works.
	reg := e.sdk.Registry
	for _, c := range []struct {
		data []byte
		want common.Address
	}{
		{registryABI.PackCOORDINATOR(), e.sdk.Coordinator},
		{registryABI.PackINBOX(), e.sdk.Inbox},
		{registryABI.PackREADER(), e.sdk.Reader},
		{registryABI.PackFEE(), e.sdk.Fee},
		{registryABI.PackWALLETFACTORY(), e.sdk.WalletFactory},
	} {
		require.Equal(t, c.want, view(e, reg, c.data, registryABI.UnpackCOORDINATOR))
	}
	require.Equal(t, infernetv1.DefaultProtocolFee, view(e, e.sdk.Fee, feeABI.PackFEE(), feeABI.UnpackFEE))
	require.Equal(t, infernetv1.AnvilDeployer, view(e, e.sdk.Fee, feeABI.PackFEERECIPIENT(), feeABI.UnpackFEERECIPIENT))
	require.Equal(t, uint32(1), view(e, e.sdk.Coordinator, coordABI.PackId(), coordABI.UnpackId))

	// A second deployment from the same account lands at the next nonces,
	// and the example consumer after it.
	signer := addrOf(e.users[0])
	again, err := infernetv1.DeployWithExample(e.ctx, contracts.WithCommit(e.client, e.sim.Commit), e.deployer, infernetv1.Options{}, signer)
	require.NoError(t, err)
	require.Equal(t, infernetv1.Predict(infernetv1.AnvilDeployer, 6).Coordinator, again.Coordinator)
	require.Equal(t, crypto.CreateAddress(infernetv1.AnvilDeployer, 12), again.ExampleConsumer)
	require.Equal(t, signer, again.ConsumerSigner)
	require.Equal(t, signer, view(e, again.ExampleConsumer, exampleABI.PackGetSigner(), exampleABI.UnpackGetSigner))
	e.send(e.users[1], again.ExampleConsumer, exampleABI.PackRequest("echo", []byte("hi"), 1))
	require.Equal(t, uint32(2), view(e, again.Coordinator, coordABI.PackId(), coordABI.UnpackId), "the consumer calls the second deployment's Coordinator")
}

func TestDeployRejectsFeeOver100Percent(t *testing.T) {
	e := newEnv(t)
	fee := uint16(10_001)
	_, err := infernetv1.DeployWith(e.ctx, contracts.WithCommit(e.client, e.sim.Commit), e.users[0], infernetv1.Options{ProtocolFee: &fee})
	require.ErrorContains(t, err, "protocol fee 10001")
}

// TestEIP712AgainstCoordinator holds the Go typed data to the deployed
// EIP712Coordinator: its domain, and createSubscriptionDelegatee accepting a
// Go signature from the owner's signer and rejecting others.
func TestEIP712AgainstCoordinator(t *testing.T) {
	e := newEnv(t)
	dom := view(e, e.sdk.Coordinator, coordABI.PackEip712Domain(), coordABI.UnpackEip712Domain)
	require.Equal(t, v1dialect.DomainName, dom.Name)
	require.Equal(t, v1dialect.DomainVersion, dom.Version)
	require.Equal(t, big.NewInt(1337), dom.ChainId)
	require.Equal(t, e.sdk.Coordinator, dom.VerifyingContract)
	require.Equal(t, v1dialect.DomainName, view(e, e.sdk.Coordinator, coordABI.PackEIP712NAME(), coordABI.UnpackEIP712NAME))

	// Any contract with getSigner() can own a delegated subscription; our
	// own example consumer has one.
	signer := e.users[1]
	art, err := contracts.LoadArtifact(contracts.ExampleConsumerName)
	require.NoError(t, err)
	owner := e.deploy(e.users[0], art.Bytecode, exampleconsumerabi.NewExampleConsumer().PackConstructor(e.sdk.Coordinator, addrOf(signer)))

	domain := v1dialect.Domain{ChainID: big.NewInt(1337), Coordinator: e.sdk.Coordinator}
	ds := v1dialect.DelegateSubscription{
		Nonce:  7,
		Expiry: uint32(e.now() + 600),
		Sub: v1dialect.Subscription{
			Owner: owner, ActiveAt: uint32(e.now()), Period: 0, Frequency: 1, Redundancy: 1,
			ContainerId: v1dialect.ContainerID("echo"), PaymentAmount: new(big.Int),
		},
	}
	sig, err := ds.Sign(domain, signer)
	require.NoError(t, err)
	got, err := ds.Recover(domain, sig)
	require.NoError(t, err)
	require.Equal(t, addrOf(signer), got)
	_, err = ds.Recover(domain, sig.HighS())
	require.ErrorIs(t, err, eip712.ErrHighS)

	create := func(sig v1dialect.Signature) []byte {
		return coordABI.PackCreateSubscriptionDelegatee(ds.Nonce, ds.Expiry, ds.Sub, sig.V, sig.R, sig.S)
	}
	out, err := e.call(addrOf(e.users[2]), e.sdk.Coordinator, create(sig))
	require.NoError(t, err)
	id, err := coordABI.UnpackCreateSubscriptionDelegatee(out)
	require.NoError(t, err)
	require.Equal(t, uint32(1), id)

	wrong, err := ds.Sign(domain, e.users[2])
	require.NoError(t, err)
	e.wantRevert(addrOf(e.users[2]), e.sdk.Coordinator, create(wrong), "SignerMismatch")
	otherChain, err := ds.Sign(v1dialect.Domain{ChainID: big.NewInt(1), Coordinator: e.sdk.Coordinator}, signer)
	require.NoError(t, err)
	e.wantRevert(addrOf(e.users[2]), e.sdk.Coordinator, create(otherChain), "SignerMismatch")
	bad := sig
	bad.V = 29
	e.wantRevert(addrOf(e.users[2]), e.sdk.Coordinator, create(bad), "InvalidSignature")
}

// TestContainerIDMatchesCoordinator: createSubscription stores exactly
// ContainerID of the comma-joined ids.
func TestContainerIDMatchesCoordinator(t *testing.T) {
	e := newEnv(t)
	user := e.users[0]
	e.send(user, e.sdk.Coordinator, coordABI.PackCreateSubscription("hash,sign", 1, 0, 1, false, common.Address{}, new(big.Int), common.Address{}, common.Address{}))
	sub := view(e, e.sdk.Coordinator, coordABI.PackGetSubscription(1), coordABI.UnpackGetSubscription)
	require.Equal(t, addrOf(user), sub.Owner)
	require.Equal(t, [32]byte(v1dialect.ContainerID("hash", "sign")), sub.ContainerId)
	require.Equal(t, v1dialect.ContainerID("hash,sign"), v1dialect.ContainerID("hash", "sign"))
	require.NotEqual(t, crypto.Keccak256Hash([]byte("hash,sign")), v1dialect.ContainerID("hash,sign"), "abi.encode, not the raw bytes")
}

// TestArtifactsMatchFixtures: the shipped copies are the SDK fixtures byte
// for byte (artifacts/SHA256SUMS records them as received; artifacts/README.md
// says from where), and the bindings carry the same bytecode.
func TestArtifactsMatchFixtures(t *testing.T) {
	sums, err := os.ReadFile(filepath.Join("artifacts", "SHA256SUMS"))
	require.NoError(t, err)
	want := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(sums)), "\n") {
		sum, file, ok := strings.Cut(line, "  ")
		require.True(t, ok, "artifacts/SHA256SUMS: %q is not `sum  file`", line)
		want[file] = sum
	}
	require.Len(t, want, len(infernetv1.ArtifactNames), "artifacts/SHA256SUMS lists one sum per artifact")
	bins := map[string]string{
		infernetv1.RegistryName:      inetv1abi.RegistryMetaData.Bin,
		infernetv1.CoordinatorName:   inetv1abi.EIP712CoordinatorMetaData.Bin,
		infernetv1.InboxName:         inetv1abi.InboxMetaData.Bin,
		infernetv1.ReaderName:        inetv1abi.ReaderMetaData.Bin,
		infernetv1.FeeName:           inetv1abi.ProtocolFeeMetaData.Bin,
		infernetv1.WalletFactoryName: inetv1abi.WalletFactoryMetaData.Bin,
	}
	for _, name := range infernetv1.ArtifactNames {
		copied, err := os.ReadFile(filepath.Join("artifacts", name+".json"))
		require.NoError(t, err)
		sum := sha256.Sum256(copied)
		require.Equal(t, want[name+".json"], hex.EncodeToString(sum[:]),
			"contracts/infernetv1/artifacts/%s.json differs from the SDK fixture recorded in artifacts/SHA256SUMS: run `make contracts` and commit", name)
		art, err := infernetv1.LoadArtifact(name)
		require.NoError(t, err)
		require.Equal(t, common.FromHex(bins[name]), []byte(art.Bytecode), name)
	}
}

// TestErrorTableAgainstBytecode: every selector in the revert table is in
// the SDK's bytecode (so it is a real error of these contracts), and the
// names the node relies on are there.
func TestErrorTableAgainstBytecode(t *testing.T) {
	var code []byte
	for _, name := range infernetv1.ArtifactNames {
		art, err := infernetv1.LoadArtifact(name)
		require.NoError(t, err)
		code = append(code, art.Bytecode...)
	}
	names := inetv1abi.ErrorNames()
	seen := map[string]bool{}
	for sel, name := range names {
		seen[name] = true
		if name == "AlreadyInitialized" { // declared by solady's Ownable, raised only by its initializer guard
			continue
		}
		require.True(t, bytes.Contains(code, sel[:]), "%s (%x) not in the SDK's bytecode", name, sel)
	}
	for _, name := range []string{"IntervalCompleted", "IntervalMismatch", "InvalidWallet", "NodeRespondedAlready", "SubscriptionCompleted",
		"SubscriptionNotActive", "SubscriptionNotFound", "SignatureExpired", "SignerMismatch", "InvalidSignature", "UnsupportedVerifierToken",
		"InsufficientFunds", "InsufficientAllowance", "NotCoordinator", "ETHTransferFailed", "TransferFailed", "Reentrancy"} {
		require.True(t, seen[name], name)
	}
}
