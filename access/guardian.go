package access

import (
	"net/netip"
	"strings"

	"github.com/infernode/infernode/internal/job"
)

// Guardian checks requests against the containers' configuration before
// any work is accepted. It is immutable after NewGuardian and safe for
// concurrent use.
type Guardian struct {
	byID map[string]*guarded
}

type guarded struct {
	external, proofs bool
	ips              []netip.Prefix
	addresses        map[string]bool // lowercase hex; nil = everyone
	delegates        map[string]bool // lowercase hex; nil = everyone
}

// Container is what the guardian knows of one configured container
// (containers[]: external, generates_proofs, allowed_ips,
// allowed_addresses, allowed_delegate_addresses).
type Container struct {
	ID                       string
	External                 bool
	GeneratesProofs          bool
	AllowedIPs               []netip.Prefix
	AllowedAddresses         []string
	AllowedDelegateAddresses []string
}

// NewGuardian builds the rules of the containers.
func NewGuardian(containers []Container) *Guardian {
	g := &Guardian{byID: make(map[string]*guarded, len(containers))}
	for _, c := range containers {
		r := &guarded{external: c.External, proofs: c.GeneratesProofs, ips: c.AllowedIPs}
		r.addresses = addressSet(c.AllowedAddresses)
		r.delegates = addressSet(c.AllowedDelegateAddresses)
		g.byID[c.ID] = r
	}
	return g
}

func addressSet(list []string) map[string]bool {
	if len(list) == 0 {
		return nil
	}
	m := make(map[string]bool, len(list))
	for _, a := range list {
		m[strings.ToLower(a)] = true
	}
	return m
}

// Supported reports whether id is a configured container.
func (g *Guardian) Supported(id string) bool { _, ok := g.byID[id]; return ok }

// CheckOffchain applies the docs/api.md rules to an off-chain job from client
// (an IP address), in the table's order: no containers, unknown container,
// first container not external, proof not available, client IP not
// allowed.
func (g *Guardian) CheckOffchain(client string, containers []string, requiresProof bool) *job.Error {
	if err := g.common(containers, requiresProof); err != nil {
		return err
	}
	addr, err := netip.ParseAddr(client)
	if err == nil {
		addr = addr.Unmap().WithZone("")
	}
	for _, id := range containers {
		r := g.byID[id]
		if len(r.ips) == 0 {
			continue
		}
		ok := false
		if err == nil {
			for _, p := range r.ips {
				if p.Contains(addr) {
					ok = true
					break
				}
			}
		}
		if !ok {
			return job.Reject(job.CodeForbidden, "Container not allowed for address", "container", id, "address", client)
		}
	}
	return nil
}

// IPAllowed reports whether client (an IP address) passes container id's
// allowed_ips (true when it has none).
func (g *Guardian) IPAllowed(client, id string) bool {
	r, ok := g.byID[id]
	if !ok {
		return false
	}
	if len(r.ips) == 0 {
		return true
	}
	addr, err := netip.ParseAddr(client)
	if err != nil {
		return false
	}
	addr = addr.Unmap().WithZone("")
	for _, p := range r.ips {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// CheckChain applies the rules for on-chain work: the same container,
// external and proof rules, then allowed_addresses for a subscription's
// owner, or allowed_delegate_addresses when delegated is true (a delegated
// subscription posted over REST).
func (g *Guardian) CheckChain(address string, delegated bool, containers []string, requiresProof bool) *job.Error {
	if err := g.common(containers, requiresProof); err != nil {
		return err
	}
	a := strings.ToLower(address)
	for _, id := range containers {
		r := g.byID[id]
		set := r.addresses
		if delegated {
			set = r.delegates
		}
		if set != nil && !set[a] {
			return job.Reject(job.CodeForbidden, "Container not allowed for address", "container", id, "address", address)
		}
	}
	return nil
}

// CheckDelegated applies the rules for a delegated subscription posted
// over REST by client (an IP address) for owner: the client's IP as for
// any REST request, then owner against allowed_delegate_addresses.
func (g *Guardian) CheckDelegated(client, owner string, containers []string, requiresProof bool) *job.Error {
	if err := g.CheckOffchain(client, containers, requiresProof); err != nil {
		return err
	}
	return g.CheckChain(owner, true, containers, requiresProof)
}

func (g *Guardian) common(containers []string, requiresProof bool) *job.Error {
	if len(containers) == 0 {
		return job.Reject(job.CodeInvalid, "No containers specified")
	}
	for _, id := range containers {
		if _, ok := g.byID[id]; !ok {
			return job.Reject(job.CodeInvalid, "Container not supported", "container", id)
		}
	}
	if !g.byID[containers[0]].external {
		return job.Reject(job.CodeForbidden, "First container must be external", "first_container", containers[0])
	}
	last := containers[len(containers)-1]
	if requiresProof && !g.byID[last].proofs {
		return job.Reject(job.CodeInvalid, "Container does not generate proof", "container", last)
	}
	return nil
}
