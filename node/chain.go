package node

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/payments"
	"github.com/infernode/infernode/relay"
	"github.com/infernode/infernode/signer"
	"github.com/infernode/infernode/txm"
)

// RelayOptions tune NewRelayChainWith beyond the configuration file.
type RelayOptions struct {
	// Backend replaces dialing chain.rpc_url (tests, the embedded chain).
	Backend relay.Backend
	// StartBlock is where the first scan starts when the data directory has
	// no relay state (the Coordinator's deploy block). Default: the
	// configuration's chain.start_block.
	StartBlock uint64
}

// NewRelayChain builds the relay from the node's configuration: it dials
// chain.rpc_url (http(s) polls heads, ws(s) subscribes), opens the nonce
// journal in the node's store and reconciles it with the chain. Use it as
// Options.NewChain when chain.enabled is true.
func NewRelayChain(deps ChainDeps) (Chain, error) {
	return NewRelayChainWith(RelayOptions{})(deps)
}

// NewRelayChainWith is NewRelayChain with extra options.
func NewRelayChainWith(ro RelayOptions) func(ChainDeps) (Chain, error) {
	return func(deps ChainDeps) (Chain, error) {
		cfg := deps.Config.Chain
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
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		sig, err := signer.FromConfig(ctx, cfg.Wallet, signer.Options{Logger: deps.Logger})
		if err != nil {
			return nil, err
		}
		var closeFn func()
		b := ro.Backend
		if b == nil {
			c, err := ethclient.DialContext(ctx, cfg.RPCURL)
			if err != nil {
				return nil, fmt.Errorf("dial chain.rpc_url %s: %w", cfg.RPCURL, err)
			}
			b, closeFn = c, c.Close
		}
		rpc := relay.Instrument(b, m)
		ids := make([]string, 0, len(deps.Config.Containers))
		for _, c := range deps.Config.Containers {
			ids = append(ids, c.ID)
		}
		dialect, err := chainDialect(ctx, rpc, cfg, ids)
		if err != nil {
			if closeFn != nil {
				closeFn()
			}
			return nil, err
		}
		so := txm.SenderOptions{
			Signer: sig, MaxGasLimit: cfg.Wallet.MaxGasLimit, Confirmations: cfg.Confirmations,
			MaxInFlight: cfg.MaxTxsInFlight, PollInterval: cfg.PollInterval.D(),
			Decoder: dialect.Decoder(), AllowedSimErrors: cfg.Wallet.AllowedSimErrors,
			Logger: deps.Logger,
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
			return nil, fmt.Errorf("%w; check that chain.rpc_url %s answers JSON-RPC", err, cfg.RPCURL)
		}
		start := ro.StartBlock
		if start == 0 {
			start = cfg.StartBlock
		}
		policy, paymentWallet, err := paymentSetup(ctx, rpc, deps, dialect, s.Address())
		if err != nil {
			if closeFn != nil {
				closeFn()
			}
			return nil, err
		}
		r, err := relay.New(relay.Options{
			Payments: policy, PaymentWallet: paymentWallet,
			Backend: rpc, DB: deps.Store.Table(storage.TableRelay), Sender: s, Dialect: dialect,
			Runner: deps.Executor, Guard: deps.Guardian, Containers: ids,
			TrailHeadBlocks: cfg.TrailHeadBlocks, StartBlock: start, PollInterval: cfg.PollInterval.D(),
			Logger: deps.Logger, Metrics: m, TracerProvider: deps.Tracer,
		})
		if err != nil {
			if closeFn != nil {
				closeFn()
			}
			return nil, err
		}
		deps.Logger.Info("chain: relay ready", "address", s.Address(), "chain_id", s.ChainID(), "dialect", dialect.Name(), "coordinator", dialect.Coordinator())
		return &relayChain{Relay: r, close: closeFn}, nil
	}
}

// relayChain closes the RPC client when Run returns.
type relayChain struct {
	*relay.Relay
	close func()
}

func (c *relayChain) Run(ctx context.Context) error {
	defer func() {
		if c.close != nil {
			c.close()
		}
	}()
	return c.Relay.Run(ctx)
}

var _ Chain = (*relayChain)(nil)

// chainDialect picks the Coordinator's dialect: chain.registry_address is
// an Infernet SDK v1 deployment (its contracts read from the Registry),
// else chain.coordinator_address is infernode's Coordinator.
func chainDialect(ctx context.Context, b relay.Backend, cfg config.Chain, ids []string) (relay.Dialect, error) {
	if cfg.RegistryAddress == "" {
		return relay.Ours(common.HexToAddress(cfg.CoordinatorAddress), ids, 0), nil
	}
	addrs, err := relay.ReadRegistry(ctx, b, common.HexToAddress(cfg.RegistryAddress))
	if err != nil {
		return nil, fmt.Errorf("chain.registry_address: %w; check that it is the Registry of an Infernet SDK v1 deployment on chain.rpc_url %s", err, cfg.RPCURL)
	}
	o := relay.InfernetV1Options{Containers: ids}
	if cfg.SnapshotSync != nil {
		o.BatchSize = cfg.SnapshotSync.BatchSize
	}
	return relay.InfernetV1(addrs, o), nil
}

// paymentSetup builds the payment policy and checks chain.wallet.payment_address
// at start-up: required when any container accepts payments, and it must be
// a Wallet of the Coordinator's WalletFactory.
func paymentSetup(ctx context.Context, c payments.Caller, deps ChainDeps, d relay.Dialect, node common.Address) (*payments.Policy, common.Address, error) {
	cfg := deps.Config.Chain
	policy, err := payments.NewPolicy(deps.Config.Containers, cfg.Verifiers)
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
	var owner common.Address
	if a, ok := relay.IsInfernetV1(d); ok {
		owner, err = payments.CheckWalletOf(ctx, c, a.WalletFactory, wallet)
	} else {
		owner, err = payments.CheckPaymentWallet(ctx, c, d.Coordinator(), wallet)
	}
	if err != nil {
		return nil, common.Address{}, err
	}
	if owner != node {
		deps.Logger.Warn("chain: the payment wallet is owned by another account; the node cannot top up its own collateral allowance (approve it with `infernode wallet approve`)", "wallet", wallet, "owner", owner, "node", node)
	}
	deps.Logger.Info("chain: payment wallet", "wallet", wallet, "owner", owner)
	return policy, wallet, nil
}
