package testnet

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/ethclient"
)

// Chain is a running local chain.
type Chain interface {
	// RPCURL is the HTTP JSON-RPC endpoint (http://127.0.0.1:port).
	RPCURL() string
	// WSURL is the WebSocket endpoint (ws://127.0.0.1:port), or "" when
	// the chain serves none.
	WSURL() string
	// ChainID is the chain's EIP-155 id.
	ChainID() *big.Int
	// FundedKeys are private keys holding plenty of ether. The slice is
	// a copy; the keys are shared with the chain's other users.
	FundedKeys() []*ecdsa.PrivateKey
	// Stop shuts the chain down and removes its temporary data. It is safe
	// to call more than once.
	Stop() error
}

// FindBinary locates an external program: the path in env variable envVar
// if set, else .tools/bin/<name> in this repository (found by walking up
// from the working directory), else <name> on PATH.
func FindBinary(name, envVar string) (string, error) {
	if p := os.Getenv(envVar); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("%s=%s: %w (unset it or run `make tools`)", envVar, p, err)
		}
		return p, nil
	}
	if dir, err := os.Getwd(); err == nil {
		for {
			p := filepath.Join(dir, ".tools", "bin", name)
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				return p, nil
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("%s not found (looked at $%s, .tools/bin/%s and PATH): run `make tools`", name, envVar, name)
}

// freePort returns a TCP port on 127.0.0.1 that was free a moment ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func loopbackURL(scheme string, port int) string {
	return scheme + "://127.0.0.1:" + strconv.Itoa(port)
}

// waitReady polls eth_chainId on url until it answers, the process exits
// (exited is closed) or ctx ends.
func waitReady(ctx context.Context, url string, exited <-chan struct{}, logs func() string) (*big.Int, error) {
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	var lastErr error
	for {
		cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		c, err := ethclient.DialContext(cctx, url)
		if err == nil {
			var id *big.Int
			id, err = c.ChainID(cctx)
			c.Close()
			if err == nil {
				cancel()
				return id, nil
			}
		}
		cancel()
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("wait for %s: %w (last error: %v)\n%s", url, ctx.Err(), lastErr, logs())
		case <-exited:
			return nil, fmt.Errorf("process exited before %s answered:\n%s", url, logs())
		case <-tick.C:
		}
	}
}
