package main

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/ethereum/go-ethereum/rpc"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/abi/exampleconsumerabi"
	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/abi/inetv1exampleabi"
	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/cmd/infernode/internal/walletops"
	"github.com/infernode/infernode/signer"

	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/contracts/infernetv1"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/node"
	"github.com/infernode/infernode/payments"
	"github.com/infernode/infernode/testnet"
	echoservice "github.com/infernode/infernode/workloads/echo/service"
	"github.com/infernode/infernode/workloads/llm/stub"
)

// devCommand is `infernode dev` (docs/dev.md): the one-command local stack in
// this process: an embedded EVM dev chain on 127.0.0.1, the contracts
// deployed, the echo workload, and the node (REST + relay) wired to them.
// `infernode dev request` asks the running stack's example consumer for a job.
func devCommand() command {
	return command{name: "dev", summary: "run the local stack: dev chain, contracts, echo and the node (no Docker, geth or anvil)", run: runDev}
}

// Dev key roles (testnet.DevKey indexes): 0 deploys and signs for the
// example consumer, 1 is the node's wallet, the rest are for users.
const (
	devDeployerKey = 0
	devNodeKey     = 1
	devUserKey     = 2
)

func runDev(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "request" {
		return runDevRequest(ctx, args[1:], stdout, stderr)
	}
	fs := newFlags("dev", "[--rest-port 4000] [--rpc-port 8545] [--grpc-port 8001] [--block-period 1s] [--data-dir DIR]\n"+
		"                    [--containers echo] [--fleet N] [--infernet-v1] [--llm-stub] [-v]\n"+
		"       infernode dev request --input TEXT [--wait] ... (infernode dev request --help)\n\n"+
		"The local stack (docs/dev.md): a dev chain, the contracts, the bundled echo and\n"+
		"iris workloads, and the node (REST, gRPC, the relay, the console at /console)", stderr)
	restPort := fs.Int("rest-port", 4000, "REST API port on 127.0.0.1 (0: any free port)")
	rpcPort := fs.Int("rpc-port", 8545, "JSON-RPC port (HTTP and WebSocket) on 127.0.0.1 (0: any free port)")
	grpcPort := fs.Int("grpc-port", 8001, "the node's gRPC port (KServe v2 GRPCInferenceService) on 127.0.0.1 (0: any free port)")
	period := fs.Duration("block-period", time.Second, "time between blocks, a whole number of seconds (1s, 2s, ...)")
	dataDir := fs.String("data-dir", "", "node data directory (default: a temporary one, removed on exit)")
	verbose := fs.Bool("v", false, "log at debug level")
	inet := fs.Bool("infernet-v1", false, "deploy the Infernet SDK v1 at the addresses local Infernet setups use (anvil's accounts funded, anvil's chain id) and run the node in its dialect")
	containers := fs.String("containers", "echo", "comma-separated container ids the bundled echo workload serves (e.g. echo,hello-world for a tutorial's consumer)")
	llmStub := fs.Bool("llm-stub", false, "also serve container \"llm\": the bundled llm workload in front of a local STUB provider (model stub-echo, it echoes the prompt), to try the OpenAI front door without a key")
	fleetN := fs.Int("fleet", 0, "run this many nodes (2-5) as one fleet, each its own infernode serve process with an embedded etcd member and its own wallet, its log lines prefixed with its id; kill one and watch the takeover (docs/fleet.md); 0: one node")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	var ids []string
	for _, id := range strings.Split(*containers, ",") {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return usagef(fs, "--containers %q: write one or more container ids, comma-separated", *containers)
	}
	for name, p := range map[string]int{"--rest-port": *restPort, "--rpc-port": *rpcPort, "--grpc-port": *grpcPort} {
		if p < 0 || p > 65535 {
			return usagef(fs, "%s %d is not a TCP port; use 1-65535 or 0 for any free port", name, p)
		}
	}
	if *fleetN < 0 || *fleetN == 1 || *fleetN > 5 {
		return usagef(fs, "--fleet %d: run 2 to 5 members (or 0 for one node)", *fleetN)
	}
	if *fleetN > 0 && *inet {
		return usagef(fs, "--fleet runs on our Coordinator: leave out --infernet-v1")
	}
	if *period < time.Second || *period%time.Second != 0 {
		return usagef(fs, "--block-period %s: write a whole number of seconds, at least 1s (block timestamps are whole seconds)", *period)
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	s, err := startDev(ctx, devOptions{RESTPort: *restPort, RPCPort: *rpcPort, GRPCPort: *grpcPort, BlockPeriod: *period, DataDir: *dataDir, Logger: logger, InfernetV1: *inet, Containers: ids, Fleet: *fleetN, LLMStub: *llmStub, Logs: stderr})
	if err != nil {
		return err
	}
	if *inet {
		s.printInfernetV1Banner(stdout, selfName())
	} else {
		s.printBanner(stdout, selfName())
	}
	return s.wait()
}

// devOptions configure startDev.
type devOptions struct {
	RESTPort, RPCPort int
	// GRPCPort is the (first) node's gRPC port; 0: any free port.
	GRPCPort    int
	BlockPeriod time.Duration
	DataDir     string // "" = temporary
	Logger      *slog.Logger
	// InfernetV1 deploys the Infernet SDK v1 instead of our contracts
	// (docs/infernet-v1.md) and runs the node in its dialect.
	InfernetV1 bool
	// Containers are the ids the in-process echo workload serves
	// (default: "echo").
	Containers []string
	// Fleet runs this many nodes as one fleet with embedded etcd, each
	// its own process (dev_fleet.go); 0: one node, in process.
	Fleet int
	// LLMStub also serves container "llm" in front of a stub provider.
	LLMStub bool
	// Logs receives the fleet members' log lines, prefixed with their ids.
	Logs io.Writer
}

// devStack is a running `infernode dev`.
type devStack struct {
	chain   *testnet.Embedded
	period  time.Duration
	dep     contracts.Deployment
	inet    *infernetv1.Deployment // with --infernet-v1, instead of dep
	wallets devWallets
	echoURL string
	echoIDs []string // the container ids echo serves
	// extra are the in-process containers besides echo: iris, and llm
	// with --llm-stub.
	extra   []config.Container
	stubURL string // with --llm-stub: the stub provider's API root
	restURL string
	// grpcAddr is the (first) node's gRPC address, host:port.
	grpcAddr string
	members  []string      // with --fleet: each member's REST URL (the first is restURL)
	procs    []*memberProc // with --fleet: the members' processes
	keys     []*ecdsa.PrivateKey
	nodeErr  chan error
	stop     context.CancelFunc
	cleanup  []func()
	log      *slog.Logger
}

// startDev brings the stack up; on error everything started is stopped.
func startDev(ctx context.Context, o devOptions) (_ *devStack, err error) {
	ctx, cancel := context.WithCancel(ctx)
	// s is not the named result: every error return sets that to nil, and
	// the deferred cleanup needs what was started.
	s := &devStack{stop: cancel, log: o.Logger, nodeErr: make(chan error, max(o.Fleet, 1)), echoIDs: o.Containers}
	if len(s.echoIDs) == 0 {
		s.echoIDs = []string{"echo"}
	}
	defer func() {
		if err != nil {
			cancel()
			s.close()
		}
	}()

	// 0. The REST port first: a taken port fails before anything starts.
	restLn, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(o.RESTPort))
	if err != nil {
		return nil, portError("--rest-port", o.RESTPort, "REST", err)
	}
	restOwned := true // until the node owns it
	defer func() {
		if restOwned {
			restLn.Close()
		}
	}()
	s.restURL = "http://" + restLn.Addr().String()
	grpcLn, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(o.GRPCPort))
	if err != nil {
		return nil, portError("--grpc-port", o.GRPCPort, "gRPC", err)
	}
	grpcOwned := true
	defer func() {
		if grpcOwned {
			grpcLn.Close()
		}
	}()
	s.grpcAddr = grpcLn.Addr().String()

	// 1. The chain.
	o.Logger.Info("starting the dev chain", "rpc_port", o.RPCPort, "block_period", o.BlockPeriod)
	eo := testnet.EmbeddedOptions{RPCPort: o.RPCPort, BlockPeriod: o.BlockPeriod}
	if o.InfernetV1 { // Infernet tools and tutorials use anvil's accounts and chain id
		eo.ChainID = testnet.AnvilChainID
		for _, k := range testnet.AnvilKeys() {
			eo.Fund = append(eo.Fund, crypto.PubkeyToAddress(k.PublicKey))
		}
	}
	s.chain, err = testnet.StartEmbedded(ctx, eo)
	if errors.Is(err, syscall.EADDRINUSE) {
		return nil, portError("--rpc-port", o.RPCPort, "the dev chain's JSON-RPC", err)
	} else if err != nil {
		return nil, fmt.Errorf("start the dev chain: %w", err)
	}
	s.period = o.BlockPeriod
	s.cleanup = append(s.cleanup, func() { _ = s.chain.Stop() })
	s.keys = s.chain.FundedKeys()

	// 2. The contracts.
	deployCtx, deployCancel := context.WithTimeout(ctx, time.Minute)
	defer deployCancel()
	if o.InfernetV1 {
		o.Logger.Info("deploying the Infernet SDK v1")
		if err := s.deployInfernetV1(deployCtx); err != nil {
			return nil, err
		}
	} else {
		o.Logger.Info("deploying the contracts")
		s.dep, err = contracts.Deploy(deployCtx, s.chain.Client(), s.keys[devDeployerKey], crypto.PubkeyToAddress(s.keys[devDeployerKey].PublicKey))
		if err != nil {
			return nil, fmt.Errorf("deploy the contracts on the dev chain: %w", err)
		}
		if s.wallets, err = s.makeWallets(deployCtx, o.Fleet); err != nil {
			return nil, fmt.Errorf("create the dev payment wallets: %w", err)
		}
	}

	// 3. Echo, in process, on a loopback port.
	echo, err := echoservice.New(echoservice.Config{Logger: o.Logger.With("workload", "echo")})
	if err != nil {
		return nil, fmt.Errorf("start echo: %w", err)
	}
	echoLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("start echo: listen: %w", err)
	}
	echoSrv := &http.Server{Handler: echo, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = echoSrv.Serve(echoLn) }()
	s.cleanup = append(s.cleanup, func() {
		sctx, c := context.WithTimeout(context.Background(), 5*time.Second)
		defer c()
		_ = echoSrv.Shutdown(sctx)
	})
	s.echoURL = "http://" + echoLn.Addr().String()

	// 4. The node: REST on 127.0.0.1:rest-port, echo unmanaged, the relay on the chain.
	dataDir := o.DataDir
	if dataDir == "" {
		if dataDir, err = os.MkdirTemp("", "infernode-dev-*"); err != nil {
			return nil, fmt.Errorf("create a data directory: %w", err)
		}
		s.cleanup = append(s.cleanup, func() { _ = os.RemoveAll(dataDir) })
	}
	if err := s.startIris(ctx, o.Logger); err != nil {
		return nil, err
	}
	if o.LLMStub {
		if err := s.startLLMStub(o.Logger); err != nil {
			return nil, err
		}
	}
	cfgs, lns, err := s.memberConfigs(o.Fleet, restLn, dataDir)
	if err != nil {
		return nil, err
	}
	if o.Fleet > 0 {
		// Member m1 binds the REST and gRPC ports taken above.
		cfgs[0].Server.GRPCPort = grpcLn.Addr().(*net.TCPAddr).Port
		grpcLn.Close()
		restOwned, grpcOwned = false, false
		if o.Logs == nil {
			o.Logs = os.Stderr
		}
		if err := s.startMembers(ctx, cfgs, lns, o.Logs); err != nil {
			return nil, err
		}
		return s, nil
	}
	var nodes []*node.Node
	for i, cfg := range cfgs {
		var gln net.Listener
		if i == 0 {
			gln = grpcLn
		}
		n, err := node.New(cfg, node.Options{
			Listener:     lns[i],
			GRPCListener: gln,
			Logger:       o.Logger,
			NewChain:     node.NewRelayChainWith(node.RelayOptions{Backend: chain.NewClient([]*rpc.Client{s.chain.Client().Client()}, []string{"embedded"}, chain.Options{}), StartBlock: s.startBlock()}),
		})
		if err != nil {
			return nil, fmt.Errorf("configure the node: %w", err)
		}
		nodes = append(nodes, n)
	}
	restOwned, grpcOwned = false, false // Run closes them, also when it fails
	// Every member at once: embedded etcd members need each other's quorum.
	for _, n := range nodes {
		go func() { s.nodeErr <- n.Run(ctx) }()
	}
	for _, n := range nodes {
		select {
		case <-n.Ready():
		case err := <-s.nodeErr:
			if o.DataDir != "" {
				return nil, fmt.Errorf("start the node (--data-dir %s): %w", o.DataDir, err)
			}
			return nil, fmt.Errorf("start the node: %w", err)
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return s, nil
}

// memberConfigs is the node's configuration, or with fleet > 0 that many
// members' of one fleet "dev": each its own wallet (dev key 1, then 3, 4,
// ...), REST port (the first on restLn), data directory and embedded etcd
// member on loopback ports.
func (s *devStack) memberConfigs(fleet int, restLn net.Listener, dataDir string) ([]*config.Config, []net.Listener, error) {
	if fleet == 0 {
		return []*config.Config{s.nodeConfig(restLn.Addr().(*net.TCPAddr).Port, dataDir)}, []net.Listener{restLn}, nil
	}
	lns := []net.Listener{restLn}
	s.cleanup = append(s.cleanup, func() {
		for _, ln := range lns[1:] {
			ln.Close()
		}
	})
	type ports struct{ client, peer string }
	var ps []ports
	var initial []string
	for i := range fleet {
		if i > 0 {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				return nil, nil, fmt.Errorf("fleet member m%d: listen: %w", i+1, err)
			}
			lns = append(lns, ln)
		}
		var p [2]string
		for j := range p {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				return nil, nil, fmt.Errorf("fleet member m%d: etcd port: %w", i+1, err)
			}
			p[j] = "http://" + ln.Addr().String()
			ln.Close()
		}
		ps = append(ps, ports{p[0], p[1]})
		initial = append(initial, fmt.Sprintf("m%d=%s", i+1, p[1]))
	}
	var cfgs []*config.Config
	for i := range fleet {
		id := fmt.Sprintf("m%d", i+1)
		dir := filepath.Join(dataDir, id)
		cfg := s.nodeConfig(lns[i].Addr().(*net.TCPAddr).Port, dir)
		key := devNodeKey
		if i > 0 {
			key = devUserKey + i
		}
		cfg.Chain.Wallet.PrivateKey = hexutil.Encode(crypto.FromECDSA(s.keys[key]))
		if i > 0 { // its own payment wallet: one its key owns (no "owned by another account" warning)
			cfg.Chain.Wallet.PaymentAddress = s.wallets.Members[i-1].Hex()
		}
		cfg.Server.TrustedProxies = []string{"127.0.0.1/32"} // the other members forward job reads
		cfg.Fleet = &config.Fleet{Name: "dev", NodeID: id, AdvertiseURL: "http://" + lns[i].Addr().String(),
			LeaseTTL: config.Duration(config.DefaultFleetLeaseTTL), Etcd: config.FleetEtcd{Embed: &config.FleetEmbed{
				Name: id, DataDir: filepath.Join(dir, "etcd"), ClientURL: ps[i].client, PeerURL: ps[i].peer, InitialCluster: strings.Join(initial, ","),
			}}}
		s.members = append(s.members, "http://"+lns[i].Addr().String())
		cfgs = append(cfgs, cfg)
	}
	return cfgs, lns, nil
}

// nodeConfig is the node configuration `infernode dev` runs with.
func (s *devStack) nodeConfig(restPort int, dataDir string) *config.Config {
	managed := false
	cfg := &config.Config{
		ManageContainers: &managed,
		Server:           config.Server{Host: "127.0.0.1", Port: restPort},
		DataDir:          dataDir,
		Chain: config.Chain{
			Enabled:            true,
			RPCURL:             s.chain.RPCURL(),
			CoordinatorAddress: s.dep.Coordinator.Hex(),
			Wallet: config.Wallet{
				PrivateKey:     hexutil.Encode(crypto.FromECDSA(s.keys[devNodeKey])),
				MaxGasLimit:    10_000_000,
				PaymentAddress: s.wallets.Node.Hex(),
			},
		},
	}
	for _, id := range s.echoIDs {
		cfg.Containers = append(cfg.Containers, config.Container{
			ID:              id,
			URL:             s.echoURL,
			External:        true,
			Description:     "bundled echo workload, in process (returns its input)",
			GeneratesProofs: true,
			// Unpaid requests and any payment in the native coin.
			AcceptedPayments: map[string]string{payments.Native.Hex(): "0"},
		})
	}
	cfg.Containers = append(cfg.Containers, s.extra...)
	if s.inet != nil { // the SDK's dialect: its Registry names the rest
		cfg.Chain.CoordinatorAddress, cfg.Chain.RegistryAddress = "", s.inet.Registry.Hex()
	}
	cfg.ApplyDefaults()
	return cfg
}

// portError explains a port that could not be bound, naming the flag that
// changes it.
func portError(flag string, port int, what string, err error) error {
	if errors.Is(err, syscall.EADDRINUSE) {
		return fmt.Errorf("%s %d: 127.0.0.1:%d is already in use (another `infernode dev`?); stop what holds it, or pass %s with a free port (0: any free port)", flag, port, port, flag)
	}
	return fmt.Errorf("%s %d: cannot serve %s on 127.0.0.1:%d: %w; pass %s with another port (0: any free port)", flag, port, what, port, err, flag)
}

// selfName is how the user ran this binary, for commands they can paste:
// the path they typed (./bin/infernode), or "infernode" when it was found
// on PATH.
func selfName() string {
	if strings.ContainsRune(os.Args[0], os.PathSeparator) {
		return os.Args[0]
	}
	return "infernode"
}

// every says "every second" or "every 2s".
func every(d time.Duration) string {
	if d == time.Second {
		return "every second"
	}
	return "every " + d.String()
}

// printBanner writes what a new user needs: addresses, keys, commands (run
// as self, the binary's path), and one line that is exactly
// `infernode deploy`'s JSON object.
func (s *devStack) printBanner(w io.Writer, self string) {
	depJSON, _ := json.Marshal(s.dep)
	key := func(i int) string { return hexutil.Encode(crypto.FromECDSA(s.keys[i])) }
	addr := func(i int) string { return crypto.PubkeyToAddress(s.keys[i].PublicKey).Hex() }
	var b strings.Builder
	fmt.Fprintf(&b, "\ninfernode dev: the local stack is up (Ctrl-C stops it and forgets everything)\n\n")
	fmt.Fprintf(&b, "  chain        %s (ws %s), chain id %d, a block %s\n", s.chain.RPCURL(), s.chain.WSURL(), s.dep.ChainID, every(s.period))
	fmt.Fprintf(&b, "  Coordinator  %s\n", s.dep.Coordinator.Hex())
	fmt.Fprintf(&b, "  Example      %s (ExampleConsumer; getSigner() = key 0)\n", s.dep.ExampleConsumer.Hex())
	fmt.Fprintf(&b, "  node REST    %s (echo containers %s at %s)\n", s.restURL, quoteIDs(s.echoIDs), s.echoURL)
	fmt.Fprintf(&b, "  node gRPC    %s (KServe v2 GRPCInferenceService)\n", s.grpcAddr)
	fmt.Fprintf(&b, "  iris         container \"iris\": the bundled iris classifier (standardized features), cached; OIP at %s/v2/models/iris\n", s.restURL)
	if s.stubURL != "" {
		fmt.Fprintf(&b, "  llm          container \"llm\" in front of a STUB provider at %s (model %s: echoes the prompt, not a model); OpenAI door at %s/v1\n", s.stubURL, stub.Model, s.restURL)
	}
	fmt.Fprintf(&b, "  console      %s/console\n", s.restURL)
	fmt.Fprintf(&b, "  node wallet  %s (key 1)\n", addr(devNodeKey))
	for i, u := range s.members {
		key := devNodeKey
		if i > 0 {
			key = devUserKey + i
		}
		pay := s.wallets.Node
		if i > 0 {
			pay = s.wallets.Members[i-1]
		}
		fmt.Fprintf(&b, "  fleet m%d     %s, wallet %s (key %d), payment wallet %s, embedded etcd, pid %d (docs/fleet.md)\n", i+1, u, addr(key), key, pay.Hex(), s.memberPID(i))
	}
	fmt.Fprintf(&b, "  payments     node's payment wallet %s (owner key %d)\n", s.wallets.Node.Hex(), devNodeKey)
	fmt.Fprintf(&b, "               consumer wallet %s (owner key %d; 10 coin, the example consumer may spend it)\n\n", s.wallets.Consumer.Hex(), devUserKey)
	fmt.Fprintf(&b, "Funded dev keys (public test keys: never use them on a real network):\n")
	for i := range s.keys {
		fmt.Fprintf(&b, "  (%d) %s  %s\n", i, addr(i), key(i))
	}
	fmt.Fprintf(&b, "\nTry it:\n")
	fmt.Fprintf(&b, "  # an off-chain job over REST\n")
	fmt.Fprintf(&b, "  curl -s -X POST %s/api/jobs -H 'Content-Type: application/json' -d '{\"containers\":[\"echo\"],\"data\":{\"hello\":\"world\"}}'\n", s.restURL)
	fmt.Fprintf(&b, "  curl -s '%s/api/jobs?id=<id from above>'\n", s.restURL)
	fmt.Fprintf(&b, "  # the same with the client, waiting for the result\n")
	fmt.Fprintf(&b, "  %s job --url %s --sync --containers echo --data '{\"hello\":\"world\"}'\n", self, s.restURL)
	fmt.Fprintf(&b, "  # an on-chain request through the example consumer, waiting for the node's delivery\n")
	fmt.Fprintf(&b, "  %s dev request --rpc %s --consumer %s --input 'hello chain' --wait\n", self, s.chain.RPCURL(), s.dep.ExampleConsumer.Hex())
	fmt.Fprintf(&b, "  # the bundled iris model over OIP REST (standardized setosa: class 0), and over gRPC\n")
	fmt.Fprintf(&b, "  curl -s %s/v2/models/iris/infer -H 'Content-Type: application/json' -d '{\"inputs\":[{\"name\":\"input\",\"shape\":[1,4],\"datatype\":\"FP32\",\"data\":[-0.9,1.02,-1.34,-1.32]}]}'\n", s.restURL)
	fmt.Fprintf(&b, "  %s infer --grpc %s --model iris --shape 1,4 --data=-0.9,1.02,-1.34,-1.32\n", self, s.grpcAddr)
	if s.stubURL != "" {
		fmt.Fprintf(&b, "  # the OpenAI front door, against the stub provider\n")
		fmt.Fprintf(&b, "  curl -s %s/v1/chat/completions -H 'Content-Type: application/json' -d '{\"model\":\"%s\",\"messages\":[{\"role\":\"user\",\"content\":\"Say hi\"}]}'\n", s.restURL, stub.Model)
	}
	s.printKillRecipe(&b)
	fmt.Fprintf(&b, "  # plain JSON-RPC (any Ethereum tool works against the chain)\n")
	fmt.Fprintf(&b, "  curl -s -X POST %s -H 'Content-Type: application/json' -d '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_blockNumber\",\"params\":[]}'\n", s.chain.RPCURL())
	fmt.Fprintf(&b, "  # deploy another copy of the contracts to this chain\n")
	fmt.Fprintf(&b, "  %s deploy --rpc %s --private-key %s\n", self, s.chain.RPCURL(), key(devUserKey))
	fmt.Fprintf(&b, "\nDeployment (the object `infernode deploy` prints):\n")
	io.WriteString(w, b.String())
	fmt.Fprintf(w, "%s\n\n", depJSON)
}

// wait blocks until the node stops (Ctrl-C cancels the context), then
// stops everything else.
func (s *devStack) wait() error {
	err := <-s.nodeErr
	s.stop()
	s.close()
	if err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("node: %w", err)
	}
	return nil
}

// close stops what startDev started, last first.
func (s *devStack) close() {
	for i := len(s.cleanup) - 1; i >= 0; i-- {
		s.cleanup[i]()
	}
	s.cleanup = nil
}

// runDevRequest is `infernode dev request`: makes the example consumer
// request a job on chain (docs/chain-protocol.md `request`) and, with --wait, prints the
// result once a node delivered it. The defaults fit a running `infernode dev`.
func runDevRequest(ctx context.Context, args []string, stdout, stderr io.Writer) (retErr error) {
	deployer := testnet.DevKey(devDeployerKey)
	defConsumer := crypto.CreateAddress(crypto.PubkeyToAddress(deployer.PublicKey), 1) // dev deploys at nonces 0 and 1
	fs := newFlags("dev request", "--input TEXT [--container echo] [--wait] [--rpc URL] [--consumer ADDR] [--private-key KEY]", stderr)
	rpcURL := fs.String("rpc", defaultRPC(), "JSON-RPC URL of the chain (env RPC_URL)")
	// The URL may hold an API key: what the command returns shows its scheme and host only.
	defer func() { retErr = chain.RedactError(retErr, *rpcURL) }()
	consumerHex := fs.String("consumer", defConsumer.Hex(), "ExampleConsumer address (the default is where infernode dev deploys it)")
	keyHex := fs.String("private-key", "", "requester's key, hex (default: env INFERNODE_PRIVATE_KEY, else dev key 2)")
	container := fs.String("container", "echo", "container id(s), comma-separated")
	input := fs.String("input", "", "job input, sent as its UTF-8 bytes")
	inputHex := fs.String("input-hex", "", "job input as 0x-hex bytes (instead of --input)")
	redundancy := fs.Int("redundancy", 1, "how many nodes should deliver (1-65535)")
	wait := fs.Bool("wait", false, "wait for the first delivery and print it")
	timeout := fs.Duration("timeout", time.Minute, "with --wait: how long to wait")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	if !common.IsHexAddress(*consumerHex) {
		return usagef(fs, "--consumer %q is not an address (0x followed by 40 hex digits)", *consumerHex)
	}
	if *redundancy < 1 || *redundancy > 65535 {
		return usagef(fs, "--redundancy must be 1-65535")
	}
	data := []byte(*input)
	if *inputHex != "" {
		if data, err = hexutil.Decode(*inputHex); err != nil {
			return usagef(fs, "--input-hex: %v (write 0x followed by hex digits)", err)
		}
	}
	key := testnet.DevKey(devUserKey)
	if *keyHex == "" {
		*keyHex = os.Getenv("INFERNODE_PRIVATE_KEY")
	}
	if *keyHex != "" {
		if key, err = parsePrivateKey(*keyHex); err != nil {
			return usagef(fs, "--private-key: %v", err)
		}
	}
	req := devRequest{RPCURL: *rpcURL, Consumer: common.HexToAddress(*consumerHex), Key: key,
		Container: *container, Input: data, Redundancy: uint16(*redundancy)}
	res, err := req.send(ctx)
	if err != nil {
		return err
	}
	if *wait {
		if res.Dialect == dialectInfernetV1 {
			fmt.Fprintf(stderr, "request mined: subscription %d on the SDK Coordinator; waiting up to %s for a node's delivery\n", res.SubscriptionID, *timeout)
		} else {
			fmt.Fprintf(stderr, "request mined: subscription %d, task %s; waiting up to %s for a node's delivery\n", res.SubscriptionID, res.TaskID, *timeout)
		}
		wctx, cancel := context.WithTimeout(ctx, *timeout)
		defer cancel()
		if err := req.waitResult(wctx, &res, stderr); err != nil {
			return err
		}
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(res)
}

type devRequest struct {
	RPCURL     string
	Consumer   common.Address
	Key        *ecdsa.PrivateKey
	Container  string
	Input      []byte
	Redundancy uint16
}

// devRequestResult is what `infernode dev request` prints.
type devRequestResult struct {
	Tx             common.Hash `json:"tx"`
	SubscriptionID uint32      `json:"subscription_id"`
	// TaskID is our Coordinator's task id; the SDK has none.
	TaskID common.Hash `json:"task_id,omitzero"`
	// Dialect is "infernet-v1" when the consumer requested from an SDK v1
	// Coordinator (infernode dev --infernet-v1); empty for ours.
	Dialect string        `json:"dialect,omitempty"`
	Output  hexutil.Bytes `json:"output,omitempty"`
	Proof   hexutil.Bytes `json:"proof,omitempty"`
	// RawOutput is raw_output decoded from output = abi.encode(bytes
	// raw_output, bytes processed_output) (docs/container-protocol.md), when it decodes.
	RawOutput string `json:"raw_output,omitempty"`
}

func (r devRequest) send(ctx context.Context) (devRequestResult, error) {
	client, err := ethclient.DialContext(ctx, r.RPCURL)
	if err != nil {
		return devRequestResult{}, fmt.Errorf("connect to %s: %w", r.RPCURL, err)
	}
	defer client.Close()
	chainID, err := client.ChainID(ctx)
	if err != nil {
		return devRequestResult{}, fmt.Errorf("connect to %s: %w (is `infernode dev` running?)", r.RPCURL, err)
	}
	if code, err := client.CodeAt(ctx, r.Consumer, nil); err != nil || len(code) == 0 {
		return devRequestResult{}, fmt.Errorf("no contract at %s on %s: pass --consumer with the example_consumer address", r.Consumer, r.RPCURL)
	}
	ex := exampleconsumerabi.NewExampleConsumer()
	opts := bind.NewKeyedTransactor(r.Key, chainID)
	opts.Context = ctx
	tx, err := sendWithFreshNonce(ctx, func() (*types.Transaction, error) {
		return ex.Instance(client, r.Consumer).RawTransact(opts, ex.PackRequest(r.Container, r.Input, r.Redundancy))
	})
	if err != nil {
		return devRequestResult{}, fmt.Errorf("send request from %s: %w", opts.From, err)
	}
	rcpt, err := bind.WaitMined(ctx, client, tx.Hash())
	if err != nil {
		return devRequestResult{}, fmt.Errorf("wait for request tx %s: %w", tx.Hash(), err)
	}
	if rcpt.Status != types.ReceiptStatusSuccessful {
		return devRequestResult{}, fmt.Errorf("request tx %s reverted", tx.Hash())
	}
	res := devRequestResult{Tx: tx.Hash()}
	c := coordinatorabi.NewCoordinator()
	inet := inetv1abi.NewEIP712Coordinator()
	for _, l := range rcpt.Logs {
		// The SDK's example consumer has the same request(string, bytes,
		// uint16): its Coordinator's event carries only the id.
		if ev, err := inet.UnpackSubscriptionCreatedEvent(l); err == nil {
			res.SubscriptionID, res.Dialect = ev.Id, dialectInfernetV1
			continue
		}
		if ev, err := c.UnpackSubscriptionCreatedEvent(l); err == nil {
			res.SubscriptionID = ev.Id
			taskID, err := bind.Call(c.Instance(client, l.Address), &bind.CallOpts{Context: ctx}, c.PackTaskId(ev.Id, 1), c.UnpackTaskId)
			if err != nil {
				return res, fmt.Errorf("read task id: %w", err)
			}
			res.TaskID = taskID
		}
	}
	if res.SubscriptionID == 0 {
		return res, fmt.Errorf("request tx %s emitted no SubscriptionCreated", tx.Hash())
	}
	return res, nil
}

// nonceTaken reports a send refused because another transaction from the
// same key took its nonce first: several `dev request`s (or any tools)
// sending from one key at once read the same pending nonce.
func nonceTaken(err error) bool {
	msg := strings.ToLower(err.Error())
	return strings.Contains(msg, "replacement transaction underpriced") || strings.Contains(msg, "nonce too low") ||
		strings.Contains(msg, "already known")
}

// sendWithFreshNonce calls send (which reads the pending nonce each time)
// until the nonce it took is its own: concurrent `dev request`s from one
// key each end up with a nonce of their own instead of one failing with
// the node's "replacement transaction underpriced". It backs off a little
// more each time, with jitter so that racers spread out.
func sendWithFreshNonce(ctx context.Context, send func() (*types.Transaction, error)) (*types.Transaction, error) {
	const tries = 8
	for attempt := 1; ; attempt++ {
		tx, err := send()
		if err == nil || !nonceTaken(err) {
			return tx, err
		}
		if attempt == tries {
			return nil, fmt.Errorf("another transaction from this key took each nonce tried (%d tries; other senders on the same key?); retry, or pass --private-key with another key: %w", tries, err)
		}
		wait := time.Duration(attempt)*100*time.Millisecond + time.Duration(rand.Int64N(int64(100*time.Millisecond)))
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
	}
}

// progressEvery is how often a long wait says it is still waiting.
const progressEvery = 5 * time.Second

// pollChain calls check every half second until it reports done, an error,
// or ctx ends (then it returns ctx's error). Every progressEvery it writes
// "still waiting for <what> (<elapsed>)" to progress, so a long wait is
// never silent.
func pollChain(ctx context.Context, progress io.Writer, what string, check func() (bool, error)) error {
	began, lastNote := time.Now(), time.Now()
	for {
		if done, err := check(); done || err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
		if time.Since(lastNote) >= progressEvery {
			lastNote = time.Now()
			fmt.Fprintf(progress, "still waiting for %s (%s)\n", what, time.Since(began).Round(time.Second))
		}
	}
}

// waitResult polls the consumer's results(taskId) until a delivery lands.
func (r devRequest) waitResult(ctx context.Context, res *devRequestResult, progress io.Writer) error {
	client, err := ethclient.DialContext(ctx, r.RPCURL)
	if err != nil {
		return fmt.Errorf("connect to %s: %w", r.RPCURL, err)
	}
	defer client.Close()
	if res.Dialect == dialectInfernetV1 {
		return r.waitResultV1(ctx, client, res, progress)
	}
	ex := exampleconsumerabi.NewExampleConsumer()
	inst := ex.Instance(client, r.Consumer)
	err = pollChain(ctx, progress, "the delivery of task "+res.TaskID.Hex(), func() (bool, error) {
		out, err := bind.Call(inst, &bind.CallOpts{Context: ctx}, ex.PackResults(res.TaskID), ex.UnpackResults)
		if err != nil || (len(out.Output) == 0 && len(out.Proof) == 0) {
			return false, nil // not yet (or a transient RPC error): ask again
		}
		res.Output, res.Proof = out.Output, out.Proof
		res.RawOutput = decodeRawOutput(out.Output)
		return true, nil
	})
	if err != nil {
		return fmt.Errorf("no delivery for task %s yet (is a node serving container %q on this chain?): %w", res.TaskID, r.Container, err)
	}
	return nil
}

// dialectInfernetV1 names the Infernet SDK v1 dialect in dev request's output.
const dialectInfernetV1 = "infernet-v1"

// waitResultV1 polls the SDK example consumer's results(subscriptionId)
// until a node's delivery lands.
func (r devRequest) waitResultV1(ctx context.Context, client *ethclient.Client, res *devRequestResult, progress io.Writer) error {
	ex := inetv1exampleabi.NewInfernetExampleConsumer()
	inst := ex.Instance(client, r.Consumer)
	err := pollChain(ctx, progress, fmt.Sprintf("the delivery of subscription %d", res.SubscriptionID), func() (bool, error) {
		out, err := bind.Call(inst, &bind.CallOpts{Context: ctx}, ex.PackResults(res.SubscriptionID), ex.UnpackResults)
		if err != nil || out.Node == (common.Address{}) {
			return false, nil // not yet (or a transient RPC error): ask again
		}
		res.Output, res.Proof = out.Output, out.Proof
		res.RawOutput = decodeRawOutput(out.Output)
		return true, nil
	})
	if err != nil {
		return fmt.Errorf("no delivery for subscription %d yet (is a node serving container %q on this chain?): %w", res.SubscriptionID, r.Container, err)
	}
	return nil
}

// decodeRawOutput returns raw_output from abi.encode(bytes, bytes) as text,
// or "" when output is not that shape or not UTF-8.
func decodeRawOutput(output []byte) string {
	p, err := codec.DecodePair(output)
	if err != nil || !utf8.Valid(p.Raw) {
		return ""
	}
	return string(p.Raw)
}

// devWallets are the payment Wallets `infernode dev` makes: the node's
// (owned by the node key, paid into) and a consumer's (owned by the user
// key, funded, the example consumer approved as spender).
type devWallets struct {
	Node     common.Address `json:"node_wallet"`
	Consumer common.Address `json:"consumer_wallet"`
	// Members are, with --fleet, the payment wallets of members m2, m3,
	// ..., each owned by that member's key.
	Members []common.Address `json:"member_wallets,omitempty"`
}

// devConsumerFunds is what the consumer wallet holds and allows the example
// consumer to spend: 10 of the native coin.
var devConsumerFunds = new(big.Int).Mul(big.NewInt(10), big.NewInt(1e18))

func (s *devStack) makeWallets(ctx context.Context, fleet int) (devWallets, error) {
	var w devWallets
	var err error
	node := walletops.Ops{Backend: s.chain.Client(), From: signer.NewKey(s.keys[devNodeKey])}
	user := walletops.Ops{Backend: s.chain.Client(), From: signer.NewKey(s.keys[devUserKey])}
	if w.Node, _, err = node.CreateWallet(ctx, s.dep.WalletFactory, node.Address()); err != nil {
		return w, err
	}
	if w.Consumer, _, err = user.CreateWallet(ctx, s.dep.WalletFactory, user.Address()); err != nil {
		return w, err
	}
	if _, err = user.Fund(ctx, w.Consumer, payments.Native, devConsumerFunds); err != nil {
		return w, err
	}
	if _, err = user.Approve(ctx, w.Consumer, s.dep.ExampleConsumer, payments.Native, devConsumerFunds); err != nil {
		return w, err
	}
	for i := 1; i < fleet; i++ {
		member := walletops.Ops{Backend: s.chain.Client(), From: signer.NewKey(s.keys[devUserKey+i])}
		mw, _, err := member.CreateWallet(ctx, s.dep.WalletFactory, member.Address())
		if err != nil {
			return w, fmt.Errorf("fleet member m%d: %w", i+1, err)
		}
		w.Members = append(w.Members, mw)
	}
	return w, nil
}

// quoteIDs writes container ids as "a", "b".
func quoteIDs(ids []string) string {
	q := make([]string, len(ids))
	for i, id := range ids {
		q[i] = strconv.Quote(id)
	}
	return strings.Join(q, ", ")
}
