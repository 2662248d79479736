package keyform

import (
	"crypto/ecdsa"
	"errors"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"
)

// ParsePrivateKey is the one reader of a secp256k1 private key in hex, for
// the configuration (chain.wallet.private_key), the chain start and every
// CLI flag: surrounding space is ignored, a 0x or 0X prefix is optional,
// then exactly 64 hex digits of a valid key. The error never repeats the
// input (it is a secret).
func ParsePrivateKey(s string) (*ecdsa.PrivateKey, error) {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s = s[2:]
	}
	if len(s) != 64 {
		return nil, fmt.Errorf("want 64 hex digits (0x optional), got %d characters", len(s))
	}
	key, err := crypto.HexToECDSA(s)
	if err != nil {
		return nil, errors.New("not a valid secp256k1 private key in hex")
	}
	return key, nil
}
