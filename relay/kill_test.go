package relay

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/access"
	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/coordinator/infernetv1"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/signer"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/txm"
	"github.com/infernode/infernode/workloads/echo/service"
)

// TestHelperNodeProcess is the node process of TestKillBetweenSendAndConfirm:
// it runs only when re-executed with INFERNODE_RELAY_CHILD set, and then
// serves until it is killed.
func TestHelperNodeProcess(t *testing.T) {
	if os.Getenv("INFERNODE_RELAY_CHILD") == "" {
		return
	}
	ctx := context.Background()
	client, err := chain.Dial(ctx, []string{os.Getenv("CHILD_RPC")}, chain.Options{})
	require.NoError(t, err)
	key, err := crypto.HexToECDSA(os.Getenv("CHILD_KEY"))
	require.NoError(t, err)
	start, _ := strconv.ParseUint(os.Getenv("CHILD_START"), 10, 64)
	echo, err := service.New(service.Config{})
	require.NoError(t, err)
	srv := httptest.NewServer(echo)
	cfg := []executor.Container{{ID: "echo", URL: srv.URL}}
	rt := executor.NewUnmanaged(cfg, executor.UnmanagedOptions{})
	require.NoError(t, rt.Start(ctx))
	exec, err := executor.New(executor.Options{Runtime: rt, Containers: cfg})
	require.NoError(t, err)
	db, err := storage.Open(os.Getenv("CHILD_DIR"), storage.Options{})
	require.NoError(t, err)
	parsed := coordABI.GetABI()
	s, err := txm.NewSender(ctx, client, db.Table(storage.TableNonce), txm.SenderOptions{Signer: signer.NewKey(key), PollInterval: 50 * time.Millisecond,
		Decoder: coordinator.NewRevertDecoder(&parsed), MaxGasLimit: 30_000_000, Logger: testLogger()})
	require.NoError(t, err)
	o := Options{Backend: client, DB: db.Table(storage.TableRelay), Sender: s,
		Dialect: ours.New(common.HexToAddress(os.Getenv("CHILD_COORDINATOR")), []string{"echo"}, 0),
		Runner:  exec, Access: access.NewGuardian([]access.Container{{ID: "echo", External: true}}), StartBlock: start,
		PollInterval: 50 * time.Millisecond, RetryBackoff: 100 * time.Millisecond, Logger: testLogger()}
	if reg := os.Getenv("CHILD_REGISTRY"); reg != "" { // the Infernet SDK v1 dialect
		addrs, err := infernetv1.ReadRegistry(ctx, client, common.HexToAddress(reg))
		require.NoError(t, err)
		o.Dialect = infernetv1.New(addrs, infernetv1.Options{Containers: []string{"echo"}})
	}
	r, err := New(o)
	require.NoError(t, err)
	_ = r.Run(ctx) // until SIGKILL
}

func TestKillBetweenSendAndConfirm(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil and node processes")
	}
	ctx := context.Background()
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Stop() })
	client := dialChain(t, a.RPCURL())
	h := newChainHarness(t, client, a.FundedKeys()[:2])
	node := crypto.PubkeyToAddress(h.keys[1].PublicKey)
	dir := t.TempDir()
	rpc := client.Client()

	var logs bytes.Buffer
	startChild := func() *exec.Cmd {
		return startChildNode(t, &logs, "CHILD_RPC="+a.RPCURL(), "CHILD_DIR="+dir,
			"CHILD_KEY="+hex.EncodeToString(crypto.FromECDSA(h.keys[1])), "CHILD_COORDINATOR="+h.dep.Coordinator.Hex(),
			"CHILD_START="+strconv.FormatUint(h.dep.DeployBlock, 10))
	}
	child := startChild()
	t.Cleanup(func() { killChild(child) })
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("kill -9"), 1))
	require.NoError(t, rpc.CallContext(ctx, nil, "evm_setAutomine", false)) // the delivery stays pending
	child = killWhileSent(t, client, node, &logs, child, startChild)
	require.Eventually(t, func() bool { return h.deliveries() == 1 }, time.Minute, 50*time.Millisecond, "delivered after restart; child output:\n%s", &logs)
	time.Sleep(3 * time.Second)
	require.Equal(t, uint64(1), h.deliveries(), "never twice")
	require.Equal(t, uint16(1), responseCount(h, 1, 1))
	killChild(child)
	requireJournalComplete(t, client, dir, h.keys[1])
}

// killWhileSent kills child (SIGKILL) once node's delivery is sent and not
// mined (mining must be off), drops anvil's pool so the transaction is lost
// with the node, starts the next child and mines again (each transaction,
// and a block a second); it returns the new child.
func killWhileSent(t *testing.T, client *ethclient.Client, node common.Address, logs *bytes.Buffer, child *exec.Cmd, startChild func() *exec.Cmd) *exec.Cmd {
	t.Helper()
	ctx, rpc := context.Background(), client.Client()
	waitSentNotMined(t, client, node, logs)
	killChild(child)
	require.NoError(t, rpc.CallContext(ctx, nil, "anvil_dropAllTransactions"))
	child = startChild()
	require.NoError(t, rpc.CallContext(ctx, nil, "evm_setAutomine", true))
	require.NoError(t, rpc.CallContext(ctx, nil, "evm_setIntervalMining", 1))
	return child
}

// waitSentNotMined waits until node's first transaction is in the pool
// and not mined.
func waitSentNotMined(t *testing.T, client *ethclient.Client, node common.Address, logs *bytes.Buffer) {
	ctx := context.Background()
	require.Eventually(t, func() bool {
		pending, err1 := client.PendingNonceAt(ctx, node)
		mined, err2 := client.NonceAt(ctx, node, nil)
		return err1 == nil && err2 == nil && pending == 1 && mined == 0
	}, time.Minute, 20*time.Millisecond, "delivery sent, not mined; child output:\n%s", logs)
}

// startChildNode re-executes the test binary as TestHelperNodeProcess with env.
func startChildNode(t *testing.T, logs *bytes.Buffer, env ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperNodeProcess$", "-test.count=1")
	cmd.Env = append(append(os.Environ(), "INFERNODE_RELAY_CHILD=1"), env...)
	cmd.Stdout, cmd.Stderr = logs, logs
	require.NoError(t, cmd.Start())
	return cmd
}

// killChild sends SIGKILL and reaps the process.
func killChild(cmd *exec.Cmd) {
	_ = cmd.Process.Signal(syscall.SIGKILL)
	_ = cmd.Wait()
}

// requireJournalComplete checks that the nonce journal in dir accounts for
// every nonce key's account used, continuously, each confirmed.
func requireJournalComplete(t *testing.T, client *ethclient.Client, dir string, key *ecdsa.PrivateKey) {
	ctx := context.Background()
	db, err := storage.Open(dir, storage.Options{})
	require.NoError(t, err)
	defer db.Close()
	s, err := txm.NewSender(ctx, chain.NewClient([]*rpc.Client{client.Client()}, []string{"anvil"}, chain.Options{}),
		db.Table(storage.TableNonce), txm.SenderOptions{Signer: signer.NewKey(key)})
	require.NoError(t, err)
	require.Eventually(t, func() bool { _ = s.Step(ctx); return s.InFlight() == 0 }, 30*time.Second, 100*time.Millisecond)
	recs, err := s.Records()
	require.NoError(t, err)
	mined, err := client.NonceAt(ctx, crypto.PubkeyToAddress(key.PublicKey), nil)
	require.NoError(t, err)
	require.Len(t, recs, int(mined))
	for i, r := range recs {
		require.Equal(t, uint64(i), r.Nonce)
		require.Equal(t, txm.StateConfirmed, r.State)
	}
}
