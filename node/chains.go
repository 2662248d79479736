package node

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/fleet"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/rest"
)

// multiChain is the chain side of a node serving several chains
// (docs/chains.md): each chain's side runs on its own, and what the
// process asks of "the chain" is answered from all of them: a delegated
// request goes to the chain of its EIP-712 domain, pending work is
// summed, health names each unhealthy chain.
type multiChain struct {
	sides []*chainSide
	cs    []Chain
}

var _ Chain = (*multiChain)(nil)

func newMultiChain(sides []*chainSide, cs []Chain) *multiChain {
	return &multiChain{sides: sides, cs: cs}
}

// Run runs every chain's side; one that fails stops the others (and the
// node), as a single chain's failure does.
func (m *multiChain) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errc := make(chan error, len(m.cs))
	var wg sync.WaitGroup
	for i, c := range m.cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := c.Run(ctx); err != nil && ctx.Err() == nil {
				errc <- fmt.Errorf("chain %s: %w", m.sides[i].cfg.Label(), err)
				cancel()
			}
		}()
	}
	wg.Wait()
	select {
	case err := <-errc:
		return err
	default:
		return nil
	}
}

// SubmitDelegated hands the request to the chain its domain names.
func (m *multiChain) SubmitDelegated(ctx context.Context, client string, raw json.RawMessage) error {
	d, jerr := domainOf(raw)
	if jerr != nil {
		return jerr
	}
	if d == nil {
		return job.Reject(job.CodeInvalid, fmt.Sprintf(`Invalid request: domain is required: this node serves several chains (%s); add "domain": {"chain_id": N, "verifying_contract": "0x..."}, the EIP-712 domain the request was signed for`, m.names()), "field", "domain")
	}
	unknown := false
	for i, c := range m.cs {
		id, coord, ok := domainOfChain(c, m.sides[i])
		if !ok {
			unknown = true
			continue
		}
		if id == d.chainID && (d.contract == nil || coord == (common.Address{}) || coord == *d.contract) {
			return c.SubmitDelegated(ctx, client, raw)
		}
	}
	if unknown {
		return job.Reject(job.CodeUnavailable, "Chain unavailable")
	}
	return d.noChain(m.names())
}

func (m *multiChain) names() string {
	names := make([]string, len(m.cs))
	for i, c := range m.cs {
		id, _, _ := domainOfChain(c, m.sides[i])
		names[i] = fmt.Sprintf("%s: chain id %d", m.sides[i].cfg.Label(), id)
	}
	return strings.Join(names, ", ")
}

func (m *multiChain) Pending() int {
	n := 0
	for _, c := range m.cs {
		n += c.Pending()
	}
	return n
}

// Address is the first chain's first lane.
func (m *multiChain) Address() string { return m.cs[0].Address() }

// Healthy names every unhealthy chain; the others deliver meanwhile.
func (m *multiChain) Healthy(ctx context.Context) error {
	var errs []error
	for i, c := range m.cs {
		if err := c.Healthy(ctx); err != nil {
			errs = append(errs, fmt.Errorf("chain %s: %w", m.sides[i].cfg.Label(), err))
		}
	}
	return errors.Join(errs...)
}

// Endpoints are the first chain's (/info's chain object); every chain's
// are in Chains.
func (m *multiChain) Endpoints() []rest.ChainEndpoint { return m.cs[0].Endpoints() }

// Fleet is nil: a fleet member serves one chain (chainsServed).
func (m *multiChain) Fleet() *fleet.Fleet { return nil }

// Chains describes every chain.
func (m *multiChain) Chains(ctx context.Context) []rest.ChainSummary {
	var out []rest.ChainSummary
	for i, c := range m.cs {
		out = append(out, summaries(ctx, c, m.sides[i])...)
	}
	return out
}

// summaries is what a chain side says of itself in /info.
func summaries(ctx context.Context, c Chain, cs *chainSide) []rest.ChainSummary {
	if s, ok := c.(interface {
		Chains(context.Context) []rest.ChainSummary
	}); ok {
		return s.Chains(ctx)
	}
	return []rest.ChainSummary{{Name: cs.cfg.Label(), ChainID: cs.cfg.ChainID, Endpoints: c.Endpoints(), Lanes: []rest.LaneInfo{}}}
}

// domainOfChain is a chain's EIP-712 domain: the built side's chain id
// and Coordinator, else the configured chain id (ok false: not known yet).
func domainOfChain(c Chain, cs *chainSide) (uint64, common.Address, bool) {
	if w, ok := c.(*waitingChain); ok {
		if b, _ := w.built(); b != nil {
			c = b
		}
	}
	if rc, ok := c.(*relayChain); ok {
		return rc.chainID, rc.coordinator, true
	}
	if cs.cfg.ChainID != 0 {
		var coord common.Address
		if cs.cfg.RegistryAddress == "" {
			coord = common.HexToAddress(cs.cfg.CoordinatorAddress)
		}
		return cs.cfg.ChainID, coord, true
	}
	return 0, common.Address{}, false
}

// delegatedDomain is the optional "domain" member of a delegated request:
// the EIP-712 domain it was signed for, which chooses the chain.
type delegatedDomain struct {
	chainID  uint64
	contract *common.Address // nil: not given
}

// domainOf reads the request's domain; nil when it names none.
func domainOf(raw json.RawMessage) (*delegatedDomain, *job.Error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return nil, job.Reject(job.CodeInvalid, "Invalid request: body must be a JSON object with subscription, signature and data")
	}
	dr, ok := top["domain"]
	if !ok || string(dr) == "null" {
		return nil, nil
	}
	var d struct {
		ChainID           json.RawMessage `json:"chain_id"`
		VerifyingContract *string         `json:"verifying_contract"`
	}
	if err := json.Unmarshal(dr, &d); err != nil {
		return nil, job.Reject(job.CodeInvalid, `Invalid request: domain must be an object {"chain_id": N, "verifying_contract": "0x..."}`, "field", "domain")
	}
	id, err := strconv.ParseUint(strings.Trim(string(d.ChainID), `"`), 10, 64)
	if err != nil || id == 0 {
		return nil, job.Reject(job.CodeInvalid, "Invalid request: domain.chain_id must be a positive whole number, the chain id the request was signed for", "field", "domain.chain_id")
	}
	out := &delegatedDomain{chainID: id}
	if v := d.VerifyingContract; v != nil {
		if !common.IsHexAddress(*v) {
			return nil, job.Reject(job.CodeInvalid, "Invalid request: domain.verifying_contract must be an address (0x and 40 hex digits): the Coordinator the request was signed for", "field", "domain.verifying_contract")
		}
		a := common.HexToAddress(*v)
		out.contract = &a
	}
	return out, nil
}

// noChain is the 400 for a domain no chain of the node has.
func (d *delegatedDomain) noChain(serves string) *job.Error {
	what := fmt.Sprintf("chain id %d", d.chainID)
	if d.contract != nil {
		what += " and Coordinator " + d.contract.Hex()
	}
	return job.Reject(job.CodeInvalid, fmt.Sprintf("Invalid request: no chain of this node has %s (it serves %s)", what, serves), "field", "domain.chain_id", "chain_id", d.chainID)
}

// SubmitDelegated refuses a request whose domain names another chain or
// Coordinator (400 naming the chain id), then hands it to the relay.
func (c *relayChain) SubmitDelegated(ctx context.Context, client string, raw json.RawMessage) error {
	d, jerr := domainOf(raw)
	if jerr != nil {
		return jerr
	}
	if d != nil && (d.chainID != c.chainID || d.contract != nil && *d.contract != c.coordinator) {
		return d.noChain(fmt.Sprintf("%s: chain id %d, Coordinator %s", c.name, c.chainID, c.coordinator.Hex()))
	}
	return c.Relay.SubmitDelegated(ctx, client, raw)
}

// Chains is this chain in /info: its head is the highest an endpoint in
// rotation reported.
func (c *relayChain) Chains(ctx context.Context) []rest.ChainSummary {
	s := rest.ChainSummary{Name: c.name, ChainID: c.chainID, Dialect: c.dialect, Healthy: c.Healthy(ctx) == nil,
		Endpoints: c.Endpoints(), Lanes: []rest.LaneInfo{}}
	if s.Endpoints == nil {
		s.Endpoints = []rest.ChainEndpoint{}
	}
	for _, e := range s.Endpoints {
		s.Head = max(s.Head, e.Head)
	}
	if c.lanes != nil {
		for _, l := range c.lanes.Info() {
			li := rest.LaneInfo{Address: l.Address.Hex(), State: l.State, NextNonce: l.NextNonce, InFlight: l.InFlight}
			if l.BalanceWei != nil {
				li.BalanceWei = l.BalanceWei.String()
			}
			s.Lanes = append(s.Lanes, li)
		}
	}
	return []rest.ChainSummary{s}
}

// Chains is the built chain's, or the chain as configured while it waits.
func (w *waitingChain) Chains(ctx context.Context) []rest.ChainSummary {
	if c, _ := w.built(); c != nil {
		if s, ok := c.(interface {
			Chains(context.Context) []rest.ChainSummary
		}); ok {
			return s.Chains(ctx)
		}
	}
	return []rest.ChainSummary{{Name: w.cfg.Label(), ChainID: w.cfg.ChainID, Endpoints: w.Endpoints(), Lanes: []rest.LaneInfo{}}}
}
