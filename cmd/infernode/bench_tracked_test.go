package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/params"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/contracts/infernetv1"
	"github.com/infernode/infernode/internal/testabi/inetv1testabi"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/workloads/echo/service"
)

// BenchmarkServeTracked is the idle-cost figure of docs/infernet-v1.md and
// docs/relay.md: on anvil (1 s blocks), the node (the real binary, `serve`
// with a config file, heads polled over HTTP as the reference node's
// config.json has it) tracks 200 subscriptions, half recurring every 30 s
// and half not due for an hour, in each dialect. Over a window (default
// 120 s, env INFERNODE_BENCH_WINDOW) after every subscription is tracked it
// reports the node's JSON-RPC calls per second (a batch's calls counted
// one by one, through a counting proxy) and its HTTP requests per second (a
// batch counted once), the CPU it used (cores) and its
// resident memory (median of 1 s samples, and peak), with the deliveries
// made meanwhile: the idle part (following the head) per block and the
// rest per delivery sent. The window holds four 30 s boundaries, the last
// of whose deliveries may be mined after it. INFERNODE_BENCH_WARMUP waits
// before the window (40s: the first interval's deliveries fall before it,
// the steady state is measured); INFERNODE_BENCH_KEEPLOG=DIR keeps the
// node's log there. Run with
//
//	go test -run '^$' -bench ServeTracked -benchtime 1x -count 3 ./cmd/infernode
func BenchmarkServeTracked(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "infernode")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Stderr = os.Stderr
	require.NoError(b, build.Run(), "build the infernode binary")
	window := 120 * time.Second
	if v := os.Getenv("INFERNODE_BENCH_WINDOW"); v != "" {
		d, err := time.ParseDuration(v)
		require.NoError(b, err, "INFERNODE_BENCH_WINDOW")
		window = d
	}
	// INFERNODE_BENCH_ENDPOINTS=2|3 lists that many endpoints of the same
	// anvil (each behind its own counting proxy, calls summed): the cost
	// of chain.rpc.quorum's default. INFERNODE_BENCH_DIALECTS=ours runs one.
	endpoints := 1
	if v := os.Getenv("INFERNODE_BENCH_ENDPOINTS"); v != "" {
		n, err := strconv.Atoi(v)
		require.NoError(b, err, "INFERNODE_BENCH_ENDPOINTS")
		endpoints = n
	}
	dialects := []string{"infernet-v1", "ours"}
	if v := os.Getenv("INFERNODE_BENCH_DIALECTS"); v != "" {
		dialects = strings.Split(v, ",")
	}
	for _, dialect := range dialects {
		b.Run("dialect="+dialect, func(b *testing.B) {
			for range b.N {
				serveTracked(b, bin, dialect, 100, 100, window, endpoints)
			}
		})
	}
}

func serveTracked(b *testing.B, bin, dialect string, recurring, later int, window time.Duration, endpoints int) {
	ctx, cancel := context.WithTimeout(context.Background(), window+5*time.Minute)
	defer cancel()
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{BlockTime: time.Second})
	require.NoError(b, err)
	defer a.Stop()
	keys := a.FundedKeys()
	client, err := ethclient.DialContext(ctx, a.RPCURL())
	require.NoError(b, err)
	defer client.Close()
	nodeKey, userKey := keys[3], keys[1]

	// The contracts and the subscriptions: recurring every 30 s (the first
	// due 30 s after creation), and the rest first due in an hour.
	var addrKey, addr string
	var txs [][]byte // calldata, sent to `to` from userKey
	var to common.Address
	switch dialect {
	case "infernet-v1":
		dep, err := infernetv1.DeployWithExample(ctx, client, keys[2], infernetv1.Options{}, common.Address{})
		require.NoError(b, err)
		addrKey, addr = "registry_address", dep.Registry.Hex()
		art, err := contracts.LoadArtifact(contracts.InfernetTestSubscriptionConsumerName)
		require.NoError(b, err)
		c := inetv1testabi.NewInfernetTestSubscriptionConsumer()
		to = deployCode(b, ctx, client, userKey, append(append([]byte(nil), art.Bytecode...), c.PackConstructor(dep.Registry)...))
		for i := range recurring + later {
			freq, period := uint32(1_000), uint32(30)
			if i >= recurring {
				freq, period = 2, 3600
			}
			txs = append(txs, c.PackSubscribe("echo", []byte(strconv.Itoa(i)), freq, period, 1, false, common.Address{}, new(big.Int), common.Address{}, common.Address{}))
		}
	case "ours":
		dep, err := contracts.Deploy(ctx, client, keys[0], common.Address{})
		require.NoError(b, err)
		addrKey, addr, to = "coordinator_address", dep.Coordinator.Hex(), dep.Coordinator
		head, err := client.HeaderByNumber(ctx, nil)
		require.NoError(b, err)
		coord := coordinatorabi.NewCoordinator()
		for i := range recurring + later {
			freq, period := uint32(1_000), uint32(30)
			if i >= recurring {
				freq, period = 2, 3600
			}
			txs = append(txs, coord.PackCreateSubscription(coordinatorabi.Subscription{
				Owner: crypto.PubkeyToAddress(userKey.PublicKey), ActiveAt: uint32(head.Time) + period, Period: period, Frequency: freq, Redundancy: 1,
				MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 50_000, ContainerId: "echo", Inputs: []byte(strconv.Itoa(i)), PaymentAmount: new(big.Int),
			}))
		}
	default:
		b.Fatalf("unknown dialect %q", dialect)
	}
	sendAll(b, ctx, client, userKey, to, txs)

	// The node: the binary, its RPC through the counting proxy, echo in this process.
	echo, err := service.New(service.Config{})
	require.NoError(b, err)
	ctr := httptest.NewServer(echo)
	defer ctr.Close()
	var proxies countingProxies
	var urls []string
	for range endpoints {
		p := newCountingProxy(b, a.RPCURL())
		defer p.srv.Close()
		proxies, urls = append(proxies, p), append(urls, p.srv.URL)
	}
	proxy := proxies
	port := freeTCPPort(b)
	dir := b.TempDir()
	cfg := map[string]any{
		"data_dir":          filepath.Join(dir, "data"),
		"manage_containers": false,
		"server":            map[string]any{"host": "127.0.0.1", "port": port},
		"chain": map[string]any{
			"enabled": true, "rpc_urls": urls, addrKey: addr,
			// The operator serves its own requester: the unpaid day
			// budgets do not bind (one owner, 100 subscriptions).
			"unpaid": map[string]any{"owner_gas_per_day": uint64(1) << 50, "new_owner_gas_per_day": uint64(1) << 50, "gas_per_day": uint64(1) << 50},
			"wallet": map[string]any{"private_key": hexutil.Encode(crypto.FromECDSA(nodeKey)), "max_gas_limit": 4_000_000},
		},
		"containers": []any{map[string]any{"id": "echo", "url": ctr.URL, "external": true}},
	}
	raw, err := json.Marshal(cfg)
	require.NoError(b, err)
	path := filepath.Join(dir, "config.json")
	require.NoError(b, os.WriteFile(path, raw, 0o600))
	logf, err := os.Create(filepath.Join(dir, "node.log"))
	require.NoError(b, err)
	defer logf.Close()
	if d := os.Getenv("INFERNODE_BENCH_KEEPLOG"); d != "" {
		defer func() { l, _ := os.ReadFile(logf.Name()); _ = os.WriteFile(filepath.Join(d, dialect+".log"), l, 0o644) }()
	}
	cmd := exec.CommandContext(ctx, bin, "serve", "--config", path, "--log-format", "json")
	cmd.Stdout, cmd.Stderr = logf, logf
	require.NoError(b, cmd.Start())
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	nodeLog := func() string { l, _ := os.ReadFile(logf.Name()); return tail(string(l), 3000) }

	metricsURL := fmt.Sprintf("http://127.0.0.1:%d/metrics", port)
	require.Eventually(b, func() bool {
		return metricSum(metricsURL, "infernode_relay_subscriptions") >= float64(recurring+later)
	}, 2*time.Minute, 200*time.Millisecond, "the node tracks every subscription; log:\n%s", func() string { return nodeLog() })

	// INFERNODE_BENCH_WARMUP: a wait before the window (the first
	// interval's deliveries outside it: the steady state).
	if v := os.Getenv("INFERNODE_BENCH_WARMUP"); v != "" {
		d, err := time.ParseDuration(v)
		require.NoError(b, err, "INFERNODE_BENCH_WARMUP")
		time.Sleep(d)
	}
	// The window.
	load0 := loadavg()
	reqs0, calls0, by0 := proxy.snapshot()
	cpu0 := cpuTicks(b, cmd.Process.Pid)
	del0 := metricSum(metricsURL, "infernode_relay_deliveries_total")
	head0, err := client.BlockNumber(ctx)
	require.NoError(b, err)
	var rss []float64
	start := time.Now()
	for time.Since(start) < window {
		time.Sleep(time.Second)
		rss = append(rss, rssMB(b, cmd.Process.Pid))
	}
	elapsed := time.Since(start).Seconds()
	reqs1, calls1, by1 := proxy.snapshot()
	cpu1 := cpuTicks(b, cmd.Process.Pid)
	del1 := metricSum(metricsURL, "infernode_relay_deliveries_total")
	head1, err := client.BlockNumber(ctx)
	require.NoError(b, err)
	peak := peakRSSMB(b, cmd.Process.Pid)
	load1 := loadavg()
	require.Greater(b, del1-del0, 0.0, "deliveries made in the window; log:\n%s", nodeLog())

	var methods []string
	for m, n := range by1 {
		if d := n - by0[m]; d > 0 {
			methods = append(methods, fmt.Sprintf("%s=%.2f", m, float64(d)/elapsed))
		}
	}
	delta := func(m string) float64 { return float64(by1[m] - by0[m]) }
	// Idle work is following the head (one header, one log range a block
	// over HTTP); the rest is per delivery sent.
	idle := delta("eth_getBlockByNumber") + delta("eth_getLogs")
	sends := delta("eth_sendRawTransaction")
	slices.Sort(methods)
	slices.Sort(rss)
	fmt.Fprintf(os.Stderr, "%s: %d subscriptions tracked, window %.0f s (%d blocks), %.0f deliveries; load before %s, after %s\ncalls/s by method: %s\n",
		dialect, recurring+later, elapsed, head1-head0, del1-del0, load0, load1, strings.Join(methods, " "))
	b.ReportMetric(float64(calls1-calls0)/elapsed, "rpc/s")
	b.ReportMetric(float64(reqs1-reqs0)/elapsed, "http-req/s")
	b.ReportMetric(float64(calls1-calls0)/float64(head1-head0), "rpc/block")
	b.ReportMetric(float64(cpu1-cpu0)/clockTicks/elapsed, "cores")
	b.ReportMetric(rss[len(rss)/2], "rss-MB")
	b.ReportMetric(peak, "peak-rss-MB")
	b.ReportMetric(del1-del0, "deliveries")
	b.ReportMetric(sends/elapsed, "sends/s")
	b.ReportMetric(idle/float64(head1-head0), "idle-rpc/block")
	if del1 > del0 {
		// Per delivery, whatever the number of endpoints (a send goes to
		// each: with several, "per send" would count one delivery twice).
		b.ReportMetric((float64(calls1-calls0)-idle)/(del1-del0), "rpc/delivery")
	}
	if sends > 0 {
		b.ReportMetric((float64(calls1-calls0)-idle)/sends, "rpc/send")
		// HTTP requests, a batch counting once (the idle calls are one
		// request each): the RPC calls per delivery of docs/relay.md.
		b.ReportMetric((float64(reqs1-reqs0)-idle)/sends, "http-req/send")
	}
}

// deployCode sends a contract creation from key and returns its address.
func deployCode(b *testing.B, ctx context.Context, client *ethclient.Client, key *ecdsa.PrivateKey, code []byte) common.Address {
	rc := sendAll(b, ctx, client, key, common.Address{}, [][]byte{code})
	require.NotEqual(b, common.Address{}, rc.ContractAddress)
	return rc.ContractAddress
}

// sendAll sends every calldata from key to `to` (zero: contract creations)
// at consecutive nonces, waits for all and returns the last receipt.
func sendAll(b *testing.B, ctx context.Context, client *ethclient.Client, key *ecdsa.PrivateKey, to common.Address, data [][]byte) *types.Receipt {
	from := crypto.PubkeyToAddress(key.PublicKey)
	chainID, err := client.ChainID(ctx)
	require.NoError(b, err)
	nonce, err := client.PendingNonceAt(ctx, from)
	require.NoError(b, err)
	var dst *common.Address
	if to != (common.Address{}) {
		dst = &to
	}
	gas, err := client.EstimateGas(ctx, ethereum.CallMsg{From: from, To: dst, Data: data[0]})
	require.NoError(b, err)
	var last common.Hash
	for i, d := range data {
		tx, err := types.SignNewTx(key, types.LatestSignerForChainID(chainID), &types.DynamicFeeTx{ChainID: chainID, Nonce: nonce + uint64(i),
			GasTipCap: big.NewInt(params.GWei), GasFeeCap: big.NewInt(100 * params.GWei), Gas: gas * 3 / 2, To: dst, Data: d})
		require.NoError(b, err)
		require.NoError(b, client.SendTransaction(ctx, tx))
		last = tx.Hash()
	}
	var rc *types.Receipt
	require.Eventually(b, func() bool {
		rc, err = client.TransactionReceipt(ctx, last)
		return err == nil
	}, 2*time.Minute, 100*time.Millisecond, "transactions mined")
	require.Equal(b, types.ReceiptStatusSuccessful, rc.Status)
	return rc
}

// countingProxy forwards JSON-RPC over HTTP and counts the calls by method
// (each call of a batch on its own).
type countingProxy struct {
	srv   *httptest.Server
	mu    sync.Mutex
	reqs  int64 // HTTP requests (a batch is one)
	calls int64 // JSON-RPC calls (a batch's counted one by one)
	by    map[string]int64
}

func newCountingProxy(b *testing.B, target string) *countingProxy {
	u, err := url.Parse(target)
	require.NoError(b, err)
	rp := httputil.NewSingleHostReverseProxy(u)
	p := &countingProxy{by: map[string]int64{}}
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		var batch []struct{ Method string }
		if t := bytes.TrimSpace(body); len(t) > 0 && t[0] != '[' {
			body2 := append(append([]byte{'['}, t...), ']')
			_ = json.Unmarshal(body2, &batch)
		} else {
			_ = json.Unmarshal(t, &batch)
		}
		p.mu.Lock()
		p.reqs++
		for _, c := range batch {
			p.calls++
			p.by[c.Method]++
		}
		p.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		rp.ServeHTTP(w, r)
	}))
	return p
}

// countingProxies are several endpoints' proxies, counted together.
type countingProxies []*countingProxy

func (ps countingProxies) snapshot() (reqs, calls int64, by map[string]int64) {
	by = map[string]int64{}
	for _, p := range ps {
		r, c, b := p.snapshot()
		reqs, calls = reqs+r, calls+c
		for k, v := range b {
			by[k] += v
		}
	}
	return reqs, calls, by
}

func (p *countingProxy) snapshot() (reqs, calls int64, by map[string]int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	by = make(map[string]int64, len(p.by))
	for k, v := range p.by {
		by[k] = v
	}
	return p.reqs, p.calls, by
}

// metricSum is the sum of a metric's samples on a Prometheus text page
// (-1 when the page cannot be read).
func metricSum(url, name string) float64 {
	resp, err := http.Get(url)
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	text, err := io.ReadAll(resp.Body)
	if err != nil {
		return -1
	}
	var sum float64
	for _, line := range strings.Split(string(text), "\n") {
		if !strings.HasPrefix(line, name+" ") && !strings.HasPrefix(line, name+"{") {
			continue
		}
		f := strings.Fields(line)
		if v, err := strconv.ParseFloat(f[len(f)-1], 64); err == nil {
			sum += v
		}
	}
	return sum
}

// clockTicks is USER_HZ, the unit of /proc/PID/stat's CPU times (100 on
// every Linux architecture Go supports).
const clockTicks = 100

// cpuTicks is the user plus system CPU time pid has used.
func cpuTicks(b *testing.B, pid int) int64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	require.NoError(b, err)
	// Fields after the command name (which may hold spaces) in parentheses.
	f := strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+2:]))
	utime, err := strconv.ParseInt(f[11], 10, 64)
	require.NoError(b, err)
	stime, err := strconv.ParseInt(f[12], 10, 64)
	require.NoError(b, err)
	return utime + stime
}

func rssMB(b *testing.B, pid int) float64     { return procStatusMB(b, pid, "VmRSS:") }
func peakRSSMB(b *testing.B, pid int) float64 { return procStatusMB(b, pid, "VmHWM:") }

func procStatusMB(b *testing.B, pid int, key string) float64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(b, err)
	for _, line := range strings.Split(string(raw), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == key {
			kb, err := strconv.ParseFloat(f[1], 64)
			require.NoError(b, err)
			return kb / 1024
		}
	}
	b.Fatalf("no %s in /proc/%d/status", key, pid)
	return 0
}

// loadavg is the machine's 1, 5 and 15 minute load (as uptime prints it).
func loadavg() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(raw))[:3], " ")
}
