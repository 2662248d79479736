package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/testnet"
)

// TestWalletCommands runs create, fund, approve, balance and withdraw on
// the embedded chain and checks every figure.
func TestWalletCommands(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	e, err := testnet.StartEmbedded(ctx, testnet.EmbeddedOptions{})
	require.NoError(t, err)
	defer e.Stop()
	keys := e.FundedKeys()
	deployer, user := hexutil.Encode(crypto.FromECDSA(keys[0])), hexutil.Encode(crypto.FromECDSA(keys[1]))
	userAddr := crypto.PubkeyToAddress(keys[1].PublicKey)

	runJSON := func(args ...string) map[string]any {
		t.Helper()
		var stdout, stderr bytes.Buffer
		code := run(ctx, append(args, "--rpc", e.RPCURL()), &stdout, &stderr)
		require.Equal(t, 0, code, "%v: stderr: %s", args, stderr.String())
		var out map[string]any
		require.NoError(t, json.Unmarshal(stdout.Bytes(), &out), "%s", stdout.String())
		return out
	}
	dep := runJSON("deploy", "--private-key", deployer)
	coord, consumer := dep["coordinator"].(string), dep["example_consumer"].(string)

	created := runJSON("wallet", "create", "--coordinator", coord, "--private-key", user)
	wallet := created["wallet"].(string)
	require.Equal(t, dep["wallet_factory"], created["wallet_factory"])
	require.Equal(t, userAddr.Hex(), common.HexToAddress(created["owner"].(string)).Hex())

	runJSON("wallet", "fund", "--wallet", wallet, "--amount", "1000000", "--private-key", user)
	runJSON("wallet", "approve", "--wallet", wallet, "--spender", consumer, "--amount", "5000", "--private-key", user)
	bal := runJSON("wallet", "balance", "--wallet", wallet, "--spender", consumer)
	require.Equal(t, "1000000", bal["balance"])
	require.Equal(t, "0", bal["locked"])
	require.Equal(t, "1000000", bal["unlocked"])
	require.Equal(t, "5000", bal["allowance"])

	runJSON("wallet", "withdraw", "--wallet", wallet, "--amount", "400000", "--private-key", user)
	require.Equal(t, "600000", runJSON("wallet", "balance", "--wallet", wallet)["balance"])

	// An Infernet SDK v1 Wallet: its locked balance is private, so balance
	// reports balance and allowance only.
	sdk := runJSON("deploy", "--infernet-v1", "--private-key", hexutil.Encode(crypto.FromECDSA(keys[2])))
	sdkWallet := runJSON("wallet", "create", "--registry", sdk["registry"].(string), "--private-key", user)["wallet"].(string)
	runJSON("wallet", "fund", "--wallet", sdkWallet, "--amount", "7000", "--private-key", user)
	runJSON("wallet", "approve", "--wallet", sdkWallet, "--spender", consumer, "--amount", "300", "--private-key", user)
	sdkBal := runJSON("wallet", "balance", "--wallet", sdkWallet, "--spender", consumer)
	require.Equal(t, "7000", sdkBal["balance"])
	require.Equal(t, "300", sdkBal["allowance"])
	require.NotContains(t, sdkBal, "locked")

	// A clear error: more than the wallet holds, or not its owner.
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"wallet", "withdraw", "--wallet", wallet, "--amount", "600001", "--private-key", user}, "InsufficientFunds"},
		{[]string{"wallet", "withdraw", "--wallet", wallet, "--amount", "1", "--private-key", deployer}, "OwnableUnauthorizedAccount"},
		{[]string{"wallet", "fund", "--wallet", "0x12", "--amount", "1"}, "--wallet"},
		{[]string{"wallet", "approve", "--wallet", wallet, "--amount", "1"}, "--spender is required"},
		{[]string{"wallet", "fund", "--wallet", wallet, "--amount", "-1"}, "--amount"},
		{[]string{"wallet", "steal"}, "unknown subcommand"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(ctx, append(tc.args, "--rpc", e.RPCURL()), &stdout, &stderr)
		require.NotEqual(t, 0, code, "%v", tc.args)
		require.Contains(t, stderr.String(), tc.want, "%v", tc.args)
		require.False(t, strings.Contains(stderr.String(), user[2:]), "the key must never be echoed")
	}
}
