package eip712_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/eip712"
)

// TestDomainSeparatorMatchesGoEthereum holds the separator to
// go-ethereum's generic typed-data hasher.
func TestDomainSeparatorMatchesGoEthereum(t *testing.T) {
	verifying := common.HexToAddress("0x2E983A1Ba5e8b38AAAeC4B440B9dDcFBf72E15d1")
	td := apitypes.TypedData{
		Types: apitypes.Types{"EIP712Domain": {
			{Name: "name", Type: "string"}, {Name: "version", Type: "string"},
			{Name: "chainId", Type: "uint256"}, {Name: "verifyingContract", Type: "address"},
		}},
		Domain: apitypes.TypedDataDomain{Name: "InfernetCoordinator", Version: "1", ChainId: (*math.HexOrDecimal256)(big.NewInt(31337)), VerifyingContract: verifying.Hex()},
	}
	want, err := td.HashStruct("EIP712Domain", td.Domain.Map())
	require.NoError(t, err)
	require.Equal(t, common.BytesToHash(want), eip712.DomainSeparator("InfernetCoordinator", "1", big.NewInt(31337), verifying))
}

func TestSignRecover(t *testing.T) {
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	digest := eip712.Digest(common.HexToHash("0x01"), common.HexToHash("0x02"))
	sig, err := eip712.Sign(digest, key)
	require.NoError(t, err)
	require.Contains(t, []uint8{27, 28}, sig.V)
	got, err := eip712.Recover(digest, sig)
	require.NoError(t, err)
	require.Equal(t, crypto.PubkeyToAddress(key.PublicKey), got)

	_, err = eip712.Recover(digest, sig.HighS())
	require.ErrorIs(t, err, eip712.ErrHighS)
	bad := sig
	bad.V = 1
	_, err = eip712.Recover(digest, bad)
	require.ErrorIs(t, err, eip712.ErrInvalidV)
	bad = sig
	bad.R = [32]byte{}
	_, err = eip712.Recover(digest, bad)
	require.ErrorIs(t, err, eip712.ErrInvalidSignature)
}
