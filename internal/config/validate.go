package config

import (
	"encoding/json"
	"fmt"
	"math/big"
	"net/netip"
	"net/url"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/infernode/infernode/internal/keyform"
)

// PortNumber returns the container's host port, or 0 when none is set or it
// does not parse.
func (c Container) PortNumber() int {
	p, err := strconv.Atoi(strings.TrimSpace(c.Port.String()))
	if err != nil {
		return 0
	}
	return p
}

// BaseURL is where the node reaches the container over the container
// protocol: url when set, else http://127.0.0.1:{port}. No trailing slash.
func (c Container) BaseURL() string {
	if c.URL != "" {
		return strings.TrimRight(c.URL, "/")
	}
	return "http://127.0.0.1:" + strconv.Itoa(c.PortNumber())
}

// Validate checks a defaulted config and returns an *Error listing every
// problem, or nil.
func (c *Config) Validate() error {
	v := &validator{}
	v.all(c)
	if len(v.problems) == 0 {
		return nil
	}
	return &Error{Problems: v.problems}
}

type validator struct{ problems []string }

func (v *validator) fail(path, format string, args ...any) {
	v.problems = append(v.problems, path+": "+fmt.Sprintf(format, args...))
}

func (v *validator) all(c *Config) {
	if c.Log != nil {
		switch strings.ToLower(c.Log.Level) {
		case "", "debug", "info", "warn", "warning", "error":
		default:
			v.fail("log.level", "%q is not a level; use debug, info, warn or error", c.Log.Level)
		}
		switch strings.ToLower(c.Log.Format) {
		case "", "text", "json":
		default:
			v.fail("log.format", "%q is not a format; use text or json", c.Log.Format)
		}
		if c.Log.MaxFileSize < 0 {
			v.fail("log.max_file_size", "must not be negative; use a size in bytes or 0 for no rotation")
		}
		if c.Log.BackupCount < 0 {
			v.fail("log.backup_count", "must not be negative; use 0 or more")
		}
	}
	v.server(&c.Server)
	if c.MemoryLimit < -1 {
		v.fail("memory_limit", "must be a size in bytes, or -1 for no limit (default %d, 1 GiB)", DefaultMemoryLimit)
	}
	v.chains(c)
	v.fleet(c)
	v.jobs(&c.Jobs)
	if c.Cache.MaxBytes < 0 {
		v.fail("cache.max_bytes", "must not be negative; use a size in bytes (default %d, 256 MiB)", DefaultCacheMaxBytes)
	}
	if sc := c.Cache.Scope; sc != "" && sc != CacheScopeClient && sc != CacheScopeShared {
		v.fail("cache.scope", "%q is not a scope: use \"client\" (default: an off-chain hit only for the client that made the entry) or \"shared\"", sc)
	}
	if c.Cache.TTL < 0 {
		v.fail("cache.ttl", "must not be negative; use e.g. \"24h\", or leave it out for no expiry")
	}
	// A username without a password (existing configs ship
	// {"username": "your-username", "password": ""}) is a warning from Parse:
	// pulls are anonymous, as they would be with no docker section.
	if d := c.Docker; d != nil && !oneOf(d.Mode, "", DockerModeEngine, DockerModeSwarm) {
		v.fail("docker.mode", "%q is not a mode; use \"engine\" (plain containers, the default) or \"swarm\" (Docker Swarm services with replicas)", d.Mode)
	}
	ids := map[string]int{}
	ports := map[int]int{}
	for i := range c.Containers {
		v.container(c, i, ids, ports)
	}
}

func (v *validator) server(s *Server) {
	if s.Port < 1 || s.Port > 65535 {
		v.fail("server.port", "%d is not a TCP port; use 1-65535 (default 4000)", s.Port)
	}
	if s.Host != "" {
		if _, err := netip.ParseAddr(s.Host); err != nil && s.Host != "localhost" {
			v.fail("server.host", "%q is not an IP address; use e.g. 0.0.0.0 (all interfaces) or 127.0.0.1", s.Host)
		}
	}
	if s.MaxBodyBytes < 0 {
		v.fail("server.max_body_bytes", "must not be negative; use a size in bytes (default %d)", DefaultMaxBodyBytes)
	}
	if s.MaxBodyBytesInFlight < 0 {
		v.fail("server.max_body_bytes_in_flight", "must not be negative; use a size in bytes (default %d)", DefaultMaxBodyBytesInFlight)
	} else if s.MaxBodyBytesInFlight > 0 && s.MaxBodyBytesInFlight < s.MaxBodyBytes {
		v.fail("server.max_body_bytes_in_flight", "%d is below server.max_body_bytes (%d): no body of the largest allowed size could ever be read; raise it (default %d)", s.MaxBodyBytesInFlight, s.MaxBodyBytes, DefaultMaxBodyBytesInFlight)
	}
	if s.MaxReplyBytesInFlight < 0 {
		v.fail("server.max_reply_bytes_in_flight", "must not be negative; use a size in bytes (default %d)", DefaultMaxReplyBytesInFlight)
	} else if s.MaxReplyBytesInFlight > 0 && s.MaxReplyBytesInFlight < MaxReplyBytes {
		v.fail("server.max_reply_bytes_in_flight", "%d is below %d, the largest reply a container may send: such a reply could never be held; raise it (default %d)", s.MaxReplyBytesInFlight, MaxReplyBytes, DefaultMaxReplyBytesInFlight)
	}
	if s.RateLimitIPv6Prefix < 0 || s.RateLimitIPv6Prefix > 128 {
		v.fail("server.rate_limit_ipv6_prefix", "%d is not an IPv6 prefix length; use 1 to 128 (default %d: one /64 per client)", s.RateLimitIPv6Prefix, DefaultRateLimitIPv6Prefix)
	}
	if rl := s.RateLimit; rl != nil {
		if rl.NumRequests <= 0 {
			v.fail("server.rate_limit.num_requests", "must be at least 1; remove rate_limit to disable rate limiting")
		}
		if rl.Period <= 0 {
			v.fail("server.rate_limit.period", "must be a positive number of seconds")
		}
	}
	for _, t := range []struct {
		field string
		d     Duration
	}{{"read_header_timeout", s.ReadHeaderTimeout}, {"read_timeout", s.ReadTimeout}, {"write_timeout", s.WriteTimeout}, {"idle_timeout", s.IdleTimeout}, {"header_timeout", s.HeaderTimeout}} {
		if t.d < 0 {
			v.fail("server."+t.field, "must not be negative; use e.g. \"30s\"")
		}
	}
	if s.WriteTimeout > 0 && s.WriteTimeout.D() < MaxWait+10*time.Second {
		v.fail("server.write_timeout", "%s is too short: it must leave room for the longest GET /api/jobs?wait= (%s) and the answer; use at least %s (default %s)",
			s.WriteTimeout.D(), MaxWait, MaxWait+10*time.Second, DefaultWriteTimeout.D())
	}
	if s.GRPCPort < 0 || s.GRPCPort > 65535 {
		v.fail("server.grpc_port", "%d is not a port: use 1 to 65535, or 0 for no gRPC (default)", s.GRPCPort)
	} else if s.GRPCPort != 0 && s.GRPCPort == s.Port {
		v.fail("server.grpc_port", "%d is server.port too: give gRPC a port of its own", s.GRPCPort)
	}
	if s.MaxConnections < -1 {
		v.fail("server.max_connections", "must be 1 or more, or -1 for no cap (default %d)", DefaultMaxConnections)
	}
	for _, l := range []struct {
		field string
		n     int
		def   int
	}{{"max_waits", s.MaxWaits, DefaultMaxWaits}, {"max_batch_items", s.MaxBatchItems, DefaultMaxBatchItems}, {"max_ids", s.MaxIDs, DefaultMaxIDs}} {
		if l.n < 0 {
			v.fail("server."+l.field, "must not be negative; use 1 or more (default %d)", l.def)
		}
	}
	for i, h := range s.Hosts {
		if h == "" || strings.ContainsAny(h, ":/ \t@*") {
			v.fail(fmt.Sprintf("server.hosts[%d]", i), "%q is not a host name; write the name clients use, e.g. node.example.com (no scheme, port or wildcard)", h)
		}
	}
	for i, n := range s.StatusNetworks {
		if _, err := parsePrefix(n); err != nil {
			v.fail(fmt.Sprintf("server.status_networks[%d]", i), "%q is not a CIDR or IP; write e.g. 172.17.0.0/16", n)
		}
	}
	for i, n := range s.TrustedProxies {
		if _, err := parsePrefix(n); err != nil {
			v.fail(fmt.Sprintf("server.trusted_proxies[%d]", i), "%q is not a CIDR or IP; write e.g. 10.0.0.1 or 10.0.0.0/24", n)
		}
	}
}

func (v *validator) chain(p string, ch *Chain) {
	if ch.CoordinatorAddress != "" && !common.IsHexAddress(ch.CoordinatorAddress) {
		v.fail(p+".coordinator_address", "%q is not an address; write 0x followed by 40 hex digits", ch.CoordinatorAddress)
	}
	if ch.RegistryAddress != "" && !common.IsHexAddress(ch.RegistryAddress) {
		v.fail(p+".registry_address", "%q is not an address; write 0x followed by 40 hex digits (the Infernet SDK v1 Registry)", ch.RegistryAddress)
	}
	if ch.RegistryAddress != "" && ch.CoordinatorAddress != "" {
		v.fail(p+".registry_address", "is set together with chain.coordinator_address; keep one: chain.coordinator_address for infernode's Coordinator, chain.registry_address for an Infernet SDK v1 deployment")
	}
	if ch.Wallet.PaymentAddress != "" && !common.IsHexAddress(ch.Wallet.PaymentAddress) {
		v.fail(p+".wallet.payment_address", "%q is not an address; write 0x followed by 40 hex digits", ch.Wallet.PaymentAddress)
	}
	for i, a := range ch.Verifiers {
		if !common.IsHexAddress(a) {
			v.fail(fmt.Sprintf("%s.verifiers[%d]", p, i), "%q is not an address; write 0x followed by 40 hex digits", a)
		}
	}
	v.lanes(p, ch)
	// An RPC URL is a secret (an API key in its path or user-info): the
	// messages never repeat it.
	if ch.RPCURL != "" && !isRPCURL(ch.RPCURL) {
		v.fail(p+".rpc_url", "is not an RPC URL; write e.g. http://127.0.0.1:8545 (http, https, ws or wss, with a host)")
	}
	for i, u := range ch.RPCURLs {
		if !isRPCURL(u) {
			v.fail(fmt.Sprintf("%s.rpc_urls[%d]", p, i), "is not an RPC URL; write e.g. http://127.0.0.1:8545 (http, https, ws or wss, with a host)")
		}
	}
	if ch.RPCURL != "" && len(ch.RPCURLs) > 0 {
		v.fail(p+".rpc_urls", "and chain.rpc_url are both set; list every endpoint in chain.rpc_urls and remove chain.rpc_url")
	}
	if ch.RPC.Timeout < 0 {
		v.fail(p+".rpc.timeout", "must not be negative; use e.g. \"10s\"")
	}
	if n := len(ch.URLs()); ch.RPC.Quorum < 0 || (n > 0 && ch.RPC.Quorum > n) {
		v.fail(p+".rpc.quorum", "is %d with %d endpoint(s) in chain.rpc_urls; use 1 to %d (default 2 when two or more are listed)", ch.RPC.Quorum, n, max(n, 1))
	}
	if ch.RPC.MaxClockSkew < 0 {
		v.fail(p+".rpc.max_clock_skew", "must not be negative; use e.g. \"30s\" (the default)")
	}
	if ch.RPC.ConfirmTimeout < 0 {
		v.fail(p+".rpc.confirm_timeout", "must not be negative; use e.g. \"2s\" (the default)")
	}
	if ch.PollInterval < 0 {
		v.fail(p+".poll_interval", "must not be negative; use e.g. \"1s\"")
	}
	if ch.MaxTxsInFlight < 0 {
		v.fail(p+".max_txs_in_flight", "must not be negative; use 1 or more")
	}
	v.spending(p, ch)
	if !ch.Enabled {
		return
	}
	if len(ch.URLs()) == 0 {
		v.fail(p+".rpc_url", "is required when chain.enabled is true; set the JSON-RPC URL of the chain, e.g. http://127.0.0.1:8545")
	}
	if ch.CoordinatorAddress == "" && ch.RegistryAddress == "" {
		v.fail(p+".coordinator_address", "is required when chain.enabled is true; set the Coordinator contract address (or chain.registry_address for an Infernet SDK v1 deployment)")
	}
	if len(ch.Wallets) == 0 && ch.Wallet.KeyForm() == "" {
		v.fail(p+".wallet", "has no signing key, required when chain.enabled is true: set exactly one of private_key (64 hex digits), keystore (an encrypted key file, with password_file or INFERNODE_KEYSTORE_PASSWORD) or remote_signer ({url, address}); see docs/keys.md")
	}
}

// spending checks the bounds of docs/relay.md (defaulted: a zero is a default).
func (v *validator) spending(p string, ch *Chain) {
	if ch.Unpaid.MaxGas > 0 && ch.Unpaid.OwnerGasPerDay > 0 && ch.Unpaid.OwnerGasPerDay < ch.Unpaid.MaxGas {
		v.fail(p+".unpaid.owner_gas_per_day", "%d is below chain.unpaid.max_gas (%d), so no unpaid delivery could ever be served; raise it (default %d)", ch.Unpaid.OwnerGasPerDay, ch.Unpaid.MaxGas, DefaultOwnerGasPerDay)
	}
	if ch.MaxInputBytes < 0 {
		v.fail(p+".max_input_bytes", "must not be negative; use a size in bytes (default %d, 128 KiB)", DefaultMaxInputBytes)
	}
	if ch.IntervalDeadline < 0 {
		v.fail(p+".interval_deadline", "must not be negative; use e.g. \"1h\"")
	}
	if ch.Delegated.MaxHorizon < 0 {
		v.fail(p+".delegated.max_horizon", "must not be negative; use e.g. \"168h\" (7 days, the default)")
	}
	if ch.Unpaid.NewOwnerGasPerDay > 0 && ch.Unpaid.MaxGas > 0 && ch.Unpaid.NewOwnerGasPerDay < ch.Unpaid.MaxGas {
		v.fail(p+".unpaid.new_owner_gas_per_day", "%d is below chain.unpaid.max_gas (%d), so a new owner could never be served; raise it (default %d)", ch.Unpaid.NewOwnerGasPerDay, ch.Unpaid.MaxGas, DefaultNewOwnerGasPerDay)
	}
	if ch.Unpaid.GasPerDay > 0 && ch.Unpaid.MaxGas > 0 && ch.Unpaid.GasPerDay < ch.Unpaid.MaxGas {
		v.fail(p+".unpaid.gas_per_day", "%d is below chain.unpaid.max_gas (%d), so no unpaid delivery could ever be served; raise it (default %d)", ch.Unpaid.GasPerDay, ch.Unpaid.MaxGas, DefaultUnpaidGasPerDay)
	}
	if ch.Delegated.MaxPendingPerOwner < 0 {
		v.fail(p+".delegated.max_pending_per_owner", "must not be negative; use 1 or more (default %d)", DefaultMaxPendingPerOwner)
	}
	if ch.Delegated.Retention < 0 {
		v.fail(p+".delegated.retention", "must not be negative; use e.g. \"168h\" (7 days, the default)")
	}
	if ch.Retention < 0 {
		v.fail(p+".retention", "must not be negative; use e.g. \"168h\" (7 days, the default)")
	}
	if ch.Delegated.MaxPending < 0 {
		v.fail(p+".delegated.max_pending", "must not be negative; use 1 or more (default %d)", DefaultDelegatedMaxPending)
	}
}

// chains checks chain, or each entry of chains and what they must not
// share (names, chain ids, lane keys).
func (v *validator) chains(c *Config) {
	if len(c.Chains) == 0 {
		v.chain("chain", &c.Chain)
		return
	}
	if c.Chain.Enabled || len(c.Chain.URLs()) > 0 || c.Chain.CoordinatorAddress != "" || c.Chain.RegistryAddress != "" {
		v.fail("chains", "is set together with chain; keep one: move the chain entry into chains (with a name) and remove chain")
	}
	names := map[string]int{}
	ids := map[uint64]int{}
	for i := range c.Chains {
		ch := &c.Chains[i]
		p := fmt.Sprintf("chains[%d]", i)
		switch {
		case ch.Name == "":
			v.fail(p+".name", "is empty; give every chain a unique name (letters, digits, - or _), e.g. \"base\"")
		case !isChainName(ch.Name):
			v.fail(p+".name", "%q is not a chain name; use 1 to 32 lower-case letters, digits, - or _ (it names the chain in metrics and the store)", ch.Name)
		default:
			if j, dup := names[ch.Name]; dup {
				v.fail(p+".name", "%q is also the name of chains[%d]; names must be unique", ch.Name, j)
			}
			names[ch.Name] = i
		}
		if ch.ChainID != 0 {
			if j, dup := ids[ch.ChainID]; dup {
				v.fail(p+".chain_id", "%d is also the chain id of chains[%d]; serve each chain once (list every endpoint of a chain in its rpc_urls)", ch.ChainID, j)
			}
			ids[ch.ChainID] = i
		}
		v.chain(p, ch)
	}
}

// isChainName: 1 to 32 of [a-z0-9_-], starting with a letter or digit.
func isChainName(s string) bool {
	if len(s) == 0 || len(s) > 32 || s[0] == '-' || s[0] == '_' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// sameKeys reports each of a chain's lanes and its funding wallet whose key
// an earlier one of them holds too (two lanes of one key would share its
// nonce sequence), identified without opening it: the address of a private
// key or remote signer, a keystore's path. One key on two chains is two
// nonce sequences, and fine.
func (v *validator) sameKeys(p string, ch *Chain) {
	seen := map[string]string{}
	add := func(path string, w Wallet) {
		id := ""
		switch {
		case w.PrivateKey != "":
			if k, err := keyform.ParsePrivateKey(w.PrivateKey); err == nil {
				id = crypto.PubkeyToAddress(k.PublicKey).Hex()
			}
		case w.RemoteSigner != nil && common.IsHexAddress(w.RemoteSigner.Address):
			id = common.HexToAddress(w.RemoteSigner.Address).Hex()
		case w.Keystore != "":
			id = "keystore " + filepath.Clean(w.Keystore)
		}
		if id == "" {
			return
		}
		if other, dup := seen[id]; dup {
			v.fail(path, "is the key of %s too; a key is one nonce sequence: give every lane and the funding wallet a key of its own", other)
			return
		}
		seen[id] = path
	}
	if len(ch.Wallets) == 0 {
		add(p+".wallet", ch.Wallet)
	}
	for i, w := range ch.Wallets {
		add(fmt.Sprintf("%s.wallets[%d]", p, i), w)
	}
	if ch.TopUp != nil {
		add(p+".top_up.wallet", ch.TopUp.Wallet)
	}
}

// lanes checks a chain's wallet, its wallets (lanes) and top_up.
func (v *validator) lanes(p string, ch *Chain) {
	v.wallet(p+".wallet", ch.Wallet)
	if ch.Wallet.MaxInFlight < 0 {
		v.fail(p+".wallet.max_in_flight", "must not be negative; use 1 or more (default %d)", DefaultLaneMaxInFlight)
	}
	if len(ch.Wallets) > 0 && ch.Wallet.KeyForm() != "" {
		v.fail(p+".wallet", "holds a key (%s) while %s.wallets lists the lanes; move the key into wallets, and keep in wallet only what every lane shares (max_in_flight, stuck_blocks, payment_address, ...)", ch.Wallet.KeyForm(), p)
	}
	for i, w := range ch.Wallets {
		lp := fmt.Sprintf("%s.wallets[%d]", p, i)
		if w.KeyForm() == "" {
			v.fail(lp, "has no signing key; set exactly one of private_key, keystore or remote_signer (docs/keys.md)")
		}
		v.wallet(lp, w)
		if w.MaxInFlight < 0 {
			v.fail(lp+".max_in_flight", "must not be negative; use 1 or more (default: %s.wallet.max_in_flight, %d)", p, DefaultLaneMaxInFlight)
		}
		if w.PaymentAddress != "" {
			v.fail(lp+".payment_address", "is the chain's, not a lane's; set it once in %s.wallet.payment_address", p)
		}
	}
	v.sameKeys(p, ch)
	if tu := ch.TopUp; tu != nil {
		tp := p + ".top_up"
		if tu.Wallet.KeyForm() == "" {
			v.fail(tp+".wallet", "has no signing key; set exactly one of private_key, keystore or remote_signer of the wallet that funds the lanes")
		}
		v.wallet(tp+".wallet", tu.Wallet)
		minB, okMin := weiAmount(tu.MinBalanceWei)
		target, okTarget := weiAmount(tu.TargetBalanceWei)
		if !okMin || minB.Sign() <= 0 {
			v.fail(tp+".min_balance_wei", "%q is not a positive amount in wei; write a whole number, e.g. \"100000000000000000\" (0.1 ether)", tu.MinBalanceWei.String())
		}
		if !okTarget || target.Sign() <= 0 {
			v.fail(tp+".target_balance_wei", "%q is not a positive amount in wei; write a whole number above min_balance_wei", tu.TargetBalanceWei.String())
		} else if okMin && target.Cmp(minB) <= 0 {
			v.fail(tp+".target_balance_wei", "%s is not above min_balance_wei (%s): a refill would leave the lane at its minimum; raise it (Pimlico refills to 120 %% of the minimum)", target, minB)
		}
	}
}

// wallet checks one key entry's form (a lane, chain.wallet, a funding
// wallet) at path p.
func (v *validator) wallet(p string, w Wallet) {
	if _, err := keyform.ParsePrivateKey(w.PrivateKey); w.PrivateKey != "" && err != nil {
		v.fail(p+".private_key", "is not a private key; write 64 hex digits, with or without 0x")
	}
	if w.KeyForm() != "" {
		if err := w.CheckForm(); err != nil {
			v.fail(p, "%v", err)
		}
	}
	if rs := w.RemoteSigner; rs != nil && rs.URL != "" {
		if u, err := url.Parse(rs.URL); err != nil || u.Host == "" || !oneOf(u.Scheme, "http", "https") {
			v.fail(p+".remote_signer.url", "is not an http(s) URL; write e.g. http://127.0.0.1:9000 (web3signer's eth1 endpoint)")
		}
	}
	if rs := w.RemoteSigner; rs != nil && rs.Timeout < 0 {
		v.fail(p+".remote_signer.timeout", "must not be negative; use e.g. \"5s\" (the default)")
	}
}

// weiAmount parses an amount in wei: a whole decimal number.
func weiAmount(n json.Number) (*big.Int, bool) {
	return new(big.Int).SetString(strings.TrimSpace(n.String()), 10)
}

func (v *validator) jobs(j *Jobs) {
	if j.QueueSize < 0 {
		v.fail("jobs.queue_size", "must not be negative; use 1 or more (default %d)", DefaultQueueSize)
	}
	if j.Workers < 0 {
		v.fail("jobs.workers", "must not be negative; use 1 or more (default %d)", DefaultWorkers)
	}
	if j.Retention < 0 {
		v.fail("jobs.retention", "must not be negative; use e.g. \"24h\"")
	}
	if j.Timeout < 0 {
		v.fail("jobs.timeout", "must not be negative; use e.g. \"10m\"")
	}
	if j.PurgeEvery < 0 {
		v.fail("jobs.purge_every", "must not be negative; use e.g. \"1m\"")
	}
}

func (v *validator) container(c *Config, i int, ids map[string]int, ports map[int]int) {
	ct := &c.Containers[i]
	p := fmt.Sprintf("containers[%d]", i)
	switch {
	case strings.TrimSpace(ct.ID) == "":
		v.fail(p+".id", "is empty; give every container a unique id")
	case strings.ContainsAny(ct.ID, ", \t\n"):
		v.fail(p+".id", "%q contains a comma or space; ids are joined with commas on chain, use letters, digits, - or _", ct.ID)
	default:
		if j, dup := ids[ct.ID]; dup {
			v.fail(p+".id", "%q is also the id of containers[%d]; ids must be unique", ct.ID, j)
		} else {
			ids[ct.ID] = i
		}
	}

	if ct.Port != "" {
		n, err := strconv.Atoi(strings.TrimSpace(ct.Port.String()))
		switch {
		case err != nil || n < 1 || n > 65535:
			v.fail(p+".port", "%q is not a TCP port; use 1-65535", ct.Port.String())
		case n == c.Server.Port && (c.Managed() || ct.URL == ""):
			v.fail(p+".port", "%d is the REST port (server.port); pick another port", n)
		default:
			if j, dup := ports[n]; dup {
				v.fail(p+".port", "%d is also the port of containers[%d]; ports must be unique (omit port to auto-assign one)", n, j)
			} else {
				ports[n] = i
			}
		}
	}
	if ct.URL != "" {
		if u, err := url.Parse(ct.URL); err != nil || u.Host == "" || !oneOf(u.Scheme, "http", "https") {
			v.fail(p+".url", "%q is not an http(s) URL; write e.g. http://127.0.0.1:3000", ct.URL)
		}
	}
	if c.Managed() {
		switch {
		case ct.Image == "" && ct.URL == "":
			v.fail(p+".image", "is required with manage_containers true; set a Docker image, or url for a service that is already running")
		case ct.Image != "" && ct.URL != "":
			v.fail(p+".url", "is set together with image; use image for a container the node runs or url for a running service, not both")
		}
	} else if ct.URL == "" && ct.Port == "" {
		v.fail(p+".url", "is required with manage_containers false; set url (e.g. http://127.0.0.1:3000) or port of the running service")
	}
	if ct.ContainerPort < 0 || ct.ContainerPort > 65535 {
		v.fail(p+".container_port", "%d is not a TCP port; use 1-65535 (default 3000)", ct.ContainerPort)
	}
	if ct.Timeout < 0 {
		v.fail(p+".timeout", "must not be negative; use e.g. \"30s\"")
	}
	switch {
	case ct.Replicas < 0:
		v.fail(p+".replicas", "must not be negative; use 1 or more (default 1)")
	case ct.Replicas > 1 && !c.Swarm():
		v.fail(p+".replicas", "%d replicas need docker.mode \"swarm\" (Docker Swarm services); set it, or use 1", ct.Replicas)
	case ct.Replicas > 1 && ct.URL != "":
		v.fail(p+".replicas", "is set for a remote service (url); the node runs replicas only of containers it manages (image)")
	}
	if ct.ReadyTimeout < 0 {
		v.fail(p+".ready_timeout", "must not be negative; use e.g. \"5m\", or leave it out for the default (60s)")
	}
	for j, a := range ct.AllowedAddresses {
		if !common.IsHexAddress(a) {
			v.fail(fmt.Sprintf("%s.allowed_addresses[%d]", p, j), "%q is not an address; write 0x followed by 40 hex digits", a)
		}
	}
	for j, a := range ct.AllowedDelegateAddresses {
		if !common.IsHexAddress(a) {
			v.fail(fmt.Sprintf("%s.allowed_delegate_addresses[%d]", p, j), "%q is not an address; write 0x followed by 40 hex digits", a)
		}
	}
	for j, a := range ct.AllowedIPs {
		if _, err := parsePrefix(a); err != nil {
			v.fail(fmt.Sprintf("%s.allowed_ips[%d]", p, j), "%q is not an IP or CIDR; write e.g. 10.0.0.5, 10.0.0.0/8 or 2001:db8::/32", a)
		}
	}
	for k := range ct.Env {
		if k == "" || strings.ContainsAny(k, "= \t\n") {
			v.fail(p+".env", "%q is not a variable name; use names without '=' or spaces", k)
		}
	}
	for j, vol := range ct.Volumes {
		parts := strings.Split(vol, ":")
		ok := (len(parts) == 2 || len(parts) == 3) && parts[0] != "" && strings.HasPrefix(parts[1], "/")
		if ok && len(parts) == 3 {
			ok = oneOf(parts[2], "ro", "rw")
		}
		if !ok {
			v.fail(fmt.Sprintf("%s.volumes[%d]", p, j), "%q is not a bind mount; write \"host_path:/container/path\" or add \":ro\"", vol)
		} else if what := hostMount(parts[0]); what != "" && !ct.HostAccess {
			v.fail(fmt.Sprintf("%s.volumes[%d]", p, j), "%q mounts %s, which gives the container (and whoever sends it input) control of the host; remove it, or set \"host_access\": true on this container if that is meant", vol, what)
		}
	}
	for tok, amt := range ct.AcceptedPayments {
		if !common.IsHexAddress(tok) {
			v.fail(p+".accepted_payments", "key %q is not a token address; use 0x followed by 40 hex digits (0x000...0 for ETH)", tok)
		}
		if n, ok := new(big.Int).SetString(amt, 0); !ok || n.Sign() < 0 {
			v.fail(p+".accepted_payments."+tok, "%q is not an amount; write a non-negative integer in the token's smallest unit", amt)
		}
	}
}

// hostMount says what a bind mount's host path gives away: the host's
// root or the Docker engine's socket (root on the host); "" otherwise.
func hostMount(host string) string {
	p := path.Clean(host)
	switch {
	case p == "/":
		return "the host's root (/)"
	case path.Base(p) == "docker.sock" || p == "/var/run" || p == "/run":
		return "the Docker socket"
	}
	return ""
}

// ParsePrefix parses a CIDR or a plain IP (as a single-address prefix).
func ParsePrefix(s string) (netip.Prefix, error) { return parsePrefix(s) }

func parsePrefix(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return netip.Prefix{}, err
		}
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, err
	}
	a = a.Unmap()
	return netip.PrefixFrom(a, a.BitLen()), nil
}

func oneOf(s string, opts ...string) bool {
	for _, o := range opts {
		if s == o {
			return true
		}
	}
	return false
}

// isRPCURL: http(s) or ws(s) with a host.
func isRPCURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && u.Host != "" && oneOf(u.Scheme, "http", "https", "ws", "wss")
}
