package testnet

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/eth"
	"github.com/ethereum/go-ethereum/eth/catalyst"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/eth/filters"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/p2p"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rpc"
)

// EmbeddedChainID is the embedded dev chain's default chain id (as geth --dev).
const EmbeddedChainID = 1337

// AnvilChainID is anvil's default chain id, which tools written for anvil
// (the Infernet SDK's scripts among them) expect.
const AnvilChainID = 31337

// EmbeddedOptions configures StartEmbedded. The zero value is usable.
type EmbeddedOptions struct {
	// RPCPort is the 127.0.0.1 port serving HTTP and WebSocket JSON-RPC;
	// 0 picks a free one.
	RPCPort int
	// BlockPeriod is the time between blocks, in whole seconds (default 1 s).
	// Blocks are sealed even when empty, so block time keeps moving.
	BlockPeriod time.Duration
	// Keys is how many funded dev keys to create (default 10). They are
	// derived from a fixed public seed (DevKey), so they are the same on
	// every run: never use them outside a dev chain.
	Keys int
	// Balance is each key's genesis balance (default 10,000 ether).
	Balance *big.Int
	// GasLimit is the block gas limit (default 60,000,000).
	GasLimit uint64
	// Fund are more accounts given Balance at genesis (e.g. AnvilKeys'
	// accounts, for tools that expect anvil's).
	Fund []common.Address
	// ChainID is the chain id (default EmbeddedChainID; AnvilChainID for
	// tools that expect anvil's).
	ChainID uint64
}

// Embedded is a go-ethereum dev chain running in this process: full
// EVM (all forks through the latest dev-chain fork), blocks sealed by a
// simulated beacon every BlockPeriod, JSON-RPC on 127.0.0.1.
type Embedded struct {
	stack   *node.Node
	port    int
	chainID uint64
	keys    []*ecdsa.PrivateKey
	client  *ethclient.Client
	stopped bool
}

// DevChainConfig is the embedded chain's fork set: go-ethereum's dev chain
// config up to and including Osaka (mainnet's rules), without the
// experimental forks after it (whose state-gas repricing would make gas
// figures unlike any public network).
func DevChainConfig() *params.ChainConfig {
	cfg := *params.AllDevChainProtocolChanges
	cfg.BogotaTime = nil
	return &cfg
}

// DevKey returns the i-th deterministic dev key of the embedded chain:
// keccak256("infernode dev key <i>"). Public knowledge: dev use only.
func DevKey(i int) *ecdsa.PrivateKey {
	seed := crypto.Keccak256([]byte("infernode dev key " + strconv.Itoa(i)))
	key, err := crypto.ToECDSA(seed)
	if err != nil { // a keccak output is a valid key with overwhelming probability
		panic(fmt.Sprintf("testnet: dev key %d: %v", i, err))
	}
	return key
}

// anvilKeys are the private keys of anvil's (and Hardhat's) ten default
// accounts, from the public "test test ... junk" mnemonic.
var anvilKeys = []string{
	"ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
	"59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
	"5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
	"7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
	"47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
	"8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
	"92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
	"4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
	"dbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97",
	"2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
}

// AnvilKeys returns anvil's ten default keys (public knowledge: dev use
// only). Fund their accounts on the embedded chain (EmbeddedOptions.Fund)
// for tools and tutorials written for anvil.
func AnvilKeys() []*ecdsa.PrivateKey {
	out := make([]*ecdsa.PrivateKey, len(anvilKeys))
	for i, h := range anvilKeys {
		k, err := crypto.HexToECDSA(h)
		if err != nil {
			panic(fmt.Sprintf("testnet: anvil key %d: %v", i, err))
		}
		out[i] = k
	}
	return out
}

// StartEmbedded starts the in-process dev chain. Stop it with Stop.
func StartEmbedded(ctx context.Context, opts EmbeddedOptions) (*Embedded, error) {
	if opts.BlockPeriod <= 0 {
		opts.BlockPeriod = time.Second
	}
	if opts.BlockPeriod%time.Second != 0 {
		// Block timestamps are whole seconds, and so is the beacon's period.
		return nil, fmt.Errorf("start embedded chain: block period %s is not a whole number of seconds", opts.BlockPeriod)
	}
	if opts.Keys <= 0 {
		opts.Keys = 10
	}
	if opts.Balance == nil {
		opts.Balance = new(big.Int).Mul(big.NewInt(10_000), big.NewInt(1e18))
	}
	if opts.GasLimit == 0 {
		opts.GasLimit = 60_000_000
	}
	if opts.ChainID == 0 {
		opts.ChainID = EmbeddedChainID
	}
	port := opts.RPCPort
	if port == 0 {
		var err error
		if port, err = freePort(); err != nil {
			return nil, err
		}
	}
	alloc := types.GenesisAlloc{}
	keys := make([]*ecdsa.PrivateKey, opts.Keys)
	for i := range keys {
		keys[i] = DevKey(i)
		alloc[crypto.PubkeyToAddress(keys[i].PublicKey)] = types.Account{Balance: opts.Balance}
	}
	for _, a := range opts.Fund {
		alloc[a] = types.Account{Balance: opts.Balance}
	}

	nodeConf := node.DefaultConfig
	nodeConf.Name = "infernode-dev"
	nodeConf.DataDir = "" // in memory
	nodeConf.P2P = p2p.Config{NoDiscovery: true, MaxPeers: 0, ListenAddr: ""}
	nodeConf.HTTPHost = "127.0.0.1"
	nodeConf.HTTPPort = port
	nodeConf.HTTPModules = []string{"eth", "net", "web3", "txpool"}
	nodeConf.HTTPCors = []string{"*"}
	nodeConf.HTTPVirtualHosts = []string{"localhost", "127.0.0.1"}
	nodeConf.WSHost = "127.0.0.1"
	nodeConf.WSPort = port // shares the HTTP listener
	nodeConf.WSModules = []string{"eth", "net", "web3"}
	nodeConf.WSOrigins = []string{"*"}
	nodeConf.AuthPort = 0
	nodeConf.IPCPath = ""

	ethConf := ethconfig.Defaults
	chainConfig := DevChainConfig()
	chainConfig.ChainID = new(big.Int).SetUint64(opts.ChainID)
	ethConf.NetworkId = opts.ChainID
	ethConf.Genesis = &core.Genesis{
		Config:   chainConfig,
		GasLimit: opts.GasLimit,
		BaseFee:  big.NewInt(params.InitialBaseFee),
		Alloc:    alloc,
	}
	ethConf.SyncMode = ethconfig.FullSync
	ethConf.TxPool.NoLocals = true
	ethConf.Miner.GasCeil = opts.GasLimit

	stack, err := node.New(&nodeConf)
	if err != nil {
		return nil, fmt.Errorf("start embedded chain: node: %w", err)
	}
	backend, err := eth.New(stack, &ethConf)
	if err != nil {
		stack.Close()
		return nil, fmt.Errorf("start embedded chain: eth: %w", err)
	}
	filterSystem := filters.NewFilterSystem(backend.APIBackend, filters.Config{})
	stack.RegisterAPIs([]rpc.API{{Namespace: "eth", Service: filters.NewFilterAPI(filterSystem)}})
	beacon, err := catalyst.NewSimulatedBeacon(uint64(opts.BlockPeriod/time.Second), common.Address{}, backend)
	if err != nil {
		stack.Close()
		return nil, fmt.Errorf("start embedded chain: beacon: %w", err)
	}
	stack.RegisterLifecycle(beacon)
	if err := stack.Start(); err != nil {
		stack.Close()
		return nil, fmt.Errorf("start embedded chain on 127.0.0.1:%d: %w", port, err)
	}
	e := &Embedded{stack: stack, port: port, chainID: opts.ChainID, keys: keys, client: ethclient.NewClient(stack.Attach())}
	return e, nil
}

// Client returns an in-process client of the chain (no HTTP hop). It is
// closed by Stop.
func (e *Embedded) Client() *ethclient.Client { return e.client }

// RPCURL implements Chain.
func (e *Embedded) RPCURL() string { return loopbackURL("http", e.port) }

// WSURL implements Chain.
func (e *Embedded) WSURL() string { return loopbackURL("ws", e.port) }

// ChainID implements Chain.
func (e *Embedded) ChainID() *big.Int { return new(big.Int).SetUint64(e.chainID) }

// FundedKeys implements Chain.
func (e *Embedded) FundedKeys() []*ecdsa.PrivateKey {
	return append([]*ecdsa.PrivateKey(nil), e.keys...)
}

// Stop implements Chain.
func (e *Embedded) Stop() error {
	if e.stopped {
		return nil
	}
	e.stopped = true
	e.client.Close()
	if err := e.stack.Close(); err != nil {
		return fmt.Errorf("stop embedded chain: %w", err)
	}
	return nil
}

var _ Chain = (*Embedded)(nil)
