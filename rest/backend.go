package rest

import (
	"context"
	"encoding/json"
	"io"

	"github.com/infernode/infernode/internal/job"
)

// Backend is what the REST layer needs from the node. Errors of type
// *job.Error are client-facing rejections (docs/api.md table); any other error
// is answered 500 "Internal server error" and logged, never shown.
//
// All methods are safe for concurrent use.
type Backend interface {
	// Submit validates req for client (the caller's IP), writes the job
	// durably and queues it; it returns the new job's UUID.
	Submit(ctx context.Context, client string, req job.Request) (string, error)
	// SubmitBatch is Submit for the jobs of one POST /api/jobs/batch, in
	// one durable write: ids[i] is the id of reqs[i], or errs[i] says why
	// it was not accepted.
	SubmitBatch(ctx context.Context, client string, reqs []job.Request) (ids []string, errs []error)
	// StartStream validates and records a streaming job and calls
	// containers[0] with destination 2. The caller must Close the stream;
	// reading it to EOF stores the full text as the job's result.
	StartStream(ctx context.Context, client string, req job.Request) (*Stream, error)
	// SubmitDelegated verifies and persists a delegated subscription
	// (docs/api.md, docs/chain-protocol.md) and hands it to the relay.
	SubmitDelegated(ctx context.Context, client string, req json.RawMessage) error
	// Results returns the caller's jobs among ids, in the order given;
	// unknown ids and other clients' jobs are omitted.
	Results(ctx context.Context, client string, ids []string, intermediate bool) ([]job.Result, error)
	// Wait blocks until every running job of client among ids has
	// finished, ctx is done, or the node is stopping, whichever is first
	// (GET /api/jobs?wait=...). Unknown ids and other clients' jobs are
	// not waited for. A ctx that ends first is not an error: the caller
	// answers with the jobs as they are.
	Wait(ctx context.Context, client string, ids []string) error
	// IDs lists the caller's job ids: pending nil = all, true = running,
	// false = finished.
	IDs(ctx context.Context, client string, pending *bool) ([]string, error)
	// PutStatus records a status reported by a container that does not
	// follow the container protocol.
	PutStatus(ctx context.Context, client string, id string, status job.Status, containers []string) error
	// Info is the body of GET /info.
	Info(ctx context.Context) Info
	// Resources is the body of GET /resources for client (modelID may be
	// empty): only the containers client may use are asked.
	Resources(ctx context.Context, client, modelID string) map[string]json.RawMessage
	// Healthy reports whether every critical part is up: nil, or why not
	// (which part and what is wrong), which /health answers.
	Healthy(ctx context.Context) error
}

// Stream is a running streaming job.
type Stream struct {
	ID          string
	ContentType string
	// Body yields the container's bytes as they arrive. Close it exactly once.
	Body io.ReadCloser
}

// Info is the body of GET /info.
type Info struct {
	Version    string          `json:"version"`
	Containers []InfoContainer `json:"containers"`
	Pending    Pending         `json:"pending"`
	Chain      ChainInfo       `json:"chain"`
	// Chains is every chain served (docs/chains.md), the first as Chain
	// too; absent when no chain is.
	Chains []ChainSummary `json:"chains,omitempty"`
	// Fleet is present when the node is a fleet member.
	Fleet *FleetInfo `json:"fleet,omitempty"`
	// Cache is the response cache; absent when no container is cached.
	Cache *CacheInfo `json:"cache,omitempty"`
}

// CacheInfo describes the response cache (docs/cache.md).
type CacheInfo struct {
	Containers []string `json:"containers"` // the containers marked "cache"
	Entries    int      `json:"entries"`
	Bytes      int64    `json:"bytes"`
	MaxBytes   int64    `json:"max_bytes"`
}

// FleetInfo is the fleet this node is a member of.
type FleetInfo struct {
	Name    string        `json:"name"`
	NodeID  string        `json:"node_id"`
	Members []FleetMember `json:"members"`
	// Claimed counts the claims this member won since it started.
	Claimed int64 `json:"claimed"`
}

// FleetMember is a live member in FleetInfo.
type FleetMember struct {
	NodeID       string `json:"node_id"`
	Address      string `json:"address"`
	AdvertiseURL string `json:"advertise_url"`
	Healthy      bool   `json:"healthy"`
}

// InfoContainer is one entry of Info.Containers.
type InfoContainer struct {
	ID          string `json:"id"`
	External    bool   `json:"external"`
	Image       string `json:"image"`
	Description string `json:"description"`
	// State is the runtime's report (ready, restarts, last error).
	State any `json:"state,omitempty"`
}

// Pending counts jobs that are not finished.
type Pending struct {
	Offchain int `json:"offchain"`
	Onchain  int `json:"onchain"`
}

// ChainInfo describes the chain link.
type ChainInfo struct {
	Enabled bool   `json:"enabled"`
	Address string `json:"address"`
	// Endpoints is each chain.rpc_urls endpoint's state, by index (never
	// its URL: URLs carry API keys).
	Endpoints []ChainEndpoint `json:"endpoints,omitempty"`
}

// ChainSummary is one chain in Info.Chains.
type ChainSummary struct {
	Name      string          `json:"name"`
	ChainID   uint64          `json:"chain_id"` // 0 until the chain side is up
	Dialect   string          `json:"dialect,omitempty"`
	Head      uint64          `json:"head"`
	Healthy   bool            `json:"healthy"`
	Endpoints []ChainEndpoint `json:"endpoints"`
	Lanes     []LaneInfo      `json:"lanes"`
}

// LaneInfo is one key lane of a chain.
type LaneInfo struct {
	Address string `json:"address"`
	State   string `json:"state"` // active, quarantined, refilling
	// BalanceWei is a decimal string; absent until read (a chain of one
	// lane without top_up reads none).
	BalanceWei string `json:"balance_wei,omitempty"`
	NextNonce  uint64 `json:"next_nonce"`
	InFlight   int    `json:"in_flight"`
}

// ChainEndpoint is one RPC endpoint's state in ChainInfo.
type ChainEndpoint struct {
	Index int    `json:"index"`
	State string `json:"state"` // alive, rate_limited, lagging, dead, faulty, distrusted, wrong_chain
	Head  uint64 `json:"head"`  // the latest block it reported
	// Reason: why a check took it out of rotation (faulty, distrusted,
	// wrong_chain); never its URL.
	Reason string `json:"reason,omitempty"`
}
