package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
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
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/abi/exampleconsumerabi"
	"github.com/infernode/infernode/coordinator"
)

// chainClientCommands are the chain-side client subcommands: signing and
// posting a delegated subscription, and reading a subscription's deliveries.
func chainClientCommands() []command {
	return []command{
		{name: "delegate", summary: "sign a delegated subscription (EIP-712) and post it to a node", run: runDelegate},
		{name: "deliveries", summary: "list a subscription's deliveries read from the chain", run: runDeliveries},
	}
}

// keyEnv names the environment variables the signing key is read from when
// --private-key is not given, in order.
var keyEnv = []string{"INFERNODE_PRIVATE_KEY", "PRIVATE_KEY"}

// keyFromEnv returns the --private-key value, or else the first keyEnv
// variable that is set.
func keyFromEnv(flagValue string) string {
	for _, env := range keyEnv {
		if flagValue != "" {
			break
		}
		flagValue = os.Getenv(env)
	}
	return flagValue
}

func defaultRPC() string {
	if u := os.Getenv("RPC_URL"); u != "" {
		return u
	}
	return "http://127.0.0.1:8545"
}

func runDelegate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("delegate", "--coordinator ADDR --owner ADDR --containers IDS [flags]", stderr)
	url := fs.String("url", defaultURL(), "node URL (env SERVER_URL)")
	rpcURL := fs.String("rpc", defaultRPC(), "chain JSON-RPC URL, for the chain id and block time (env RPC_URL)")
	coord := fs.String("coordinator", "", "Coordinator address (EIP-712 verifying contract)")
	chainID := fs.Uint64("chain-id", 0, "chain id (default: read from --rpc)")
	file := fs.String("file", "", "JSON file with a DelegatedSubscriptionRequest or just its subscription object; flags given explicitly override it")
	owner := fs.String("owner", "", "subscription owner (a contract whose getSigner() is the signing key's address)")
	containers := fs.String("containers", "", "comma-separated container ids")
	inputs := fs.String("inputs", "", "0x-hex inputs (empty: the node calls the owner's getContainerInputs)")
	activeAt := fs.Uint64("active-at", 0, "first interval's start (unix seconds, block time); 0 = active now")
	frequency := fs.Uint64("frequency", 1, "number of intervals")
	period := fs.Uint64("period", 0, "seconds between intervals (0: one-shot)")
	redundancy := fs.Uint64("redundancy", 1, "nodes that may deliver each interval")
	maxGasPrice := fs.String("max-gas-price", "1000000000000", "highest gas price (wei) a delivery may pay (uint48)")
	maxGasLimit := fs.Uint64("max-gas-limit", 5_000_000, "gas for the owner's callback")
	nonce := fs.Int64("nonce", -1, "subscription nonce; -1: random")
	expiry := fs.Duration("expires-in", time.Hour, "signature lifetime from the latest block's time")
	data := fs.String("data", "{}", "JSON data given to the containers")
	keyFlag := fs.String("private-key", "", "signing key, hex (default: env INFERNODE_PRIVATE_KEY or PRIVATE_KEY); never printed")
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

	req := &coordinator.DelegatedRequest{Data: json.RawMessage(*data)}
	if *file != "" {
		if err := loadDelegateFile(*file, req); err != nil {
			return err
		}
	}
	sub := &req.Delegate.Sub
	set := func(name string) bool { return setFlag(fs, name) || *file == "" }
	if set("owner") {
		if !common.IsHexAddress(*owner) {
			return usagef(fs, "--owner: %q is not an address; write 0x followed by 40 hex digits", *owner)
		}
		sub.Owner = common.HexToAddress(*owner)
	}
	if set("containers") {
		sub.ContainerId = *containers
	}
	if set("inputs") {
		b, err := hexutil.Decode(ensure0x(*inputs))
		if *inputs != "" && err != nil {
			return usagef(fs, "--inputs: %v", err)
		}
		sub.Inputs = b
	}
	if sub.Inputs == nil {
		sub.Inputs = []byte{}
	}
	if set("active-at") {
		sub.ActiveAt = uint32(*activeAt)
	}
	if set("frequency") {
		sub.Frequency = uint32(*frequency)
	}
	if set("period") {
		sub.Period = uint32(*period)
	}
	if set("redundancy") {
		sub.Redundancy = uint16(*redundancy)
	}
	if set("max-gas-price") {
		p, ok := new(big.Int).SetString(*maxGasPrice, 0)
		if !ok || p.Sign() < 0 || p.BitLen() > 48 {
			return usagef(fs, "--max-gas-price: %q is not a uint48", *maxGasPrice)
		}
		sub.MaxGasPrice = p
	}
	if set("max-gas-limit") {
		sub.MaxGasLimit = uint32(*maxGasLimit)
	}
	if sub.PaymentAmount == nil {
		sub.PaymentAmount = new(big.Int)
	}
	if setFlag(fs, "data") || len(req.Data) == 0 {
		if !json.Valid([]byte(*data)) {
			return usagef(fs, "--data is not JSON")
		}
		req.Data = json.RawMessage(*data)
	}
	switch {
	case sub.Owner == (common.Address{}):
		return usagef(fs, "--owner is required (or in --file)")
	case len(coordinator.SplitContainers(sub.ContainerId)) == 0:
		return usagef(fs, "--containers is required (or in --file)")
	case !common.IsHexAddress(*coord):
		return usagef(fs, "--coordinator is required: the Coordinator's address")
	}

	keyHex := keyFromEnv(*keyFlag)
	if keyHex == "" {
		return usagef(fs, "no signing key: pass --private-key or set INFERNODE_PRIVATE_KEY")
	}
	key, err := parsePrivateKey(keyHex)
	if err != nil {
		return usagef(fs, "the signing key is not 64 hex digits") // the key itself is never echoed
	}

	now := uint64(time.Now().Unix())
	id := new(big.Int).SetUint64(*chainID)
	// The chain gives the chain id and the block time expiry counts from;
	// without it, --chain-id and the local clock do.
	if c, err := ethclient.DialContext(ctx, *rpcURL); err == nil {
		if *chainID == 0 {
			if id, err = c.ChainID(ctx); err != nil {
				c.Close()
				return fmt.Errorf("read chain id from %s (or pass --chain-id): %w", *rpcURL, err)
			}
		}
		if h, err := c.HeaderByNumber(ctx, nil); err == nil {
			now = h.Time
		}
		c.Close()
	} else if *chainID == 0 {
		return fmt.Errorf("dial %s for the chain id (or pass --chain-id): %w", *rpcURL, err)
	}
	if *nonce >= 0 {
		req.Delegate.Nonce = uint32(*nonce)
	} else {
		var b [4]byte
		if _, err := rand.Read(b[:]); err != nil {
			return err
		}
		req.Delegate.Nonce = binary.BigEndian.Uint32(b[:])
	}
	req.Delegate.Expiry = uint32(now + uint64(expiry.Seconds()))
	req.Sig, err = req.Delegate.Sign(coordinator.Domain{ChainID: id, Coordinator: common.HexToAddress(*coord)}, key)
	if err != nil {
		return err
	}
	body, err := coordinator.EncodeDelegated(req)
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
	fmt.Fprintf(stderr, "posted to %s; signer %s, nonce %d\n", c.URL(), crypto.PubkeyToAddress(key.PublicKey), req.Delegate.Nonce)
	subID, err := delegatedID(ctx, *rpcURL, common.HexToAddress(*coord), sub.Owner, req.Delegate.Nonce, *wait, *timeout, stderr)
	switch {
	case err != nil && *wait:
		return err
	case err != nil: // posted all the same: the id is only a courtesy here
		fmt.Fprintf(stderr, "subscription id: unknown (%v)\n", err)
	case subID != 0:
		fmt.Fprintf(stderr, "subscription id %d (see its deliveries: %s deliveries --rpc %s --coordinator %s --id %d)\n", subID, selfName(), *rpcURL, *coord, subID)
		if m, ok := pretty.(map[string]any); ok {
			m["subscription_id"] = subID
		}
	default:
		fmt.Fprintf(stderr, "subscription id: none yet (a node creates the subscription on chain with its first delivery; --wait waits for it)\n")
	}
	return printJSON(stdout, pretty)
}

// delegatedID returns the on-chain id of the delegated subscription
// (owner, nonce), 0 while no node created it. With wait it polls until one
// did, saying on progress that it is still waiting.
func delegatedID(ctx context.Context, rpcURL string, coord, owner common.Address, nonce uint32, wait bool, timeout time.Duration, progress io.Writer) (uint32, error) {
	c, err := ethclient.DialContext(ctx, rpcURL)
	if err != nil {
		return 0, fmt.Errorf("dial %s to read the subscription id: %w", rpcURL, err)
	}
	defer c.Close()
	ca := coordinatorabi.NewCoordinator()
	inst := ca.Instance(c, coord)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var id uint32
	err = pollChain(ctx, progress, "a node to create the subscription", func() (bool, error) {
		if id, err = bind.Call(inst, &bind.CallOpts{Context: ctx}, ca.PackDelegateSubscriptionId(owner, nonce), ca.UnpackDelegateSubscriptionId); err != nil {
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

// loadDelegateFile reads a DelegatedSubscriptionRequest body, or a bare
// subscription object, into req (its signature, if any, is replaced).
func loadDelegateFile(path string, req *coordinator.DelegatedRequest) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("--file: %w", err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return fmt.Errorf("--file %s: not a JSON object: %w", path, err)
	}
	if _, ok := top["subscription"]; !ok {
		top = map[string]json.RawMessage{"subscription": raw}
	}
	if _, ok := top["data"]; !ok {
		top["data"] = req.Data
	}
	top["signature"] = json.RawMessage(`{"nonce":0,"expiry":0,"v":27,"r":"0x0","s":"0x0"}`)
	full, _ := json.Marshal(top)
	parsed, err := coordinator.DecodeDelegated(full)
	if err != nil {
		return fmt.Errorf("--file %s: %w", path, err)
	}
	*req = *parsed
	return nil
}

// delivery is one ComputeDelivered event as printed by `deliveries`.
type delivery struct {
	Interval uint32         `json:"interval"`
	Node     common.Address `json:"node"`
	TaskID   common.Hash    `json:"task_id"`
	Block    uint64         `json:"block"`
	Tx       common.Hash    `json:"tx"`
	Output   hexutil.Bytes  `json:"output,omitempty"`
	Proof    hexutil.Bytes  `json:"proof,omitempty"`
	Callback string         `json:"callback,omitempty"`
}

func runDeliveries(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("deliveries", "--coordinator ADDR --id N [flags]", stderr)
	rpcURL := fs.String("rpc", defaultRPC(), "chain JSON-RPC URL (env RPC_URL)")
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
