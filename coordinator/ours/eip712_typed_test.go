package ours_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/coordinator/ours"
)

// TypedData, what a remote signer signs, hashes to the digest the
// Coordinator recovers from.
func TestTypedDataHashesToDigest(t *testing.T) {
	domain := ours.Domain{ChainID: big.NewInt(31337), Coordinator: common.HexToAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3")}
	for _, d := range []ours.DelegateSubscription{
		{}, // nil amounts, empty strings
		{Nonce: 1<<32 - 1, Expiry: 1<<32 - 1, Sub: ours.Subscription{
			Owner: common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"), ActiveAt: 7, Period: 60, Frequency: 3, Redundancy: 1<<16 - 1,
			MaxGasPrice: new(big.Int).SetUint64(1<<48 - 1), MaxGasLimit: 1<<32 - 1, ContainerId: "a,b", Inputs: []byte{0, 1, 2},
			Lazy: true, Verifier: common.HexToAddress("0x01"), PaymentAmount: new(big.Int).Lsh(big.NewInt(1), 255),
			PaymentToken: common.HexToAddress("0x02"), Wallet: common.HexToAddress("0x03")}},
	} {
		h, _, err := apitypes.TypedDataAndHash(d.TypedData(domain))
		require.NoError(t, err)
		require.Equal(t, d.Digest(domain).Bytes(), h)
	}
}
