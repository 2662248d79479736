package keyform

import (
	"errors"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// Wallet is the key chain.wallet names: exactly one of PrivateKey,
// Keystore (with PasswordFile or INFERNODE_KEYSTORE_PASSWORD) or RemoteSigner.
type Wallet struct {
	PrivateKey   string
	Keystore     string
	PasswordFile string
	RemoteSigner *RemoteSigner
}

// RemoteSigner is a JSON-RPC signer's URL and the account it holds;
// Timeout is each call's deadline (0: 5s).
type RemoteSigner struct {
	URL, Address string
	Timeout      time.Duration
}

// KeyForm names the form chain.wallet's key takes: "private_key",
// "keystore", "remote_signer", or "" when none is set.
func (w Wallet) KeyForm() string {
	switch {
	case w.PrivateKey != "":
		return "private_key"
	case w.Keystore != "":
		return "keystore"
	case w.RemoteSigner != nil:
		return "remote_signer"
	}
	return ""
}

// CheckForm reports an error unless exactly one key form is set, with
// what it needs.
func (w Wallet) CheckForm() error {
	n := 0
	for _, set := range []bool{w.PrivateKey != "", w.Keystore != "", w.RemoteSigner != nil} {
		if set {
			n++
		}
	}
	switch {
	case n == 0:
		return errors.New("no signing key: set exactly one of private_key (64 hex digits), keystore (an encrypted key file, with password_file or INFERNODE_KEYSTORE_PASSWORD) or remote_signer ({url, address})")
	case n > 1:
		return errors.New("more than one signing key: keep exactly one of private_key, keystore and remote_signer")
	case w.PasswordFile != "" && w.Keystore == "":
		return errors.New("password_file is set without keystore; it is the keystore's password: set keystore too, or remove it")
	case w.RemoteSigner != nil && w.RemoteSigner.URL == "":
		return errors.New("remote_signer.url is required: the signer's JSON-RPC URL, e.g. http://127.0.0.1:9000")
	case w.RemoteSigner != nil && !common.IsHexAddress(w.RemoteSigner.Address):
		return errors.New("remote_signer.address is required: the account the signer holds (0x followed by 40 hex digits)")
	}
	return nil
}
