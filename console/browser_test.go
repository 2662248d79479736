package console_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/exampleconsumerabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/node"
	"github.com/infernode/infernode/testnet"
	echoservice "github.com/infernode/infernode/workloads/echo/service"
)

// ArtifactsDir is where the full tier keeps what a person may want to look
// at after a run (the console's screenshot): $INFERNODE_TEST_ARTIFACTS, else
// $TMPDIR/infernode-test-artifacts.
func artifactsDir(t *testing.T) string {
	dir := os.Getenv("INFERNODE_TEST_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "infernode-test-artifacts")
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	return dir
}

// TestConsoleInBrowser drives Debian's Chromium headless against a node on
// anvil: the console loads with no console error, shows the chain head
// advancing, a delivery appearing after an on-chain request, and a failed
// job's reason; its screenshot is kept (artifactsDir/console.png).
func TestConsoleInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("full tier: anvil and Chromium")
	}
	chrome := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			chrome = p
			break
		}
	}
	require.NotEmpty(t, chrome, "Chromium is needed: apt-get install -y chromium (make tools installs it)")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()

	// The chain and the contracts.
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{BlockTime: time.Second, Accounts: 4})
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Stop() })
	ec, err := ethclient.DialContext(ctx, a.RPCURL())
	require.NoError(t, err)
	t.Cleanup(ec.Close)
	keys := a.FundedKeys()
	dep, err := contracts.Deploy(ctx, ec, keys[0], common.Address{})
	require.NoError(t, err)
	head, err := ec.BlockNumber(ctx)
	require.NoError(t, err)

	// Two containers: echo, and one that always fails.
	echo, err := echoservice.New(echoservice.Config{})
	require.NoError(t, err)
	echoSrv := httptest.NewServer(echo)
	t.Cleanup(echoSrv.Close)
	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = io.WriteString(w, `{"error":"out of unicorns"}`)
	}))
	t.Cleanup(broken.Close)

	// The node.
	managed := false
	cfg := &config.Config{ManageContainers: &managed, Server: config.Server{Host: "127.0.0.1"}, DataDir: t.TempDir(),
		Chain: config.Chain{Enabled: true, RPCURL: a.RPCURL(), CoordinatorAddress: dep.Coordinator.Hex(),
			PollInterval: config.Duration(200 * time.Millisecond),
			Wallet:       config.Wallet{PrivateKey: hexutil.Encode(crypto.FromECDSA(keys[1])), MaxGasLimit: 10_000_000}},
		Containers: []config.Container{
			{ID: "echo", URL: echoSrv.URL, External: true, Description: "echo"},
			{ID: "broken", URL: broken.URL, External: true, Description: "always fails"},
		}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var logs syncBuf
	n, err := node.New(cfg, node.Options{Listener: ln, Logger: slog.New(slog.NewTextHandler(&logs, nil)),
		NewChain: node.NewRelayChainWith(node.RelayOptions{StartBlock: head})})
	require.NoError(t, err)
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- n.Run(runCtx) }()
	t.Cleanup(func() { stop(); <-done })
	select {
	case <-n.Ready():
	case err := <-done:
		t.Fatalf("node: %v\n%s", err, logs.String())
	}
	base := "http://" + n.Addr().String()

	// The browser, as the issue asks: headless, no sandbox, nothing
	// fetched beside the page, a fresh profile. Chromium's helper processes
	// may still write into the profile for a moment after the browser is
	// gone, so it is not a t.TempDir (whose removal fails the test then):
	// it is removed once they are done.
	profile, err := os.MkdirTemp("", "infernode-console-chromium-")
	require.NoError(t, err)
	t.Cleanup(func() { removeProfile(t, profile) })
	actx, acancel := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(chrome), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true), chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(profile), chromedp.WindowSize(1400, 1800))
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	var mu sync.Mutex
	var consoleErrors []string
	chromedp.ListenTarget(bctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError || e.Type == runtime.APITypeWarning {
				var args []string
				for _, a := range e.Args {
					args = append(args, string(a.Value))
				}
				consoleErrors = append(consoleErrors, fmt.Sprintf("console.%s: %s", e.Type, strings.Join(args, " ")))
			}
		case *runtime.EventExceptionThrown:
			consoleErrors = append(consoleErrors, "exception: "+e.ExceptionDetails.Error())
		case *cdplog.EventEntryAdded:
			if e.Entry.Level == cdplog.LevelError || e.Entry.Level == cdplog.LevelWarning {
				consoleErrors = append(consoleErrors, fmt.Sprintf("log %s (%s): %s %s", e.Entry.Level, e.Entry.Source, e.Entry.Text, e.Entry.URL))
			}
		}
	})
	require.NoError(t, chromedp.Run(bctx, cdplog.Enable(), chromedp.Navigate(base+"/console"), chromedp.WaitVisible("#chain-head", chromedp.ByID)))

	// text waits until the element's text satisfies ok, and returns it.
	text := func(sel, what string, ok func(string) bool) string {
		t.Helper()
		var s string
		deadline := time.Now().Add(90 * time.Second)
		for {
			require.NoError(t, chromedp.Run(bctx, chromedp.Text(sel, &s, chromedp.ByQuery, chromedp.NodeReady)))
			if ok(s) {
				return s
			}
			require.True(t, time.Now().Before(deadline), "%s: %q\nnode log tail:\n%s", what, s, tail(logs.String(), 3000))
			time.Sleep(200 * time.Millisecond)
		}
	}
	num := func(s string) int64 { v, _ := strconv.ParseInt(strings.TrimSpace(s), 10, 64); return v }
	first := num(text("#chain-head", "a chain head", func(s string) bool { return num(s) > 0 }))
	text("#chain-head", "the head advancing", func(s string) bool { return num(s) > first })
	text("#health", "healthy", func(s string) bool { return s == "healthy" })

	// A delivery appears after an on-chain request.
	ex := exampleconsumerabi.NewExampleConsumer()
	opts := bind.NewKeyedTransactor(keys[0], a.ChainID())
	opts.Context = ctx
	tx, err := ex.Instance(ec, dep.ExampleConsumer).RawTransact(opts, ex.PackRequest("echo", []byte("hello console"), 1))
	require.NoError(t, err)
	_, err = bind.WaitMined(ctx, ec, tx.Hash())
	require.NoError(t, err)
	deliveries := text("#deliveries tbody", "a delivery", func(s string) bool { return strings.Contains(s, "0x") })
	t.Logf("deliveries: %s", deliveries)

	// A failed job's reason, as GET /api/jobs gives it to this caller.
	resp, err := http.Post(base+"/api/jobs", "application/json", strings.NewReader(`{"containers":["broken"],"data":{"x":1}}`))
	require.NoError(t, err)
	var created struct{ ID string }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&created))
	resp.Body.Close()
	var reason string
	require.Eventually(t, func() bool {
		resp, err := http.Get(base + "/api/jobs?wait=5s&id=" + created.ID)
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		var res []struct {
			Status string
			Result struct{ Error string }
		}
		if json.NewDecoder(resp.Body).Decode(&res) != nil || len(res) != 1 || res[0].Status != "failed" {
			return false
		}
		reason = res[0].Result.Error
		return true
	}, time.Minute, 100*time.Millisecond)
	require.NotEmpty(t, reason)
	text("#failures tbody", "the failed job's reason", func(s string) bool { return strings.Contains(s, created.ID) && strings.Contains(s, reason) })

	// The screenshot, kept.
	var png []byte
	require.NoError(t, chromedp.Run(bctx, chromedp.FullScreenshot(&png, 100)))
	out := filepath.Join(artifactsDir(t), "console.png")
	require.NoError(t, os.WriteFile(out, png, 0o644))
	t.Logf("console screenshot: %s (%d bytes)", out, len(png))

	mu.Lock()
	defer mu.Unlock()
	require.Empty(t, consoleErrors, "the console logs no error or warning in the browser")
}

// removeProfile removes Chromium's profile directory, trying again while
// the browser's last processes finish writing into it.
func removeProfile(t *testing.T, dir string) {
	var err error
	for range 100 {
		if err = os.RemoveAll(dir); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("chromium profile %s left behind: %v", dir, err)
}

type syncBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
