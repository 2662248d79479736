package main

import (
	"bytes"
	"cmp"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
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
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/internal/etcdtest"
	"github.com/infernode/infernode/internal/nodetest"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/workloads/echo/service"
)

// TestHelperFleetMember is a fleet member's process in the fleet tests:
// it runs only when re-executed with INFERNODE_FLEET_CHILD set (the
// node's arguments, separated by 0x1f), and serves until it is stopped or
// killed.
func TestHelperFleetMember(t *testing.T) {
	args := os.Getenv("INFERNODE_FLEET_CHILD")
	if args == "" {
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, strings.Split(args, "\x1f"), os.Stdout, os.Stderr))
}

// member is a fleet member running as a child process.
type member struct {
	id, cfg string
	port    int
	cmd     *exec.Cmd
	log     *nodetest.Log
	exited  chan struct{}
	code    int
}

func (m *member) start(t testing.TB) {
	t.Helper()
	m.log = nodetest.NewLog()
	m.cmd = exec.Command(os.Args[0], "-test.run=^TestHelperFleetMember$")
	m.cmd.Env = append(os.Environ(), "INFERNODE_FLEET_CHILD=serve\x1f--config\x1f"+m.cfg)
	m.cmd.Stdout, m.cmd.Stderr = m.log, m.log
	m.cmd.WaitDelay = time.Second
	m.exited = make(chan struct{})
	require.NoError(t, m.cmd.Start())
	cmd, exited := m.cmd, m.exited
	go func() {
		_ = cmd.Wait()
		m.code = cmd.ProcessState.ExitCode()
		close(exited)
	}()
	t.Cleanup(func() { m.kill() })
}

func (m *member) wait(t testing.TB) {
	t.Helper()
	nodetest.WaitServing(t, m.log, m.exited)
}

func (m *member) signal(sig syscall.Signal) { _ = m.cmd.Process.Signal(sig) }

func (m *member) kill() {
	m.signal(syscall.SIGCONT)
	m.signal(syscall.SIGKILL)
	<-m.exited
}

func (m *member) url() string { return fmt.Sprintf("http://127.0.0.1:%d", m.port) }

// fleetSetup is anvil with 1 s blocks, our contracts, an echo container
// and the members' configurations (not started).
type fleetSetup struct {
	t       testing.TB
	ctx     context.Context
	client  *ethclient.Client
	keys    []*ecdsa.PrivateKey
	dep     contracts.Deployment
	echo    string
	rpcURL  string
	name    string // the fleet's; default "f"
	workers int    // jobs.workers of each member; 0: the default
	members []*member
	nonces  map[common.Address]uint64
}

func newFleetSetup(t testing.TB) *fleetSetup {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{BlockTime: time.Second, Accounts: 10})
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Stop() })
	client, err := ethclient.DialContext(ctx, a.RPCURL())
	require.NoError(t, err)
	t.Cleanup(client.Close)
	keys := a.FundedKeys()
	dep, err := contracts.Deploy(ctx, client, keys[0], common.Address{})
	require.NoError(t, err)
	echo, err := service.New(service.Config{})
	require.NoError(t, err)
	srv := httptest.NewServer(echo)
	t.Cleanup(srv.Close)
	return &fleetSetup{t: t, ctx: ctx, client: client, keys: keys, dep: dep, echo: srv.URL, rpcURL: a.RPCURL(), nonces: map[common.Address]uint64{}}
}

// configure writes n members' configurations: each its own wallet (anvil
// keys 1..n), an embedded etcd member of one cluster, or the external
// endpoints when given.
func (s *fleetSetup) configure(n int, endpoints []string) {
	t := s.t
	type ports struct{ rest, client, peer int }
	ps := make([]ports, n)
	var initial []string
	for i := range ps {
		ps[i] = ports{freeTCPPort(t), freeTCPPort(t), freeTCPPort(t)}
		initial = append(initial, fmt.Sprintf("m%d=http://127.0.0.1:%d", i+1, ps[i].peer))
	}
	for i := range n {
		dir := t.TempDir()
		etcd := map[string]any{"endpoints": endpoints}
		if endpoints == nil {
			etcd = map[string]any{"embed": map[string]any{"name": fmt.Sprintf("m%d", i+1), "data_dir": filepath.Join(dir, "etcd"),
				"client_url": fmt.Sprintf("http://127.0.0.1:%d", ps[i].client), "peer_url": fmt.Sprintf("http://127.0.0.1:%d", ps[i].peer),
				"initial_cluster": strings.Join(initial, ",")}}
		}
		cfg := map[string]any{
			"manage_containers": false,
			// The other members forward reads of their jobs from loopback.
			"server":     map[string]any{"host": "127.0.0.1", "port": ps[i].rest, "trusted_proxies": []string{"127.0.0.1/32"}},
			"data_dir":   filepath.Join(dir, "data"),
			"containers": []any{map[string]any{"id": "echo", "url": s.echo, "external": true}},
			"chain": map[string]any{"enabled": true, "rpc_url": s.rpcURL, "coordinator_address": s.dep.Coordinator.Hex(),
				"start_block": s.dep.DeployBlock, "poll_interval": "250ms",
				"wallet": map[string]any{"private_key": hexutil.Encode(crypto.FromECDSA(s.keys[1+i]))}},
			"fleet": map[string]any{"name": cmp.Or(s.name, "f"), "node_id": fmt.Sprintf("m%d", i+1), "lease_ttl": "3s",
				"advertise_url": fmt.Sprintf("http://127.0.0.1:%d", ps[i].rest), "etcd": etcd},
		}
		if s.workers > 0 {
			cfg["jobs"] = map[string]any{"workers": s.workers}
		}
		b, err := json.MarshalIndent(cfg, "", " ")
		require.NoError(t, err)
		path := filepath.Join(dir, "config.json")
		require.NoError(t, os.WriteFile(path, b, 0o600))
		s.members = append(s.members, &member{id: fmt.Sprintf("m%d", i+1), cfg: path, port: ps[i].rest})
	}
}

// startAll starts every member at once (embedded etcd members need each
// other for a quorum) and waits until each serves.
func (s *fleetSetup) startAll() {
	if dir := os.Getenv("INFERNODE_FLEET_LOGS"); dir != "" {
		s.t.Cleanup(func() {
			for _, m := range s.members {
				_ = os.WriteFile(filepath.Join(dir, m.id+".log"), []byte(m.log.String()), 0o600)
			}
		})
	}
	for _, m := range s.members {
		m.start(s.t)
	}
	for _, m := range s.members {
		m.wait(s.t)
	}
}

// send signs and sends a transaction from key (nonces counted here).
func (s *fleetSetup) send(key *ecdsa.PrivateKey, to common.Address, data []byte) *types.Transaction {
	t := s.t
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, ok := s.nonces[from]
	if !ok {
		var err error
		nonce, err = s.client.PendingNonceAt(s.ctx, from)
		require.NoError(t, err)
	}
	s.nonces[from] = nonce + 1
	chainID, err := s.client.ChainID(s.ctx)
	require.NoError(t, err)
	tx, err := types.SignNewTx(key, types.LatestSignerForChainID(chainID), &types.DynamicFeeTx{
		ChainID: chainID, Nonce: nonce, To: &to, Gas: 1_000_000, GasFeeCap: big.NewInt(100e9), GasTipCap: big.NewInt(1e9), Data: data,
	})
	require.NoError(t, err)
	require.NoError(t, s.client.SendTransaction(s.ctx, tx))
	return tx
}

// subscribe creates subscriptions spread over owners (anvil keys 4..9),
// active from activeAt; it returns their ids and redundancies.
func (s *fleetSetup) subscribe(subs []coordinatorabi.Subscription) map[uint32]coordinatorabi.Subscription {
	t := s.t
	abi := coordinatorabi.NewCoordinator()
	var txs []*types.Transaction
	for i := range subs {
		key := s.keys[4+i%6]
		subs[i].Owner = crypto.PubkeyToAddress(key.PublicKey)
		txs = append(txs, s.send(key, s.dep.Coordinator, abi.PackCreateSubscription(subs[i])))
	}
	out := map[uint32]coordinatorabi.Subscription{}
	for i, tx := range txs {
		var rc *types.Receipt
		require.Eventually(t, func() bool {
			var err error
			rc, err = s.client.TransactionReceipt(s.ctx, tx.Hash())
			return err == nil
		}, time.Minute, 100*time.Millisecond)
		require.Equal(t, types.ReceiptStatusSuccessful, rc.Status)
		ev, err := abi.UnpackSubscriptionCreatedEvent(rc.Logs[0])
		require.NoError(t, err)
		out[ev.Id] = subs[i]
	}
	return out
}

// delivered counts deliveries by (subscription, interval), with the block
// time of the last.
type fleetDelivery struct {
	n    int
	at   uint64
	node []common.Address
}

func (s *fleetSetup) deliveries() map[[2]uint32]*fleetDelivery {
	t := s.t
	logs, err := s.client.FilterLogs(s.ctx, ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(s.dep.DeployBlock),
		Addresses: []common.Address{s.dep.Coordinator}, Topics: [][]common.Hash{{codec.TopicComputeDelivered}}})
	require.NoError(t, err)
	times := map[uint64]uint64{}
	out := map[[2]uint32]*fleetDelivery{}
	for _, l := range logs {
		id := uint32(new(big.Int).SetBytes(l.Topics[1][:]).Uint64())
		k := uint32(new(big.Int).SetBytes(l.Data[:32]).Uint64())
		if _, ok := times[l.BlockNumber]; !ok {
			hd, err := s.client.HeaderByNumber(s.ctx, new(big.Int).SetUint64(l.BlockNumber))
			require.NoError(t, err)
			times[l.BlockNumber] = hd.Time
		}
		d := out[[2]uint32{id, k}]
		if d == nil {
			d = &fleetDelivery{}
			out[[2]uint32{id, k}] = d
		}
		d.n++
		d.at = max(d.at, times[l.BlockNumber])
		d.node = append(d.node, common.BytesToAddress(l.Topics[2][:]))
	}
	return out
}

// reverted counts the mined transactions of the members' wallets that
// reverted, and their gas.
func (s *fleetSetup) reverted(wallets []common.Address) (n int, gas uint64) {
	t := s.t
	head, err := s.client.BlockNumber(s.ctx)
	require.NoError(t, err)
	mine := map[common.Address]bool{}
	for _, w := range wallets {
		mine[w] = true
	}
	chainID, err := s.client.ChainID(s.ctx)
	require.NoError(t, err)
	signer := types.LatestSignerForChainID(chainID)
	for b := s.dep.DeployBlock; b <= head; b++ {
		blk, err := s.client.BlockByNumber(s.ctx, new(big.Int).SetUint64(b))
		require.NoError(t, err)
		for _, tx := range blk.Transactions() {
			from, err := types.Sender(signer, tx)
			if err != nil || !mine[from] {
				continue
			}
			rc, err := s.client.TransactionReceipt(s.ctx, tx.Hash())
			require.NoError(t, err)
			if rc.Status == types.ReceiptStatusFailed {
				n++
				gas += rc.GasUsed
			}
		}
	}
	return n, gas
}

func (s *fleetSetup) head() *types.Header {
	hd, err := s.client.HeaderByNumber(s.ctx, nil)
	require.NoError(s.t, err)
	return hd
}

// waitBlockTime waits until the chain's block time reaches ts.
func (s *fleetSetup) waitBlockTime(ts uint64) {
	require.Eventually(s.t, func() bool { return s.head().Time >= ts }, 2*time.Minute, 100*time.Millisecond)
}

func getJSON(t testing.TB, url string, v any) int {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	if v != nil && resp.StatusCode == http.StatusOK {
		require.NoError(t, json.Unmarshal(b, v), "%s", b)
	}
	return resp.StatusCode
}

// TestFleetProcesses: three members with embedded etcd on anvil (1 s
// blocks) share recurring subscriptions of redundancy 1 and 2 and
// one-shots, while one member is SIGKILLed and restarted and another
// SIGSTOPped for longer than its lease and resumed: every interval is
// delivered exactly redundancy times by distinct members, none of their
// transactions reverts, and an interval whose member went away is
// delivered within lease_ttl + 2 blocks of it falling due or the member
// going. A fourth node with a member's wallet is refused, naming it.
func TestFleetProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil and three node processes")
	}
	s := newFleetSetup(t)
	s.configure(3, nil)
	s.startAll()
	var info struct {
		Fleet struct {
			Name    string
			Members []struct{ NodeID string }
		}
	}
	require.Eventually(t, func() bool {
		return getJSON(t, s.members[0].url()+"/info", &info) == http.StatusOK && len(info.Fleet.Members) == 3
	}, time.Minute, 100*time.Millisecond, "/info.fleet lists three members")

	const period, freq, recurring, oneShots = 10, 5, 16, 4
	activeAt := s.head().Time + 4
	var subs []coordinatorabi.Subscription
	for i := range recurring + oneShots {
		sub := coordinatorabi.Subscription{ActiveAt: uint32(activeAt), Period: period, Frequency: freq, Redundancy: uint16(1 + i%2),
			MaxGasPrice: big.NewInt(1e12), MaxGasLimit: 100_000, ContainerId: "echo", Inputs: []byte{byte(i)}, PaymentAmount: new(big.Int)}
		if i >= recurring {
			sub.Period, sub.Frequency = 0, 1
		}
		subs = append(subs, sub)
	}
	created := s.subscribe(subs)
	end := activeAt + period*freq

	// Just before interval 2 opens: SIGKILL m1, restart it once the others
	// took its share of interval 2 over.
	s.waitBlockTime(activeAt + period - 1)
	job1 := postJob(t, s.members[0].url(), `{"before":"kill"}`)
	code, body := jobStatus(t, s.members[2].url(), job1)
	require.Equal(t, http.StatusOK, code, body)
	require.Contains(t, body, `"success"`, "a job created on m1 is read from m3 (forwarded)")
	// A delegated subscription posted to m1, which is killed right after
	// its 200: it is in the fleet, and another member delivers it.
	var dOut, dErr bytes.Buffer
	require.Equal(t, 0, run(s.ctx, []string{"delegate", "--url", s.members[0].url(), "--rpc", s.rpcURL, "--coordinator", s.dep.Coordinator.Hex(),
		"--owner", s.dep.ExampleConsumer.Hex(), "--containers", "echo", "--private-key", hexutil.Encode(crypto.FromECDSA(s.keys[0]))}, &dOut, &dErr), dErr.String())
	killedAt := s.head().Time
	s.members[0].kill()
	s.waitBlockTime(killedAt + 6)
	code, body = jobStatus(t, s.members[1].url(), job1)
	require.Equal(t, http.StatusServiceUnavailable, code, body)
	require.Contains(t, body, `fleet member \"m1\"`, "owner down: 503 naming it")
	s.members[0].start(t)
	s.members[0].wait(t)
	require.Eventually(t, func() bool {
		return getJSON(t, s.members[1].url()+"/info", &info) == http.StatusOK && len(info.Fleet.Members) == 3
	}, time.Minute, 100*time.Millisecond, "m1 rejoined")
	code, body = jobStatus(t, s.members[1].url(), job1)
	require.Equal(t, http.StatusOK, code, body)
	require.Contains(t, body, job1, "m1's job, read from m2 again once m1 is back")

	// Just before interval 4 opens: SIGSTOP m2 past its lease, then SIGCONT.
	s.waitBlockTime(activeAt + 3*period - 1)
	stoppedAt := s.head().Time
	s.members[1].signal(syscall.SIGSTOP)
	s.waitBlockTime(stoppedAt + 6)
	s.members[1].signal(syscall.SIGCONT)

	s.waitBlockTime(end + 4)
	got := s.deliveries()
	missing, extra := 0, 0
	var lateness []int
	for id, sub := range created {
		for k := uint32(1); k <= sub.Frequency; k++ {
			d := got[[2]uint32{id, k}]
			n := 0
			if d != nil {
				n = d.n
				seen := map[common.Address]bool{}
				for _, a := range d.node {
					require.False(t, seen[a], "sub %d interval %d: one member delivered twice", id, k)
					seen[a] = true
				}
				open := uint64(sub.ActiveAt) + uint64(k-1)*uint64(sub.Period)
				from := open
				for _, gone := range []uint64{killedAt, stoppedAt} {
					if gone <= open+uint64(max(sub.Period, 1)) && gone+6 >= open {
						from = max(from, gone)
					}
				}
				lateness = append(lateness, int(d.at)-int(from))
			}
			switch {
			case n < int(sub.Redundancy):
				missing++
			case n > int(sub.Redundancy):
				extra++
			}
		}
	}
	delegated := 0
	for key := range got {
		if _, ours := created[key[0]]; !ours {
			delegated++
		}
	}
	require.Equal(t, 1, delegated, "the delegated subscription posted to m1 before its kill is delivered once")
	sort.Ints(lateness)
	t.Logf("intervals: %d missing, %d over-delivered; delivery delay after due or member gone (block seconds): median %d, max %d",
		missing, extra, lateness[len(lateness)/2], lateness[len(lateness)-1])
	var wallets []common.Address
	for i := range 3 {
		wallets = append(wallets, crypto.PubkeyToAddress(s.keys[1+i].PublicKey))
	}
	n, gas := s.reverted(wallets)
	t.Logf("reverted transactions from fleet wallets: %d (%d gas)", n, gas)
	if t.Failed() || missing > 0 || n > 0 {
		for _, m := range s.members {
			t.Logf("%s log:\n%s", m.id, lastLines(m.log.String(), 60))
		}
	}
	takeovers := 0
	for _, m := range s.members {
		takeovers += strings.Count(m.log.String(), "fleet: took over")
	}
	t.Logf("takeovers logged: %d", takeovers)
	require.Positive(t, takeovers, "the others took the killed and the stopped member's share over")
	require.Zero(t, n, "no fleet wallet's transaction reverted")
	require.Zero(t, extra)
	require.Zero(t, missing, "every interval delivered redundancy times")
	require.LessOrEqual(t, lateness[len(lateness)-1], 3+4, "taken over within lease_ttl + 4 blocks (docs/fleet.md measures lease_ttl + 3 at worst; one more for a busy machine)")
}

func lastLines(s string, n int) string {
	ls := strings.Split(s, "\n")
	return strings.Join(ls[max(0, len(ls)-n):], "\n")
}

// postJob creates an echo job on url and returns its id.
func postJob(t testing.TB, url, data string) string {
	t.Helper()
	resp, err := http.Post(url+"/api/jobs", "application/json", strings.NewReader(`{"containers":["echo"],"data":`+data+`}`))
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", b)
	var c struct{ ID string }
	require.NoError(t, json.Unmarshal(b, &c))
	return c.ID
}

// jobStatus reads job id from url, waiting for it up to 10 s.
func jobStatus(t testing.TB, url, id string) (int, string) {
	t.Helper()
	resp, err := http.Get(url + "/api/jobs?id=" + id + "&wait=10s")
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestFleetExternalEtcd: two members on an external etcd (Debian's
// etcd-server) share subscriptions with no revert; a third node with a
// member's wallet is refused, naming it; etcd stopped makes the members
// unhealthy, saying why, while off-chain jobs are served; etcd back, they
// are healthy again without a restart, and deliver again.
func TestFleetExternalEtcd(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil, etcd and node processes")
	}
	s := newFleetSetup(t)
	etcd := etcdtest.Start(t)
	s.configure(2, []string{etcd.URL})
	s.startAll()

	dupCfg, err := os.ReadFile(s.members[0].cfg)
	require.NoError(t, err)
	dupPath := filepath.Join(t.TempDir(), "dup.json")
	require.NoError(t, os.WriteFile(dupPath, []byte(strings.NewReplacer(`"node_id": "m1"`, `"node_id": "m9"`,
		fmt.Sprintf(`"port": %d`, s.members[0].port), fmt.Sprintf(`"port": %d`, freeTCPPort(t)),
		filepath.Dir(s.members[0].cfg), t.TempDir()).Replace(string(dupCfg))), 0o600))
	dup := &member{id: "dup", cfg: dupPath}
	dup.start(t)
	select {
	case <-dup.exited:
	case <-time.After(2 * time.Minute):
		t.Fatal("a node with a live member's wallet started")
	}
	require.NotZero(t, dup.code)
	require.Contains(t, dup.log.String(), `is already used by live member "m1"`)

	const period, freq = 6, 5
	activeAt := s.head().Time + 3
	var subs []coordinatorabi.Subscription
	for i := range 8 {
		subs = append(subs, coordinatorabi.Subscription{ActiveAt: uint32(activeAt), Period: period, Frequency: freq, Redundancy: uint16(1 + i%2),
			MaxGasPrice: big.NewInt(1e12), MaxGasLimit: 100_000, ContainerId: "echo", Inputs: []byte{byte(i)}, PaymentAmount: new(big.Int)})
	}
	created := s.subscribe(subs)

	// etcd goes away during interval 2: unhealthy with the reason,
	// off-chain still served.
	s.waitBlockTime(activeAt + period + 1)
	etcd.Stop()
	m := s.members[0]
	var health struct{ Status, Reason string }
	require.Eventually(t, func() bool {
		return getJSON(t, m.url()+"/health", nil) == http.StatusServiceUnavailable
	}, time.Minute, 100*time.Millisecond, "unhealthy without etcd")
	resp, err := http.Get(m.url() + "/health")
	require.NoError(t, err)
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&health))
	resp.Body.Close()
	t.Logf("etcd stopped: /health %s: %s", health.Status, health.Reason)
	require.Contains(t, health.Reason, "fleet")
	id := postJob(t, m.url(), `{"x":1}`)
	code, body := jobStatus(t, m.url(), id)
	require.Equal(t, http.StatusOK, code, body)
	require.Contains(t, body, `"success"`, "off-chain jobs are served without etcd")

	etcd.Restart()
	require.Eventually(t, func() bool {
		return getJSON(t, m.url()+"/health", nil) == http.StatusOK
	}, time.Minute, 100*time.Millisecond, "healthy again, no restart")

	s.waitBlockTime(activeAt + period*freq + 3)
	got := s.deliveries()
	var wallets []common.Address
	for i := range 2 {
		wallets = append(wallets, crypto.PubkeyToAddress(s.keys[1+i].PublicKey))
	}
	n, _ := s.reverted(wallets)
	require.Zero(t, n, "no fleet wallet's transaction reverted")
	delivered := 0
	for id, sub := range created {
		for k := uint32(1); k <= sub.Frequency; k++ {
			if d := got[[2]uint32{id, k}]; d != nil {
				require.LessOrEqual(t, d.n, int(sub.Redundancy))
				delivered++
			}
		}
	}
	last := 0
	for id := range created {
		if d := got[[2]uint32{id, freq}]; d != nil && d.n == int(created[id].Redundancy) {
			last++
		}
	}
	t.Logf("intervals delivered: %d of %d (etcd was down for part of interval 2); last interval complete for %d of %d", delivered, len(created)*freq, last, len(created))
	require.Equal(t, len(created), last, "after etcd came back every subscription's last interval is delivered redundancy times")
}

// TestDevFleet: `infernode dev --fleet 3` starts three members with
// embedded etcd on the dev chain: each lists the three, an on-chain request
// is delivered once, and a job created on m1 is read from m3.
func TestDevFleet(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the dev chain and three members")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var dep contracts.Deployment
	d := startDevCLI(t, ctx, &dep, "--rest-port", "0", "--rpc-port", "0", "--fleet", "3")
	banner := d.stdout.String()
	var urls []string
	for _, m := range []string{"m1", "m2", "m3"} {
		urls = append(urls, strings.TrimSuffix(field(t, banner, "fleet "+m, 0), ","))
	}
	for _, u := range urls {
		var info struct {
			Fleet struct{ Members []struct{ NodeID string } }
		}
		require.Eventually(t, func() bool {
			return getJSON(t, u+"/info", &info) == http.StatusOK && len(info.Fleet.Members) == 3
		}, time.Minute, 100*time.Millisecond, "%s lists three members", u)
	}
	var reqOut, reqErr bytes.Buffer
	code := run(ctx, []string{"dev", "request", "--rpc", field(t, banner, "chain", 0), "--input", "hello fleet", "--wait", "--timeout", "60s"}, &reqOut, &reqErr)
	require.Equal(t, 0, code, "dev request: %s\nlog:\n%s", reqErr.String(), lastLines(d.stderr.String(), 40))
	require.Contains(t, reqOut.String(), "hello fleet")
	id := postJob(t, urls[0], `{"hello":"fleet"}`)
	status, body := jobStatus(t, urls[2], id)
	require.Equal(t, http.StatusOK, status, body)
	require.Contains(t, body, `"success"`)
	d.shutdown(t)
}

// BenchmarkFleetOffchain: off-chain throughput of one member, then of three
// members of one fleet (external etcd), with a latency-bound container
// (50 ms a job, 4 workers a member): 48 clients post jobs round-robin over
// the members and read each result, waiting, from the next member (a
// forwarded read). It reports jobs/s.
func BenchmarkFleetOffchain(b *testing.B) {
	for _, n := range []int{1, 3} {
		b.Run(fmt.Sprintf("members=%d", n), func(b *testing.B) {
			for range b.N {
				benchOffchain(b, n)
			}
		})
	}
}

func benchOffchain(b *testing.B, n int) {
	b.StopTimer()
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/service_output" {
			return
		}
		time.Sleep(50 * time.Millisecond)
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"echo":%s}`, body)
	}))
	defer slow.Close()
	s := newFleetSetup(b)
	s.echo, s.workers = slow.URL, 4
	etcd := etcdtest.Start(b)
	s.configure(n, []string{etcd.URL})
	s.startAll()
	for _, m := range s.members {
		var info struct {
			Fleet struct{ Members []struct{ NodeID string } }
		}
		require.Eventually(b, func() bool {
			return getJSON(b, m.url()+"/info", &info) == http.StatusOK && len(info.Fleet.Members) == n
		}, time.Minute, 100*time.Millisecond)
	}
	const jobs, clients = 480, 48
	var next atomic.Int64
	var wg sync.WaitGroup
	b.StartTimer()
	start := time.Now()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := next.Add(1); i <= jobs; i = next.Add(1) {
				at := s.members[(int(i)+c)%n]
				id := postJob(b, at.url(), fmt.Sprintf(`{"i":%d}`, i))
				from := s.members[(int(i)+c+1)%n]
				for {
					code, body := jobStatus(b, from.url(), id)
					require.Equal(b, http.StatusOK, code, body)
					if strings.Contains(body, `"success"`) {
						break
					}
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	b.ReportMetric(float64(jobs)/elapsed.Seconds(), "jobs/s")
	for _, m := range s.members {
		m.kill()
	}
}

// BenchmarkFleetTakeover: three members with embedded etcd on anvil (1 s
// blocks), 12 recurring subscriptions of redundancy 1 every 10 s; each
// round SIGKILLs one member a block before an interval opens, measures the
// block seconds from the interval opening to its last delivery (the dead
// member's share, taken over), then restarts the member. It reports the
// median and the largest over the rounds (INFERNODE_FLEET_KILLS, default
// 20).
func BenchmarkFleetTakeover(b *testing.B) {
	rounds := 20
	if v, err := strconv.Atoi(os.Getenv("INFERNODE_FLEET_KILLS")); err == nil && v > 0 {
		rounds = v
	}
	for range b.N {
		s := newFleetSetup(b)
		s.configure(3, nil)
		s.startAll()
		const period = 10
		activeAt := s.head().Time + 4
		var subs []coordinatorabi.Subscription
		for i := range 12 {
			subs = append(subs, coordinatorabi.Subscription{ActiveAt: uint32(activeAt), Period: period, Frequency: 1000, Redundancy: 1,
				MaxGasPrice: big.NewInt(1e12), MaxGasLimit: 100_000, ContainerId: "echo", Inputs: []byte{byte(i)}, PaymentAmount: new(big.Int)})
		}
		created := s.subscribe(subs)
		s.waitBlockTime(activeAt)
		var delays []int
		missed := 0
		for r := range rounds {
			victim := s.members[r%3]
			k := uint32((s.head().Time-activeAt)/period + 2) // an interval opening after the kill
			open := activeAt + uint64(k-1)*period
			s.waitBlockTime(open - 1)
			victim.kill()
			s.waitBlockTime(open + period + 1) // the interval is over
			got := s.deliveries()
			var last uint64
			for id := range created {
				if d := got[[2]uint32{id, k}]; d != nil {
					last = max(last, d.at)
				} else {
					missed++
				}
			}
			delays = append(delays, int(last)-int(open))
			victim.start(b)
			victim.wait(b)
			var info struct {
				Fleet struct{ Members []struct{ NodeID string } }
			}
			require.Eventually(b, func() bool {
				return getJSON(b, victim.url()+"/info", &info) == http.StatusOK && len(info.Fleet.Members) == 3
			}, time.Minute, 100*time.Millisecond)
		}
		sort.Ints(delays)
		b.ReportMetric(float64(delays[len(delays)/2]), "takeover_p50_s")
		b.ReportMetric(float64(delays[len(delays)-1]), "takeover_max_s")
		b.ReportMetric(float64(len(delays)), "kills")
		b.ReportMetric(float64(missed), "missed")
		b.Logf("takeover (block seconds from the interval opening to its last delivery), %d kills: %v", len(delays), delays)
		for _, m := range s.members {
			m.kill()
		}
	}
}
