// Package payments decides which paid and verified subscriptions a node
// serves (containers[].accepted_payments, chain.verifiers) and reads the
// Wallets those subscriptions pay with (docs/payments.md, docs/chain-protocol.md).
package payments

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/common"
)

// Native is the token address of the chain's native coin.
var Native = common.Address{}

// Policy is what a node accepts: per container, the minimum amount per
// token; and the verifiers it serves. The zero Policy (or nil) serves only
// unpaid subscriptions without a verifier.
type Policy struct {
	accepted  map[string]map[common.Address]*big.Int // container id -> token -> minimum
	verifiers map[common.Address]bool
}

// Accepted is what one container asks to be paid
// (containers[].accepted_payments): token address -> minimum amount, both
// as written in the configuration.
type Accepted struct {
	Container string
	Payments  map[string]string
}

// NewPolicy reads containers[].accepted_payments and chain.verifiers.
func NewPolicy(containers []Accepted, verifiers []string) (*Policy, error) {
	p := &Policy{accepted: map[string]map[common.Address]*big.Int{}, verifiers: map[common.Address]bool{}}
	for _, c := range containers {
		if len(c.Payments) == 0 {
			continue
		}
		m := map[common.Address]*big.Int{}
		for tok, amt := range c.Payments {
			if !common.IsHexAddress(tok) {
				return nil, fmt.Errorf("containers %q accepted_payments: %q is not a token address", c.Container, tok)
			}
			n, ok := new(big.Int).SetString(amt, 0)
			if !ok || n.Sign() < 0 {
				return nil, fmt.Errorf("containers %q accepted_payments %s: %q is not an amount", c.Container, tok, amt)
			}
			m[common.HexToAddress(tok)] = n
		}
		p.accepted[c.Container] = m
	}
	for _, v := range verifiers {
		if !common.IsHexAddress(v) {
			return nil, fmt.Errorf("chain.verifiers: %q is not an address", v)
		}
		p.verifiers[common.HexToAddress(v)] = true
	}
	return p, nil
}

// Request is what a subscription asks of the node.
type Request struct {
	Containers []string
	Token      common.Address
	Amount     *big.Int // nil: 0
	Verifier   common.Address
}

// Accepts reports whether token is listed by any container (for `dev` and
// diagnostics).
func (p *Policy) Accepts(container string, token common.Address) bool {
	if p == nil {
		return false
	}
	_, ok := p.accepted[container][token]
	return ok
}

// Minimum is the sum of the minimums of the pipeline's containers in token,
// and whether every container that asks for payment lists it.
func (p *Policy) Minimum(containers []string, token common.Address) (*big.Int, bool) {
	sum := new(big.Int)
	if p == nil {
		return sum, true
	}
	for _, id := range containers {
		m, paid := p.accepted[id]
		if !paid {
			continue
		}
		min, ok := m[token]
		if !ok {
			return nil, false
		}
		sum.Add(sum, min)
	}
	return sum, true
}

// Check returns nil when the node serves r, else why not (for a log line
// or a rejection). A paid subscription needs every container of its
// pipeline to list its token, and its amount to cover the sum of their
// minimums; a container without accepted_payments serves only unpaid ones.
func (p *Policy) Check(r Request) error {
	amount := r.Amount
	if amount == nil {
		amount = new(big.Int)
	}
	if r.Verifier != (common.Address{}) && (p == nil || !p.verifiers[r.Verifier]) {
		return fmt.Errorf("verifier %s is not in chain.verifiers", r.Verifier.Hex())
	}
	if amount.Sign() > 0 {
		for _, id := range r.Containers {
			if p == nil || p.accepted[id] == nil {
				return fmt.Errorf("container %q takes no payments (no accepted_payments) but the subscription pays %s", id, amount)
			}
		}
	}
	min, ok := p.Minimum(r.Containers, r.Token)
	if !ok {
		return fmt.Errorf("payment token %s is not in accepted_payments of pipeline %s (accepted: %s)", TokenName(r.Token), strings.Join(r.Containers, ","), p.listed(r.Containers))
	}
	if amount.Cmp(min) < 0 {
		return fmt.Errorf("payment %s of %s is below the pipeline's minimum %s", amount, TokenName(r.Token), min)
	}
	return nil
}

func (p *Policy) listed(containers []string) string {
	seen := map[string]bool{}
	for _, id := range containers {
		for tok := range p.accepted[id] {
			seen[TokenName(tok)] = true
		}
	}
	out := make([]string, 0, len(seen))
	for t := range seen {
		out = append(out, t)
	}
	sort.Strings(out)
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, " ")
}

// TokenName names a payment token in messages.
func TokenName(t common.Address) string {
	if t == Native {
		return "native coin (0x0)"
	}
	return t.Hex()
}
