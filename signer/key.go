package signer

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"os"
	"unsafe"

	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// KeySigner signs with a private key held in memory: chain.wallet's
// private_key, or a keystore once unlocked.
type KeySigner struct {
	key  *ecdsa.PrivateKey
	addr common.Address
}

var _ Signer = (*KeySigner)(nil)

// NewKey returns a Signer for key.
func NewKey(key *ecdsa.PrivateKey) *KeySigner {
	return &KeySigner{key: key, addr: crypto.PubkeyToAddress(key.PublicKey)}
}

// Address implements Signer.
func (k *KeySigner) Address() common.Address { return k.addr }

// SignTx implements Signer.
func (k *KeySigner) SignTx(_ context.Context, tx *types.Transaction, chainID *big.Int) (*types.Transaction, error) {
	return types.SignTx(tx, types.LatestSignerForChainID(chainID), k.key)
}

// SignTypedData implements Signer.
func (k *KeySigner) SignTypedData(_ context.Context, data apitypes.TypedData) ([]byte, error) {
	digest, _, err := apitypes.TypedDataAndHash(data)
	if err != nil {
		return nil, fmt.Errorf("hash typed data: %w", err)
	}
	sig, err := crypto.Sign(digest, k.key) // low s, V in {0,1}
	if err != nil {
		return nil, fmt.Errorf("sign typed data: %w", err)
	}
	sig[64] += 27
	return sig, nil
}

// OpenKeystore decrypts the Web3 Secret Storage v3 file at path with
// password. A wrong password is an error that names the file and never
// the password.
func OpenKeystore(path, password string) (*KeySigner, error) {
	return openKeystore(path, []byte(password))
}

// openKeystore is OpenKeystore with the password in a buffer the caller
// owns and clears: the decryption reads it through a string view of that
// buffer, so no copy of the password is left behind to outlive it.
func openKeystore(path string, password []byte) (*KeySigner, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("keystore %s: %w", path, err)
	}
	k, err := keystore.DecryptKey(b, unsafe.String(unsafe.SliceData(password), len(password)))
	if err != nil {
		if errors.Is(err, keystore.ErrDecrypt) {
			return nil, fmt.Errorf("keystore %s: wrong password (from password_file or %s): %w", path, PasswordEnv, err)
		}
		return nil, fmt.Errorf("keystore %s: not a Web3 Secret Storage v3 file (as geth and `infernode wallet new --keystore` write): %w", path, err)
	}
	return NewKey(k.PrivateKey), nil
}
