package infernetv1_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/coordinator/infernetv1"
)

// TypedData, what a remote signer signs, hashes to the digest the SDK's
// EIP712Coordinator recovers from.
func TestTypedDataHashesToDigest(t *testing.T) {
	domain := infernetv1.Domain{ChainID: big.NewInt(31337), Coordinator: common.HexToAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3")}
	for _, d := range []infernetv1.DelegateSubscription{
		{},
		{Nonce: 1<<32 - 1, Expiry: 9, Sub: infernetv1.Subscription{
			Owner: common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"), ActiveAt: 7, Period: 60, Frequency: 3, Redundancy: 2,
			ContainerId: infernetv1.ContainerID("a", "b"), Lazy: true, Verifier: common.HexToAddress("0x01"),
			PaymentAmount: big.NewInt(1e18), PaymentToken: common.HexToAddress("0x02"), Wallet: common.HexToAddress("0x03")}},
	} {
		h, _, err := apitypes.TypedDataAndHash(d.TypedData(domain))
		require.NoError(t, err)
		require.Equal(t, d.Digest(domain).Bytes(), h)
	}
}
