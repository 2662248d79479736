package chain

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/rpc"
)

// ErrNoEndpoint: no configured endpoint answered; the caller retries later.
var ErrNoEndpoint = errors.New("no chain RPC endpoint answers")

// ErrNoSubscriptions: the transport cannot push heads (HTTP); poll instead.
var ErrNoSubscriptions = errors.New("chain endpoint cannot push new heads")

// outcome is what an RPC error says about the endpoint that returned it,
// decided here in one place (chainlink-evm's pkg/client/errors.go is the
// model): callers switch on it, never on strings.
type outcome int

const (
	// answered: the endpoint works (success, a revert, not found, a
	// transaction the pool refused): the answer is the caller's.
	answered outcome = iota
	// limited: rate limited (HTTP 429, JSON-RPC -32005): back off, the
	// endpoint is not dead.
	limited
	// failed: transport error, timeout, 5xx, internal error, garbage: take
	// the endpoint out of rotation until a probe finds it well.
	failed
)

// classify says what err means for the endpoint. parent is the caller's
// context: its end is nobody's fault.
func classify(parent context.Context, err error) outcome {
	if err == nil || parent.Err() != nil || errors.Is(err, ethereum.NotFound) || errors.Is(err, ErrNoSubscriptions) {
		return answered
	}
	var he rpc.HTTPError
	if errors.As(err, &he) {
		if he.StatusCode == http.StatusTooManyRequests {
			return limited
		}
		return failed
	}
	var re rpc.Error
	if errors.As(err, &re) {
		msg := strings.ToLower(re.Error())
		switch {
		case re.ErrorCode() == -32005 || strings.Contains(msg, "rate limit") || strings.Contains(msg, "too many requests"):
			return limited
		case re.ErrorCode() == -32603 || re.ErrorCode() == -32700:
			return failed // internal error, parse error: the endpoint is unwell
		}
		return answered
	}
	if errors.Is(err, rpc.ErrNotificationsUnsupported) {
		return answered
	}
	return failed // transport: refused, reset, deadline, EOF, a body that is not JSON-RPC
}

// IsKnown reports a send the pool refused because it already holds the
// transaction: a success for the sender.
func IsKnown(err error) bool {
	if err == nil {
		return false
	}
	msg := strings.ToLower(err.Error())
	return strings.Contains(msg, "already known") || strings.Contains(msg, "already imported") ||
		strings.Contains(msg, "known transaction")
}

// permanent are the pool refusals no wait or fee fixes (go-ethereum's
// txpool and core errors, anvil's wording included).
var permanent = []string{
	"exceeds block gas limit", "gas limit reached", "intrinsic gas too low", "oversized data",
	"invalid sender", "invalid chain id", "transaction type not supported", "max fee per gas higher than 2^256",
	"tip higher than max fee", "max priority fee per gas higher than max fee per gas",
}

// IsPermanent reports a send refused for a reason that will never change:
// the transaction can never be mined as it is.
func IsPermanent(err error) bool {
	if err == nil || IsKnown(err) {
		return false
	}
	msg := strings.ToLower(err.Error())
	for _, p := range permanent {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}
