package node

import (
	"context"
	"log/slog"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"
)

// walletBalanceDesc is infernode_wallet_balance_wei: the native balance of
// the account the node sends its transactions from (what pays the gas).
var walletBalanceDesc = prometheus.NewDesc("infernode_wallet_balance_wei",
	"Native balance of the node's sending account, in wei (read at most once a minute).", nil, nil)

// balanceCollector reads the node's balance when /metrics is scraped, at
// most once per minAge whatever the scrape rate (a failed read counts too),
// each read with its own deadline: scrapes never cost more RPC than that.
type balanceCollector struct {
	addr    common.Address
	read    func(ctx context.Context, a common.Address, block *big.Int) (*big.Int, error)
	minAge  time.Duration
	timeout time.Duration
	now     func() time.Time
	log     *slog.Logger

	mu   sync.Mutex
	at   time.Time // of the last read, successful or not
	last *big.Int  // nil until a read succeeded
}

func newBalanceCollector(addr common.Address, read func(context.Context, common.Address, *big.Int) (*big.Int, error), log *slog.Logger) *balanceCollector {
	return &balanceCollector{addr: addr, read: read, minAge: time.Minute, timeout: 5 * time.Second, now: time.Now, log: log}
}

func (c *balanceCollector) Describe(ch chan<- *prometheus.Desc) { ch <- walletBalanceDesc }

func (c *balanceCollector) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if now := c.now(); c.at.IsZero() || now.Sub(c.at) >= c.minAge {
		c.at = now
		ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
		v, err := c.read(ctx, c.addr, nil)
		cancel()
		if err != nil {
			c.log.Warn("read the wallet balance for /metrics", "address", c.addr, "err", err)
		} else {
			c.last = v
		}
	}
	if c.last != nil {
		f, _ := new(big.Float).SetInt(c.last).Float64()
		ch <- prometheus.MustNewConstMetric(walletBalanceDesc, prometheus.GaugeValue, f)
	}
}

// registerBalance exports the balance of addr at /metrics until the
// returned func is called.
func registerBalance(reg prometheus.Registerer, addr common.Address, read func(context.Context, common.Address, *big.Int) (*big.Int, error), log *slog.Logger) func() {
	if reg == nil {
		return func() {}
	}
	c := newBalanceCollector(addr, read, log)
	if err := reg.Register(c); err != nil {
		log.Warn("infernode_wallet_balance_wei not exported", "err", err)
		return func() {}
	}
	return func() { reg.Unregister(c) }
}
