package testnet

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
)

// AnvilOptions configures StartAnvil. The zero value is usable.
type AnvilOptions struct {
	// Binary is the anvil executable; empty means FindBinary("anvil", "INFERNODE_ANVIL").
	Binary string
	// BlockTime is --block-time in whole seconds; 0 mines each transaction
	// as it arrives (anvil's default).
	BlockTime time.Duration
	// Accounts is how many funded accounts anvil creates (default 5).
	Accounts int
	// GasLimit is --gas-limit, the block gas limit (0: anvil's default, 30M).
	GasLimit uint64
	// ChainID is --chain-id (default anvil's 31337).
	ChainID uint64
	// ForkURL is --fork-url: a fork of that chain at its latest block
	// (another local anvil, in tests of lying endpoints).
	ForkURL string
}

// Anvil is an anvil process.
type Anvil struct {
	proc    *process
	url     string
	wsURL   string
	chainID *big.Int
	keys    []*ecdsa.PrivateKey
}

// StartAnvil starts anvil on a free 127.0.0.1 port, waits until it
// answers, and reads its funded keys from --config-out. Stop it with Stop.
func StartAnvil(ctx context.Context, opts AnvilOptions) (*Anvil, error) {
	bin := opts.Binary
	if bin == "" {
		var err error
		if bin, err = FindBinary("anvil", "INFERNODE_ANVIL"); err != nil {
			return nil, err
		}
	}
	if opts.Accounts <= 0 {
		opts.Accounts = 5
	}
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ { // a free port may be taken between probe and bind
		a, err := startAnvilOnce(ctx, bin, opts)
		if err == nil {
			return a, nil
		}
		lastErr = err
		if ctx.Err() != nil {
			break
		}
	}
	return nil, lastErr
}

func startAnvilOnce(ctx context.Context, bin string, opts AnvilOptions) (*Anvil, error) {
	dir, err := os.MkdirTemp("", "infernode-anvil-*")
	if err != nil {
		return nil, fmt.Errorf("start anvil: temp dir: %w", err)
	}
	port, err := freePort()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	cfgOut := filepath.Join(dir, "anvil.json")
	args := []string{
		"--host", "127.0.0.1", "--port", strconv.Itoa(port),
		"--accounts", strconv.Itoa(opts.Accounts),
		"--config-out", cfgOut,
	}
	if opts.BlockTime > 0 {
		args = append(args, "--block-time", strconv.Itoa(int(opts.BlockTime/time.Second)))
	}
	if opts.GasLimit != 0 {
		args = append(args, "--gas-limit", strconv.FormatUint(opts.GasLimit, 10))
	}
	if opts.ChainID != 0 {
		args = append(args, "--chain-id", strconv.FormatUint(opts.ChainID, 10))
	}
	if opts.ForkURL != "" {
		args = append(args, "--fork-url", opts.ForkURL)
	}
	proc, err := startProcess("anvil", bin, args, dir)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	a := &Anvil{proc: proc, url: loopbackURL("http", port), wsURL: loopbackURL("ws", port)}
	readyCtx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if a.chainID, err = waitReady(readyCtx, a.url, proc.exited, proc.logs); err != nil {
		proc.stop()
		return nil, fmt.Errorf("start anvil: %w", err)
	}
	if a.keys, err = readAnvilKeys(cfgOut); err != nil {
		proc.stop()
		return nil, fmt.Errorf("start anvil: %w", err)
	}
	return a, nil
}

// readAnvilKeys parses the private keys anvil wrote with --config-out
// (written before it starts serving).
func readAnvilKeys(path string) ([]*ecdsa.PrivateKey, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	var cfg struct {
		PrivateKeys []string `json:"private_keys"`
	}
	if err := json.Unmarshal(raw, &cfg); err != nil {
		return nil, fmt.Errorf("decode %s: %w", path, err)
	}
	if len(cfg.PrivateKeys) == 0 {
		return nil, fmt.Errorf("%s lists no private_keys", path)
	}
	keys := make([]*ecdsa.PrivateKey, 0, len(cfg.PrivateKeys))
	for _, h := range cfg.PrivateKeys {
		k, err := crypto.HexToECDSA(trim0x(h))
		if err != nil {
			return nil, fmt.Errorf("decode anvil key: %w", err)
		}
		keys = append(keys, k)
	}
	return keys, nil
}

func trim0x(s string) string {
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		return s[2:]
	}
	return s
}

// RPCURL implements Chain.
func (a *Anvil) RPCURL() string { return a.url }

// WSURL implements Chain (anvil serves WebSocket on the same port).
func (a *Anvil) WSURL() string { return a.wsURL }

// ChainID implements Chain.
func (a *Anvil) ChainID() *big.Int { return new(big.Int).Set(a.chainID) }

// FundedKeys implements Chain.
func (a *Anvil) FundedKeys() []*ecdsa.PrivateKey { return append([]*ecdsa.PrivateKey(nil), a.keys...) }

// Logs returns the tail of anvil's output.
func (a *Anvil) Logs() string { return a.proc.logs() }

// Pid is the anvil process's id (benchmarks read its CPU time).
func (a *Anvil) Pid() int { return a.proc.cmd.Process.Pid }

// Stop implements Chain.
func (a *Anvil) Stop() error { return a.proc.stop() }

var _ Chain = (*Anvil)(nil)
