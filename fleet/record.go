package fleet

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// A member record counts only when it is held by a live lease and signed
// by its member's wallet key over (fleet, node id, address, advertise URL,
// fingerprint, lease): an etcd writer without the wallet key cannot add a
// member that the rendezvous would rank work to, nor move a record to a
// lease-less key. Records that fail are ignored and counted
// (infernode_fleet_rejected_records_total{reason}).

// Signer signs a member record with the member's wallet key (EIP-712, as
// the node's signer.Signer does).
type Signer interface {
	SignTypedData(ctx context.Context, data apitypes.TypedData) ([]byte, error)
}

// Fingerprint is what a member serves. Every member of a fleet serves the
// same: a member whose fingerprint differs is refused at start, naming the
// field, and its record is ignored by the others.
type Fingerprint struct {
	ChainIDs     []uint64 `json:"chain_ids"`
	Coordinators []string `json:"coordinators"` // lower-case hex
	Dialects     []string `json:"dialects"`
}

// normal sorts and deduplicates fp, addresses lower-cased.
func (fp Fingerprint) normal() Fingerprint {
	out := Fingerprint{ChainIDs: slices.Clone(fp.ChainIDs)}
	slices.Sort(out.ChainIDs)
	out.ChainIDs = slices.Compact(out.ChainIDs)
	for _, c := range fp.Coordinators {
		out.Coordinators = append(out.Coordinators, strings.ToLower(c))
	}
	slices.Sort(out.Coordinators)
	out.Coordinators = slices.Compact(out.Coordinators)
	out.Dialects = slices.Clone(fp.Dialects)
	slices.Sort(out.Dialects)
	out.Dialects = slices.Compact(out.Dialects)
	return out
}

// differs names the first field where fp and o differ ("" when equal),
// with both values.
func (fp Fingerprint) differs(o Fingerprint) (field, ours, theirs string) {
	a, b := fp.normal(), o.normal()
	switch {
	case !slices.Equal(a.ChainIDs, b.ChainIDs):
		return "chain_ids", fmt.Sprint(a.ChainIDs), fmt.Sprint(b.ChainIDs)
	case !slices.Equal(a.Coordinators, b.Coordinators):
		return "coordinators", fmt.Sprint(a.Coordinators), fmt.Sprint(b.Coordinators)
	case !slices.Equal(a.Dialects, b.Dialects):
		return "dialects", fmt.Sprint(a.Dialects), fmt.Sprint(b.Dialects)
	}
	return "", "", ""
}

func (fp Fingerprint) hash() common.Hash {
	b, _ := json.Marshal(fp.normal())
	return crypto.Keccak256Hash(b)
}

// record is a member record's etcd value.
type record struct {
	Fleet        string        `json:"fleet"`
	NodeID       string        `json:"node_id"`
	Address      string        `json:"address"`
	AdvertiseURL string        `json:"advertise_url"`
	Fingerprint  Fingerprint   `json:"fingerprint"`
	Lease        int64         `json:"lease"`
	Sig          hexutil.Bytes `json:"sig"`
}

func (r record) member() Member {
	return Member{NodeID: r.NodeID, Address: r.Address, AdvertiseURL: r.AdvertiseURL, Healthy: true}
}

// typedData is what a record's signature covers.
func (r record) typedData() apitypes.TypedData {
	return apitypes.TypedData{
		Types: apitypes.Types{
			"EIP712Domain": {{Name: "name", Type: "string"}, {Name: "version", Type: "string"}},
			"FleetMember": {
				{Name: "fleet", Type: "string"}, {Name: "nodeId", Type: "string"}, {Name: "wallet", Type: "address"},
				{Name: "advertiseUrl", Type: "string"}, {Name: "fingerprint", Type: "bytes32"}, {Name: "lease", Type: "uint256"},
			},
		},
		PrimaryType: "FleetMember",
		Domain:      apitypes.TypedDataDomain{Name: "infernode fleet", Version: "1"},
		Message: apitypes.TypedDataMessage{
			"fleet": r.Fleet, "nodeId": r.NodeID, "wallet": r.Address, "advertiseUrl": r.AdvertiseURL,
			"fingerprint": r.Fingerprint.hash().Hex(), "lease": (*math.HexOrDecimal256)(big.NewInt(r.Lease)),
		},
	}
}

// sign fills r.Sig with s's signature.
func (r *record) sign(ctx context.Context, s Signer) error {
	r.Sig = nil
	sig, err := s.SignTypedData(ctx, r.typedData())
	if err != nil {
		return fmt.Errorf("fleet: sign the member record with the wallet key: %w", err)
	}
	r.Sig = sig
	return nil
}

// signer recovers the address that signed r.
func (r record) signer() (common.Address, error) {
	hash, _, err := apitypes.TypedDataAndHash(r.typedData())
	if err != nil {
		return common.Address{}, err
	}
	if len(r.Sig) != 65 {
		return common.Address{}, fmt.Errorf("signature of %d bytes, want 65", len(r.Sig))
	}
	sig := slices.Clone([]byte(r.Sig))
	if sig[64] >= 27 {
		sig[64] -= 27
	}
	pub, err := crypto.SigToPub(hash, sig)
	if err != nil {
		return common.Address{}, err
	}
	return crypto.PubkeyToAddress(*pub), nil
}

// Reasons a member record is not counted
// (infernode_fleet_rejected_records_total{reason}).
const (
	rejectMalformed   = "malformed"
	rejectNoLease     = "no_lease"
	rejectSignature   = "signature"
	rejectFingerprint = "fingerprint"
)

// verify checks a member record read at key under lease: why it does not
// count, or "" when it does.
func verify(fleet, key string, value []byte, lease int64, ours Fingerprint) (record, string, string) {
	var r record
	if err := json.Unmarshal(value, &r); err != nil {
		return r, rejectMalformed, "not a member record: " + err.Error()
	}
	if r.NodeID != key || r.Fleet != fleet || !common.IsHexAddress(r.Address) {
		return r, rejectMalformed, fmt.Sprintf("record names node %q of fleet %q at key %q", r.NodeID, r.Fleet, key)
	}
	if lease == 0 || lease != r.Lease {
		return r, rejectNoLease, "held by lease " + strconv.FormatInt(lease, 16) + ", signed for " + strconv.FormatInt(r.Lease, 16)
	}
	signer, err := r.signer()
	if err != nil || signer != common.HexToAddress(r.Address) {
		return r, rejectSignature, fmt.Sprintf("not signed by wallet %s (%v)", r.Address, err)
	}
	if field, o, t := ours.differs(r.Fingerprint); field != "" {
		return r, rejectFingerprint, fmt.Sprintf("fingerprint.%s %s, this member's %s", field, t, o)
	}
	return r, "", ""
}
