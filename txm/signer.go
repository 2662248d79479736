package txm

import (
	"context"
	"crypto/ecdsa"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
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

// KeySigner signs with a private key held in memory.
type KeySigner struct {
	key  *ecdsa.PrivateKey
	addr common.Address
}

var _ Signer = (*KeySigner)(nil)

// NewKeySigner returns a Signer for key.
func NewKeySigner(key *ecdsa.PrivateKey) *KeySigner {
	return &KeySigner{key: key, addr: crypto.PubkeyToAddress(key.PublicKey)}
}

// Address implements Signer.
func (k *KeySigner) Address() common.Address { return k.addr }

// SignTx implements Signer.
func (k *KeySigner) SignTx(_ context.Context, tx *types.Transaction, chainID *big.Int) (*types.Transaction, error) {
	return types.SignTx(tx, types.LatestSignerForChainID(chainID), k.key)
}
