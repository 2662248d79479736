package txm

import (
	"context"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// Signer signs the node's transactions. Every transaction the node sends
// goes through one: an in-memory key, an encrypted keystore or a remote
// signer the node never sees the key of.
type Signer interface {
	// Address is the account the signer signs for.
	Address() common.Address
	// SignTx returns tx signed for chainID (EIP-155 / EIP-1559 rules).
	SignTx(ctx context.Context, tx *types.Transaction, chainID *big.Int) (*types.Transaction, error)
}
