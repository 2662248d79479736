package relay

import "github.com/ethereum/go-ethereum/crypto"

func crypto4(sig string) []byte { return crypto.Keccak256([]byte(sig))[:4] }
