package coordinator

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/infernode/infernode/abi/consumerabi"
	"github.com/infernode/infernode/internal/eip712"
	"github.com/infernode/infernode/internal/job"
)

// SplitContainers splits a containerId string into trimmed, non-empty ids.
func SplitContainers(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Invalid is the rejection of a delegated body's field: 400 "Invalid
// request: ..." naming it.
func Invalid(field, format string, a ...any) *job.Error {
	return job.Reject(job.CodeInvalid, "Invalid request: "+fmt.Sprintf(format, a...), "field", field)
}

// DelegatedParts splits a delegated subscription body (either dialect's)
// into its subscription and signature objects and its data (verbatim, may
// be nil).
func DelegatedParts(raw []byte) (sub, sig map[string]json.RawMessage, data json.RawMessage, err error) {
	var top map[string]json.RawMessage
	if err := strictObject(raw, &top); err != nil {
		return nil, nil, nil, Invalid("", "body must be a JSON object with subscription, signature and data: %v", err)
	}
	subRaw, ok := top["subscription"]
	if !ok || isNull(subRaw) {
		return nil, nil, nil, Invalid("subscription", "missing field subscription")
	}
	sigRaw, ok := top["signature"]
	if !ok || isNull(sigRaw) {
		return nil, nil, nil, Invalid("signature", "missing field signature")
	}
	if err := strictObject(subRaw, &sub); err != nil {
		return nil, nil, nil, Invalid("subscription", "subscription must be an object")
	}
	if err := strictObject(sigRaw, &sig); err != nil {
		return nil, nil, nil, Invalid("signature", "signature must be an object")
	}
	if d, ok := top["data"]; ok && !isNull(d) {
		data = append(json.RawMessage(nil), bytes.TrimSpace(d)...)
	}
	return sub, sig, data, nil
}

// DecodeSignature reads {nonce, expiry, v, r, s}.
func DecodeSignature(sig map[string]json.RawMessage) (nonce, expiry uint32, out Signature, err error) {
	g := Fields{m: sig, prefix: "signature."}
	nonce = uint32(g.Uint("nonce", 32, true).Uint64())
	expiry = uint32(g.Uint("expiry", 32, true).Uint64())
	out.V = uint8(g.Uint("v", 8, true).Uint64())
	r := g.Uint("r", 256, true)
	sv := g.Uint("s", 256, true)
	if g.err != nil {
		return 0, 0, out, g.err
	}
	r.FillBytes(out.R[:])
	sv.FillBytes(out.S[:])
	return nonce, expiry, out, nil
}

func isNull(b json.RawMessage) bool { return string(bytes.TrimSpace(b)) == "null" }

func strictObject(b []byte, v *map[string]json.RawMessage) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(v); err != nil {
		return err
	}
	if *v == nil {
		return errors.New("not an object")
	}
	if d.More() {
		return errors.New("trailing data after the object")
	}
	return nil
}

// Fields reads typed members of one JSON object (a delegated body's
// subscription or signature), keeping the first error (Err).
type Fields struct {
	m      map[string]json.RawMessage
	prefix string
	err    error
}

// NewFields reads the members of m, naming them prefix+name in errors.
func NewFields(m map[string]json.RawMessage, prefix string) *Fields {
	return &Fields{m: m, prefix: prefix}
}

// Err is the first error a read met.
func (f *Fields) Err() error {
	if f.err == nil {
		return nil
	}
	return f.err
}

func (f *Fields) get(name string, required bool) (json.RawMessage, bool) {
	if f.err != nil {
		return nil, false
	}
	v, ok := f.m[name]
	if !ok || isNull(v) {
		if required {
			f.err = Invalid(f.prefix+name, "missing field %s%s", f.prefix, name)
		}
		return nil, false
	}
	return bytes.TrimSpace(v), true
}

// Str reads member name.
func (f *Fields) Str(name string, required bool) string {
	v, ok := f.get(name, required)
	if !ok {
		return ""
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		f.err = Invalid(f.prefix+name, "%s%s must be a string", f.prefix, name)
	}
	return s
}

// Address reads member name.
func (f *Fields) Address(name string, required bool) common.Address {
	v, ok := f.get(name, required)
	if !ok {
		return common.Address{}
	}
	var s string
	if json.Unmarshal(v, &s) != nil || !common.IsHexAddress(s) {
		f.err = Invalid(f.prefix+name, "%s%s must be a 0x-prefixed 20-byte hex address", f.prefix, name)
		return common.Address{}
	}
	return common.HexToAddress(s)
}

// HexBytes reads member name.
func (f *Fields) HexBytes(name string) []byte {
	v, ok := f.get(name, false)
	if !ok {
		return []byte{}
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		f.err = Invalid(f.prefix+name, "%s%s must be a 0x-hex string", f.prefix, name)
		return nil
	}
	if s == "" || s == "0x" {
		return []byte{}
	}
	if !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") {
		s = "0x" + s
	}
	b, err := hexutil.Decode(s)
	if err != nil {
		f.err = Invalid(f.prefix+name, "%s%s must be 0x-prefixed hex with an even number of digits", f.prefix, name)
	}
	return b
}

// Boolean reads member name.
func (f *Fields) Boolean(name string) bool {
	v, ok := f.get(name, false)
	if !ok {
		return false
	}
	var b bool
	if err := json.Unmarshal(v, &b); err != nil {
		f.err = Invalid(f.prefix+name, "%s%s must be true or false", f.prefix, name)
	}
	return b
}

// uint reads an unsigned integer of at most bits bits from a JSON number
// literal (digits only) or a string holding decimal or 0x-hex digits.
// Uint reads member name.
func (f *Fields) Uint(name string, bits int, required bool) *big.Int {
	zero := new(big.Int)
	v, ok := f.get(name, required)
	if !ok {
		return zero
	}
	n, err := parseUint(v)
	if err == nil && n.BitLen() > bits {
		err = fmt.Errorf("exceeds uint%d", bits)
	}
	if err != nil {
		f.err = Invalid(f.prefix+name, "%s%s must be an unsigned integer (JSON number or 0x-hex string) fitting uint%d: %v", f.prefix, name, bits, err)
		return zero
	}
	return n
}

func parseUint(v json.RawMessage) (*big.Int, error) {
	s := string(v)
	if strings.HasPrefix(s, `"`) {
		if err := json.Unmarshal(v, &s); err != nil {
			return nil, errors.New("bad string")
		}
		s = strings.TrimSpace(s)
		if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
			h := s[2:]
			if h == "" || len(h) > 64 {
				return nil, errors.New("bad hex length")
			}
			n, ok := new(big.Int).SetString(h, 16)
			if !ok {
				return nil, errors.New("bad hex digits")
			}
			return n, nil
		}
	}
	if s == "" || len(s) > 78 {
		return nil, errors.New("bad length")
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return nil, errors.New("not a whole non-negative number")
		}
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return nil, errors.New("bad digits")
	}
	return n, nil
}

// ChainReader is what the verifier needs from a chain.
type ChainReader interface {
	ethereum.ContractCaller
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
}

// Verifier checks delegated subscriptions the way the Coordinator will,
// before the node answers the client. Safe for concurrent use.
type Verifier struct {
	Chain ChainReader
	// ChainID and Coordinator are the chain and the contract the
	// signatures are made for (each dialect's EIP-712 domain has them).
	ChainID     *big.Int
	Coordinator common.Address
}

// Signature is a (v, r, s) signature as the Coordinators take it: V is 27
// or 28, S in the lower half order.
type Signature = eip712.Signature

// getSignerCall is the calldata of getSigner() returns (address), which
// every delegating owner contract answers (IDelegator).
var getSignerCall = consumerabi.NewIDelegator().PackGetSigner()

// Check checks, in order: expiry against the latest block's time
// (exclusive), the signature (recover returns the address that signed the
// dialect's typed data; an error is an invalid signature) and that it was
// made by the owner's getSigner(). Rejections are *job.Error with the
// docs/api.md strings; other errors are the chain being unreachable. It
// returns the signer's address.
func (v *Verifier) Check(ctx context.Context, owner common.Address, expiry uint32, recover func() (common.Address, error)) (common.Address, error) {
	head, err := v.Chain.HeaderByNumber(ctx, nil)
	if err != nil {
		return common.Address{}, fmt.Errorf("verify delegated subscription: read head: %w", err)
	}
	if head.Time >= uint64(expiry) {
		return common.Address{}, job.Reject(job.CodeInvalid, "Signature expired", "expiry", expiry)
	}
	recovered, err := recover()
	if err != nil {
		return common.Address{}, job.Reject(job.CodeUnauthorized, "Invalid signature")
	}
	out, err := v.Chain.CallContract(ctx, ethereum.CallMsg{To: &owner, Data: getSignerCall}, nil)
	if err != nil {
		var de interface{ ErrorData() any }
		if errors.As(err, &de) || strings.Contains(err.Error(), "revert") {
			return common.Address{}, job.Reject(job.CodeUnauthorized, "Signer mismatch")
		}
		return common.Address{}, fmt.Errorf("verify delegated subscription: call getSigner() of %s: %w", owner, err)
	}
	if len(out) != 32 || common.BytesToAddress(out) != recovered {
		return common.Address{}, job.Reject(job.CodeUnauthorized, "Signer mismatch")
	}
	return recovered, nil
}

// EncodeBody adds the signature object and data to a body holding its
// subscription object (either dialect's), and marshals it.
func EncodeBody(body map[string]any, nonce, expiry uint32, sig Signature, data json.RawMessage) ([]byte, error) {
	body["signature"] = map[string]any{
		"nonce":  nonce,
		"expiry": expiry,
		"v":      sig.V,
		"r":      hexutil.Encode(sig.R[:]),
		"s":      hexutil.Encode(sig.S[:]),
	}
	if len(data) > 0 {
		body["data"] = data
	} else {
		body["data"] = map[string]any{}
	}
	return json.Marshal(body)
}

// HexBig writes a big integer as 0x-hex (nil: 0x0).
func HexBig(b *big.Int) string {
	if b == nil {
		return "0x0"
	}
	return "0x" + b.Text(16)
}
