package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
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

	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/abi/inetv1testabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/contracts/infernetv1"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/workloads/echo/service"
)

// BenchmarkInfernetV1Tracked is the idle-cost figure of docs/infernet-v1.md:
// the infernode binary (its own process, as operators run it) in the SDK v1
// dialect on anvil with 1 s blocks, tracking 200 subscriptions (100
// recurring every 30 s, 100 not due for an hour). Over a 60 s window (two
// interval boundaries of the recurring ones, after the first) it
// reports the node's JSON-RPC requests per second (a batch counts once), its
// CPU (cores) and resident memory, and the deliveries made. Run with
//
//	go test -run '^$' -bench InfernetV1Tracked -benchtime 1x -count 3 ./cmd/infernode
func BenchmarkInfernetV1Tracked(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "infernode")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(b, err, "%s", out)
	for range b.N {
		infernetV1Tracked(b, bin, 60*time.Second)
	}
}

func infernetV1Tracked(b *testing.B, bin string, window time.Duration) {
	ctx := context.Background()
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{BlockTime: time.Second})
	require.NoError(b, err)
	defer a.Stop()
	keys := a.FundedKeys()
	client, err := ethclient.DialContext(ctx, a.RPCURL())
	require.NoError(b, err)
	defer client.Close()
	dep, err := infernetv1.Deploy(ctx, client, keys[2])
	require.NoError(b, err)

	// A subscription consumer and 200 subscriptions, sent at consecutive nonces.
	owner := keys[0]
	from := crypto.PubkeyToAddress(owner.PublicKey)
	art, err := contracts.LoadArtifact(contracts.InfernetTestSubscriptionConsumerName)
	require.NoError(b, err)
	sc := inetv1testabi.NewInfernetTestSubscriptionConsumer()
	nonce, err := client.PendingNonceAt(ctx, from)
	require.NoError(b, err)
	signer := types.LatestSignerForChainID(a.ChainID())
	send := func(to *common.Address, data []byte, gas uint64) common.Hash {
		tx, err := types.SignNewTx(owner, signer, &types.DynamicFeeTx{ChainID: a.ChainID(), Nonce: nonce,
			GasTipCap: big.NewInt(params.GWei), GasFeeCap: big.NewInt(100 * params.GWei), Gas: gas, To: to, Data: data})
		require.NoError(b, err)
		require.NoError(b, client.SendTransaction(ctx, tx))
		nonce++
		return tx.Hash()
	}
	consumer := crypto.CreateAddress(from, nonce)
	send(nil, append(append([]byte(nil), art.Bytecode...), sc.PackConstructor(dep.Registry)...), 5_000_000)
	const subs = 200
	for i := range subs {
		period := uint32(30)
		if i%2 == 1 {
			period = 3600 // first interval an hour away
		}
		send(&consumer, sc.PackSubscribe("echo", []byte("x"), 1_000_000, period, 1, false, common.Address{}, new(big.Int), common.Address{}, common.Address{}), 500_000)
	}
	coord := inetv1abi.NewEIP712Coordinator()
	require.Eventually(b, func() bool {
		out, err := client.CallContract(ctx, ethereumCall(dep.Coordinator, coord.PackId()), nil)
		id, _ := coord.UnpackId(out)
		return err == nil && id == subs+1
	}, 2*time.Minute, 100*time.Millisecond, "all subscriptions created")

	echo, err := service.New(service.Config{})
	require.NoError(b, err)
	ctr := httptest.NewServer(echo)
	defer ctr.Close()
	port := freeTCPPort(b)
	dir := b.TempDir()
	cfg := fmt.Sprintf(`{"manage_containers": false, "server": {"port": %d}, "data_dir": %q,
	  "chain": {"enabled": true, "rpc_url": %q, "registry_address": %q, "trail_head_blocks": 0,
	    "wallet": {"private_key": %q, "max_gas_limit": 4000000}},
	  "containers": [{"id": "echo", "external": true, "port": "%d"}]}`,
		port, filepath.Join(dir, "data"), a.RPCURL(), dep.Registry.Hex(), hexutil.Encode(crypto.FromECDSA(keys[3])),
		ctr.Listener.Addr().(*net.TCPAddr).Port)
	path := filepath.Join(dir, "config.json")
	require.NoError(b, os.WriteFile(path, []byte(cfg), 0o600))
	cmd := exec.Command(bin, "serve", "--config", path)
	logf, err := os.Create(filepath.Join(dir, "node.log"))
	require.NoError(b, err)
	defer logf.Close()
	cmd.Stdout, cmd.Stderr = logf, logf
	require.NoError(b, cmd.Start())
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()

	metrics := func() map[string]float64 {
		resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/metrics", port))
		if err != nil {
			return nil
		}
		defer resp.Body.Close()
		return scrape(resp.Body)
	}
	require.Eventually(b, func() bool {
		m := metrics()
		return m != nil && m["infernode_relay_subscriptions"] == subs
	}, 2*time.Minute, 100*time.Millisecond, "the node tracks every subscription")
	// Steady state: the window opens once the first interval is delivered,
	// so it holds the next two interval boundaries (at +30 s and +60 s).
	require.Eventually(b, func() bool { return metrics()["deliveries"] >= subs/2 }, 2*time.Minute, 100*time.Millisecond, "first interval delivered")

	start, m0, cpu0 := time.Now(), metrics(), procCPU(b, cmd.Process.Pid)
	var rssMax float64
	for time.Since(start) < window {
		rssMax = max(rssMax, procRSS(b, cmd.Process.Pid))
		time.Sleep(time.Second)
	}
	elapsed, m1, cpu1 := time.Since(start).Seconds(), metrics(), procCPU(b, cmd.Process.Pid)
	var methods []string
	for k, v := range m1 {
		if strings.HasPrefix(k, "infernode_relay_rpc_seconds_count") && v > m0[k] {
			methods = append(methods, fmt.Sprintf("%s=%.2f/s", strings.TrimSuffix(strings.TrimPrefix(k, `infernode_relay_rpc_seconds_count{method="`), `"}`), (v-m0[k])/elapsed))
		}
	}
	sort.Strings(methods)
	fmt.Fprintf(os.Stderr, "window %.0fs: %s\n", elapsed, strings.Join(methods, " "))
	b.ReportMetric((m1["rpc_requests"]-m0["rpc_requests"])/elapsed, "rpc/s")
	b.ReportMetric((cpu1-cpu0)/elapsed, "cores")
	b.ReportMetric(rssMax/(1<<20), "MiB-rss")
	b.ReportMetric(m1["deliveries"]-m0["deliveries"], "deliveries")
}

func ethereumCall(to common.Address, data []byte) ethereum.CallMsg {
	return ethereum.CallMsg{To: &to, Data: data}
}

// scrape sums the counters the benchmark reads from Prometheus text:
// rpc_requests (every infernode_relay_rpc_seconds_count), deliveries
// (infernode_relay_deliveries_total{state="delivered"}) and the gauges by name.
func scrape(r io.Reader) map[string]float64 {
	out := map[string]float64{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			continue
		}
		name := line[:i]
		switch {
		case strings.HasPrefix(name, "infernode_relay_rpc_seconds_count"):
			out["rpc_requests"] += v
			out[name] = v
		case strings.HasPrefix(name, "infernode_relay_deliveries_total") && strings.Contains(name, `"delivered"`):
			out["deliveries"] += v
		case !strings.ContainsRune(name, '{'):
			out[name] = v
		}
	}
	return out
}

// procCPU is the process's user+system CPU seconds (/proc/<pid>/stat).
func procCPU(b *testing.B, pid int) float64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	require.NoError(b, err)
	f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	ut, _ := strconv.ParseFloat(f[11], 64) // fields 14 and 15 of stat, after pid and comm
	st, _ := strconv.ParseFloat(f[12], 64)
	return (ut + st) / 100 // USER_HZ
}

// procRSS is the process's resident set in bytes (/proc/<pid>/status VmRSS).
func procRSS(b *testing.B, pid int) float64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(b, err)
	for _, line := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			kb, _ := strconv.ParseFloat(strings.Fields(line)[1], 64)
			return kb * 1024
		}
	}
	return 0
}
