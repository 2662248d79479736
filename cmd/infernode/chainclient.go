package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/big"
	"os"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/abi/exampleconsumerabi"
	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/internal/eip712"
	"github.com/infernode/infernode/signer"
)

// chainClientCommands are the chain-side client subcommands: signing and
// posting a delegated subscription, and reading a subscription's deliveries.
func chainClientCommands() []command {
	return []command{
		{name: "delegate", summary: "sign a delegated subscription (EIP-712) and post it to a node", run: runDelegate},
		{name: "deliveries", summary: "list a subscription's deliveries read from the chain", run: runDeliveries},
	}
}

func defaultRPC() string {
	if u := os.Getenv("RPC_URL"); u != "" {
		return u
	}
	return "http://127.0.0.1:8545"
}

func runDelegate(ctx context.Context, args []string, stdout, stderr io.Writer) (retErr error) {
	fs := newFlags("delegate", "(--coordinator ADDR | --infernet-v1 --registry ADDR) --owner ADDR --containers IDS [flags]", stderr)
	o := &delegateOpts{fs: fs}
	url := fs.String("url", defaultURL(), "node URL (env SERVER_URL)")
	rpcURL := fs.String("rpc", defaultRPC(), "chain JSON-RPC URL, for the chain id and block time (env RPC_URL)")
	// The URL may hold an API key: what the command returns shows its scheme and host only.
	defer func() { retErr = chain.RedactError(retErr, *rpcURL) }()
	coord := fs.String("coordinator", "", "Coordinator address (EIP-712 verifying contract)")
	v1 := fs.Bool("infernet-v1", false, "build, sign and post the Infernet SDK v1 body (docs/infernet-v1.md): containers as the SDK's containerId hash, signed for its EIP712Coordinator; no --inputs or gas limits")
	registry := fs.String("registry", "", "Infernet SDK v1 Registry whose COORDINATOR() is the Coordinator (implies --infernet-v1; instead of --coordinator)")
	chainID := fs.Uint64("chain-id", 0, "chain id (default: read from --rpc)")
	fs.StringVar(&o.file, "file", "", "JSON file with a DelegatedSubscriptionRequest or just its subscription object (with --infernet-v1: the SDK v1 body); flags given explicitly override it")
	owner := fs.String("owner", "", "subscription owner (a contract whose getSigner() is the signing key's address)")
	fs.StringVar(&o.containers, "containers", "", "comma-separated container ids")
	fs.StringVar(&o.inputs, "inputs", "", "0x-hex inputs (empty: the node calls the owner's getContainerInputs)")
	activeAt := fs.Uint64("active-at", 0, "first interval's start (unix seconds, block time); 0 = active now")
	frequency := fs.Uint64("frequency", 1, "number of intervals")
	period := fs.Uint64("period", 0, "seconds between intervals (0: one-shot)")
	redundancy := fs.Uint64("redundancy", 1, "nodes that may deliver each interval")
	fs.StringVar(&o.maxGasPrice, "max-gas-price", "1000000000000", "highest gas price (wei) a delivery may pay (uint48)")
	fs.Uint64Var(&o.maxGasLimit, "max-gas-limit", 1_000_000, "gas for the owner's callback (a default node serves unpaid deliveries asking at most 1,000,000: chain.unpaid.max_gas)")
	nonce := fs.Int64("nonce", -1, "subscription nonce; -1: random")
	expiry := fs.Duration("expires-in", time.Hour, "signature lifetime from the latest block's time")
	fs.StringVar(&o.data, "data", "{}", "JSON data given to the containers")
	keys := addSigningFlags(fs, "signing")
	dryRun := fs.Bool("dry-run", false, "print the signed request without posting it")
	wait := fs.Bool("wait", false, "after posting, wait until a node created the subscription on chain (with its first delivery) and add its subscription_id to the output")
	timeout := fs.Duration("timeout", 2*time.Minute, "with --wait: how long to wait")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	o.v1 = *v1 || *registry != ""

	// The fields both dialects share; each builder applies them.
	o.shared = func(sub sharedSub) error {
		if o.set("owner") {
			if !common.IsHexAddress(*owner) {
				return usagef(fs, "--owner: %q is not an address; write 0x followed by 40 hex digits", *owner)
			}
			*sub.owner = common.HexToAddress(*owner)
		}
		if o.set("active-at") {
			*sub.activeAt = uint32(*activeAt)
		}
		if o.set("frequency") {
			*sub.frequency = uint32(*frequency)
		}
		if o.set("period") {
			*sub.period = uint32(*period)
		}
		if o.set("redundancy") {
			*sub.redundancy = uint16(*redundancy)
		}
		if setFlag(fs, "data") || len(*sub.data) == 0 {
			if !json.Valid([]byte(o.data)) {
				return usagef(fs, "--data is not JSON")
			}
			*sub.data = json.RawMessage(o.data)
		}
		if *sub.owner == (common.Address{}) {
			return usagef(fs, "--owner is required (or in --file)")
		}
		return nil
	}
	build := buildDelegation
	if o.v1 {
		build = buildDelegationV1
	}
	d, err := build(o)
	if err != nil {
		return err
	}
	switch {
	case *registry != "" && *coord != "":
		return usagef(fs, "--registry and --coordinator: give one (--registry reads the Coordinator from the Registry)")
	case *registry != "" && !common.IsHexAddress(*registry):
		return usagef(fs, "--registry: %q is not an address", *registry)
	case *registry == "" && !common.IsHexAddress(*coord):
		return usagef(fs, "--coordinator is required: the Coordinator's address (with --infernet-v1, or --registry: the SDK Registry's)")
	}

	if !keys.given() {
		return usagef(fs, "no signing key: pass --private-key (or set INFERNODE_PRIVATE_KEY), --keystore or --remote-signer (docs/keys.md)")
	}
	key, err := keys.signer(ctx, stderr)
	if err != nil {
		return err
	}

	now := uint64(time.Now().Unix())
	id := new(big.Int).SetUint64(*chainID)
	coordAddr := common.HexToAddress(*coord)
	// The chain gives the chain id and the block time expiry counts from;
	// without it, --chain-id and the local clock do. --registry needs it.
	if c, err := ethclient.DialContext(ctx, *rpcURL); err == nil {
		defer c.Close()
		if *chainID == 0 {
			if id, err = c.ChainID(ctx); err != nil {
				return fmt.Errorf("read chain id from %s (or pass --chain-id): %w", *rpcURL, err)
			}
		}
		if h, err := c.HeaderByNumber(ctx, nil); err == nil {
			now = h.Time
		}
		if *registry != "" {
			d, err := chooseDialect(ctx, c, "", *registry)
			if err != nil {
				return err
			}
			coordAddr = d.Coordinator()
		}
	} else if *chainID == 0 || *registry != "" {
		return fmt.Errorf("dial %s for the chain id (or pass --chain-id): %w", *rpcURL, err)
	}
	var n uint32
	if *nonce >= 0 {
		n = uint32(*nonce)
	} else {
		var b [4]byte
		if _, err := rand.Read(b[:]); err != nil {
			return err
		}
		n = binary.BigEndian.Uint32(b[:])
	}
	body, err := d.sign(ctx, key, id, coordAddr, n, uint32(now), uint32(now+uint64(expiry.Seconds())))
	if err != nil {
		return err
	}
	var pretty any
	_ = json.Unmarshal(body, &pretty)
	if *dryRun {
		return printJSON(stdout, pretty)
	}
	c, err := dial(fs, *url)
	if err != nil {
		return err
	}
	if err := c.SubmitDelegated(ctx, json.RawMessage(body)); err != nil {
		return nodeErr(c, err)
	}
	fmt.Fprintf(stderr, "posted to %s (%s); signer %s, nonce %d\n", c.URL(), d.dialect, key.Address(), n)
	subID, err := delegatedID(ctx, *rpcURL, coordAddr, d.createdID(n), *wait, *timeout, stderr)
	switch {
	case err != nil && *wait:
		return err
	case err != nil: // posted all the same: the id is only a courtesy here
		fmt.Fprintf(stderr, "subscription id: unknown (%v)\n", chain.RedactError(err, *rpcURL))
	case subID != 0:
		if o.v1 {
			fmt.Fprintf(stderr, "subscription id %d (on the SDK Coordinator %s)\n", subID, coordAddr)
		} else {
			fmt.Fprintf(stderr, "subscription id %d (see its deliveries: %s deliveries --rpc %s --coordinator %s --id %d)\n", subID, selfName(), chain.Redact(*rpcURL), *coord, subID)
		}
		if m, ok := pretty.(map[string]any); ok {
			m["subscription_id"] = subID
		}
	default:
		fmt.Fprintf(stderr, "subscription id: none yet (a node creates the subscription on chain with its first delivery; --wait waits for it)\n")
	}
	return printJSON(stdout, pretty)
}

// delegateOpts are the delegate flags a dialect's builder reads beside the
// shared ones.
type delegateOpts struct {
	fs                                          *flag.FlagSet
	v1                                          bool
	file, containers, inputs, maxGasPrice, data string
	maxGasLimit                                 uint64
	// shared applies the flags both dialects have (owner, intervals,
	// redundancy, data) to a subscription and checks the owner is set.
	shared func(sharedSub) error
}

// set reports whether a subscription flag applies: given explicitly, or
// there is no --file (then its default applies).
func (o *delegateOpts) set(name string) bool { return setFlag(o.fs, name) || o.file == "" }

// sharedSub points at the fields both dialects' subscriptions have.
type sharedSub struct {
	owner                       *common.Address
	activeAt, period, frequency *uint32
	redundancy                  *uint16
	data                        *json.RawMessage
}

// delegation is a delegated subscription in one dialect, built from the
// flags and --file, ready to be signed.
type delegation struct {
	dialect string
	// sign signs it with nonce and expiry for the Coordinator coord on
	// chainID with s and returns the body to post; now is the chain's time.
	sign func(ctx context.Context, s signer.Signer, chainID *big.Int, coord common.Address, nonce, now, expiry uint32) ([]byte, error)
	// createdID is the Coordinator call that returns the id a node created
	// the subscription under (0: none yet), and its decoder.
	createdID func(nonce uint32) idCall
}

// idCall is a Coordinator call returning a subscription id.
type idCall struct {
	pack   []byte
	unpack func([]byte) (uint32, error)
}

// buildDelegation builds a delegated subscription in our dialect (docs/chain-protocol.md,
// docs/api.md).
func buildDelegation(o *delegateOpts) (*delegation, error) {
	fs := o.fs
	req := &ours.DelegatedRequest{Data: json.RawMessage(o.data)}
	if o.file != "" {
		var err error
		if req, err = delegateFile(o.file, req.Data, ours.DecodeDelegated, ""); err != nil {
			return nil, err
		}
	}
	sub := &req.Delegate.Sub
	if err := o.shared(sharedSub{&sub.Owner, &sub.ActiveAt, &sub.Period, &sub.Frequency, &sub.Redundancy, &req.Data}); err != nil {
		return nil, err
	}
	if o.set("containers") {
		sub.ContainerId = o.containers
	}
	if o.set("inputs") {
		b, err := hexutil.Decode(ensure0x(o.inputs))
		if o.inputs != "" && err != nil {
			return nil, usagef(fs, "--inputs: %v", err)
		}
		sub.Inputs = b
	}
	if sub.Inputs == nil {
		sub.Inputs = []byte{}
	}
	if o.set("max-gas-price") {
		p, ok := new(big.Int).SetString(o.maxGasPrice, 0)
		if !ok || p.Sign() < 0 || p.BitLen() > 48 {
			return nil, usagef(fs, "--max-gas-price: %q is not a uint48", o.maxGasPrice)
		}
		sub.MaxGasPrice = p
	}
	if o.set("max-gas-limit") {
		sub.MaxGasLimit = uint32(o.maxGasLimit)
	}
	if sub.PaymentAmount == nil {
		sub.PaymentAmount = new(big.Int)
	}
	if len(coordinator.SplitContainers(sub.ContainerId)) == 0 {
		return nil, usagef(fs, "--containers is required (or in --file)")
	}
	ca := coordinatorabi.NewCoordinator()
	return &delegation{
		dialect: "infernode",
		sign: func(ctx context.Context, s signer.Signer, chainID *big.Int, coord common.Address, nonce, now, expiry uint32) ([]byte, error) {
			req.Delegate.Nonce, req.Delegate.Expiry = nonce, expiry
			if sub.ActiveAt == 0 {
				// Intervals count from activeAt, as the SDK's do: "active
				// now" is now, not 1970 (which a recurring subscription
				// would be long past).
				sub.ActiveAt = now
			}
			sig, err := signTyped(ctx, s, req.Delegate.TypedData(ours.Domain{ChainID: chainID, Coordinator: coord}))
			if err != nil {
				return nil, err
			}
			req.Sig = sig
			return ours.EncodeDelegated(req)
		},
		createdID: func(nonce uint32) idCall {
			return idCall{ca.PackDelegateSubscriptionId(sub.Owner, nonce), ca.UnpackDelegateSubscriptionId}
		},
	}, nil
}

// signTyped signs a delegated subscription's typed data with s, in the
// Coordinators' signature form.
func signTyped(ctx context.Context, s signer.Signer, td apitypes.TypedData) (eip712.Signature, error) {
	raw, err := s.SignTypedData(ctx, td)
	if err != nil {
		return eip712.Signature{}, fmt.Errorf("sign the delegated subscription: %w", err)
	}
	return eip712.FromBytes(raw)
}

// delegatedID returns the on-chain id of the delegated subscription
// (read with call), 0 while no node created it. With wait it polls until
// one did, saying on progress that it is still waiting.
func delegatedID(ctx context.Context, rpcURL string, coord common.Address, call idCall, wait bool, timeout time.Duration, progress io.Writer) (uint32, error) {
	c, err := ethclient.DialContext(ctx, rpcURL)
	if err != nil {
		return 0, fmt.Errorf("dial %s to read the subscription id: %w", rpcURL, err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var id uint32
	err = pollChain(ctx, progress, "a node to create the subscription", func() (bool, error) {
		out, err := c.CallContract(ctx, ethereum.CallMsg{To: &coord, Data: call.pack}, nil)
		if err == nil {
			id, err = call.unpack(out)
		}
		if err != nil {
			return false, fmt.Errorf("read the subscription id from the Coordinator at %s: %w", coord, err)
		}
		return id != 0 || !wait, nil
	})
	if err != nil && ctx.Err() != nil {
		return 0, fmt.Errorf("no node created the subscription within %s (is a node serving its containers on this chain?): %w", timeout, err)
	}
	return id, err
}

func ensure0x(s string) string {
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		return s
	}
	return "0x" + s
}

// delegateFile reads a delegated subscription body, or a bare
// subscription object, and decodes it with a dialect's decoder: data (when
// the file has none) and a placeholder signature (the caller signs) added.
// what says what the file must hold, for the error.
func delegateFile[T any](path string, data json.RawMessage, decode func([]byte) (*T, error), what string) (*T, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--file: %w", err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return nil, fmt.Errorf("--file %s: not a JSON object: %w", path, err)
	}
	if _, ok := top["subscription"]; !ok {
		top = map[string]json.RawMessage{"subscription": raw}
	}
	if _, ok := top["data"]; !ok {
		top["data"] = data
	}
	top["signature"] = json.RawMessage(`{"nonce":0,"expiry":0,"v":27,"r":"0x0","s":"0x0"}`)
	body, _ := json.Marshal(top)
	req, err := decode(body)
	if err != nil {
		return nil, fmt.Errorf("--file %s%s: %w", path, what, err)
	}
	return req, nil
}

// delivery is one ComputeDelivered event as printed by `deliveries`.
type delivery struct {
	Interval uint32         `json:"interval"`
	Node     common.Address `json:"node"`
	TaskID   common.Hash    `json:"task_id,omitzero"` // our Coordinator's; the SDK's events have none
	Block    uint64         `json:"block"`
	Tx       common.Hash    `json:"tx"`
	Output   hexutil.Bytes  `json:"output,omitempty"`
	Proof    hexutil.Bytes  `json:"proof,omitempty"`
	Callback string         `json:"callback,omitempty"`
}

func runDeliveries(ctx context.Context, args []string, stdout, stderr io.Writer) (retErr error) {
	fs := newFlags("deliveries", "--coordinator ADDR --id N [flags]", stderr)
	rpcURL := fs.String("rpc", defaultRPC(), "chain JSON-RPC URL (env RPC_URL)")
	// The URL may hold an API key: what the command returns shows its scheme and host only.
	defer func() { retErr = chain.RedactError(retErr, *rpcURL) }()
	coord := fs.String("coordinator", "", "Coordinator address")
	id := fs.Uint64("id", 0, "subscription id")
	from := fs.Uint64("from-block", 0, "first block to search")
	consumer := fs.String("consumer", "", "example consumer address: also print each delivery's stored output and proof")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	if !common.IsHexAddress(*coord) || *id == 0 || *id > 1<<32-1 {
		return usagef(fs, "--coordinator and --id (1 or more) are required")
	}
	if *consumer != "" && !common.IsHexAddress(*consumer) {
		return usagef(fs, "--consumer: %q is not an address", *consumer)
	}
	c, err := ethclient.DialContext(ctx, *rpcURL)
	if err != nil {
		return fmt.Errorf("dial %s: %w", *rpcURL, err)
	}
	defer c.Close()
	ca := coordinatorabi.NewCoordinator()
	addr := common.HexToAddress(*coord)
	// A subscription that does not exist has no deliveries either; say so
	// rather than print an empty list a script would take for "none yet".
	count, err := bind.Call(ca.Instance(c, addr), &bind.CallOpts{Context: ctx}, ca.PackSubscriptionCount(), ca.UnpackSubscriptionCount)
	if err != nil {
		// Not our Coordinator: an Infernet SDK v1 EIP712Coordinator?
		ic := inetv1abi.NewEIP712Coordinator()
		if next, ierr := bind.Call(ic.Instance(c, addr), &bind.CallOpts{Context: ctx}, ic.PackId(), ic.UnpackId); ierr == nil && next > 0 {
			return deliveriesV1(ctx, c, addr, uint32(*id), next, *from, stdout)
		}
		return fmt.Errorf("read the subscription count from the Coordinator at %s on %s (is --coordinator right?): %w", addr, *rpcURL, err)
	}
	if *id > uint64(count) {
		return fmt.Errorf("subscription %d does not exist on the Coordinator at %s (it has %d); a delegated subscription gets its id when a node first delivers it", *id, addr, count)
	}
	topics := [][]common.Hash{{codec.TopicComputeDelivered, codec.TopicCallbackFailed}, {common.BigToHash(new(big.Int).SetUint64(*id))}}
	logs, err := c.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(*from), Addresses: []common.Address{addr}, Topics: topics})
	if err != nil {
		return fmt.Errorf("read logs of subscription %d: %w", *id, err)
	}
	failed := map[common.Hash]bool{}
	var out []delivery
	for i := range logs {
		l := &logs[i]
		if ev, err := ca.UnpackCallbackFailedEvent(l); err == nil {
			failed[ev.TaskId] = true
			continue
		}
		ev, err := ca.UnpackComputeDeliveredEvent(l)
		if err != nil {
			continue
		}
		d := delivery{Interval: ev.Interval, Node: ev.Node, TaskID: ev.TaskId, Block: l.BlockNumber, Tx: l.TxHash}
		if *consumer != "" {
			ec := exampleconsumerabi.NewExampleConsumer()
			to := common.HexToAddress(*consumer)
			res, err := c.CallContract(ctx, ethereum.CallMsg{To: &to, Data: ec.PackResults(ev.TaskId)}, nil)
			if err == nil {
				if r, err := ec.UnpackResults(res); err == nil {
					d.Output, d.Proof = r.Output, r.Proof
				}
			}
		}
		out = append(out, d)
	}
	for i := range out {
		if failed[out[i].TaskID] {
			out[i].Callback = "failed"
		}
	}
	if out == nil {
		out = []delivery{}
	}
	return printJSON(stdout, out)
}

// deliveriesV1 lists the deliveries of subscription id on an Infernet SDK
// v1 EIP712Coordinator (next is its id(), the next id it gives): its
// SubscriptionFulfilled events, each interval read from the Coordinator at
// the delivery's block. The SDK emits no task id or output.
func deliveriesV1(ctx context.Context, c *ethclient.Client, addr common.Address, id, next uint32, from uint64, stdout io.Writer) error {
	if id >= next {
		return fmt.Errorf("subscription %d does not exist on the SDK Coordinator at %s (it has %d); a delegated subscription gets its id when a node first delivers it", id, addr, next-1)
	}
	ic := inetv1abi.NewEIP712Coordinator()
	sub, err := bind.Call(ic.Instance(c, addr), &bind.CallOpts{Context: ctx}, ic.PackGetSubscription(id), ic.UnpackGetSubscription)
	if err != nil {
		return fmt.Errorf("read subscription %d: %w", id, err)
	}
	topics := [][]common.Hash{{ic.GetABI().Events["SubscriptionFulfilled"].ID}, {common.BigToHash(new(big.Int).SetUint64(uint64(id)))}}
	logs, err := c.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(from), Addresses: []common.Address{addr}, Topics: topics})
	if err != nil {
		return fmt.Errorf("read logs of subscription %d: %w", id, err)
	}
	out := []delivery{}
	for i := range logs {
		l := &logs[i]
		ev, err := ic.UnpackSubscriptionFulfilledEvent(l)
		if err != nil {
			continue
		}
		d := delivery{Node: ev.Node, Block: l.BlockNumber, Tx: l.TxHash}
		at := &bind.CallOpts{Context: ctx, BlockNumber: new(big.Int).SetUint64(l.BlockNumber)}
		if k, err := bind.Call(ic.Instance(c, addr), at, ic.PackGetSubscriptionInterval(sub.ActiveAt, sub.Period), ic.UnpackGetSubscriptionInterval); err == nil {
			d.Interval = k
		}
		out = append(out, d)
	}
	return printJSON(stdout, out)
}
