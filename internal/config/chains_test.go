package config

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Keys of anvil's first accounts (well known, test only).
const (
	testKey0  = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	testKey1  = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
	testKey2  = "0x5de4111afa1a4b94908f83e3b0f9c8fa1bfb0d5c5f2e2b7d9c3a0fed11df0ae0"
	testCoord = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
)

func TestChainsParse(t *testing.T) {
	doc := `{"chains": [
	  {"name": "base", "chain_id": 8453, "rpc_urls": ["http://127.0.0.1:8545"], "coordinator_address": "` + testCoord + `",
	   "wallet": {"max_in_flight": 8, "payment_address": "` + testCoord + `"},
	   "wallets": [{"private_key": "` + testKey0 + `"}, {"private_key": "` + testKey1 + `", "max_in_flight": 4, "stuck_blocks": 3}],
	   "top_up": {"wallet": {"private_key": "` + testKey2 + `"}, "min_balance_wei": "100000000000000000", "target_balance_wei": 120000000000000000}},
	  {"name": "arb", "rpc_url": "http://127.0.0.1:8546", "registry_address": "` + testCoord + `", "wallet": {"private_key": "` + testKey1 + `"}, "enabled": false}
	]}`
	cfg, warnings, err := Parse([]byte(doc))
	require.NoError(t, err)
	require.Empty(t, warnings)
	require.Len(t, cfg.ChainList(), 2)
	require.Len(t, cfg.EnabledChains(), 1, "an entry of chains is enabled unless it says enabled: false")
	require.True(t, cfg.ChainEnabled())
	base := cfg.Chains[0]
	require.Equal(t, "base", base.Label())
	lanes := base.Lanes()
	require.Len(t, lanes, 2)
	require.Equal(t, 8, lanes[0].MaxInFlight, "a lane inherits chain.wallet's max_in_flight")
	require.Equal(t, uint64(DefaultStuckBlocks), lanes[0].StuckBlocks)
	require.Equal(t, 4, lanes[1].MaxInFlight, "a lane's own value wins")
	require.Equal(t, uint64(3), lanes[1].StuckBlocks)
	require.Equal(t, testCoord, lanes[1].PaymentAddress, "the payment wallet is the chain's")
	require.Equal(t, uint64(DefaultMaxGasLimit), lanes[1].MaxGasLimit)
	require.Equal(t, "120000000000000000", base.TopUp.TargetBalanceWei.String())
	arb := cfg.Chains[1]
	require.False(t, arb.Enabled)
	require.Len(t, arb.Lanes(), 1)
	require.Equal(t, DefaultLaneMaxInFlight, arb.Lanes()[0].MaxInFlight)
}

// An existing one-chain config keeps its meaning: chain is a list of one
// with one lane, named "default".
func TestChainIsAListOfOne(t *testing.T) {
	cfg, _, err := Parse([]byte(`{"chain": {"enabled": true, "rpc_url": "http://127.0.0.1:8545", "coordinator_address": "` + testCoord + `",
	  "wallet": {"private_key": "` + testKey0 + `", "max_gas_limit": 4000000}}}`))
	require.NoError(t, err)
	require.Len(t, cfg.ChainList(), 1)
	ch := cfg.ChainList()[0]
	require.Equal(t, DefaultChainName, ch.Label())
	require.Empty(t, cfg.Chain.Name, "the file's chain entry is left as written")
	require.Len(t, ch.Lanes(), 1)
	require.Equal(t, testKey0, ch.Lanes()[0].PrivateKey)
	require.Equal(t, uint64(4_000_000), ch.Lanes()[0].MaxGasLimit)
	require.Equal(t, DefaultLaneMaxInFlight, ch.Lanes()[0].MaxInFlight)

	cfg, _, err = Parse([]byte(`{}`))
	require.NoError(t, err)
	require.False(t, cfg.ChainEnabled())
	require.Len(t, cfg.ChainList(), 1)
}

func TestChainsErrors(t *testing.T) {
	entry := func(name, extra string) string {
		return `{"name": "` + name + `", "rpc_url": "http://127.0.0.1:8545", "coordinator_address": "` + testCoord + `"` + extra + `}`
	}
	key := func(k string) string { return `{"private_key": "` + k + `"}` }
	for _, tc := range []struct {
		name string
		doc  string
		want []string
	}{
		{"chain and chains", `{"chain": {"enabled": true}, "chains": [` + entry("a", `, "wallet": `+key(testKey0)) + `]}`, []string{
			"chains: is set together with chain; keep one: move the chain entry into chains (with a name) and remove chain"}},
		{"names", `{"chains": [` + entry("", `, "wallet": `+key(testKey0)) + `, ` + entry("Base!", `, "wallet": `+key(testKey1)) + `, ` + entry("x", `, "wallet": `+key(testKey2)) + `, ` + entry("x", `, "enabled": false`) + `]}`, []string{
			`chains[0].name: is empty; give every chain a unique name (letters, digits, - or _), e.g. "base"`,
			`chains[1].name: "Base!" is not a chain name; use 1 to 32 lower-case letters, digits, - or _ (it names the chain in metrics and the store)`,
			`chains[3].name: "x" is also the name of chains[2]; names must be unique`}},
		{"chain ids", `{"chains": [` + entry("a", `, "chain_id": 5, "wallet": `+key(testKey0)) + `, ` + entry("b", `, "chain_id": 5, "wallet": `+key(testKey1)) + `]}`, []string{
			"chains[1].chain_id: 5 is also the chain id of chains[0]; serve each chain once (list every endpoint of a chain in its rpc_urls)"}},
		{"lanes", `{"chains": [` + entry("a", `, "wallet": {"private_key": "`+testKey0+`", "max_in_flight": -1}, "wallets": [{"payment_address": "`+testCoord+`"}, {"private_key": "12"}]`) + `]}`, []string{
			"chains[0].wallet.max_in_flight: must not be negative; use 1 or more (default 16)",
			"chains[0].wallet: holds a key (private_key) while chains[0].wallets lists the lanes; move the key into wallets, and keep in wallet only what every lane shares (max_in_flight, stuck_blocks, payment_address, ...)",
			"chains[0].wallets[0]: has no signing key; set exactly one of private_key, keystore or remote_signer (docs/keys.md)",
			"chains[0].wallets[0].payment_address: is the chain's, not a lane's; set it once in chains[0].wallet.payment_address",
			"chains[0].wallets[1].private_key: is not a private key; write 64 hex digits, with or without 0x"}},
		{"shared keys", `{"chains": [` + entry("a", `, "wallets": [`+key(testKey0)+`, `+key(testKey1)+`, `+key(testKey0)+`]`) + `, ` + entry("b", `, "wallet": `+key(testKey1)+`, "top_up": {"wallet": `+key(testKey1)+`, "min_balance_wei": 1, "target_balance_wei": 2}`) + `]}`, []string{
			"chains[0].wallets[2]: is the key of chains[0].wallets[0] too; a key is one nonce sequence: give every lane and the funding wallet a key of its own",
			"chains[1].top_up.wallet: is the key of chains[1].wallet too; a key is one nonce sequence: give every lane and the funding wallet a key of its own"}},
		{"top_up", `{"chain": {"enabled": true, "rpc_url": "http://127.0.0.1:8545", "coordinator_address": "` + testCoord + `", "wallet": ` + key(testKey0) + `,
		  "top_up": {"wallet": {}, "min_balance_wei": "10", "target_balance_wei": "10"}}}`, []string{
			"chain.top_up.wallet: has no signing key; set exactly one of private_key, keystore or remote_signer of the wallet that funds the lanes",
			"chain.top_up.target_balance_wei: 10 is not above min_balance_wei (10): a refill would leave the lane at its minimum; raise it (Pimlico refills to 120 % of the minimum)"}},
		{"top_up amounts", `{"chain": {"top_up": {"wallet": ` + key(testKey1) + `, "min_balance_wei": "1e18", "target_balance_wei": -5}}}`, []string{
			`chain.top_up.min_balance_wei: "1e18" is not a positive amount in wei; write a whole number, e.g. "100000000000000000" (0.1 ether)`,
			`chain.top_up.target_balance_wei: "-5" is not a positive amount in wei; write a whole number above min_balance_wei`}},
		{"an entry's field paths", `{"chains": [` + entry("a", `, "rpc_url": "ftp://x", "unpaid": {"max_gas": 10, "owner_gas_per_day": 5}`) + `]}`, []string{
			"chains[0].rpc_url: is not an RPC URL; write e.g. http://127.0.0.1:8545 (http, https, ws or wss, with a host)",
			"chains[0].unpaid.owner_gas_per_day: 5 is below chain.unpaid.max_gas (10), so no unpaid delivery could ever be served; raise it (default 50000000)",
			"chains[0].wallet: has no signing key, required when chain.enabled is true: set exactly one of private_key (64 hex digits), keystore (an encrypted key file, with password_file or INFERNODE_KEYSTORE_PASSWORD) or remote_signer ({url, address}); see docs/keys.md"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse([]byte(tc.doc))
			var ce *Error
			require.ErrorAs(t, err, &ce)
			require.Equal(t, tc.want, ce.Problems)
		})
	}
}
