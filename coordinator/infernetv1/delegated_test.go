package infernetv1

import (
	"errors"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
)

// sampleBody is the reference node's delegated body with every field set.
const sampleBody = `{"subscription": {"owner": "0x00000000000000000000000000000000000000a1", "active_at": 5, "period": 60,
		"frequency": 2, "redundancy": 3, "containers": "0x00000000000000000000000000000000000000000000000000000000000000c1",
		"lazy": true, "verifier": "0x00000000000000000000000000000000000000b1",
		"payment_amount": 115792089237316195423570985008687907853269984665640564039457584007913129639935,
		"payment_token": "0x00000000000000000000000000000000000000b2", "wallet": "0x00000000000000000000000000000000000000b3"},
		"signature": {"nonce": 7, "expiry": 4000000000, "v": 28, "r": "0x02", "s": "0x01"}, "data": {"x": 1}}`

func TestDelegatedRoundTrip(t *testing.T) {
	r, err := DecodeDelegated([]byte(sampleBody))
	require.NoError(t, err)
	require.Equal(t, common.HexToHash("0xc1"), r.ContainerIDHash())
	require.True(t, r.Sub.Lazy)
	require.Equal(t, uint16(3), r.Sub.Redundancy)

	// The client's encoder gives the same request back.
	enc, err := EncodeDelegated(r)
	require.NoError(t, err)
	r2, err := DecodeDelegated(enc)
	require.NoError(t, err)
	require.JSONEq(t, string(r.Data), string(r2.Data))
	r2.Data = r.Data // compacted
	require.Equal(t, r, r2)

	// No data: an empty object, as the reference node's clients send.
	r.Data = nil
	enc, err = EncodeDelegated(r)
	require.NoError(t, err)
	require.Contains(t, string(enc), `"data":{}`)
}

// FuzzDecodeDelegated: the SDK's delegated body arrives from the REST API;
// a rejection is always a 400, and what decodes encodes back to the same
// request.
func FuzzDecodeDelegated(f *testing.F) {
	f.Add([]byte(sampleBody))
	f.Add([]byte(`{"subscription":{},"signature":{}}`))
	f.Add([]byte(`{"subscription":{"containers":"0x01"},"signature":{"r":"0x"}}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := DecodeDelegated(b)
		if err != nil {
			var je *job.Error
			if !errors.As(err, &je) || je.Code != job.CodeInvalid {
				t.Fatalf("decode error is not an Invalid request: %v", err)
			}
			return
		}
		enc, err := EncodeDelegated(r)
		if err != nil {
			t.Fatal(err)
		}
		r2, err := DecodeDelegated(enc)
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		ds := func(r *DelegatedRequest) DelegateSubscription {
			return DelegateSubscription{Nonce: r.Nonce, Expiry: r.Expiry, Sub: r.Sub}
		}
		if ds(r).StructHash() != ds(r2).StructHash() || r.Sig != r2.Sig {
			t.Fatal("round trip changed the request")
		}
	})
}
