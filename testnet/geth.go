package testnet

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"os"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
)

// gethDevKey is the developer account geth --dev creates in an empty
// keystore (go-ethereum cmd/utils.DeveloperKey); its genesis balance is huge.
const gethDevKey = "b71c71a67e1177ad4e901695e1b4b9ee17ae16c6668d313eac2f96dbcda3f291"

// GethOptions configures StartGeth. The zero value is usable.
type GethOptions struct {
	// Binary is the geth executable; empty means FindBinary("geth", "INFERNODE_GETH").
	Binary string
	// BlockPeriod is --dev.period; 0 mines a block as soon as a transaction
	// is pending.
	BlockPeriod time.Duration
	// ExtraKeys is how many fresh keys to fund from the developer account
	// besides it (default 3).
	ExtraKeys int
	// Funding is the balance each extra key gets (default 1000 ether).
	Funding *big.Int
}

// Geth is a geth --dev process.
type Geth struct {
	proc    *process
	rpcURL  string
	wsURL   string
	chainID *big.Int
	keys    []*ecdsa.PrivateKey
}

// StartGeth starts geth in dev mode with HTTP and WS JSON-RPC on free
// 127.0.0.1 ports and a temporary data directory, waits until it answers,
// and funds the extra keys. Stop it with Stop.
func StartGeth(ctx context.Context, opts GethOptions) (*Geth, error) {
	bin := opts.Binary
	if bin == "" {
		var err error
		if bin, err = FindBinary("geth", "INFERNODE_GETH"); err != nil {
			return nil, err
		}
	}
	if opts.ExtraKeys == 0 {
		opts.ExtraKeys = 3
	}
	if opts.Funding == nil {
		opts.Funding = new(big.Int).Mul(big.NewInt(1000), big.NewInt(1e18))
	}
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ { // a free port may be taken between probe and bind
		g, err := startGethOnce(ctx, bin, opts)
		if err == nil {
			return g, nil
		}
		lastErr = err
		if ctx.Err() != nil {
			break
		}
	}
	return nil, lastErr
}

func startGethOnce(ctx context.Context, bin string, opts GethOptions) (*Geth, error) {
	dir, err := os.MkdirTemp("", "infernode-geth-*")
	if err != nil {
		return nil, fmt.Errorf("start geth: temp dir: %w", err)
	}
	ports := make([]int, 3)
	for i := range ports {
		if ports[i], err = freePort(); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	args := []string{
		"--dev", "--dev.period", strconv.Itoa(int(opts.BlockPeriod / time.Second)),
		"--dev.gaslimit", "60000000", // as mainnet; the default 11.5 M fits few deliveries per block
		"--datadir", dir,
		"--http", "--http.addr", "127.0.0.1", "--http.port", strconv.Itoa(ports[0]),
		"--http.api", "eth,net,web3,txpool,debug",
		"--ws", "--ws.addr", "127.0.0.1", "--ws.port", strconv.Itoa(ports[1]),
		"--ws.api", "eth,net,web3,txpool",
		"--authrpc.addr", "127.0.0.1", "--authrpc.port", strconv.Itoa(ports[2]),
		"--port", "0", "--nodiscover", "--maxpeers", "0", "--ipcdisable",
		"--verbosity", "2",
	}
	proc, err := startProcess("geth", bin, args, dir)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	g := &Geth{proc: proc, rpcURL: loopbackURL("http", ports[0]), wsURL: loopbackURL("ws", ports[1])}
	readyCtx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if g.chainID, err = waitReady(readyCtx, g.rpcURL, proc.exited, proc.logs); err != nil {
		proc.stop()
		return nil, fmt.Errorf("start geth: %w", err)
	}
	devKey, err := crypto.HexToECDSA(gethDevKey)
	if err != nil {
		proc.stop()
		return nil, fmt.Errorf("start geth: dev key: %w", err)
	}
	g.keys = []*ecdsa.PrivateKey{devKey}
	client, err := ethclient.DialContext(ctx, g.rpcURL)
	if err != nil {
		proc.stop()
		return nil, fmt.Errorf("start geth: dial %s: %w", g.rpcURL, err)
	}
	defer client.Close()
	extra, err := fundKeys(readyCtx, client, devKey, opts.ExtraKeys, opts.Funding)
	if err != nil {
		proc.stop()
		return nil, fmt.Errorf("start geth: fund keys: %w\n%s", err, proc.logs())
	}
	g.keys = append(g.keys, extra...)
	return g, nil
}

// RPCURL implements Chain.
func (g *Geth) RPCURL() string { return g.rpcURL }

// WSURL implements Chain.
func (g *Geth) WSURL() string { return g.wsURL }

// ChainID implements Chain.
func (g *Geth) ChainID() *big.Int { return new(big.Int).Set(g.chainID) }

// FundedKeys implements Chain: the developer key first, then the extra keys.
func (g *Geth) FundedKeys() []*ecdsa.PrivateKey { return append([]*ecdsa.PrivateKey(nil), g.keys...) }

// Logs returns the tail of geth's output (for test failure messages).
func (g *Geth) Logs() string { return g.proc.logs() }

// Stop implements Chain.
func (g *Geth) Stop() error { return g.proc.stop() }

var _ Chain = (*Geth)(nil)
