package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/exampleconsumerabi"
	"github.com/infernode/infernode/abi/walletabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/testnet"
)

// syncBuffer is a bytes.Buffer safe for a writer and a reader goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestDev runs `infernode dev` in this process on free ports, as a new user
// would: the banner's deployment line parses and points at real contracts,
// REST runs an echo job, and an on-chain request through the example
// consumer is delivered by the node.
func TestDev(t *testing.T) {
	// No external programs: nothing on PATH (no docker, geth, anvil, node).
	t.Setenv("PATH", "")
	t.Setenv("INFERNODE_GETH", "")
	t.Setenv("INFERNODE_ANVIL", "")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// The banner ends with the deployment line.
	var dep contracts.Deployment
	d := startDevCLI(t, ctx, &dep, "--rest-port", "0", "--rpc-port", "0")
	stdout, stderr := &d.stdout, &d.stderr
	banner := stdout.String()
	require.Equal(t, uint64(1337), dep.ChainID)
	var raw map[string]any
	for _, line := range strings.Split(banner, "\n") {
		if strings.HasPrefix(line, "{") {
			require.NoError(t, json.Unmarshal([]byte(line), &raw))
		}
	}
	for _, k := range []string{"chain_id", "coordinator", "example_consumer"} {
		require.Contains(t, raw, k)
	}

	rpcURL := field(t, banner, "chain", 0)
	restURL := field(t, banner, "node REST", 0)
	client, err := ethclient.DialContext(ctx, rpcURL)
	require.NoError(t, err)
	defer client.Close()
	code, err := client.CodeAt(ctx, dep.Coordinator, nil)
	require.NoError(t, err)
	require.NotEmpty(t, code, "the Coordinator is deployed")

	// REST answers and runs echo.
	resp, err := http.Post(restURL+"/api/jobs", "application/json", strings.NewReader(`{"containers":["echo"],"data":{"hello":"world"}}`))
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", body)
	var created struct{ ID string }
	require.NoError(t, json.Unmarshal(body, &created))
	require.Eventually(t, func() bool {
		resp, err := http.Get(restURL + "/api/jobs?id=" + created.ID)
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		var res []struct {
			Status string
			Result struct{ Output json.RawMessage }
		}
		if json.NewDecoder(resp.Body).Decode(&res) != nil || len(res) != 1 || res[0].Status != "success" {
			return false
		}
		return strings.Contains(string(res[0].Result.Output), `"hello":"world"`)
	}, 30*time.Second, 100*time.Millisecond)

	// On chain: the example consumer's request is delivered by the node's relay.
	var reqOut, reqErr bytes.Buffer
	codeReq := run(ctx, []string{"dev", "request", "--rpc", rpcURL, "--input", "hello chain", "--wait", "--timeout", "60s"}, &reqOut, &reqErr)
	require.Equal(t, 0, codeReq, "dev request: %s\nnode log:\n%s", reqErr.String(), tail(stderr.String(), 4000))
	var res devRequestResult
	require.NoError(t, json.Unmarshal(reqOut.Bytes(), &res))
	require.Equal(t, "hello chain", res.RawOutput)
	require.Contains(t, reqErr.String(), "waiting up to 1m0s for a node's delivery", "--wait says what it waits for")

	// A delegated subscription: --wait prints the id the node created it
	// under, and deliveries lists that subscription's delivery.
	var delOut, delErr bytes.Buffer
	codeDel := run(ctx, []string{"delegate", "--url", restURL, "--rpc", rpcURL, "--coordinator", dep.Coordinator.Hex(),
		"--owner", dep.ExampleConsumer.Hex(), "--containers", "echo", "--private-key", field(t, banner, "(0)", 1), "--wait"}, &delOut, &delErr)
	require.Equal(t, 0, codeDel, "delegate: %s\nnode log:\n%s", delErr.String(), tail(stderr.String(), 4000))
	var delegated struct {
		SubscriptionID uint32 `json:"subscription_id"`
	}
	require.NoError(t, json.Unmarshal(delOut.Bytes(), &delegated))
	require.Greater(t, delegated.SubscriptionID, res.SubscriptionID)
	require.Contains(t, delErr.String(), fmt.Sprintf("subscription id %d", delegated.SubscriptionID))
	var delivOut, delivErr bytes.Buffer
	require.Equal(t, 0, run(ctx, []string{"deliveries", "--rpc", rpcURL, "--coordinator", dep.Coordinator.Hex(),
		"--id", fmt.Sprint(delegated.SubscriptionID)}, &delivOut, &delivErr), delivErr.String())
	var delivs []delivery
	require.NoError(t, json.Unmarshal(delivOut.Bytes(), &delivs))
	require.Len(t, delivs, 1)

	// A paid request from the consumer wallet `dev` made: the node's wallet
	// gains exactly the payment, the consumer's loses exactly that.
	walletOf := func(label string) common.Address {
		m := regexp.MustCompile(label + ` (0x[0-9a-fA-F]{40})`).FindStringSubmatch(banner)
		require.Len(t, m, 2, "no %q in banner", label)
		return common.HexToAddress(m[1])
	}
	consumerWallet, nodeWallet := walletOf("consumer wallet"), walletOf("node's payment wallet")
	walletBalance := func(w common.Address) *big.Int {
		wa := walletabi.NewWallet()
		b, err := bind.Call(wa.Instance(client, w), &bind.CallOpts{Context: ctx}, wa.PackBalanceOf(common.Address{}), wa.UnpackBalanceOf)
		require.NoError(t, err)
		return b
	}
	before := walletBalance(consumerWallet)
	ex := exampleconsumerabi.NewExampleConsumer()
	opts := bind.NewKeyedTransactor(testnet.DevKey(devUserKey), new(big.Int).SetUint64(dep.ChainID))
	opts.Context = ctx
	tx, err := ex.Instance(client, dep.ExampleConsumer).RawTransact(opts, ex.PackRequestPaid("echo", []byte("paid"), 1, common.Address{}, big.NewInt(1000), consumerWallet, common.Address{}, false))
	require.NoError(t, err)
	_, err = bind.WaitMined(ctx, client, tx.Hash())
	require.NoError(t, err)
	require.Eventually(t, func() bool { return walletBalance(nodeWallet).Cmp(big.NewInt(1000)) == 0 }, 60*time.Second, 100*time.Millisecond, "the node's wallet is paid")
	require.Equal(t, new(big.Int).Sub(before, big.NewInt(1000)), walletBalance(consumerWallet))

	d.shutdown(t)
}

// devCLI is `infernode dev` run in this process by a test.
type devCLI struct {
	stdout, stderr syncBuffer
	stop           context.CancelFunc
	done           chan int
}

// startDevCLI runs `infernode dev args...` until the banner's deployment
// line decodes into dep; stop it with shutdown.
func startDevCLI(t *testing.T, ctx context.Context, dep any, args ...string) *devCLI {
	t.Helper()
	if !slices.Contains(args, "--grpc-port") { // tests never take the default 8001
		args = append(args, "--grpc-port", "0")
	}
	runCtx, stop := context.WithCancel(ctx)
	d := &devCLI{stop: stop, done: make(chan int, 1)}
	go func() { d.done <- run(runCtx, append([]string{"dev"}, args...), &d.stdout, &d.stderr) }()
	require.Eventually(t, func() bool {
		for _, line := range strings.Split(d.stdout.String(), "\n") {
			if strings.HasPrefix(line, "{") && json.Unmarshal([]byte(line), dep) == nil {
				return true
			}
		}
		select {
		case code := <-d.done:
			t.Fatalf("infernode dev %s exited with %d:\n%s\n%s", strings.Join(args, " "), code, d.stdout.String(), d.stderr.String())
		default:
		}
		return false
	}, time.Minute, 100*time.Millisecond, "no deployment JSON line; stderr:\n%s", &d.stderr)
	return d
}

// shutdown cancels the command and requires a clean exit.
func (d *devCLI) shutdown(t *testing.T) {
	t.Helper()
	d.stop()
	select {
	case code := <-d.done:
		require.Equal(t, 0, code, "stderr:\n%s", tail(d.stderr.String(), 4000))
	case <-time.After(30 * time.Second):
		t.Fatal("infernode dev did not stop on cancel")
	}
}

// field returns the i-th word after a banner label ("  chain        http://...").
func field(t *testing.T, banner, label string, i int) string {
	t.Helper()
	for _, line := range strings.Split(banner, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, label+" ") {
			f := strings.Fields(strings.TrimSpace(strings.TrimPrefix(trimmed, label)))
			require.Greater(t, len(f), i)
			return f[i]
		}
	}
	t.Fatalf("no %q in banner:\n%s", label, banner)
	return ""
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

func TestDevUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.Equal(t, 2, run(context.Background(), []string{"dev", "--rest-port", "70000"}, &stdout, &stderr))
	require.Contains(t, stderr.String(), "is not a TCP port")
	require.Equal(t, 2, run(context.Background(), []string{"dev", "request", "--consumer", "nope"}, &stdout, &stderr))
	require.Contains(t, stderr.String(), "--consumer")
}
