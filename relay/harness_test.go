package relay

import (
	"context"
	"crypto/ecdsa"
	"io"
	"log/slog"
	"math/big"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/rpc"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	gethnode "github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/params"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/abi/exampleconsumerabi"
	"github.com/infernode/infernode/access"
	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/signer"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/txm"
	"github.com/infernode/infernode/workloads/echo/service"
)

// chainClient is what the tests themselves use: deployment, reads, sends.
// The nodes they start reach the same chain through a chain.Client of
// their own (harness.backend).
type chainClient interface {
	contracts.Backend
	ethereum.ChainStateReader
	ethereum.TransactionReader
}

// harness is a simulated chain with the contracts deployed, the echo
// workload on loopback and an executor reaching it.
type harness struct {
	t        testing.TB
	sim      *simulated.Backend // nil on a real chain
	client   chainClient
	rpc      *rpc.Client // the chain's RPC client, under client
	chainID  *big.Int
	keys     []*ecdsa.PrivateKey // [0] deployer/consumer signer, [1..] nodes
	dep      contracts.Deployment
	exec     *executor.Executor
	guard    *access.Guardian
	commitMu sync.Mutex
	stop     chan struct{}
	stopped  chan struct{}
}

func testLogger() *slog.Logger {
	if os.Getenv("RELAY_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

func newHarness(t testing.TB, nodes int) *harness {
	t.Helper()
	h := &harness{t: t}
	alloc := types.GenesisAlloc{}
	for range nodes + 1 {
		k, err := crypto.GenerateKey()
		require.NoError(t, err)
		h.keys = append(h.keys, k)
		alloc[crypto.PubkeyToAddress(k.PublicKey)] = types.Account{Balance: new(big.Int).Mul(big.NewInt(1000), big.NewInt(params.Ether))}
	}
	// Mainnet's fork rules (Osaka), not the simulated backend's dev fork
	// set, whose experimental state-gas repricing (EIP-8037) makes storing
	// a callback's result cost several times more: the example consumer's
	// 1,000,000 callback gas is sized for Osaka (docs/gas.md).
	h.sim = simulated.NewBackend(alloc, simulated.WithBlockGasLimit(60_000_000), func(_ *gethnode.Config, ec *ethconfig.Config) {
		ec.Genesis.Config = testnet.DevChainConfig()
	})
	t.Cleanup(func() { _ = h.sim.Close() })
	h.client = h.sim.Client()
	h.rpc = chain.SimulatedRPC(h.sim)
	h.chainID = big.NewInt(1337)
	// Mine while deploying: one commit right after sending can miss a
	// transaction the pool has not promoted yet.
	h.mineEvery(20 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var err error
	h.dep, err = contracts.Deploy(ctx, h.client, h.keys[0], common.Address{})
	require.NoError(t, err)
	h.pauseMining()
	h.startEcho()
	return h
}

// newChainHarness deploys to a running chain reached through client; the
// chain mines on its own.
func newChainHarness(t testing.TB, client *ethclient.Client, keys []*ecdsa.PrivateKey) *harness {
	t.Helper()
	h := &harness{t: t, client: client, rpc: client.Client(), keys: keys}
	var err error
	h.chainID, err = client.ChainID(context.Background())
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	h.dep, err = contracts.Deploy(ctx, client, h.keys[0], common.Address{})
	require.NoError(t, err)
	h.startEcho()
	return h
}

func (h *harness) startEcho() {
	t := h.t
	echo, err := service.New(service.Config{})
	require.NoError(t, err)
	srv := httptest.NewServer(echo)
	t.Cleanup(srv.Close)
	cfg := []executor.Container{{ID: "echo", URL: srv.URL, Timeout: 10 * time.Second}}
	rt := executor.NewUnmanaged(cfg, executor.UnmanagedOptions{})
	require.NoError(t, rt.Start(context.Background()))
	t.Cleanup(func() { _ = rt.Stop(context.Background()) })
	h.exec, err = executor.New(executor.Options{Runtime: rt, Containers: cfg})
	require.NoError(t, err)
	h.guard = access.NewGuardian([]access.Container{{ID: "echo", External: true}})
}

func (h *harness) commit() common.Hash {
	h.commitMu.Lock()
	defer h.commitMu.Unlock()
	return h.sim.Commit()
}

// mineEvery commits a block every d until the test ends or pauseMining.
func (h *harness) mineEvery(d time.Duration) {
	h.stop, h.stopped = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(h.stopped)
		t := time.NewTicker(d)
		defer t.Stop()
		for {
			select {
			case <-h.stop:
				return
			case <-t.C:
				h.commit()
			}
		}
	}()
	h.t.Cleanup(h.pauseMining)
}

// mineSettled commits a block whenever n has acted on the previous one
// (Relay.Settled), until the test ends or pauseMining: the chain advances
// by events, so no delivery depends on how fast a busy machine runs.
func (h *harness) mineSettled(n *node) {
	h.stop, h.stopped = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(h.stopped)
		for {
			hd, err := h.client.HeaderByNumber(context.Background(), nil)
			if err == nil && n.r.Settled(hd.Number.Uint64()) {
				h.commit()
			}
			select {
			case <-h.stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	h.t.Cleanup(h.pauseMining)
}

func (h *harness) pauseMining() {
	if h.stop != nil {
		close(h.stop)
		<-h.stopped
		h.stop = nil
	}
}

// node is one relay with its own key and data directory.
type node struct {
	r      *Relay
	s      *txm.Sender
	db     *storage.Store
	rpc    *chain.Instrumented
	cancel context.CancelFunc
	done   chan error
}

// backend is a chain client of the node's own over the harness's chain.
func (h *harness) backend() *chain.Client {
	return chain.NewClient([]*rpc.Client{h.rpc}, []string{"test chain"}, chain.Options{})
}

func (h *harness) startNode(keyIdx int, dir string, b chain.Backend) *node {
	return h.startNodeWith(keyIdx, dir, b, nil, nil)
}

// startNodeWith lets a test adjust the sender's and relay's options.
func (h *harness) startNodeWith(keyIdx int, dir string, b chain.Backend, so func(*txm.SenderOptions), ro func(*Options)) *node {
	t := h.t
	t.Helper()
	if b == nil {
		b = h.backend()
	}
	db, err := storage.Open(dir, storage.Options{})
	require.NoError(t, err)
	m, err := NewMetrics(nil)
	require.NoError(t, err)
	rpc := chain.Instrument(b, m.RPC)
	parsed := h.coordABI()
	ctx := context.Background()
	sopts := txm.SenderOptions{
		Signer: signer.NewKey(h.keys[keyIdx]), PollInterval: 20 * time.Millisecond, Decoder: coordinator.NewRevertDecoder(&parsed),
		Logger: testLogger(), MaxGasLimit: 30_000_000,
	}
	if so != nil {
		so(&sopts)
	}
	s, err := txm.NewSender(ctx, rpc, db.Table(storage.TableNonce), sopts)
	require.NoError(t, err)
	ropts := Options{
		Backend: rpc, DB: db.Table(storage.TableRelay), Sender: s, Dialect: ours.New(h.dep.Coordinator, []string{"echo"}, 0), Runner: h.exec, Access: h.guard,
		StartBlock: h.dep.DeployBlock, PollInterval: 20 * time.Millisecond,
		RetryBackoff: 50 * time.Millisecond, Logger: testLogger(), Metrics: m,
	}
	if ro != nil {
		ro(&ropts)
	}
	r, err := New(ropts)
	require.NoError(t, err)
	rctx, cancel := context.WithCancel(ctx)
	n := &node{r: r, s: s, db: db, rpc: rpc, cancel: cancel, done: make(chan error, 1)}
	go func() { n.done <- r.Run(rctx) }()
	t.Cleanup(n.stop)
	return n
}

func (n *node) stop() {
	if n.cancel == nil {
		return
	}
	n.cancel()
	<-n.done
	_ = n.db.Close()
	n.cancel = nil
}

func (h *harness) coordABI() abi.ABI { return coordinatorabi.NewCoordinator().GetABI() }

// transact sends a transaction from key and waits for its receipt (mining
// must be running, or it commits itself).
func (h *harness) transact(key *ecdsa.PrivateKey, to common.Address, data []byte) *types.Receipt {
	h.t.Helper()
	return h.send(key, &to, nil, data)
}

// send is transact with a value, or a contract creation when to is nil.
func (h *harness) send(key *ecdsa.PrivateKey, to *common.Address, value *big.Int, data []byte) *types.Receipt {
	t := h.t
	t.Helper()
	ctx := context.Background()
	tx := h.sendTx(key, to, value, data)
	if h.sim != nil && h.stop == nil {
		h.commit()
	}
	var rc *types.Receipt
	var err error
	require.Eventually(t, func() bool {
		rc, err = h.client.TransactionReceipt(ctx, tx.Hash())
		return err == nil && rc != nil
	}, 20*time.Second, 20*time.Millisecond)
	require.Equal(t, types.ReceiptStatusSuccessful, rc.Status, "transaction reverted")
	return rc
}

// sendTx signs and sends a transaction from key (to nil: a creation) and
// returns it without waiting for it to be mined.
func (h *harness) sendTx(key *ecdsa.PrivateKey, to *common.Address, value *big.Int, data []byte) *types.Transaction {
	t := h.t
	t.Helper()
	ctx := context.Background()
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := h.client.PendingNonceAt(ctx, from)
	require.NoError(t, err)
	gas, err := h.client.EstimateGas(ctx, ethereum.CallMsg{From: from, To: to, Data: data, Value: value})
	require.NoError(t, err)
	head, err := h.client.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	tip := big.NewInt(params.GWei)
	tx, err := types.SignNewTx(key, types.LatestSignerForChainID(h.chainID), &types.DynamicFeeTx{
		ChainID: h.chainID, Nonce: nonce, GasTipCap: tip, GasFeeCap: new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), tip),
		Gas: gas * 2, To: to, Data: data, Value: value,
	})
	require.NoError(t, err)
	require.NoError(t, h.client.SendTransaction(ctx, tx))
	return tx
}

func (h *harness) call(to common.Address, data []byte) []byte {
	h.t.Helper()
	out, err := h.client.CallContract(context.Background(), ethereum.CallMsg{To: &to, Data: data}, nil)
	require.NoError(h.t, err)
	return out
}

func (h *harness) consumer() *exampleconsumerabi.ExampleConsumer {
	return exampleconsumerabi.NewExampleConsumer()
}

func (h *harness) deliveries() uint64 {
	c := h.consumer()
	n, err := c.UnpackDeliveries(h.call(h.dep.ExampleConsumer, c.PackDeliveries()))
	require.NoError(h.t, err)
	return n.Uint64()
}

// eventually waits for cond with a generous bound: the chain is mined by
// wall clock on a shared machine.
func (h *harness) eventually(cond func() bool, msg string) {
	h.t.Helper()
	require.Eventually(h.t, cond, 60*time.Second, 25*time.Millisecond, msg)
}

// waitSent waits until n's transaction under key is journaled and in the
// pool. The sender takes a slot (InFlight) before the journal's fsync and
// the broadcast, so InFlight is no sign of either: on a slow disk a test
// that took it for one acted before the delivery existed.
func (h *harness) waitSent(n *node, key string) {
	h.t.Helper()
	ctx := context.Background()
	h.eventually(func() bool {
		_, journaled, err := lookupDelivery(n, key)
		pending, err2 := h.client.PendingNonceAt(ctx, n.s.Address())
		mined, err3 := h.client.NonceAt(ctx, n.s.Address(), nil)
		return err == nil && err2 == nil && err3 == nil && journaled && pending > mined
	}, key+" journaled and sent")
}

// lookupDelivery is n's journal record of delivery attempt key
// ("deliver/sub/interval/attempt"), whichever subscription creation block
// the key names (deliverKey).
func lookupDelivery(n *node, key string) (*txm.Record, bool, error) {
	recs, err := n.s.Records()
	if err != nil {
		return nil, false, err
	}
	for _, r := range recs {
		if r.Key == key || strings.HasPrefix(r.Key, key+"@") {
			return r, true, nil
		}
	}
	return nil, false, nil
}
