package node

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"math/big"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/exampleconsumerabi"
	"github.com/infernode/infernode/chain/faultproxy"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/testnet/chaintest"
)

// The node with its relay against the embedded chain over JSON-RPC: REST
// accepts and rejects delegated subscriptions per docs/api.md, /info and
// /health report the chain link, and deliveries land.
func TestNodeWithRelay(t *testing.T) {
	chain, dep := chaintest.Start(t)
	ctx := context.Background()
	owner, nodeKey := chain.FundedKeys()[0], chain.FundedKeys()[1]

	cfg := echoConfig(startEcho(t))
	cfg.Chain = config.Chain{Enabled: true, RPCURL: chain.RPCURL(), CoordinatorAddress: dep.Coordinator.Hex(),
		PollInterval: config.Duration(100 * time.Millisecond),
		Wallet:       config.Wallet{PrivateKey: hex.EncodeToString(crypto.FromECDSA(nodeKey)), MaxGasLimit: 10_000_000}}
	tn := startNode(t, cfg, Options{NewChain: NewRelayChainWith(RelayOptions{StartBlock: dep.DeployBlock})})

	code, body := tn.do(t, http.MethodGet, "/info", "")
	require.Equal(t, http.StatusOK, code)
	var info struct {
		Chain struct {
			Enabled bool   `json:"enabled"`
			Address string `json:"address"`
		} `json:"chain"`
	}
	require.NoError(t, json.Unmarshal(body, &info))
	require.True(t, info.Chain.Enabled)
	require.Equal(t, crypto.PubkeyToAddress(nodeKey.PublicKey).Hex(), info.Chain.Address)
	code, _ = tn.do(t, http.MethodGet, "/health", "")
	require.Equal(t, http.StatusOK, code)

	head, err := chain.Client().HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	domain := ours.Domain{ChainID: big.NewInt(testnet.EmbeddedChainID), Coordinator: dep.Coordinator}
	mk := func(nonce, expiry uint32) *ours.DelegatedRequest {
		r := &ours.DelegatedRequest{Delegate: ours.DelegateSubscription{Nonce: nonce, Expiry: expiry, Sub: ours.Subscription{
			Owner: dep.ExampleConsumer, Frequency: 1, Redundancy: 1, MaxGasPrice: big.NewInt(1e12), MaxGasLimit: 1_000_000,
			ContainerId: "echo", Inputs: []byte{}, PaymentAmount: new(big.Int)}}, Data: json.RawMessage(`{"x":1}`)}
		r.Sig, err = r.Delegate.Sign(domain, owner)
		require.NoError(t, err)
		return r
	}
	post := func(r *ours.DelegatedRequest) (int, string) {
		b, err := ours.EncodeDelegated(r)
		require.NoError(t, err)
		code, body := tn.do(t, http.MethodPost, "/api/jobs", string(b))
		return code, string(body)
	}
	bad := mk(2, uint32(head.Time+3600))
	bad.Sig = bad.Sig.HighS()
	code, body2 := post(bad)
	require.Equal(t, http.StatusUnauthorized, code)
	require.Contains(t, body2, "Invalid signature")
	code, body2 = post(mk(3, uint32(head.Time)))
	require.Equal(t, http.StatusBadRequest, code)
	require.Contains(t, body2, "Signature expired")
	code, body2 = post(mk(1, uint32(head.Time+3600)))
	require.Equal(t, http.StatusOK, code, body2)
	require.JSONEq(t, `{}`, body2)

	// An on-chain request from the example consumer.
	ec := exampleconsumerabi.NewExampleConsumer()
	sendTx(t, chain, dep.ExampleConsumer, ec.PackRequest("echo", []byte("from chain"), 1))

	require.Eventually(t, func() bool {
		out, err := chain.Client().CallContract(ctx, ethereum.CallMsg{To: &dep.ExampleConsumer, Data: ec.PackDeliveries()}, nil)
		if err != nil {
			return false
		}
		n, err := ec.UnpackDeliveries(out)
		return err == nil && n.Int64() == 2
	}, time.Minute, 100*time.Millisecond, "delegated and on-chain requests delivered")
	// The chain shows the delivery before the relay has read its receipt
	// and counted it: wait for the count.
	require.Eventually(t, func() bool {
		_, metrics := tn.do(t, http.MethodGet, "/metrics", "")
		return strings.Contains(string(metrics), `infernode_relay_deliveries_total{result="delivered"}`)
	}, time.Minute, 100*time.Millisecond, "relay metrics served")
	// The sending account's balance, read from the chain (a funded dev key).
	_, metrics := tn.do(t, http.MethodGet, "/metrics", "")
	require.Regexp(t, `(?m)^infernode_wallet_balance_wei [1-9]`, string(metrics))
}

// sendTx sends a transaction from the embedded chain's first key.
func sendTx(t *testing.T, chain *testnet.Embedded, to common.Address, data []byte) {
	t.Helper()
	ctx := context.Background()
	k := chain.FundedKeys()[0]
	c := chain.Client()
	from := crypto.PubkeyToAddress(k.PublicKey)
	nonce, err := c.PendingNonceAt(ctx, from)
	require.NoError(t, err)
	gas, err := c.EstimateGas(ctx, ethereum.CallMsg{From: from, To: &to, Data: data})
	require.NoError(t, err)
	head, err := c.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	tip := big.NewInt(1e9)
	tx, err := types.SignNewTx(k, types.LatestSignerForChainID(chain.ChainID()), &types.DynamicFeeTx{
		ChainID: chain.ChainID(), Nonce: nonce, GasTipCap: tip,
		GasFeeCap: new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), tip), Gas: gas * 2, To: &to, Data: data})
	require.NoError(t, err)
	require.NoError(t, c.SendTransaction(ctx, tx))
}

// syncBuffer is a log sink safe for the node's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// TestNodeStartsWithEveryEndpointDown: the only RPC endpoint (behind a
// fault proxy, its URL carrying an API key) refuses connections when the
// node starts: REST serves, /health is unhealthy and /info shows the
// endpoint dead by index; once it answers, the chain side comes up and
// delivers, without a restart. No log line shows the URL's path or
// user-info.
func TestNodeStartsWithEveryEndpointDown(t *testing.T) {
	embedded, dep := chaintest.Start(t)
	proxy, err := faultproxy.New(embedded.RPCURL())
	require.NoError(t, err)
	t.Cleanup(proxy.Close)
	proxy.Kill()
	secretURL := strings.Replace(proxy.URL(), "http://", "http://user:PASSWORD@", 1) + "/v3/APIKEY0123"

	nodeKey := embedded.FundedKeys()[1]
	cfg := echoConfig(startEcho(t))
	cfg.Chain = config.Chain{Enabled: true, RPCURLs: []string{secretURL}, CoordinatorAddress: dep.Coordinator.Hex(),
		PollInterval: config.Duration(100 * time.Millisecond),
		Wallet:       config.Wallet{PrivateKey: hex.EncodeToString(crypto.FromECDSA(nodeKey)), MaxGasLimit: 10_000_000}}
	logs := &syncBuffer{}
	tn := startNode(t, cfg, Options{NewChain: NewRelayChainWith(RelayOptions{StartBlock: dep.DeployBlock}),
		Logger: slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})

	code, _ := tn.do(t, http.MethodGet, "/health", "")
	require.Equal(t, http.StatusServiceUnavailable, code)
	code, body := tn.do(t, http.MethodGet, "/info", "")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, string(body), `"endpoints":[{"index":0,"state":"dead","head":0}]`)

	require.NoError(t, proxy.Revive())
	require.Eventually(t, func() bool {
		code, _ := tn.do(t, http.MethodGet, "/health", "")
		return code == http.StatusOK
	}, 2*time.Minute, 100*time.Millisecond, "the chain side comes up once the endpoint answers")
	ec := exampleconsumerabi.NewExampleConsumer()
	sendTx(t, embedded, dep.ExampleConsumer, ec.PackRequest("echo", []byte("after the outage"), 1))
	waitDeliveries(t, embedded, dep.ExampleConsumer, 1)
	code, body = tn.do(t, http.MethodGet, "/info", "")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, string(body), `"endpoints":[{"index":0,"state":"alive"`)
	_, metrics := tn.do(t, http.MethodGet, "/metrics", "")
	require.Contains(t, string(metrics), `infernode_chain_endpoint_state{endpoint="0",state="alive"} 1`)

	require.Contains(t, logs.String(), "no RPC endpoint answers")
	for _, secret := range []string{"PASSWORD", "APIKEY0123", "/v3", "user:"} {
		require.NotContains(t, logs.String(), secret)
		require.NotContains(t, string(metrics), secret)
		require.NotContains(t, string(body), secret)
	}
}

// TestNodeStartsBesideANonceLiar: two endpoints, the first adding 2 to
// every account nonce, and a fresh data directory (no nonce journal to
// trust over either): the node does not exit. REST serves, /health is 503
// naming the disagreement; once the liar is gone (connection refused:
// down, the quorum taken over the honest endpoint), the chain side comes
// up and delivers, without a restart.
func TestNodeStartsBesideANonceLiar(t *testing.T) {
	embedded, dep := chaintest.Start(t)
	liar, err := faultproxy.New(embedded.RPCURL())
	require.NoError(t, err)
	t.Cleanup(liar.Close)
	liar.Set(faultproxy.NonceLie)
	honest, err := faultproxy.New(embedded.RPCURL())
	require.NoError(t, err)
	t.Cleanup(honest.Close)

	nodeKey := embedded.FundedKeys()[1]
	cfg := echoConfig(startEcho(t))
	cfg.Chain = config.Chain{Enabled: true, RPCURLs: []string{liar.URL(), honest.URL()}, CoordinatorAddress: dep.Coordinator.Hex(),
		PollInterval: config.Duration(100 * time.Millisecond),
		Wallet:       config.Wallet{PrivateKey: hex.EncodeToString(crypto.FromECDSA(nodeKey)), MaxGasLimit: 10_000_000}}
	tn := startNode(t, cfg, Options{NewChain: NewRelayChainWith(RelayOptions{StartBlock: dep.DeployBlock})})

	code, body := tn.do(t, http.MethodGet, "/health", "")
	require.Equal(t, http.StatusServiceUnavailable, code)
	require.Contains(t, string(body), "endpoints disagree on eth_getTransactionCount (pending)", "/health names the disagreement")
	code, _ = tn.do(t, http.MethodGet, "/info", "")
	require.Equal(t, http.StatusOK, code, "REST serves")
	code, _ = tn.do(t, http.MethodPost, "/api/jobs", `{"containers":["echo"],"data":{"x":1}}`)
	require.Equal(t, http.StatusOK, code, "off-chain jobs are served while the chain side waits")

	liar.Kill()
	require.Eventually(t, func() bool {
		code, _ := tn.do(t, http.MethodGet, "/health", "")
		return code == http.StatusOK
	}, 2*time.Minute, 100*time.Millisecond, "the chain side comes up once the liar is gone")
	ec := exampleconsumerabi.NewExampleConsumer()
	sendTx(t, embedded, dep.ExampleConsumer, ec.PackRequest("echo", []byte("after the liar"), 1))
	waitDeliveries(t, embedded, dep.ExampleConsumer, 1)
}

// waitDeliveries waits until the example consumer at consumer has
// received n deliveries.
func waitDeliveries(t *testing.T, embedded *testnet.Embedded, consumer common.Address, n int64) {
	t.Helper()
	ec := exampleconsumerabi.NewExampleConsumer()
	require.Eventually(t, func() bool {
		out, err := embedded.Client().CallContract(context.Background(), ethereum.CallMsg{To: &consumer, Data: ec.PackDeliveries()}, nil)
		if err != nil {
			return false
		}
		got, err := ec.UnpackDeliveries(out)
		return err == nil && got.Int64() == n
	}, time.Minute, 100*time.Millisecond, "delivered without a restart")
}
