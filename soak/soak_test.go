//go:build soak

package soak

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/abi/exampleconsumerabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/nodetest"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/testnet"
	echoservice "github.com/infernode/infernode/workloads/echo/service"
)

var (
	coordABI    = coordinatorabi.NewCoordinator()
	consumerABI = exampleconsumerabi.NewExampleConsumer()
	// codeRevert is runtime code that reverts every call: the hostile
	// subscription's owner, whose callback always fails.
	codeRevert = common.FromHex("60006000fd")
)

const (
	sampleEvery = 15 * time.Second
	period      = 60 // seconds: recurring intervals, long enough to outlive a restart
)

// TestMain stops a soak too short to judge with one line (TestSoak's
// failure would bury it in the test framework's report).
func TestMain(m *testing.M) {
	if _, err := ParseDuration(os.Getenv("SOAK")); err != nil {
		fmt.Fprintln(os.Stderr, "make soak: "+err.Error())
		os.Exit(2)
	}
	os.Exit(m.Run())
}

// TestSoak runs the node binary ($SOAK_BIN) for $SOAK (a Go duration)
// against anvil and judges it (docs/testing.md, Soak). $SOAK_OUT is where
// the CSV, PNG and summary go (default: a new temp dir, printed).
func TestSoak(t *testing.T) {
	d, err := ParseDuration(os.Getenv("SOAK"))
	require.NoError(t, err)
	bin := os.Getenv("SOAK_BIN")
	require.NotEmpty(t, bin, "SOAK_BIN: the infernode binary (make soak builds it)")
	out := os.Getenv("SOAK_OUT")
	if out == "" {
		out, err = os.MkdirTemp("", "infernode-soak-*")
		require.NoError(t, err)
	}
	require.NoError(t, os.MkdirAll(out, 0o755))
	say := func(format string, a ...any) {
		fmt.Printf("soak %s: %s\n", time.Now().UTC().Format("15:04:05"), fmt.Sprintf(format, a...))
	}
	say("output in %s; run %s", out, d)
	retention := max(2*time.Minute, d/5)
	th := DefaultThresholds(d, retention)
	ctx := context.Background()

	// Chain: anvil with 1 s blocks, the contracts, a counting proxy.
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{BlockTime: time.Second, Accounts: 5})
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Stop() })
	keys := a.FundedKeys()
	deployer, user, nodeKey, hostile := keys[0], keys[1], keys[2], keys[3]
	nodeAddr := crypto.PubkeyToAddress(nodeKey.PublicKey)
	ec, err := ethclient.Dial(a.RPCURL())
	require.NoError(t, err)
	t.Cleanup(ec.Close)
	chainID := a.ChainID()
	dep, err := contracts.Deploy(ctx, ec, deployer, common.Address{})
	require.NoError(t, err)
	var rpcCalls atomic.Int64
	target, err := url.Parse(a.RPCURL())
	require.NoError(t, err)
	rp := httputil.NewSingleHostReverseProxy(target)
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rpcCalls.Add(1)
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(proxy.Close)

	echo, err := echoservice.New(echoservice.Config{})
	require.NoError(t, err)
	echoSrv := httptest.NewServer(echo)
	t.Cleanup(echoSrv.Close)

	// The node: jobs retained for a fifth of the run so that the store
	// reaches its plateau; unpaid budgets wide (the soak owner is new and
	// would otherwise wait out its day's gas within minutes).
	dir := t.TempDir()
	dataDir := filepath.Join(dir, "data")
	port := freePort(t)
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	cfg := map[string]any{
		"manage_containers": false,
		"server":            map[string]any{"host": "127.0.0.1", "port": port},
		"data_dir":          dataDir,
		"jobs":              map[string]any{"workers": 8, "queue_size": 10000, "retention": retention.String(), "purge_every": "30s"},
		"chain": map[string]any{
			"enabled": true, "rpc_url": proxy.URL, "coordinator_address": dep.Coordinator.Hex(),
			"wallet": map[string]any{"private_key": hexutil.Encode(crypto.FromECDSA(nodeKey)), "max_gas_limit": 10_000_000},
			// What is over (ended subscriptions, closed intervals, final
			// transactions, final delegated records) is kept as long as
			// the jobs, so that these too reach their plateau in the run.
			"retention": retention.String(), "delegated": map[string]any{"retention": retention.String()},
			"unpaid": map[string]any{"owner_gas_per_day": 10_000_000_000, "gas_per_day": 100_000_000_000, "new_owner_gas_per_day": 10_000_000_000},
		},
		"containers": []any{map[string]any{"id": "echo", "url": echoSrv.URL, "external": true}},
	}
	cfgJSON, err := json.Marshal(cfg)
	require.NoError(t, err)
	cfgPath := filepath.Join(dir, "config.json")
	require.NoError(t, os.WriteFile(cfgPath, cfgJSON, 0o600))
	serve := func() *nodetest.Process { return nodetest.Serve(t, exec.Command(bin, "serve", "--config", cfgPath)) }
	var nodeMu sync.Mutex
	node := serve()
	procs := []*nodetest.Process{node} // each run's log goes to the output dir
	defer func() {
		for i, p := range procs {
			_ = os.WriteFile(filepath.Join(out, fmt.Sprintf("node-%d.log", i)), []byte(p.Log()), 0o644)
		}
	}()
	up := true
	say("node serving on %s (pid %d), anvil %s via proxy %s", base, node.Pid(), a.RPCURL(), proxy.URL)

	start := time.Now()
	loadCtx, stopLoad := context.WithDeadline(ctx, start.Add(d))
	defer stopLoad()
	hc := &http.Client{Timeout: 30 * time.Second}

	// Off-chain load: ten requests a second, single, batch of 4, stream.
	var (
		mu       sync.Mutex
		accepted []string
		lat      []time.Duration
		noise5xx []string
		noiseN   atomic.Int64
	)
	accept := func(took time.Duration, ids ...string) {
		mu.Lock()
		defer mu.Unlock()
		accepted = append(accepted, ids...)
		lat = append(lat, took)
	}
	// The jobs' book: each accepted id is read back until it is seen
	// terminal, while the run goes (the node purges finished jobs after
	// the retention), and the successes of the last half retention again
	// after each restart: a kill must not take a served result back.
	var (
		taken      int // ids of accepted moved into pending
		pending    = map[string]time.Time{}
		seen       = map[string]time.Time{} // success, by acceptance time
		byStatus   = map[job.Status]int{}
		failReason = map[string]int{}
		lostIDs    = map[string]bool{}
		takenBack  []string
	)
	readJobs := func(ids []string) (map[string]job.Result, error) {
		got := map[string]job.Result{}
		for i := 0; i < len(ids); i += 50 {
			chunk := ids[i:min(i+50, len(ids))]
			resp, err := hc.Get(base + "/api/jobs?id=" + strings.Join(chunk, "&id="))
			if err != nil {
				return nil, err
			}
			var results []job.Result
			err = json.NewDecoder(resp.Body).Decode(&results)
			resp.Body.Close()
			if err != nil || resp.StatusCode != http.StatusOK {
				return nil, fmt.Errorf("read jobs: %d %v", resp.StatusCode, err)
			}
			for _, r := range results {
				got[r.ID] = r
			}
		}
		return got, nil
	}
	// sweep reads the pending ids accepted at least minAge ago and returns
	// those the node does not know and those not yet terminal.
	sweep := func(minAge time.Duration) (missing, stuck []string, err error) {
		mu.Lock()
		for ; taken < len(accepted); taken++ {
			pending[accepted[taken]] = time.Now()
		}
		mu.Unlock()
		var ids []string
		for id, at := range pending {
			if time.Since(at) >= minAge {
				ids = append(ids, id)
			}
		}
		got, err := readJobs(ids)
		if err != nil {
			return nil, nil, err
		}
		for _, id := range ids {
			r, ok := got[id]
			switch {
			case !ok:
				missing = append(missing, id)
			case !r.Status.Terminal():
				stuck = append(stuck, id)
			default:
				byStatus[r.Status]++
				if r.Status == job.StatusFailed && r.Result != nil {
					failReason[r.Result.Error]++
				} else if r.Status == job.StatusSuccess {
					seen[id] = pending[id]
				}
				delete(pending, id)
			}
		}
		return missing, stuck, nil
	}
	recheck := func() {
		var ids []string
		for id, at := range seen {
			if time.Since(at) < retention/2 {
				ids = append(ids, id)
			} else {
				delete(seen, id)
			}
		}
		got, err := readJobs(ids)
		if err != nil {
			takenBack = append(takenBack, "re-reading after the restart: "+err.Error())
			return
		}
		for _, id := range ids {
			if r := got[id]; r.Status != job.StatusSuccess {
				takenBack = append(takenBack, fmt.Sprintf("%s (now %q)", id, r.Status))
			}
		}
		say("after the restart %d results served before the kill re-read: %d taken back", len(ids), len(takenBack))
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for i := 0; ; i++ {
			select {
			case <-loadCtx.Done():
				return
			case <-tick.C:
			}
			t0 := time.Now()
			switch i % 4 {
			case 0, 1:
				resp, err := hc.Post(base+"/api/jobs", "application/json", strings.NewReader(fmt.Sprintf(`{"containers":["echo"],"data":{"i":%d}}`, i)))
				if err != nil {
					continue
				}
				var c struct{ ID string }
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK && json.Unmarshal(b, &c) == nil && c.ID != "" {
					accept(time.Since(t0), c.ID)
				}
			case 2:
				body := fmt.Sprintf(`[{"containers":["echo"],"data":{"b":%d}},{"containers":["echo"],"data":{"b":%d}},{"containers":["echo"],"data":{"b":%d}},{"containers":["echo"],"data":{"b":%d}}]`, i, i+1, i+2, i+3)
				resp, err := hc.Post(base+"/api/jobs/batch", "application/json", strings.NewReader(body))
				if err != nil {
					continue
				}
				var items []struct{ ID string }
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK && json.Unmarshal(b, &items) == nil {
					var ids []string
					for _, it := range items {
						if it.ID != "" {
							ids = append(ids, it.ID)
						}
					}
					accept(time.Since(t0), ids...)
				}
			case 3:
				resp, err := hc.Post(base+"/api/jobs/stream", "application/json", strings.NewReader(fmt.Sprintf(`{"containers":["echo"],"data":{"s":%d}}`, i)))
				if err != nil {
					continue
				}
				br := bufio.NewReader(resp.Body)
				id, _ := br.ReadString('\n')
				_, rerr := io.Copy(io.Discard, br)
				resp.Body.Close()
				if id = strings.TrimSpace(id); resp.StatusCode == http.StatusOK && id != "" && rerr == nil {
					accept(time.Since(t0), id)
				} else if resp.StatusCode == http.StatusOK && id != "" {
					accept(0, id) // accepted, cut by a kill: judged at the end, not timed
				}
			}
		}
	}()

	// Hostile noise: a malformed or refused body every second; a 5xx for
	// any of them is a defect.
	wg.Add(1)
	go func() {
		defer wg.Done()
		bodies := []struct{ path, body string }{
			{"/api/jobs", `{`},
			{"/api/jobs", `{"containers":"echo"}`},
			{"/api/jobs", `{"containers":["nope"],"data":{}}`},
			{"/api/jobs", `{"subscription":{},"signature":{}}`},
			{"/api/jobs/batch", `{"not":"a list"}`},
			{"/api/jobs/stream", `[1,2`},
			{"/api/jobs", strings.Repeat(`{"a":`, 5000)},
		}
		for i := 0; ; i++ {
			select {
			case <-loadCtx.Done():
				return
			case <-time.After(time.Second):
			}
			b := bodies[i%len(bodies)]
			resp, err := hc.Post(base+b.path, "application/json", strings.NewReader(b.body))
			if err != nil {
				continue
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			noiseN.Add(1)
			if resp.StatusCode >= 500 && resp.StatusCode != http.StatusServiceUnavailable {
				mu.Lock()
				noise5xx = append(noise5xx, fmt.Sprintf("%s %.40q: %d", b.path, b.body, resp.StatusCode))
				mu.Unlock()
			}
		}
	}()

	// On-chain load, from one goroutine (the user's nonces in order).
	sendTx := func(key *ecdsaKey, to common.Address, data []byte) (*types.Receipt, error) {
		from := crypto.PubkeyToAddress(key.PublicKey)
		nonce, err := ec.PendingNonceAt(ctx, from)
		if err != nil {
			return nil, err
		}
		gp, err := ec.SuggestGasPrice(ctx)
		if err != nil {
			return nil, err
		}
		tx, err := types.SignTx(types.NewTx(&types.LegacyTx{Nonce: nonce, GasPrice: new(big.Int).Mul(gp, big.NewInt(2)), Gas: 3_000_000, To: &to, Data: data}),
			types.LatestSignerForChainID(chainID), key)
		if err != nil {
			return nil, err
		}
		if err := ec.SendTransaction(ctx, tx); err != nil {
			return nil, err
		}
		for {
			rc, err := ec.TransactionReceipt(ctx, tx.Hash())
			if err == nil {
				if rc.Status != types.ReceiptStatusSuccessful {
					return rc, fmt.Errorf("transaction %s reverted", tx.Hash())
				}
				return rc, nil
			}
			time.Sleep(300 * time.Millisecond)
		}
	}
	createdID := func(rc *types.Receipt) uint32 {
		for _, l := range rc.Logs {
			if ev, err := coordABI.UnpackSubscriptionCreatedEvent(l); err == nil {
				return ev.Id
			}
		}
		return 0
	}
	headTime := func() uint64 {
		h, err := ec.HeaderByNumber(ctx, nil)
		require.NoError(t, err)
		return h.Time
	}
	freq := uint32(d/time.Second)/period + 5
	var (
		recurring []uint32 // consumer-owned, honest
		oneShots  []uint32
		hostileID uint32
		// delegated nonces: recurring and one-shot
		delegRecurring, delegOnce []uint32
		delegNonce                uint32
		chainErrs                 []string
	)
	postDelegated := func(frequency, per uint32) (uint32, error) {
		delegNonce++
		now := uint32(headTime())
		// 1M callback gas, as the anvil tests give it: the example
		// consumer's callback stores the output and fails with 100k, and
		// the guard then backs off the owner, which owns the recurring
		// subscriptions too.
		r := &ours.DelegatedRequest{Delegate: ours.DelegateSubscription{Nonce: delegNonce, Expiry: now + 3600, Sub: ours.Subscription{
			Owner: dep.ExampleConsumer, ActiveAt: now, Period: per, Frequency: frequency, Redundancy: 1,
			MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 1_000_000, ContainerId: "echo", Inputs: []byte{}, PaymentAmount: new(big.Int),
		}}, Data: json.RawMessage(fmt.Sprintf(`{"n":%d}`, delegNonce))}
		var err error
		if r.Sig, err = r.Delegate.Sign(ours.Domain{ChainID: chainID, Coordinator: dep.Coordinator}, deployer); err != nil {
			return 0, err
		}
		body, err := ours.EncodeDelegated(r)
		if err != nil {
			return 0, err
		}
		for try := 0; ; try++ { // the node may be restarting
			resp, err := hc.Post(base+"/api/jobs", "application/json", bytes.NewReader(body))
			if err == nil {
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					return delegNonce, nil
				}
				if try > 60 {
					return 0, fmt.Errorf("delegated %d: %d %s", delegNonce, resp.StatusCode, b)
				}
			} else if try > 60 {
				return 0, err
			}
			time.Sleep(time.Second)
		}
	}
	// Set up: six recurring, one hostile, three delegated recurring.
	for i := 0; i < 6; i++ {
		rc, err := sendTx(user, dep.ExampleConsumer, consumerABI.PackSubscribe("echo", []byte(fmt.Sprintf("tick %d", i)), freq, period, 1))
		require.NoError(t, err)
		recurring = append(recurring, createdID(rc))
	}
	hostileAddr := crypto.PubkeyToAddress(hostile.PublicKey)
	rc, err := sendTx(hostile, dep.Coordinator, coordABI.PackCreateSubscription(coordinatorabi.Subscription{
		Owner: hostileAddr, ActiveAt: uint32(headTime()), Period: 30, Frequency: freq * 2, Redundancy: 1,
		MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 100_000, ContainerId: "echo", Inputs: []byte("x"), PaymentAmount: new(big.Int),
	}))
	require.NoError(t, err)
	hostileID = createdID(rc)
	require.NoError(t, ec.Client().CallContext(ctx, nil, "anvil_setCode", hostileAddr, hexutil.Bytes(codeRevert)))
	for i := 0; i < 3; i++ {
		n, err := postDelegated(freq, period)
		require.NoError(t, err)
		delegRecurring = append(delegRecurring, n)
	}
	say("chain load set up: recurring %v, hostile %d, delegated nonces %v; every %ds, %d intervals", recurring, hostileID, delegRecurring, period, freq)

	wg.Add(1)
	go func() { // a one-shot request every 20 s, a delegated one-shot every minute
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-loadCtx.Done():
				return
			case <-time.After(20 * time.Second):
			}
			rc, err := sendTx(user, dep.ExampleConsumer, consumerABI.PackRequest("echo", []byte(fmt.Sprintf("once %d", i)), 1))
			mu.Lock()
			if err != nil {
				chainErrs = append(chainErrs, "one-shot request: "+err.Error())
			} else {
				oneShots = append(oneShots, createdID(rc))
			}
			mu.Unlock()
			if i%3 == 2 {
				n, err := postDelegated(1, 0)
				mu.Lock()
				if err != nil {
					chainErrs = append(chainErrs, "delegated one-shot: "+err.Error())
				} else {
					delegOnce = append(delegOnce, n)
				}
				mu.Unlock()
			}
		}
	}()

	// Deliveries mined by the node, read as they come: (sub, interval) → count.
	delivered := map[[2]uint32]int{}
	var deliveries int64
	lastBlock := dep.DeployBlock
	readDeliveries := func() {
		head, err := ec.BlockNumber(ctx)
		if err != nil || head <= lastBlock {
			return
		}
		logs, err := ec.FilterLogs(ctx, ethereum.FilterQuery{
			FromBlock: new(big.Int).SetUint64(lastBlock + 1), ToBlock: new(big.Int).SetUint64(head), Addresses: []common.Address{dep.Coordinator},
			Topics: [][]common.Hash{{codec.TopicComputeDelivered}, nil, {common.BytesToHash(nodeAddr.Bytes())}},
		})
		if err != nil {
			return
		}
		for _, l := range logs {
			ev, err := coordABI.UnpackComputeDeliveredEvent(&l)
			if err == nil {
				delivered[[2]uint32{ev.Id, ev.Interval}]++
				deliveries++
			}
		}
		lastBlock = head
	}

	// Two kill -9 and restart cycles, at 40 % and 70 % of the run.
	kills := []time.Duration{d * 4 / 10, d * 7 / 10}
	var samples []Sample
	var censuses []censusAt
	prevCalls, prevBlock := rpcCalls.Load(), uint64(0)
	prevBlock, _ = ec.BlockNumber(ctx)
	tick := time.NewTicker(sampleEvery)
	defer tick.Stop()
	for now := time.Now(); now.Before(start.Add(d)); now = <-tick.C {
		at := time.Since(start)
		if len(kills) > 0 && at >= kills[0] {
			kills = kills[1:]
			nodeMu.Lock()
			node.Kill()
			up = false
			nodeMu.Unlock()
			say("kill -9 node (pid %d) at %s", node.Pid(), at.Round(time.Second))
			down := Sample{At: time.Since(start)}
			raw, split := dirBytes(dataDir), diskSplit(dataDir)
			if c, compacted, err := census(dataDir); err != nil {
				say("census of the store: %v", err)
			} else {
				down.LiveBytes, down.CompactedBytes = c.Bytes, compacted
				censuses = append(censuses, censusAt{at.Round(time.Second).String() + " (killed)", c, raw, compacted, split})
				say("store census at %s: %.2f MB on disk (%s), %.2f MB after a compaction:\n%s", at.Round(time.Second), float64(raw)/1e6, split, float64(compacted)/1e6, c)
			}
			samples = append(samples, down)
			n := serve()
			nodeMu.Lock()
			node, up = n, true
			procs = append(procs, n)
			nodeMu.Unlock()
			say("node restarted (pid %d) after %s", n.Pid(), (time.Since(start) - at).Round(time.Second))
			recheck()
			continue
		}
		if missing, _, err := sweep(10 * time.Second); err == nil {
			for _, id := range missing {
				lostIDs[id] = true // stored before its 200, and younger than the retention
				delete(pending, id)
			}
		}
		readDeliveries()
		s := Sample{At: at, Up: up, Deliveries: deliveries}
		mu.Lock()
		window := lat
		lat = nil
		s.Jobs = int64(len(accepted))
		mu.Unlock()
		s.P50, s.P99, s.Latencies = Percentile(window, 0.5), Percentile(window, 0.99), window
		if head, err := ec.BlockNumber(ctx); err == nil && head > prevBlock {
			calls := rpcCalls.Load()
			s.RPCPerBlock = float64(calls-prevCalls) / float64(head-prevBlock)
			prevCalls, prevBlock = calls, head
		}
		pid := node.Pid()
		s.RSSBytes = rss(pid)
		s.OpenFiles = openFiles(pid)
		s.StoreBytes = dirBytes(dataDir)
		s.Goroutines = goroutines(hc, base)
		samples = append(samples, s)
		say("t=%s rss=%.1fMB goroutines=%d fds=%d store=%.1fMB p50=%s p99=%s rpc/block=%.2f jobs=%d deliveries=%d",
			at.Round(time.Second), float64(s.RSSBytes)/1e6, s.Goroutines, s.OpenFiles, float64(s.StoreBytes)/1e6, s.P50, s.P99, s.RPCPerBlock, s.Jobs, s.Deliveries)
	}
	stopLoad()
	wg.Wait()
	endTime := headTime() // intervals that ended by now must have been delivered
	say("load stopped; draining")

	// Drain: wait for the last one-shots (each due once, in its one interval).
	mu.Lock()
	ids := append([]string(nil), accepted...)
	wantOnce := append([]uint32(nil), oneShots...)
	mu.Unlock()
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		readDeliveries()
		left := 0
		for _, id := range wantOnce {
			if delivered[[2]uint32{id, 1}] == 0 {
				left++
			}
		}
		if left == 0 {
			break
		}
		time.Sleep(2 * time.Second)
	}
	time.Sleep(30 * time.Second) // a double would be mined by now
	readDeliveries()

	// Every accepted job ends success or failed, read back after the restarts.
	var fails []string
	for try := 0; ; try++ {
		missing, stuck, err := sweep(0)
		if err == nil {
			for _, id := range missing {
				lostIDs[id] = true
				delete(pending, id)
			}
		}
		if (err == nil && len(stuck) == 0) || try >= 12 {
			if err != nil {
				fails = append(fails, "reading the jobs back: "+err.Error())
			}
			if len(lostIDs) > 0 {
				var e []string
				for id := range lostIDs {
					e = append(e, id)
				}
				fails = append(fails, fmt.Sprintf("%d accepted jobs lost, e.g. %v", len(lostIDs), e[:min(5, len(e))]))
			}
			if len(stuck) > 0 {
				fails = append(fails, fmt.Sprintf("%d accepted jobs stuck, e.g. %v", len(stuck), stuck[:min(5, len(stuck))]))
			}
			break
		}
		time.Sleep(10 * time.Second)
	}
	if len(takenBack) > 0 {
		fails = append(fails, fmt.Sprintf("%d served results taken back by a kill, e.g. %v", len(takenBack), takenBack[:min(5, len(takenBack))]))
	}

	// Every due interval delivered exactly once; none twice anywhere.
	call := func(data []byte) []byte {
		out, err := ec.CallContract(ctx, ethereum.CallMsg{To: &dep.Coordinator, Data: data}, nil)
		require.NoError(t, err)
		return out
	}
	missed, doubles, due := 0, 0, 0
	var missedAt []string
	check := func(id uint32, what string) {
		if id == 0 {
			missed++
			missedAt = append(missedAt, what+": never created")
			return
		}
		sub, err := coordABI.UnpackGetSubscription(call(coordABI.PackGetSubscription(id)))
		require.NoError(t, err)
		for k := uint32(1); k <= sub.Frequency; k++ {
			end := uint64(sub.ActiveAt) + uint64(k)*uint64(sub.Period)
			if sub.Period == 0 && k == 1 {
				end = 0 // a one-shot: due whenever requested
			}
			if end > endTime {
				break
			}
			due++
			if delivered[[2]uint32{id, k}] == 0 {
				missed++
				missedAt = append(missedAt, fmt.Sprintf("%s sub %d interval %d", what, id, k))
			}
		}
	}
	for _, id := range recurring {
		check(id, "recurring")
	}
	for _, id := range wantOnce {
		check(id, "one-shot")
	}
	delegID := func(nonce uint32) uint32 {
		id, err := coordABI.UnpackDelegateSubscriptionId(call(coordABI.PackDelegateSubscriptionId(dep.ExampleConsumer, nonce)))
		require.NoError(t, err)
		return id
	}
	for _, n := range delegRecurring {
		check(delegID(n), fmt.Sprintf("delegated recurring (nonce %d)", n))
	}
	mu.Lock()
	for _, n := range delegOnce {
		check(delegID(n), fmt.Sprintf("delegated one-shot (nonce %d)", n))
	}
	mu.Unlock()
	for k, n := range delivered {
		if n > 1 {
			doubles++
			fails = append(fails, fmt.Sprintf("sub %d interval %d delivered %d times", k[0], k[1], n))
		}
	}
	if missed > 0 {
		fails = append(fails, fmt.Sprintf("%d of %d due intervals missed: %v", missed, due, missedAt[:min(10, len(missedAt))]))
	}

	// No node transaction reverted.
	head, err := ec.BlockNumber(ctx)
	require.NoError(t, err)
	signer := types.LatestSignerForChainID(chainID)
	nodeTxs, reverted := 0, 0
	for b := dep.DeployBlock; b <= head; b++ {
		blk, err := ec.BlockByNumber(ctx, new(big.Int).SetUint64(b))
		require.NoError(t, err)
		for _, tx := range blk.Transactions() {
			if from, err := types.Sender(signer, tx); err != nil || from != nodeAddr {
				continue
			}
			nodeTxs++
			rc, err := ec.TransactionReceipt(ctx, tx.Hash())
			require.NoError(t, err)
			if rc.Status != types.ReceiptStatusSuccessful {
				reverted++
				fails = append(fails, fmt.Sprintf("node transaction %s (block %d) reverted", tx.Hash(), b))
			}
		}
	}
	mu.Lock()
	for _, e := range noise5xx {
		fails = append(fails, "hostile body answered 5xx: "+e)
	}
	fails = append(fails, chainErrs...)
	mu.Unlock()
	hostileDelivered := 0
	for k, n := range delivered {
		if k[0] == hostileID {
			hostileDelivered += n
		}
	}

	// The store at the end: what it holds (live keys by family) and what
	// is left on disk once a manual compaction reclaims the deleted keys'
	// space (the node stopped first: one process holds the store).
	nodeMu.Lock()
	stopErr := node.Stop()
	up = false
	nodeMu.Unlock()
	endAt := time.Since(start)
	raw, split := dirBytes(dataDir), diskSplit(dataDir)
	if c, compacted, err := census(dataDir); err != nil {
		fails = append(fails, "census of the store at the end: "+err.Error())
	} else {
		samples = append(samples, Sample{At: endAt, LiveBytes: c.Bytes, CompactedBytes: compacted})
		censuses = append(censuses, censusAt{endAt.Round(time.Second).String() + " (stopped)", c, raw, compacted, split})
	}

	// Reports and the thresholds.
	writeFile(t, filepath.Join(out, "soak.csv"), func(w io.Writer) error { return WriteCSV(w, samples) })
	writeFile(t, filepath.Join(out, "soak.png"), func(w io.Writer) error { return WritePNG(w, samples, th.Warmup.Seconds()) })
	judged := Judge(samples, th)
	fails = append(fails, judged...)
	var sum strings.Builder
	fmt.Fprintf(&sum, "run %s, warm-up %s, jobs retention %s, store plateau from %s\n", d, th.Warmup, retention, th.StorePlateau)
	fmt.Fprintf(&sum, "at warm-up end: %s\nat the end:     %s\n", describe(nearest(samples, th.Warmup)), describe(last(samples)))
	fmt.Fprintf(&sum, "jobs accepted %d: %v, lost %d, taken back %d; failure reasons %v\n", len(ids), byStatus, len(lostIDs), len(takenBack), failReason)
	fmt.Fprintf(&sum, "deliveries by the node %d (hostile sub %d: %d); due intervals %d, missed %d, double %d\n", deliveries, hostileID, hostileDelivered, due, missed, doubles)
	fmt.Fprintf(&sum, "node transactions %d, reverted %d; hostile bodies sent %d, 5xx %d\n", nodeTxs, reverted, noiseN.Load(), len(noise5xx))
	for _, c := range censuses {
		fmt.Fprintf(&sum, "store census at %s: %.2f MB on disk (%s), %.2f MB after a compaction:\n%s", c.what, float64(c.raw)/1e6, c.split, float64(c.compacted)/1e6, c.c)
	}
	fmt.Fprintf(&sum, "failures: %d\n", len(fails))
	for _, f := range fails {
		fmt.Fprintf(&sum, "  FAIL %s\n", f)
	}
	require.NoError(t, os.WriteFile(filepath.Join(out, "summary.txt"), []byte(sum.String()), 0o644))
	fmt.Print(sum.String())
	say("CSV, PNG and summary in %s", out)
	require.NoError(t, stopErr, "the node stops cleanly on SIGTERM")
	require.Empty(t, fails)
}

type censusAt struct {
	what           string
	c              storage.Census
	raw, compacted int64 // bytes on disk before and after a compaction
	split          string
}

// diskSplit is the data directory's bytes by kind of file: Pebble's
// tables (.sst), its WAL (.log) and the rest (MANIFEST, OPTIONS, …).
func diskSplit(dir string) string {
	var sst, wal, other int64
	_ = filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return nil
		}
		fi, err := e.Info()
		if err != nil {
			return nil
		}
		switch filepath.Ext(p) {
		case ".sst":
			sst += fi.Size()
		case ".log":
			wal += fi.Size()
		default:
			other += fi.Size()
		}
		return nil
	})
	return fmt.Sprintf("tables %.2f MB, WAL %.2f MB, other %.2f MB", float64(sst)/1e6, float64(wal)/1e6, float64(other)/1e6)
}

// census opens the store in dataDir (the node down), counts what it holds,
// compacts it and returns its size on disk then.
func census(dataDir string) (storage.Census, int64, error) {
	st, err := storage.Open(dataDir, storage.Options{})
	if err != nil {
		return storage.Census{}, 0, err
	}
	c, err := st.Census()
	if err == nil {
		err = st.CompactAll()
	}
	if cerr := st.Close(); err == nil {
		err = cerr
	}
	return c, dirBytes(dataDir), err
}

type ecdsaKey = ecdsa.PrivateKey

func describe(s Sample) string {
	return fmt.Sprintf("t=%s rss %.1f MB, goroutines %d, open files %d, store %.2f MB, p50 %s, p99 %s, rpc/block %.2f",
		s.At.Round(time.Second), float64(s.RSSBytes)/1e6, s.Goroutines, s.OpenFiles, float64(s.StoreBytes)/1e6, s.P50, s.P99, s.RPCPerBlock)
}

// nearest is the first sample taken with the node up at or after at.
func nearest(s []Sample, at time.Duration) Sample {
	for _, x := range s {
		if x.Up && x.At >= at {
			return x
		}
	}
	return Sample{}
}

func last(s []Sample) Sample {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i].Up {
			return s[i]
		}
	}
	return Sample{}
}

func writeFile(t *testing.T, path string, write func(io.Writer) error) {
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, write(f))
	require.NoError(t, f.Close())
}

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// rss is VmRSS of pid in bytes (0 if unreadable).
func rss(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb * 1024
		}
	}
	return 0
}

func openFiles(pid int) int {
	e, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	return len(e)
}

func dirBytes(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			if fi, err := e.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}

// goroutines reads go_goroutines from the node's /metrics (0 if unreadable).
func goroutines(hc *http.Client, base string) int {
	resp, err := hc.Get(base + "/metrics")
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "go_goroutines "); ok {
			f, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return int(f)
		}
	}
	return 0
}
