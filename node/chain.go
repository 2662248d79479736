package node

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"

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

// chainsServed refuses what the chain side does not serve yet: a fleet
// of a node with several chains (docs/chains.md).
func chainsServed(cfg *config.Config) error {
	if n := len(cfg.EnabledChains()); n > 1 && cfg.Fleet != nil {
		return fmt.Errorf("fleet: %d chains are enabled; a fleet member serves one chain in this build (run one fleet per chain)", n)
	}
	return nil
}

// RelayOptions tune NewRelayChainWith beyond the configuration file.
type RelayOptions struct {
	// Backend replaces dialing chain.rpc_url (tests, the embedded chain:
	// chain.Simulated) for the first chain.
	Backend chain.Backend
	// Backends replace dialing the rpc_urls of the chains they name
	// (chains[].name), as Backend does for the first.
	Backends map[string]chain.Backend
	// StartBlock is where the first scan starts when the data directory has
	// no relay state (the Coordinator's deploy block). Default: the
	// configuration's chain.start_block. For the first chain only;
	// StartBlocks by name for the others.
	StartBlock  uint64
	StartBlocks map[string]uint64
}

// NewRelayChain builds the relay from the node's configuration: it dials
// chain.rpc_url (http(s) polls heads, ws(s) subscribes), opens the nonce
// journal in the node's store and reconciles it with the chain. Use it as
// Options.NewChain when chain.enabled is true.
func NewRelayChain(ctx context.Context, deps ChainDeps) (Chain, error) {
	return NewRelayChainWith(RelayOptions{})(ctx, deps)
}

// NewRelayChainWith is NewRelayChain with extra options. When no RPC
// endpoint of a chain answers, the node starts anyway (REST serves,
// /health says that chain is down) and that chain's side is built in Run,
// retried with back-off, while the other chains run.
func NewRelayChainWith(ro RelayOptions) func(context.Context, ChainDeps) (Chain, error) {
	return func(ctx context.Context, deps ChainDeps) (Chain, error) {
		all := deps.Config.ChainList()
		var sides []*chainSide
		for i, cfg := range all {
			if cfg.Enabled {
				sides = append(sides, &chainSide{ro: ro, pos: i, cfg: cfg, of: len(all)})
			}
		}
		if len(sides) == 0 {
			return nil, errors.New("chain.enabled is false")
		}
		lm, err := txm.NewLaneMetrics(deps.Registry)
		if err != nil {
			return nil, fmt.Errorf("lane metrics: %w", err)
		}
		multi := len(sides) > 1
		out := make([]Chain, 0, len(sides))
		for _, cs := range sides {
			cs.multi, cs.laneMetrics = multi, lm
			cs.keys = make([]walletKey, len(cs.cfg.Lanes()))
			for i, w := range cs.cfg.Lanes() {
				cs.keys[i].w = &w
			}
			if tu := cs.cfg.TopUp; tu != nil {
				cs.fund.w = &tu.Wallet
			}
			c, err := cs.start(ctx, deps)
			if err != nil {
				for _, b := range out {
					closeChain(b)
				}
				if multi {
					return nil, fmt.Errorf("chain %s: %w", cs.cfg.Label(), err)
				}
				return nil, err
			}
			out = append(out, c)
		}
		if !multi {
			return out[0], nil
		}
		return newMultiChain(sides, out), nil
	}
}

// chainSide builds one chain's side: its client, dialect, lanes, relay.
type chainSide struct {
	ro    RelayOptions
	pos   int // in the configuration's chain list: 0 keeps the unprefixed tables
	of    int // chains configured (enabled or not)
	cfg   config.Chain
	multi bool // the node serves several chains: logs and metrics say which
	keys  []walletKey
	fund  walletKey // top_up.wallet

	laneMetrics *txm.LaneMetrics
}

// start builds the side, or a waitingChain that builds it in Run while no
// endpoint answers.
func (cs *chainSide) start(ctx context.Context, deps ChainDeps) (Chain, error) {
	deps = cs.deps(deps)
	c, err := cs.once(ctx, deps)
	if !waitable(err) {
		return c, err
	}
	if errors.Is(err, chain.ErrDisagree) {
		deps.Logger.Warn("chain: the RPC endpoints disagree; serving REST and waiting for them to agree", "err", err)
	} else {
		deps.Logger.Warn("chain: no RPC endpoint answers; serving REST and retrying", "err", err)
	}
	return &waitingChain{build: cs.once, deps: deps, cfg: cs.cfg, err: err}, nil
}

// deps is the node's deps as this chain sees them: with several chains,
// its logger and metrics say which chain.
func (cs *chainSide) deps(d ChainDeps) ChainDeps {
	d.registerer = d.Registry
	if cs.multi {
		d.Logger = d.Logger.With("chain", cs.cfg.Label())
		if d.Registry != nil {
			d.registerer = prometheus.WrapRegistererWith(prometheus.Labels{"chain": cs.cfg.Label()}, d.Registry)
		}
	}
	return d
}

// walletKey is a lane's signer, read once however many attempts build the
// relay: the keystore password is removed from the environment when it is
// read, so a second reading would find none.
type walletKey struct {
	w   *config.Wallet // nil: the first chain's first lane
	sig signer.Signer
}

// get returns the signer, reading the wallet the first time. A node that
// holds the key itself (private_key, keystore) is made not dumpable before
// the key is read, unless the wallet's allow_core_dumps.
func (k *walletKey) get(ctx context.Context, deps ChainDeps) (signer.Signer, error) {
	if k.sig != nil {
		return k.sig, nil
	}
	w := chainOf(deps.Config).Lanes()[0]
	if k.w != nil {
		w = *k.w
	}
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

// tables are the chain's relay and nonce tables: the unprefixed ones for
// the configuration's first chain (a single-chain data directory reads
// unchanged), c/<chain id>/... for the others. With several chains
// configured the store records whose the unprefixed tables are, and a
// first chain of another id is refused rather than handed them.
func (cs *chainSide) tables(st *storage.Store, id uint64) (relayT, nonceT storage.KeyValueStore, err error) {
	if cs.pos > 0 {
		return st.Table(storage.ChainTable(id, storage.TableRelay)), st.Table(storage.ChainTable(id, storage.TableNonce)), nil
	}
	meta := st.Table(storage.TableChains)
	had, ok, err := storage.GetUint64(meta, storage.ChainsFirstKey())
	switch {
	case err != nil:
		return nil, nil, fmt.Errorf("read the store's first chain: %w", err)
	case ok && had != id && cs.of > 1:
		return nil, nil, fmt.Errorf("this data directory's relay and nonce tables hold the state of chain id %d, and the first chain configured (%s) has chain id %d: put the chain of id %d first in chains, or use another data_dir", had, cs.cfg.Label(), id, had)
	case !ok || had != id:
		if err := meta.Put(storage.ChainsFirstKey(), storage.EncodeUint64(id)); err != nil {
			return nil, nil, fmt.Errorf("record the store's first chain: %w", err)
		}
	}
	return st.Table(storage.TableRelay), st.Table(storage.TableNonce), nil
}

// laneWindow is a lane's in-flight window: its max_in_flight, within the
// chain's max_txs_in_flight.
func laneWindow(ch config.Chain, w config.Wallet) int {
	n := w.MaxInFlight
	if n <= 0 {
		n = config.DefaultLaneMaxInFlight
	}
	if ch.MaxTxsInFlight > 0 {
		n = min(n, ch.MaxTxsInFlight)
	}
	return n
}

// senderOptions are a lane's sender options.
func senderOptions(ch config.Chain, w config.Wallet, sig signer.Signer, d coordinator.Dialect, log *slog.Logger) txm.SenderOptions {
	so := txm.SenderOptions{
		Signer: sig, MaxGasLimit: w.MaxGasLimit, Confirmations: ch.Confirmations,
		MaxInFlight: laneWindow(ch, w), PollInterval: ch.PollInterval.D(), StuckBlocks: w.StuckBlocks,
		Decoder: d.Decoder(), AllowedSimErrors: w.AllowedSimErrors,
		Logger: log, Retention: ch.Retention.D(),
	}
	if w.MaxFeePerGas > 0 {
		so.MaxFeePerGas = new(big.Int).SetUint64(w.MaxFeePerGas)
	}
	if w.MaxPriorityFeeGas > 0 {
		so.MaxTipPerGas = new(big.Int).SetUint64(w.MaxPriorityFeeGas)
	}
	return so
}

// once builds the chain's side in one attempt.
func (cs *chainSide) once(ctx context.Context, deps ChainDeps) (Chain, error) {
	cfg := cs.cfg
	if !cfg.Enabled {
		return nil, errors.New("chain.enabled is false")
	}
	if cfg.RegistryAddress == "" && !common.IsHexAddress(cfg.CoordinatorAddress) {
		return nil, fmt.Errorf("chain.coordinator_address %q is not an address", cfg.CoordinatorAddress)
	}
	m, err := relay.NewMetrics(deps.registerer)
	if err != nil {
		return nil, fmt.Errorf("relay metrics: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second) // start-up reads; the relay runs on Run's
	defer cancel()
	sigs := make([]signer.Signer, len(cs.keys))
	for i := range cs.keys {
		if sigs[i], err = cs.keys[i].get(ctx, deps); err != nil {
			if len(cs.keys) > 1 {
				return nil, fmt.Errorf("wallets[%d]: %w", i, err)
			}
			return nil, err
		}
	}
	var fundSig signer.Signer
	if cfg.TopUp != nil {
		if fundSig, err = cs.fund.get(ctx, deps); err != nil {
			return nil, fmt.Errorf("top_up.wallet: %w", err)
		}
	}
	var closeFn func()
	var runFn func(context.Context) error
	var endpoints func() []chain.EndpointStatus
	var trouble func() error
	b := cs.ro.Backends[cfg.Name]
	if b == nil && cs.pos == 0 || b == nil && !cs.multi {
		b = cs.ro.Backend
	}
	if b == nil {
		co := chain.Options{
			Timeout: cfg.RPC.Timeout.D(), MaxHeadLag: cfg.RPC.MaxHeadLag,
			Quorum: cfg.RPC.Quorum, MaxClockSkew: cfg.RPC.MaxClockSkew.D(), ConfirmTimeout: cfg.RPC.ConfirmTimeout.D(),
			PollInterval: cfg.PollInterval.D(), Registry: deps.registerer, Logger: deps.Logger,
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
	fail := func(err error) (Chain, error) {
		if closeFn != nil {
			closeFn()
		}
		return nil, err
	}
	rpc := chain.Instrument(b, m.RPC)
	ids := make([]string, 0, len(deps.Config.Containers))
	for _, c := range deps.Config.Containers {
		ids = append(ids, c.ID)
	}
	cd, err := chooseDialect(ctx, rpc, cfg, ids)
	if err != nil {
		return fail(err)
	}
	id, err := rpc.ChainID(ctx)
	if err != nil {
		return fail(fmt.Errorf("read the chain id: %w; check that %s answers JSON-RPC", err, endpointNames(cfg)))
	}
	relayT, nonceT, err := cs.tables(deps.Store, id.Uint64())
	if err != nil {
		return fail(err)
	}
	lanes := cfg.Lanes()
	senders := make([]*txm.Sender, len(lanes))
	for i, w := range lanes {
		s, err := txm.NewSender(ctx, rpc, nonceT, senderOptions(cfg, w, sigs[i], cd, deps.Logger))
		if err != nil {
			return fail(fmt.Errorf("%w; check that %s answers JSON-RPC", err, endpointNames(cfg)))
		}
		senders[i] = s
	}
	lo := txm.LanesOptions{Chain: cfg.Label(), Metrics: cs.laneMetrics, Logger: deps.Logger}
	if len(lanes) > 1 || cfg.TopUp != nil { // one lane alone reads no balance: a single-key node costs what it did
		lo.Balance = func(ctx context.Context, a common.Address) (*big.Int, error) { return rpc.BalanceAt(ctx, a, nil) }
	}
	if tu := cfg.TopUp; tu != nil {
		fs, err := txm.NewSender(ctx, rpc, nonceT, senderOptions(cfg, tu.Wallet, fundSig, cd, deps.Logger))
		if err != nil {
			return fail(fmt.Errorf("top_up.wallet: %w", err))
		}
		minB, _ := new(big.Int).SetString(tu.MinBalanceWei.String(), 10)
		target, _ := new(big.Int).SetString(tu.TargetBalanceWei.String(), 10)
		lo.TopUp = &txm.TopUp{Sender: fs, Min: minB, Target: target}
	}
	ln, err := txm.NewLanes(senders, lo)
	if err != nil {
		return fail(err)
	}
	start := cs.ro.StartBlock
	if cs.multi && cs.pos > 0 || cs.ro.StartBlocks[cfg.Name] != 0 {
		start = cs.ro.StartBlocks[cfg.Name]
	}
	if start == 0 {
		start = cfg.StartBlock
	}
	policy, paymentWallet, err := paymentSetup(ctx, rpc, deps, cfg, cd, ln.Address())
	if err != nil {
		return fail(err)
	}
	var fl *fleet.Fleet
	if deps.Config.Fleet != nil {
		// What this member serves: every member of its fleet must serve
		// the same (docs/fleet.md, Fingerprints).
		fp := fleet.Fingerprint{ChainIDs: []uint64{id.Uint64()}, Coordinators: []string{cd.Coordinator().Hex()}, Dialects: []string{cd.Name()}}
		fl2, etcd, err := joinFleet(ctx, deps, ln.Address(), sigs[0], fp)
		if err != nil {
			return fail(err)
		}
		fl = fl2
		prev := closeFn
		closeFn = func() {
			_ = etcd.Close()
			if prev != nil {
				prev()
			}
		}
	}
	ro := relay.Options{
		Payments: policy, PaymentWallet: paymentWallet,
		Backend: rpc, DB: relayT, Sender: ln, Dialect: cd,
		Runner: deps.Executor, Guard: deps.Guardian,
		TrailHeadBlocks: cfg.TrailHeadBlocks, StartBlock: start, PollInterval: cfg.PollInterval.D(),
		Logger: deps.Logger, Metrics: m, TracerProvider: deps.Tracer,
		Limits: guardLimits(cfg),
	}
	if fl != nil { // unset: a node alone (a nil *fleet.Fleet would not be)
		ro.Fleet, ro.FleetSpending = fl, fl.Spending()
	}
	r, err := relay.New(ro)
	if err != nil {
		return fail(err)
	}
	deps.Logger.Info("chain: relay ready", "address", ln.Address(), "lanes", len(lanes), "chain_id", id, "dialect", cd.Name(), "coordinator", cd.Coordinator())
	unregister := registerBalance(deps.registerer, ln.Address(), rpc.BalanceAt, deps.Logger)
	closeAll := func() {
		unregister()
		if closeFn != nil {
			closeFn()
		}
	}
	return &relayChain{Relay: r, close: closeAll, run: runFn, endpoints: endpoints, trouble: trouble, fleet: fl,
		name: cfg.Label(), chainID: id.Uint64(), coordinator: cd.Coordinator(), dialect: cd.Name(), lanes: ln}, nil
}

// closeChain releases a chain side built and never run.
func closeChain(c Chain) {
	if rc, ok := c.(*relayChain); ok && rc.close != nil {
		rc.close()
	}
}

// chainOf is the first enabled chain (or chain, when none is).
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

	name        string // the chain's (chains[].name, or "default")
	chainID     uint64
	coordinator common.Address
	dialect     string
	lanes       *txm.Lanes
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
func paymentSetup(ctx context.Context, c coordinator.Caller, deps ChainDeps, cfg config.Chain, d coordinator.Dialect, node common.Address) (*payments.Policy, common.Address, error) {
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
