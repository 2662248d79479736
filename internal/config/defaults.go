package config

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// Documented defaults (docs/configuration.md).
const (
	DefaultPort         = 4000
	DefaultHost         = "0.0.0.0"
	DefaultMaxBodyBytes = 16 << 20 // a ResNet-18 image job is ~3.3 MB of JSON
	// DefaultMaxBodyBytesInFlight is server.max_body_bytes_in_flight.
	DefaultMaxBodyBytesInFlight = 256 << 20
	// DefaultMaxReplyBytesInFlight is server.max_reply_bytes_in_flight.
	DefaultMaxReplyBytesInFlight = 256 << 20
	// MaxReplyBytes is the largest reply the node reads from a container
	// (the executor's bound on one output or forwarded reply).
	MaxReplyBytes = 64 << 20
	// DefaultRateLimitIPv6Prefix is server.rate_limit_ipv6_prefix.
	DefaultRateLimitIPv6Prefix = 64
	DefaultDataDir             = "data"
	DefaultQueueSize           = 4096
	DefaultWorkers             = 64
	DefaultRetention           = Duration(24 * time.Hour)
	DefaultJobTimeout          = Duration(10 * time.Minute)
	DefaultPurgeEvery          = Duration(time.Minute)
	DefaultContainerTimeout    = Duration(2 * time.Minute)
	DefaultContainerPort       = 3000
	DefaultFirstHostPort       = 3000 // first auto-assigned host port (managed mode)
	DefaultPollInterval        = Duration(time.Second)
	DefaultMaxTxsInFlight      = 1024
	DefaultMaxGasLimit         = 10_000_000
	DefaultLogLevel            = "info"
	DefaultCacheMaxBytes       = 256 << 20 // cache.max_bytes

	// The chain link and the transaction pipeline (docs/relay.md).
	DefaultRPCTimeout   = Duration(10 * time.Second) // chain.rpc.timeout
	DefaultMaxHeadLag   = 5                          // chain.rpc.max_head_lag
	DefaultMaxClockSkew = Duration(30 * time.Second) // chain.rpc.max_clock_skew
	// DefaultConfirmTimeout is chain.rpc.confirm_timeout.
	DefaultConfirmTimeout = Duration(2 * time.Second)
	DefaultStuckBlocks    = 10 // chain.wallet.stuck_blocks
	// DefaultLaneMaxInFlight is chain.wallet.max_in_flight: the pending
	// transactions geth keeps per account without evicting them.
	DefaultLaneMaxInFlight = 16
	DefaultConfirmations   = 1 // chain.confirmations

	// Chain spending bounds (docs/relay.md).
	DefaultUnpaidMaxGas        = 1_000_000
	DefaultOwnerGasPerDay      = 50_000_000
	DefaultMaxInputBytes       = 128 << 10
	DefaultIntervalDeadline    = Duration(time.Hour)
	DefaultDelegatedMaxHorizon = Duration(7 * 24 * time.Hour)
	DefaultDelegatedMaxPending = 10_000
	DefaultUnpaidGasPerDay     = 200_000_000
	DefaultNewOwnerGasPerDay   = 5_000_000
	DefaultMaxPendingPerOwner  = 100
	DefaultDelegatedRetention  = Duration(7 * 24 * time.Hour)
	DefaultChainRetention      = Duration(7 * 24 * time.Hour)

	DefaultReadHeaderTimeout = Duration(10 * time.Second)
	DefaultReadTimeout       = Duration(30 * time.Second)
	DefaultWriteTimeout      = Duration(90 * time.Second)
	DefaultIdleTimeout       = Duration(60 * time.Second)
	DefaultHeaderTimeout     = Duration(10 * time.Second) // server.header_timeout
	DefaultMaxConnections    = 4096
	DefaultMaxWaits          = 1000
	DefaultMaxBatchItems     = 1000
	DefaultMaxIDs            = 1000
	// MaxWait is the longest GET /api/jobs?wait= (rest.MaxWait), which
	// server.write_timeout must exceed.
	MaxWait = time.Minute
	// DefaultMemoryLimit is the soft memory limit when neither
	// memory_limit nor GOMEMLIMIT is set: 1 GiB (docs/configuration.md).
	DefaultMemoryLimit = 1 << 30
)

// ApplyDefaults fills every unset field with its documented default. In
// managed mode a container with neither port nor url gets the lowest free
// host port from DefaultFirstHostPort up (skipping the REST port), so ports
// stay unique.
func (c *Config) ApplyDefaults() {
	if c.Fleet != nil {
		c.Fleet.applyDefaults()
	}
	if c.ManageContainers == nil {
		t := true
		c.ManageContainers = &t
	}
	if c.Server.Host == "" {
		c.Server.Host = DefaultHost
	}
	if c.Server.Port == 0 {
		c.Server.Port = DefaultPort
	}
	if c.Server.MaxBodyBytes == 0 {
		c.Server.MaxBodyBytes = DefaultMaxBodyBytes
	}
	sv := &c.Server
	if sv.MaxBodyBytesInFlight == 0 {
		sv.MaxBodyBytesInFlight = DefaultMaxBodyBytesInFlight
	}
	if sv.MaxReplyBytesInFlight == 0 {
		sv.MaxReplyBytesInFlight = DefaultMaxReplyBytesInFlight
	}
	if sv.RateLimitIPv6Prefix == 0 {
		sv.RateLimitIPv6Prefix = DefaultRateLimitIPv6Prefix
	}
	if sv.ReadHeaderTimeout == 0 {
		sv.ReadHeaderTimeout = DefaultReadHeaderTimeout
	}
	if sv.ReadTimeout == 0 {
		sv.ReadTimeout = DefaultReadTimeout
	}
	if sv.WriteTimeout == 0 {
		sv.WriteTimeout = DefaultWriteTimeout
	}
	if sv.IdleTimeout == 0 {
		sv.IdleTimeout = DefaultIdleTimeout
	}
	if sv.HeaderTimeout == 0 {
		sv.HeaderTimeout = DefaultHeaderTimeout
	}
	if sv.MaxConnections == 0 {
		sv.MaxConnections = DefaultMaxConnections
	}
	if sv.MaxWaits == 0 {
		sv.MaxWaits = DefaultMaxWaits
	}
	if sv.MaxBatchItems == 0 {
		sv.MaxBatchItems = DefaultMaxBatchItems
	}
	if sv.MaxIDs == 0 {
		sv.MaxIDs = DefaultMaxIDs
	}
	if c.MemoryLimit == 0 {
		c.MemoryLimit = DefaultMemoryLimit
	}
	if c.DataDir == "" {
		c.DataDir = DefaultDataDir
	}
	if c.Log == nil {
		c.Log = &Log{}
	}
	if c.Log.Path == "" {
		c.Log.Path = c.LogPath
	}
	if c.Log.Level == "" {
		c.Log.Level = DefaultLogLevel
	}
	if c.Cache.MaxBytes == 0 {
		c.Cache.MaxBytes = DefaultCacheMaxBytes
	}
	if c.Cache.Scope == "" {
		c.Cache.Scope = CacheScopeClient
	}
	j := &c.Jobs
	if j.QueueSize == 0 {
		j.QueueSize = DefaultQueueSize
	}
	if j.Workers == 0 {
		j.Workers = DefaultWorkers
	}
	if j.Retention == 0 {
		j.Retention = DefaultRetention
	}
	if j.Timeout == 0 {
		j.Timeout = DefaultJobTimeout
	}
	if j.PurgeEvery == 0 {
		j.PurgeEvery = DefaultPurgeEvery
	}
	c.Chain.applyDefaults()
	for i := range c.Chains {
		c.Chains[i].applyDefaults()
	}

	used := map[int]bool{c.Server.Port: true, c.Server.GRPCPort: true}
	for _, ct := range c.Containers {
		if p, err := strconv.Atoi(ct.Port.String()); err == nil {
			used[p] = true
		}
	}
	next := DefaultFirstHostPort
	for i := range c.Containers {
		ct := &c.Containers[i]
		if ct.Timeout == 0 {
			ct.Timeout = DefaultContainerTimeout
		}
		if ct.ContainerPort == 0 {
			ct.ContainerPort = DefaultContainerPort
		}
		if c.Managed() && ct.URL == "" && ct.Replicas == 0 {
			ct.Replicas = 1
		}
		// In swarm mode every task gets a port of its own from the engine
		// (host-mode publishing); a fixed port is the operator's choice.
		if c.Managed() && !c.Swarm() && ct.Port == "" && ct.URL == "" {
			for used[next] {
				next++
			}
			ct.Port = json.Number(strconv.Itoa(next))
			ct.AutoPort = true
			used[next] = true
		}
	}
}

// ReassignTakenPorts moves each auto-assigned host port (managed mode) that
// taken reports held by another process to the next port up that is
// neither taken nor another container's nor the REST port, and returns the
// containers it moved ({id: "old -> new"}). ApplyDefaults stays a pure
// function of the file; the node calls this as it starts the containers.
func (c *Config) ReassignTakenPorts(taken func(port int) bool) map[string]string {
	used := map[int]bool{c.Server.Port: true, c.Server.GRPCPort: true}
	for _, ct := range c.Containers {
		if p, err := strconv.Atoi(ct.Port.String()); err == nil {
			used[p] = true
		}
	}
	moved := map[string]string{}
	for i := range c.Containers {
		ct := &c.Containers[i]
		p, err := strconv.Atoi(ct.Port.String())
		if !ct.AutoPort || err != nil || !taken(p) {
			continue
		}
		next := p + 1
		for next <= 65535 && (used[next] || taken(next)) {
			next++
		}
		if next > 65535 {
			continue // no port left: the runtime's bind error says so
		}
		ct.Port = json.Number(strconv.Itoa(next))
		used[next] = true
		moved[ct.ID] = fmt.Sprintf("%d -> %d", p, next)
	}
	return moved
}

// applyDefaults fills one chain entry's unset fields; its lanes (wallets)
// inherit the defaulted wallet's limits (Chain.Lanes).
func (ch *Chain) applyDefaults() {
	if ch.PollInterval == 0 {
		ch.PollInterval = DefaultPollInterval
	}
	if ch.MaxTxsInFlight == 0 {
		ch.MaxTxsInFlight = DefaultMaxTxsInFlight
	}
	if ch.Wallet.MaxGasLimit == 0 {
		ch.Wallet.MaxGasLimit = DefaultMaxGasLimit
	}
	if ch.Wallet.MaxInFlight == 0 {
		ch.Wallet.MaxInFlight = DefaultLaneMaxInFlight
	}
	if ch.Wallet.StuckBlocks == 0 {
		ch.Wallet.StuckBlocks = DefaultStuckBlocks
	}
	if ch.Confirmations == 0 {
		ch.Confirmations = DefaultConfirmations
	}
	if ch.RPC.Timeout == 0 {
		ch.RPC.Timeout = DefaultRPCTimeout
	}
	if ch.RPC.MaxHeadLag == 0 {
		ch.RPC.MaxHeadLag = DefaultMaxHeadLag
	}
	if ch.RPC.MaxClockSkew == 0 {
		ch.RPC.MaxClockSkew = DefaultMaxClockSkew
	}
	if ch.RPC.ConfirmTimeout == 0 {
		ch.RPC.ConfirmTimeout = DefaultConfirmTimeout
	}
	if ch.RPC.Quorum == 0 {
		ch.RPC.Quorum = 1
		if len(ch.URLs()) >= 2 {
			ch.RPC.Quorum = 2
		}
	}
	ch.applySpendingDefaults()
}

func (ch *Chain) applySpendingDefaults() {
	if ch.Unpaid.MaxGas == 0 {
		ch.Unpaid.MaxGas = DefaultUnpaidMaxGas
	}
	if ch.Unpaid.OwnerGasPerDay == 0 {
		ch.Unpaid.OwnerGasPerDay = DefaultOwnerGasPerDay
	}
	if ch.MaxInputBytes == 0 {
		ch.MaxInputBytes = DefaultMaxInputBytes
	}
	if ch.IntervalDeadline == 0 {
		ch.IntervalDeadline = DefaultIntervalDeadline
	}
	if ch.Delegated.MaxHorizon == 0 {
		ch.Delegated.MaxHorizon = DefaultDelegatedMaxHorizon
	}
	if ch.Delegated.MaxPending == 0 {
		ch.Delegated.MaxPending = DefaultDelegatedMaxPending
	}
	if ch.Unpaid.GasPerDay == 0 {
		ch.Unpaid.GasPerDay = DefaultUnpaidGasPerDay
	}
	if ch.Unpaid.NewOwnerGasPerDay == 0 {
		ch.Unpaid.NewOwnerGasPerDay = DefaultNewOwnerGasPerDay
	}
	if ch.Delegated.MaxPendingPerOwner == 0 {
		ch.Delegated.MaxPendingPerOwner = DefaultMaxPendingPerOwner
	}
	if ch.Delegated.Retention == 0 {
		ch.Delegated.Retention = DefaultDelegatedRetention
	}
	if ch.Retention == 0 {
		ch.Retention = DefaultChainRetention
	}
}
