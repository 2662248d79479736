package infernetv1

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/contracts"
	txsigner "github.com/infernode/infernode/signer"
)

// Addresses is where Deploy put the SDK. Its JSON form is part of the object
// `infernode deploy --infernet-v1` prints (docs/infernet-v1.md).
type Addresses struct {
	ChainID       uint64         `json:"chain_id"`
	Registry      common.Address `json:"registry"`
	Coordinator   common.Address `json:"coordinator"` // the EIP712Coordinator
	Inbox         common.Address `json:"inbox"`
	Reader        common.Address `json:"reader"`
	Fee           common.Address `json:"fee"`
	WalletFactory common.Address `json:"wallet_factory"`
	Deployer      common.Address `json:"deployer"`
	// FeeRecipient and ProtocolFee are the Fee contract's constructor
	// arguments (ProtocolFee in basis points).
	FeeRecipient common.Address `json:"fee_recipient"`
	ProtocolFee  uint16         `json:"protocol_fee"`
	// DeployBlock is the block holding the Registry's creation: nodes need
	// not scan for the Coordinator's events before it.
	DeployBlock uint64 `json:"deploy_block"`
}

// The SDK's addresses when anvil's third default account
// (0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC) deploys it at nonce 0: the
// addresses existing local Infernet setups use.
var (
	AnvilDeployer      = common.HexToAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")
	AnvilRegistry      = common.HexToAddress("0x663F3ad617193148711d28f5334eE4Ed07016602")
	AnvilCoordinator   = common.HexToAddress("0x2E983A1Ba5e8b38AAAeC4B440B9dDcFBf72E15d1")
	AnvilInbox         = common.HexToAddress("0x8438Ad1C834623CfF278AB6829a248E37C2D7E3f")
	AnvilReader        = common.HexToAddress("0xBC9129Dc0487fc2E169941C75aABC539f208fb01")
	AnvilFee           = common.HexToAddress("0x6e989C01a3e3A94C973A62280a72EC335598490e")
	AnvilWalletFactory = common.HexToAddress("0xF6168876932289D073567f347121A267095f3DD6")
)

// AnvilDeployerKey is the private key of AnvilDeployer, anvil's (and
// Hardhat's) well-known third test account. Never use it on a real chain.
const AnvilDeployerKey = "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"

// DefaultProtocolFee is the protocol fee the SDK's own deploy script sets:
// 500 basis points (5%).
const DefaultProtocolFee uint16 = 500

// Options are the SDK deployment's parameters.
type Options struct {
	// FeeRecipient receives the protocol fee and owns the Fee contract;
	// zero means the deployer.
	FeeRecipient common.Address
	// ProtocolFee in basis points; nil means DefaultProtocolFee.
	ProtocolFee *uint16
}

// Predict returns the addresses the SDK gets when deployer deploys it
// starting at nonce: Registry, EIP712Coordinator, Inbox, Reader, Fee,
// WalletFactory at six consecutive nonces.
func Predict(deployer common.Address, nonce uint64) Addresses {
	return Addresses{
		Registry:      crypto.CreateAddress(deployer, nonce),
		Coordinator:   crypto.CreateAddress(deployer, nonce+1),
		Inbox:         crypto.CreateAddress(deployer, nonce+2),
		Reader:        crypto.CreateAddress(deployer, nonce+3),
		Fee:           crypto.CreateAddress(deployer, nonce+4),
		WalletFactory: crypto.CreateAddress(deployer, nonce+5),
		Deployer:      deployer,
	}
}

// Deploy deploys the SDK from key's account with the SDK's default fee
// (DefaultProtocolFee to the deployer); see DeployWith.
func Deploy(ctx context.Context, backend contracts.Backend, key *ecdsa.PrivateKey) (Addresses, error) {
	return DeployWith(ctx, backend, key, Options{})
}

// DeployWith deploys Registry, EIP712Coordinator, Inbox, Reader, Fee and
// WalletFactory in this order from key's account, at the addresses Predict
// gives for the account's current nonce (the Registry takes the others'
// addresses in its constructor), and waits until all are mined. The
// Registry goes first and alone, because the others read it in their
// constructors; the other five are then sent together, so on a chain with
// a block period this takes about two blocks. Anything else sending from
// the same account meanwhile breaks the prediction: Deploy then fails.
func DeployWith(ctx context.Context, backend contracts.Backend, key *ecdsa.PrivateKey, opts Options) (Addresses, error) {
	return DeployWithFrom(ctx, backend, txsigner.NewKey(key), opts)
}

// DeployWithFrom is DeployWith from sender's account.
func DeployWithFrom(ctx context.Context, backend contracts.Backend, sender contracts.Sender, opts Options) (Addresses, error) {
	from := sender.Address()
	chainID, err := backend.ChainID(ctx)
	if err != nil {
		return Addresses{}, fmt.Errorf("deploy Infernet SDK v1: read chain id: %w", err)
	}
	nonce, err := backend.PendingNonceAt(ctx, from)
	if err != nil {
		return Addresses{}, fmt.Errorf("deploy Infernet SDK v1: read nonce of %s: %w", from, err)
	}
	want := Predict(from, nonce)
	want.ChainID = chainID.Uint64()
	want.FeeRecipient = opts.FeeRecipient
	if want.FeeRecipient == (common.Address{}) {
		want.FeeRecipient = from
	}
	want.ProtocolFee = DefaultProtocolFee
	if opts.ProtocolFee != nil {
		want.ProtocolFee = *opts.ProtocolFee
	}
	if want.ProtocolFee > 10_000 {
		return Addresses{}, fmt.Errorf("deploy Infernet SDK v1: protocol fee %d basis points is over 10000 (100%%)", want.ProtocolFee)
	}

	registryArgs := inetv1abi.NewRegistry().PackConstructor(want.Coordinator, want.Inbox, want.Reader, want.Fee, want.WalletFactory)
	byRegistry := inetv1abi.NewEIP712Coordinator().PackConstructor(want.Registry) // the same (address registry) for four of them
	steps := []struct {
		name string
		addr common.Address
		args []byte
	}{
		{RegistryName, want.Registry, registryArgs},
		{CoordinatorName, want.Coordinator, byRegistry},
		{InboxName, want.Inbox, byRegistry},
		{ReaderName, want.Reader, byRegistry},
		{FeeName, want.Fee, inetv1abi.NewProtocolFee().PackConstructor(want.FeeRecipient, want.ProtocolFee)},
		{WalletFactoryName, want.WalletFactory, byRegistry},
	}
	txOpts := contracts.Transactor(ctx, sender, chainID)
	send := func(i int) (*types.Transaction, error) {
		step := steps[i]
		art, err := LoadArtifact(step.name)
		if err != nil {
			return nil, err
		}
		txOpts.Nonce = new(big.Int).SetUint64(nonce + uint64(i))
		addr, tx, err := bind.DeployContract(txOpts, art.Bytecode, backend, step.args)
		if err != nil {
			return nil, fmt.Errorf("deploy Infernet SDK v1 %s from %s: %w", step.name, from, err)
		}
		if addr != step.addr {
			return nil, fmt.Errorf("deploy Infernet SDK v1 %s: landed at %s, not the predicted %s", step.name, addr, step.addr)
		}
		return tx, nil
	}
	wait := func(txs []*types.Transaction, first int) (*types.Receipt, error) {
		if c, ok := backend.(contracts.Committer); ok {
			hashes := make([]common.Hash, len(txs))
			for i, tx := range txs {
				hashes[i] = tx.Hash()
			}
			if err := contracts.CommitUntilMined(ctx, backend, c, hashes...); err != nil {
				return nil, fmt.Errorf("deploy Infernet SDK v1: %w", err)
			}
		}
		var firstRcpt *types.Receipt
		for i, tx := range txs {
			rcpt, err := contracts.WaitDeployed(ctx, backend, "Infernet SDK v1 "+steps[first+i].name, tx)
			if err != nil {
				return nil, err
			}
			if rcpt.ContractAddress != steps[first+i].addr {
				return nil, fmt.Errorf("deploy Infernet SDK v1 %s: created %s, not the predicted %s (was the account %s used meanwhile?)",
					steps[first+i].name, rcpt.ContractAddress, steps[first+i].addr, from)
			}
			if firstRcpt == nil {
				firstRcpt = rcpt
			}
		}
		return firstRcpt, nil
	}

	regTx, err := send(0)
	if err != nil {
		return Addresses{}, err
	}
	regRcpt, err := wait([]*types.Transaction{regTx}, 0)
	if err != nil {
		return Addresses{}, err
	}
	want.DeployBlock = regRcpt.BlockNumber.Uint64()
	var rest []*types.Transaction
	for i := 1; i < len(steps); i++ {
		tx, err := send(i)
		if err != nil {
			return Addresses{}, err
		}
		rest = append(rest, tx)
	}
	if _, err := wait(rest, 1); err != nil {
		return Addresses{}, err
	}
	return want, nil
}
