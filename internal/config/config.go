// Package config defines the node's JSON configuration (docs/configuration.md): its types,
// defaults, loading and validation. Validation reports every bad field with
// its JSON path and the fix, at startup, never at first use.
package config

import (
	"encoding/json"
	"time"

	"github.com/infernode/infernode/internal/keyform"
)

// Config is the whole node configuration file.
type Config struct {
	LogPath          string `json:"log_path,omitempty"`
	Log              *Log   `json:"log,omitempty"`
	ManageContainers *bool  `json:"manage_containers,omitempty"` // default true
	Server           Server `json:"server"`
	// Chain is the one chain of a node that serves one: chains as a list
	// of one (Chains). Exclusive with Chains.
	Chain Chain `json:"chain"`
	// Chains are the chains the node serves (docs/chains.md), each named
	// and independent of the others: its own endpoints, head, wallets
	// (lanes), transaction pipeline, guard and dialect.
	Chains     []Chain     `json:"chains,omitempty"`
	Docker     *Docker     `json:"docker,omitempty"`
	DataDir    string      `json:"data_dir,omitempty"`
	Containers []Container `json:"containers"`
	// Jobs tunes the off-chain job pipeline.
	Jobs Jobs `json:"jobs"`
	// Cache bounds the response cache of the containers marked "cache".
	Cache Cache `json:"cache"`
	// KeepContainers leaves managed containers running when the node stops.
	KeepContainers bool `json:"keep_containers,omitempty"`
	// MemoryLimit is the Go runtime's soft memory limit in bytes
	// (GOMEMLIMIT; the environment variable wins when set). 0: the default,
	// DefaultMemoryLimit; -1: no limit.
	MemoryLimit int64 `json:"memory_limit,omitempty"`
	// Fleet makes the node a member of a fleet on etcd; nil: alone.
	Fleet *Fleet `json:"fleet,omitempty"`
}

// Managed reports whether the node runs its containers itself (Docker).
func (c *Config) Managed() bool { return c.ManageContainers == nil || *c.ManageContainers }

// Log configures file logging.
type Log struct {
	Path        string `json:"path,omitempty"`
	MaxFileSize int64  `json:"max_file_size,omitempty"`
	BackupCount int    `json:"backup_count,omitempty"`
	Level       string `json:"level,omitempty"`
	Format      string `json:"format,omitempty"` // "text" (default) or "json"
}

// Server configures the REST API.
type Server struct {
	Host         string     `json:"host,omitempty"` // default 0.0.0.0 for serve, 127.0.0.1 for dev
	Port         int        `json:"port,omitempty"` // default 4000
	RateLimit    *RateLimit `json:"rate_limit,omitempty"`
	MaxBodyBytes int64      `json:"max_body_bytes,omitempty"` // default 16 MiB
	// MaxBodyBytesInFlight bounds the bytes of request bodies being read at
	// once, node-wide (503 with Retry-After beyond). Default 256 MiB.
	MaxBodyBytesInFlight int64 `json:"max_body_bytes_in_flight,omitempty"`
	// MaxReplyBytesInFlight bounds the bytes of container replies the node
	// buffers at once, node-wide: forwarded OIP replies until written to
	// their client (503 with Retry-After beyond), job outputs until stored
	// (a job waits for room). Default 256 MiB, at least MaxReplyBytes.
	MaxReplyBytesInFlight int64 `json:"max_reply_bytes_in_flight,omitempty"`
	// RateLimitIPv6Prefix keys an IPv6 client's rate-limit bucket by this
	// many leading bits of its address. Default 64.
	RateLimitIPv6Prefix int `json:"rate_limit_ipv6_prefix,omitempty"`
	// GRPCPort serves the Open Inference Protocol's gRPC service
	// (KServe v2 GRPCInferenceService) on server.host; 0 (default): off.
	GRPCPort int `json:"grpc_port,omitempty"`
	// Hosts are the host names the REST API answers to besides IP literals
	// and localhost (a request for any other Host gets 421: DNS
	// rebinding). List the names clients use to reach the node.
	Hosts []string `json:"hosts,omitempty"`
	// StatusNetworks are CIDRs besides loopback allowed to PUT /api/status
	// (for example the containers' Docker network).
	StatusNetworks []string `json:"status_networks,omitempty"`
	// TrustedProxies are CIDRs or IPs of reverse proxies whose
	// X-Forwarded-For header identifies the client. Default: none.
	TrustedProxies []string `json:"trusted_proxies,omitempty"`

	// ReadHeaderTimeout, ReadTimeout, WriteTimeout and IdleTimeout bound a
	// connection's request headers, whole request, response, and idle
	// keep-alive time (net/http's meanings). WriteTimeout must leave room
	// for the longest GET /api/jobs?wait= (60s); streams extend it per chunk.
	ReadHeaderTimeout Duration `json:"read_header_timeout,omitempty"`
	ReadTimeout       Duration `json:"read_timeout,omitempty"`
	WriteTimeout      Duration `json:"write_timeout,omitempty"`
	IdleTimeout       Duration `json:"idle_timeout,omitempty"`
	// HeaderTimeout cuts a gRPC call whose connection brings no message
	// bytes this long after the call's headers (headers and no message).
	HeaderTimeout Duration `json:"header_timeout,omitempty"`
	// MaxConnections caps open client connections; beyond it new ones wait
	// to be accepted. -1: no cap.
	MaxConnections int `json:"max_connections,omitempty"`
	// MaxWaits caps GET /api/jobs?wait= requests held at once; beyond it a
	// wait is answered at once.
	MaxWaits int `json:"max_waits,omitempty"`
	// MaxBatchItems caps the items of one batch (413 Batch too large).
	MaxBatchItems int `json:"max_batch_items,omitempty"`
	// MaxIDs caps the ids of one GET /api/jobs?id=... (400 beyond).
	MaxIDs int `json:"max_ids,omitempty"`
}

// RateLimit allows NumRequests per Period seconds per client and route.
type RateLimit struct {
	NumRequests int     `json:"num_requests"`
	Period      float64 `json:"period"`
}

// Chain configures the on-chain side (relay) of one chain.
type Chain struct {
	// Name names the chain in /info, metrics, logs and the store
	// (chains[].name, required there; a chain entry's is DefaultChainName).
	Name    string `json:"name,omitempty"`
	Enabled bool   `json:"enabled"`
	// RPCURL is one JSON-RPC endpoint: a list of one (RPCURLs).
	RPCURL string `json:"rpc_url,omitempty"`
	// RPCURLs are several JSON-RPC endpoints of the same chain (docs/relay.md, "The chain link"):
	// reads go to the best healthy one, transactions to every healthy
	// one. Exclusive with RPCURL. URLs are secrets: only their scheme and
	// host are ever logged.
	RPCURLs []string `json:"rpc_urls,omitempty"`
	// ChainID is the chain the node serves (chain.chain_id): an endpoint
	// reporting another id leaves the rotation for good. 0: the id the
	// endpoints agree on.
	ChainID uint64 `json:"chain_id,omitempty"`
	// RPC tunes the chain client (chain.rpc).
	RPC                RPC    `json:"rpc"`
	CoordinatorAddress string `json:"coordinator_address,omitempty"`
	// RegistryAddress selects the Infernet SDK v1 dialect
	// (docs/infernet-v1.md): the SDK's Registry, from which the node reads
	// its Coordinator, Inbox, Reader, Fee and WalletFactory. Exclusive
	// with CoordinatorAddress.
	RegistryAddress string `json:"registry_address,omitempty"`
	// SnapshotSync is the reference node's Reader tuning; with
	// RegistryAddress, BatchSize sets how many subscriptions one Reader
	// call reads. The other members have no effect (the node follows
	// events, not snapshots).
	SnapshotSync    *SnapshotSync `json:"snapshot_sync,omitempty"`
	TrailHeadBlocks uint64        `json:"trail_head_blocks,omitempty"`
	// Wallet is the chain's one lane, or with Wallets the settings every
	// lane inherits (then it holds no key) and the chain-wide ones
	// (payment_address, allowed_sim_errors).
	Wallet Wallet `json:"wallet"`
	// Wallets are the chain's key lanes (docs/chains.md): one nonce
	// sequence and in-flight window each. Empty: Wallet is the one lane.
	Wallets []Wallet `json:"wallets,omitempty"`
	// TopUp refills a lane whose balance falls below a minimum from a
	// funding wallet; nil: no refills.
	TopUp          *TopUp   `json:"top_up,omitempty"`
	PollInterval   Duration `json:"poll_interval,omitempty"`
	MaxTxsInFlight int      `json:"max_txs_in_flight,omitempty"`
	Confirmations  uint64   `json:"confirmations,omitempty"`
	// StartBlock is where the relay's first log scan starts when the data
	// directory holds no relay state (the Coordinator's deploy block, as
	// `infernode deploy` prints it). Default 0: scan from genesis.
	StartBlock uint64 `json:"start_block,omitempty"`
	// Verifiers are the verifier contracts (IVerifier) whose subscriptions
	// the node serves; a subscription naming another verifier is skipped.
	Verifiers []string `json:"verifiers,omitempty"`

	// Unpaid bounds the gas the node spends on deliveries nobody pays for.
	Unpaid Unpaid `json:"unpaid"`
	// MaxInputBytes bounds a delivery's container input (a subscription's
	// inputs or the owner's getContainerInputs answer).
	MaxInputBytes int `json:"max_input_bytes,omitempty"`
	// IntervalDeadline: an interval not delivered this long after it
	// opened is given up and recorded.
	IntervalDeadline Duration `json:"interval_deadline,omitempty"`
	// Delegated bounds the delegated subscriptions the node accepts.
	Delegated Delegated `json:"delegated"`
	// Retention is how long the relay keeps what is over: a subscription
	// ended or cancelled (its record and its intervals' records), an
	// interval's record once the interval closed, a transaction's journal
	// record once it is final.
	Retention Duration `json:"retention,omitempty"`
}

// URLs is the endpoint list: chain.rpc_urls, or chain.rpc_url as a list
// of one.
func (c Chain) URLs() []string {
	if len(c.RPCURLs) > 0 {
		return c.RPCURLs
	}
	if c.RPCURL != "" {
		return []string{c.RPCURL}
	}
	return nil
}

// RPC is chain.rpc (docs/configuration.md).
type RPC struct {
	// Timeout bounds every RPC call (eth_getLogs gets three times it).
	Timeout Duration `json:"timeout,omitempty"`
	// MaxHeadLag is how many blocks an endpoint's head may trail the
	// best endpoint's before it leaves the rotation.
	MaxHeadLag uint64 `json:"max_head_lag,omitempty"`
	// Quorum is how many endpoints must report a head (same number, same
	// hash) before the node follows it. Default 2 when two or more
	// endpoints are listed, else 1.
	Quorum int `json:"quorum,omitempty"`
	// MaxClockSkew: an endpoint whose latest block's timestamp is further
	// ahead of the local clock is distrusted. Default 30s.
	MaxClockSkew Duration `json:"max_clock_skew,omitempty"`
	// ConfirmTimeout is how long a read pinned to a block waits for an
	// endpoint that has not reached it (behind or slow) before the
	// endpoints that have it confirm it alone. Default 2s.
	ConfirmTimeout Duration `json:"confirm_timeout,omitempty"`
}

// Unpaid is chain.unpaid (docs/configuration.md).
type Unpaid struct {
	// MaxGas is the most callback gas (maxGasLimit; in the SDK v1 dialect
	// the delivery's estimate) an unpaid delivery may ask.
	MaxGas uint64 `json:"max_gas,omitempty"`
	// OwnerGasPerDay bounds the gas of one owner's unpaid deliveries,
	// delegated ones included, over a rolling day.
	OwnerGasPerDay uint64 `json:"owner_gas_per_day,omitempty"`
	// GasPerDay bounds all unpaid deliveries together over a rolling
	// day, shared fairly between owners.
	GasPerDay uint64 `json:"gas_per_day,omitempty"`
	// NewOwnerGasPerDay is OwnerGasPerDay for an owner first seen less
	// than a day ago.
	NewOwnerGasPerDay uint64 `json:"new_owner_gas_per_day,omitempty"`
}

// Delegated is chain.delegated (docs/configuration.md).
type Delegated struct {
	// MaxHorizon is how far ahead of the latest block a delegated
	// subscription's activeAt may lie.
	MaxHorizon Duration `json:"max_horizon,omitempty"`
	// MaxPending bounds the delegated subscriptions waiting to start.
	MaxPending int `json:"max_pending,omitempty"`
	// MaxPendingPerOwner bounds one owner's delegated subscriptions
	// waiting to start.
	MaxPendingPerOwner int `json:"max_pending_per_owner,omitempty"`
	// Retention is how long a final delegated record is kept.
	Retention Duration `json:"retention,omitempty"`
}

// SnapshotSync is chain.snapshot_sync of the reference node's config.
type SnapshotSync struct {
	Sleep         json.Number `json:"sleep,omitempty"`
	BatchSize     uint32      `json:"batch_size,omitempty"`
	StartingSubID uint32      `json:"starting_sub_id,omitempty"`
	SyncPeriod    json.Number `json:"sync_period,omitempty"`
}

// Wallet is the node's signing key and limits. The key takes exactly one
// of three forms (docs/keys.md): PrivateKey; Keystore with PasswordFile or
// INFERNODE_KEYSTORE_PASSWORD; RemoteSigner.
type Wallet struct {
	PrivateKey string `json:"private_key,omitempty"`
	// Keystore is the path of an encrypted Web3 Secret Storage v3 file
	// (geth's format, `infernode wallet new --keystore DIR`).
	Keystore string `json:"keystore,omitempty"`
	// PasswordFile holds the keystore's password (first line); without it
	// the password comes from INFERNODE_KEYSTORE_PASSWORD.
	PasswordFile string `json:"password_file,omitempty"`
	// AllowCoreDumps lets the process stay dumpable while it holds a
	// private_key or keystore key (default: not dumpable, so no core file
	// or same-user ptrace can read the key).
	AllowCoreDumps bool `json:"allow_core_dumps,omitempty"`
	// RemoteSigner is a signer speaking JSON-RPC eth_signTransaction
	// (web3signer's eth1 API, ethsigner) that holds the key.
	RemoteSigner      *RemoteSigner `json:"remote_signer,omitempty"`
	MaxGasLimit       uint64        `json:"max_gas_limit,omitempty"`
	PaymentAddress    string        `json:"payment_address,omitempty"`
	AllowedSimErrors  []string      `json:"allowed_sim_errors,omitempty"`
	MaxFeePerGas      uint64        `json:"max_fee_per_gas,omitempty"`
	MaxPriorityFeeGas uint64        `json:"max_priority_fee_per_gas,omitempty"`
	// StuckBlocks is how many blocks the lowest unmined nonce may stay
	// priced below the market before it is replaced by a zero-value
	// self-transfer and its delivery given up (docs/relay.md); with
	// several lanes, how long a lane's oldest open nonce may stand still
	// before the lane is quarantined (docs/chains.md).
	StuckBlocks uint64 `json:"stuck_blocks,omitempty"`
	// MaxInFlight bounds the lane's sent-but-unmined transactions
	// (default 16, the pending transactions geth keeps per account).
	MaxInFlight int `json:"max_in_flight,omitempty"`
}

// TopUp is chain.top_up: a lane whose balance falls below MinBalanceWei
// is refilled to TargetBalanceWei from Wallet, one transfer at a time,
// recorded in Wallet's nonce journal.
type TopUp struct {
	Wallet Wallet `json:"wallet"`
	// MinBalanceWei and TargetBalanceWei are amounts in wei (JSON integers
	// or decimal strings: they exceed 2^53).
	MinBalanceWei    json.Number `json:"min_balance_wei"`
	TargetBalanceWei json.Number `json:"target_balance_wei"`
}

// DefaultChainName is the name of the chain configured by chain (one
// object) rather than chains.
const DefaultChainName = "default"

// Label is the chain's name: name, or DefaultChainName for the chain of a
// chain entry (which needs none).
func (c Chain) Label() string {
	if c.Name == "" {
		return DefaultChainName
	}
	return c.Name
}

// ChainList is the chains the node is configured for: chains, or chain
// as a list of one (enabled or not: Enabled says whether it is served).
func (c *Config) ChainList() []Chain {
	if len(c.Chains) > 0 {
		return c.Chains
	}
	return []Chain{c.Chain}
}

// EnabledChains is ChainList without the disabled entries.
func (c *Config) EnabledChains() []Chain {
	var out []Chain
	for _, ch := range c.ChainList() {
		if ch.Enabled {
			out = append(out, ch)
		}
	}
	return out
}

// ChainEnabled reports whether the node serves any chain.
func (c *Config) ChainEnabled() bool { return len(c.EnabledChains()) > 0 }

// Lanes is the chain's key lanes: wallets, each with the settings it
// leaves unset taken from wallet, or wallet as a lane of one.
func (c Chain) Lanes() []Wallet {
	if len(c.Wallets) == 0 {
		return []Wallet{c.Wallet}
	}
	out := make([]Wallet, len(c.Wallets))
	for i, w := range c.Wallets {
		out[i] = w.inherit(c.Wallet)
	}
	return out
}

// inherit fills the limits w leaves unset from base (chain.wallet).
func (w Wallet) inherit(base Wallet) Wallet {
	if w.MaxGasLimit == 0 {
		w.MaxGasLimit = base.MaxGasLimit
	}
	if w.MaxFeePerGas == 0 {
		w.MaxFeePerGas = base.MaxFeePerGas
	}
	if w.MaxPriorityFeeGas == 0 {
		w.MaxPriorityFeeGas = base.MaxPriorityFeeGas
	}
	if w.StuckBlocks == 0 {
		w.StuckBlocks = base.StuckBlocks
	}
	if w.MaxInFlight == 0 {
		w.MaxInFlight = base.MaxInFlight
	}
	if w.PaymentAddress == "" {
		w.PaymentAddress = base.PaymentAddress
	}
	if len(w.AllowedSimErrors) == 0 {
		w.AllowedSimErrors = base.AllowedSimErrors
	}
	w.AllowCoreDumps = w.AllowCoreDumps || base.AllowCoreDumps
	return w
}

// RemoteSigner is chain.wallet.remote_signer.
type RemoteSigner struct {
	URL     string `json:"url"`
	Address string `json:"address"`
	// Timeout is each call's deadline (default 5s).
	Timeout Duration `json:"timeout,omitempty"`
}

// Signer is the key form as the signer takes it (keyform.Wallet).
func (w Wallet) Signer() keyform.Wallet {
	sw := keyform.Wallet{PrivateKey: w.PrivateKey, Keystore: w.Keystore, PasswordFile: w.PasswordFile}
	if rs := w.RemoteSigner; rs != nil {
		sw.RemoteSigner = &keyform.RemoteSigner{URL: rs.URL, Address: rs.Address, Timeout: rs.Timeout.D()}
	}
	return sw
}

// KeyForm names the form chain.wallet's key takes (keyform.Wallet.KeyForm).
func (w Wallet) KeyForm() string { return w.Signer().KeyForm() }

// CheckForm reports an error unless exactly one key form is set
// (keyform.Wallet.CheckForm).
func (w Wallet) CheckForm() error { return w.Signer().CheckForm() }

// Docker is registry auth for image pulls and the engine mode.
type Docker struct {
	Username string `json:"username"`
	Password string `json:"password"`
	// Mode is how managed containers run: "engine" (default) as plain
	// containers on one Docker engine, "swarm" as Docker Swarm services with
	// containers[].replicas tasks each.
	Mode string `json:"mode,omitempty"`
}

// Docker modes (docker.mode).
const (
	DockerModeEngine = "engine"
	DockerModeSwarm  = "swarm"
)

// Swarm reports whether managed containers run as Docker Swarm services.
func (c *Config) Swarm() bool { return c.Docker != nil && c.Docker.Mode == DockerModeSwarm }

// Cache bounds the response cache (docs/cache.md): the outputs of
// containers marked "cache": true, kept in the node's store.
type Cache struct {
	// MaxBytes bounds what the cache holds, entries and their index
	// together; the least recently used entries go first. Default 256 MiB.
	MaxBytes int64 `json:"max_bytes,omitempty"`
	// TTL is how long an entry answers (0: until evicted).
	TTL Duration `json:"ttl,omitempty"`
	// Scope is whose calls share entries: CacheScopeClient (default), an
	// off-chain hit only for the client that made the entry; or
	// CacheScopeShared. On-chain deliveries share in both.
	Scope string `json:"scope,omitempty"`
}

// cache.scope values.
const (
	CacheScopeClient = "client"
	CacheScopeShared = "shared"
)

// Jobs tunes the job pipeline.
type Jobs struct {
	QueueSize  int      `json:"queue_size,omitempty"`  // bounded queue; full => 503 Node busy
	Workers    int      `json:"workers,omitempty"`     // concurrent jobs
	Retention  Duration `json:"retention,omitempty"`   // how long finished jobs are kept
	Timeout    Duration `json:"timeout,omitempty"`     // default per-job timeout
	PurgeEvery Duration `json:"purge_every,omitempty"` // retention sweep period
	// SyncFinish is accepted for configurations written for 1.5 and has no
	// effect: since 1.6 every job's result is fsynced before it is served.
	SyncFinish bool `json:"sync_finish,omitempty"`
}

// Container is one entry of containers[].
type Container struct {
	ID       string      `json:"id"`
	Image    string      `json:"image,omitempty"`
	External bool        `json:"external"`
	Port     json.Number `json:"port,omitempty"` // seed writes it as a string
	// AutoPort: Port was assigned by ApplyDefaults (managed mode), so the
	// node may move it off a port another process holds.
	AutoPort                 bool              `json:"-"`
	URL                      string            `json:"url,omitempty"` // remote or unmanaged service
	Bearer                   string            `json:"bearer,omitempty"`
	Description              string            `json:"description,omitempty"`
	AllowedDelegateAddresses []string          `json:"allowed_delegate_addresses,omitempty"`
	AllowedAddresses         []string          `json:"allowed_addresses,omitempty"`
	AllowedIPs               []string          `json:"allowed_ips,omitempty"`
	Command                  string            `json:"command,omitempty"`
	Env                      map[string]string `json:"env,omitempty"`
	GeneratesProofs          bool              `json:"generates_proofs,omitempty"`
	Volumes                  []string          `json:"volumes,omitempty"` // "host:container[:ro]"
	// HostAccess allows volumes that give the container the host: the
	// Docker socket or the host's root (refused without it).
	HostAccess       bool              `json:"host_access,omitempty"`
	GPU              bool              `json:"gpu,omitempty"`
	AcceptedPayments map[string]string `json:"accepted_payments,omitempty"` // token address -> min amount
	Timeout          Duration          `json:"timeout,omitempty"`           // per-call timeout
	// ReadyTimeout bounds the wait for a managed container to answer HTTP
	// after it starts (0: the runtime's default, 60s); a workload that loads
	// a large model needs more.
	ReadyTimeout Duration `json:"ready_timeout,omitempty"`
	// ContainerPort is the port the workload listens on inside its
	// container (managed mode); default 3000.
	ContainerPort int `json:"container_port,omitempty"`
	// Replicas is how many tasks of the container's service run with
	// docker.mode "swarm" (default 1); the node balances jobs across them.
	Replicas int `json:"replicas,omitempty"`
	// Cache declares the container's output a pure function of its input:
	// the node answers a repeated input from its response cache.
	Cache bool `json:"cache,omitempty"`
}

// Duration is a time.Duration written in JSON as a Go duration string
// ("30s") or a number of seconds.
type Duration time.Duration

// D returns the value as a time.Duration.
func (d Duration) D() time.Duration { return time.Duration(d) }
