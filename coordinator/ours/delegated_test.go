package ours

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/params"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/internal/job"
)

const sampleBody = `{
  "subscription": {
    "owner": "0x00000000000000000000000000000000000000a1",
    "container_id": "echo,other",
    "inputs": "0x0102",
    "active_at": 0, "frequency": 1, "period": 0, "redundancy": 1,
    "max_gas_price": 281474976710655, "max_gas_limit": 5000000,
    "payment_amount": 115792089237316195423570985008687907853269984665640564039457584007913129639935
  },
  "signature": {
    "nonce": 7, "expiry": 4000000000, "v": 27,
    "r": 115792089237316195423570985008687907853269984665640564039457584007913129639935,
    "s": "0x01"
  },
  "data": {"x": 1}
}`

func TestDecodeDelegated(t *testing.T) {
	r, err := DecodeDelegated([]byte(sampleBody))
	require.NoError(t, err)
	s := r.Delegate.Sub
	require.Equal(t, common.HexToAddress("0xa1"), s.Owner)
	require.Equal(t, []string{"echo", "other"}, r.Containers())
	require.Equal(t, []byte{1, 2}, s.Inputs)
	require.Equal(t, uint32(5000000), s.MaxGasLimit)
	require.Equal(t, "281474976710655", s.MaxGasPrice.String())
	max256 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	require.Equal(t, max256, s.PaymentAmount, "2^256-1 survives without float64")
	require.Equal(t, max256, new(big.Int).SetBytes(r.Sig.R[:]))
	require.Equal(t, big.NewInt(1), new(big.Int).SetBytes(r.Sig.S[:]))
	require.Equal(t, uint32(7), r.Delegate.Nonce)
	require.JSONEq(t, `{"x":1}`, string(r.Data))

	// Round trip through the client's encoder.
	enc, err := EncodeDelegated(r)
	require.NoError(t, err)
	r2, err := DecodeDelegated(enc)
	require.NoError(t, err)
	require.Equal(t, r.Delegate.StructHash(), r2.Delegate.StructHash())
	require.Equal(t, r.Sig, r2.Sig)
}

func TestDecodeDelegatedRejects(t *testing.T) {
	for _, tc := range []struct {
		name, body, field string
	}{
		{"not json", `{`, ""},
		{"array", `[]`, ""},
		{"no subscription", `{"signature":{}}`, "subscription"},
		{"no signature", `{"subscription":{}}`, "signature"},
		{"missing owner", replace(sampleBody, `"owner": "0x00000000000000000000000000000000000000a1",`, ``), "subscription.owner"},
		{"bad owner", replace(sampleBody, `"0x00000000000000000000000000000000000000a1"`, `"alice"`), "subscription.owner"},
		{"float frequency", replace(sampleBody, `"frequency": 1`, `"frequency": 1.5`), "subscription.frequency"},
		{"negative period", replace(sampleBody, `"period": 0`, `"period": -1`), "subscription.period"},
		{"exponent", replace(sampleBody, `"period": 0`, `"period": 1e3`), "subscription.period"},
		{"redundancy overflow", replace(sampleBody, `"redundancy": 1`, `"redundancy": 65536`), "subscription.redundancy"},
		{"gas price overflow", replace(sampleBody, `281474976710655`, `281474976710656`), "subscription.max_gas_price"},
		{"r over 2^256", replace(sampleBody, `"r": 115792089237316195423570985008687907853269984665640564039457584007913129639935`, `"r": 115792089237316195423570985008687907853269984665640564039457584007913129639936`), "signature.r"},
		{"bad hex s", replace(sampleBody, `"s": "0x01"`, `"s": "0xzz"`), "signature.s"},
		{"bad inputs", replace(sampleBody, `"0x0102"`, `"0x012"`), "subscription.inputs"},
		{"empty container", replace(sampleBody, `"echo,other"`, `" , "`), "subscription.container_id"},
		{"lazy not bool", replace(sampleBody, `"max_gas_limit": 5000000,`, `"max_gas_limit": 5000000, "lazy": "yes",`), "subscription.lazy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeDelegated([]byte(tc.body))
			var je *job.Error
			require.ErrorAs(t, err, &je)
			require.Equal(t, job.CodeInvalid, je.Code)
			require.Contains(t, je.Message, "Invalid request: ")
			if tc.field != "" {
				require.Equal(t, tc.field, je.Params["field"])
			}
		})
	}
}

func replace(s, old, new string) string {
	out := []byte(s)
	i := indexOf(s, old)
	if i < 0 {
		panic("test body lacks " + old)
	}
	return string(out[:i]) + new + string(out[i+len(old):])
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func FuzzDecodeDelegated(f *testing.F) {
	f.Add([]byte(sampleBody))
	f.Add([]byte(`{"subscription":{},"signature":{}}`))
	f.Add([]byte(`{"subscription":{"owner":"0x00000000000000000000000000000000000000a1"},"signature":{"r":"0x"}}`))
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
		if r.Delegate.StructHash() != r2.Delegate.StructHash() || r.Sig != r2.Sig {
			t.Fatal("round trip changed the request")
		}
	})
}

func TestVerifierOnSimulatedChain(t *testing.T) {
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	sim := simulated.NewBackend(types.GenesisAlloc{crypto.PubkeyToAddress(key.PublicKey): {Balance: new(big.Int).Mul(big.NewInt(1000), big.NewInt(params.Ether))}})
	t.Cleanup(func() { _ = sim.Close() })
	e := struct {
		sim *simulated.Backend
		key *ecdsa.PrivateKey
	}{sim, key}
	ctx := context.Background()
	signerKey, err := crypto.GenerateKey()
	require.NoError(t, err)
	dep, err := contracts.Deploy(ctx, contracts.WithCommit(e.sim.Client(), e.sim.Commit), e.key, crypto.PubkeyToAddress(signerKey.PublicKey))
	require.NoError(t, err)
	head, err := e.sim.Client().HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	v := &coordinator.Verifier{Chain: e.sim.Client(), ChainID: big.NewInt(1337), Coordinator: dep.Coordinator}
	dom := Domain{ChainID: v.ChainID, Coordinator: v.Coordinator}

	mk := func(expiry uint32, owner common.Address) *DelegatedRequest {
		return &DelegatedRequest{Delegate: DelegateSubscription{Nonce: 1, Expiry: expiry, Sub: Subscription{
			Owner: owner, Frequency: 1, Redundancy: 1, MaxGasPrice: big.NewInt(1e12), MaxGasLimit: 100000,
			ContainerId: "echo", Inputs: []byte{}, PaymentAmount: new(big.Int),
		}}}
	}
	sign := func(r *DelegatedRequest, _ any) *DelegatedRequest {
		sig, err := r.Delegate.Sign(dom, signerKey)
		require.NoError(t, err)
		r.Sig = sig
		return r
	}
	future := uint32(head.Time + 3600)

	good := sign(mk(future, dep.ExampleConsumer), nil)
	got, err := good.Verify(ctx, v)
	require.NoError(t, err)
	require.Equal(t, crypto.PubkeyToAddress(signerKey.PublicKey), got)

	check := func(r *DelegatedRequest, msg string) {
		t.Helper()
		_, err := r.Verify(ctx, v)
		var je *job.Error
		require.ErrorAs(t, err, &je)
		require.Equal(t, msg, je.Message)
	}
	// Expiry is exclusive: equal to the head's time is expired.
	check(sign(mk(uint32(head.Time), dep.ExampleConsumer), nil), "Signature expired")
	high := sign(mk(future, dep.ExampleConsumer), nil)
	high.Sig = high.Sig.HighS()
	check(high, "Invalid signature")
	badV := sign(mk(future, dep.ExampleConsumer), nil)
	badV.Sig.V = 1
	check(badV, "Invalid signature")
	// Signed by the right key for a different owner: getSigner() differs.
	check(sign(mk(future, dep.Coordinator), nil), "Signer mismatch")
	// An owner without code.
	check(sign(mk(future, common.HexToAddress("0xdead")), nil), "Signer mismatch")
}
