package node

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/coordinator/dialects"
	"github.com/infernode/infernode/fleet"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/payments"
	"github.com/infernode/infernode/relay"
	"github.com/infernode/infernode/rest"
	"github.com/infernode/infernode/signer"
	"github.com/infernode/infernode/txm"
)

// chainsServed refuses what the chain side does not serve yet: more than
// one chain, several lanes, top_up (docs/chains.md describes them).
func chainsServed(cfg *config.Config) error {
	if n := len(cfg.EnabledChains()); n > 1 {
		return fmt.Errorf("chains: %d chains are enabled; this build serves one chain per node (enable one)", n)
	}
	for _, ch := range cfg.EnabledChains() {
		if len(ch.Wallets) > 1 {
			return fmt.Errorf("chain %s: wallets lists %d lanes; this build sends from one (keep one)", ch.Label(), len(ch.Wallets))
		}
		if ch.TopUp != nil {
			return fmt.Errorf("chain %s: top_up is not served by this build; remove it", ch.Label())
		}
	}
	return nil
}

// RelayOptions tune NewRelayChainWith beyond the configuration file.
type RelayOptions struct {
	// Backend replaces dialing chain.rpc_url (tests, the embedded chain:
	// chain.Simulated).
	Backend chain.Backend
	// StartBlock is where the first scan starts when the data directory has
	// no relay state (the Coordinator's deploy block). Default: the
	// configuration's chain.start_block.
	StartBlock uint64
}

// NewRelayChain builds the relay from the node's configuration: it dials
// chain.rpc_url (http(s) polls heads, ws(s) subscribes), opens the nonce
// journal in the node's store and reconciles it with the chain. Use it as
// Options.NewChain when chain.enabled is true.
func NewRelayChain(ctx context.Context, deps ChainDeps) (Chain, error) {
	return NewRelayChainWith(RelayOptions{})(ctx, deps)
}

// NewRelayChainWith is NewRelayChain with extra options. When no RPC
// endpoint answers, the node starts anyway (REST serves, /health says the
// chain is down) and the chain side is built in Run, retried with back-off.
func NewRelayChainWith(ro RelayOptions) func(context.Context, ChainDeps) (Chain, error) {
	return func(ctx context.Context, deps ChainDeps) (Chain, error) {
		key := &walletKey{}
		c, err := relayChainOnce(ro, key)(ctx, deps)
		if !waitable(err) {
			return c, err
		}
		if errors.Is(err, chain.ErrDisagree) {
			deps.Logger.Warn("chain: the RPC endpoints disagree; serving REST and waiting for them to agree", "err", err)
		} else {
			deps.Logger.Warn("chain: no RPC endpoint answers; serving REST and retrying", "err", err)
		}
		return &waitingChain{build: relayChainOnce(ro, key), deps: deps, err: err}, nil
	}
}

// walletKey is the node's signer, read once however many attempts build the
// relay: the keystore password is removed from the environment when it is
// read, so a second reading would find none.
type walletKey struct{ sig signer.Signer }

// get returns the signer, reading chain.wallet the first time. A node that
// holds the key itself (private_key, keystore) is made not dumpable before
// the key is read, unless chain.wallet.allow_core_dumps.
func (k *walletKey) get(ctx context.Context, deps ChainDeps) (signer.Signer, error) {
	if k.sig != nil {
		return k.sig, nil
	}
	w := chainOf(deps.Config).Lanes()[0]
	if (w.PrivateKey != "" || w.Keystore != "") && !w.AllowCoreDumps {
		if err := signer.NotDumpable(); err != nil {
			return nil, fmt.Errorf("chain.wallet: mark the process not dumpable while it holds the key (or set chain.wallet.allow_core_dumps): %w", err)
		}
	}
	sig, err := signer.Open(ctx, w.Signer(), signer.Options{Logger: deps.Logger})
	if err != nil {
		return nil, err
	}
	k.sig = sig
	return sig, nil
}

// relayChainOnce builds the relay in one attempt.
func relayChainOnce(ro RelayOptions, key *walletKey) func(context.Context, ChainDeps) (Chain, error) {
	return func(ctx context.Context, deps ChainDeps) (Chain, error) {
		cfg := chainOf(deps.Config)
		if !cfg.Enabled {
			return nil, errors.New("chain.enabled is false")
		}
		if cfg.RegistryAddress == "" && !common.IsHexAddress(cfg.CoordinatorAddress) {
			return nil, fmt.Errorf("chain.coordinator_address %q is not an address", cfg.CoordinatorAddress)
		}
		m, err := relay.NewMetrics(deps.Registry)
		if err != nil {
			return nil, fmt.Errorf("relay metrics: %w", err)
		}
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second) // start-up reads; the relay runs on Run's
		defer cancel()
		sig, err := key.get(ctx, deps)
		if err != nil {
			return nil, err
		}
		var closeFn func()
		var runFn func(context.Context) error
		var endpoints func() []chain.EndpointStatus
		var trouble func() error
		b := ro.Backend
		if b == nil {
			co := chain.Options{
				Timeout: cfg.RPC.Timeout.D(), MaxHeadLag: cfg.RPC.MaxHeadLag,
				Quorum: cfg.RPC.Quorum, MaxClockSkew: cfg.RPC.MaxClockSkew.D(), ConfirmTimeout: cfg.RPC.ConfirmTimeout.D(),
				PollInterval: cfg.PollInterval.D(), Registry: deps.Registry, Logger: deps.Logger,
			}
			if cfg.ChainID != 0 {
				co.ChainID = new(big.Int).SetUint64(cfg.ChainID)
			}
			c, err := chain.Dial(ctx, cfg.URLs(), co)
			if err != nil {
				return nil, fmt.Errorf("chain.rpc_urls: %w", err)
			}
			b, closeFn, runFn, endpoints, trouble = c, c.Close, c.Run, c.Endpoints, c.Trouble
		}
		rpc := chain.Instrument(b, m.RPC)
		ids := make([]string, 0, len(deps.Config.Containers))
		for _, c := range deps.Config.Containers {
			ids = append(ids, c.ID)
		}
		cd, err := chooseDialect(ctx, rpc, cfg, ids)
		if err != nil {
			if closeFn != nil {
				closeFn()
			}
			return nil, err
		}
		so := txm.SenderOptions{
			Signer: sig, MaxGasLimit: cfg.Wallet.MaxGasLimit, Confirmations: cfg.Confirmations,
			MaxInFlight: cfg.MaxTxsInFlight, PollInterval: cfg.PollInterval.D(),
			Decoder: cd.Decoder(), AllowedSimErrors: cfg.Wallet.AllowedSimErrors,
			Logger: deps.Logger, Retention: cfg.Retention.D(),
		}
		if cfg.Wallet.MaxFeePerGas > 0 {
			so.MaxFeePerGas = new(big.Int).SetUint64(cfg.Wallet.MaxFeePerGas)
		}
		if cfg.Wallet.MaxPriorityFeeGas > 0 {
			so.MaxTipPerGas = new(big.Int).SetUint64(cfg.Wallet.MaxPriorityFeeGas)
		}
		s, err := txm.NewSender(ctx, rpc, deps.Store.Table(storage.TableNonce), so)
		if err != nil {
			if closeFn != nil {
				closeFn()
			}
			return nil, fmt.Errorf("%w; check that %s answers JSON-RPC", err, endpointNames(cfg))
		}
		start := ro.StartBlock
		if start == 0 {
			start = cfg.StartBlock
		}
		policy, paymentWallet, err := paymentSetup(ctx, rpc, deps, cd, s.Address())
		if err != nil {
			if closeFn != nil {
				closeFn()
			}
			return nil, err
		}
		var fl *fleet.Fleet
		var etcd *fleet.Etcd
		if deps.Config.Fleet != nil {
			// What this member serves: every member of its fleet must serve
			// the same (docs/fleet.md, Fingerprints).
			fp := fleet.Fingerprint{ChainIDs: []uint64{s.ChainID().Uint64()}, Coordinators: []string{cd.Coordinator().Hex()}, Dialects: []string{cd.Name()}}
			if fl, etcd, err = joinFleet(ctx, deps, s.Address(), sig, fp); err != nil {
				if closeFn != nil {
					closeFn()
				}
				return nil, err
			}
			prev := closeFn
			closeFn = func() {
				_ = etcd.Close()
				if prev != nil {
					prev()
				}
			}
		}
		r, err := relay.New(relay.Options{
			Fleet:    fl,
			Payments: policy, PaymentWallet: paymentWallet,
			Backend: rpc, DB: deps.Store.Table(storage.TableRelay), Sender: s, Dialect: cd,
			Runner: deps.Executor, Guard: deps.Guardian,
			TrailHeadBlocks: cfg.TrailHeadBlocks, StartBlock: start, PollInterval: cfg.PollInterval.D(),
			Logger: deps.Logger, Metrics: m, TracerProvider: deps.Tracer,
			Limits: guardLimits(cfg),
		})
		if err != nil {
			if closeFn != nil {
				closeFn()
			}
			return nil, err
		}
		deps.Logger.Info("chain: relay ready", "address", s.Address(), "chain_id", s.ChainID(), "dialect", cd.Name(), "coordinator", cd.Coordinator())
		unregister := registerBalance(deps.Registry, s.Address(), rpc.BalanceAt, deps.Logger)
		closeAll := func() {
			unregister()
			if closeFn != nil {
				closeFn()
			}
		}
		return &relayChain{Relay: r, close: closeAll, run: runFn, endpoints: endpoints, trouble: trouble, fleet: fl}, nil
	}
}

// chainOf is the chain the chain side serves: the one enabled entry of
// chains, or chain.
func chainOf(cfg *config.Config) config.Chain {
	if chs := cfg.EnabledChains(); len(chs) > 0 {
		return chs[0]
	}
	return cfg.Chain
}

// endpointNames names the configured endpoints for a message: scheme and
// host only (URLs carry API keys).
func endpointNames(cfg config.Chain) string {
	urls := cfg.URLs()
	names := make([]string, len(urls))
	for i, u := range urls {
		names[i] = chain.Redact(u)
	}
	if len(names) == 1 {
		return "chain.rpc_url " + names[0]
	}
	return "chain.rpc_urls (" + strings.Join(names, ", ") + ")"
}

// relayChain runs the chain client's endpoint monitor beside the relay
// and closes the client when Run returns.
type relayChain struct {
	*relay.Relay
	close     func()
	run       func(context.Context) error
	endpoints func() []chain.EndpointStatus
	trouble   func() error // the endpoints disagree (nil: they agree)
	fleet     *fleet.Fleet
}

// Healthy is the relay's health, and unhealthy while the endpoints
// disagree.
func (c *relayChain) Healthy(ctx context.Context) error {
	if c.trouble != nil {
		if err := c.trouble(); err != nil {
			return err
		}
	}
	return c.Relay.Healthy(ctx)
}

// Fleet is the node's fleet membership, nil when it is alone.
func (c *relayChain) Fleet() *fleet.Fleet { return c.fleet }

func (c *relayChain) Endpoints() []rest.ChainEndpoint {
	if c.endpoints == nil {
		return nil
	}
	return restEndpoints(c.endpoints())
}

func restEndpoints(es []chain.EndpointStatus) []rest.ChainEndpoint {
	out := make([]rest.ChainEndpoint, len(es))
	for i, e := range es {
		out[i] = rest.ChainEndpoint{Index: e.Index, State: e.State, Head: e.Head, Reason: e.Reason}
	}
	return out
}

func (c *relayChain) Run(ctx context.Context) error {
	defer func() {
		if c.close != nil {
			c.close()
		}
	}()
	if c.run != nil {
		ctx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { defer close(done); _ = c.run(ctx) }()
		defer func() { cancel(); <-done }()
	}
	if c.fleet != nil { // leaves (its lease revoked) once the relay stopped
		ctx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { defer close(done); _ = c.fleet.Run(ctx) }()
		defer func() { cancel(); <-done }()
	}
	return c.Relay.Run(ctx)
}

var _ Chain = (*relayChain)(nil)

// chooseDialect chooses the Coordinator's dialect from the configuration
// (coordinator/dialects).
func chooseDialect(ctx context.Context, c coordinator.Caller, cfg config.Chain, ids []string) (coordinator.Dialect, error) {
	t := dialects.Target{Coordinator: common.HexToAddress(cfg.CoordinatorAddress)}
	if cfg.RegistryAddress != "" {
		t.Registry = common.HexToAddress(cfg.RegistryAddress)
	}
	o := dialects.Options{Containers: ids}
	if cfg.SnapshotSync != nil {
		o.BatchSize = cfg.SnapshotSync.BatchSize
	}
	d, err := dialects.Choose(ctx, c, t, o)
	if err != nil {
		return nil, fmt.Errorf("chain.registry_address: %w; check that it is the Registry of an Infernet SDK v1 deployment on %s", err, endpointNames(cfg))
	}
	return d, nil
}

// paymentSetup builds the payment policy and checks chain.wallet.payment_address
// at start-up: required when any container accepts payments, and it must be
// a Wallet of the Coordinator's WalletFactory.
func paymentSetup(ctx context.Context, c coordinator.Caller, deps ChainDeps, d coordinator.Dialect, node common.Address) (*payments.Policy, common.Address, error) {
	cfg := chainOf(deps.Config)
	policy, err := payments.NewPolicy(acceptedPayments(deps.Config.Containers), cfg.Verifiers)
	if err != nil {
		return nil, common.Address{}, err
	}
	paid := false
	for _, ct := range deps.Config.Containers {
		paid = paid || len(ct.AcceptedPayments) > 0
	}
	if cfg.Wallet.PaymentAddress == "" {
		if paid || len(cfg.Verifiers) > 0 {
			return nil, common.Address{}, errors.New("chain.wallet.payment_address is required when a container has accepted_payments or chain.verifiers is set: create a wallet with `infernode wallet create` and put its address there")
		}
		return policy, common.Address{}, nil
	}
	wallet := common.HexToAddress(cfg.Wallet.PaymentAddress)
	owner, err := d.CheckPaymentWallet(ctx, c, wallet)
	if err != nil {
		return nil, common.Address{}, err
	}
	if owner != node {
		deps.Logger.Warn("chain: the payment wallet is owned by another account; the node cannot top up its own collateral allowance (approve it with `infernode wallet approve`)", "wallet", wallet, "owner", owner, "node", node)
	}
	deps.Logger.Info("chain: payment wallet", "wallet", wallet, "owner", owner)
	return policy, wallet, nil
}
