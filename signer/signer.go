// Package signer produces the node's Signer from its configuration
// (chain.wallet, docs/keys.md): a private key held in memory, an encrypted
// keystore (Web3 Secret Storage v3, go-ethereum's format) unlocked at start,
// or a remote signer speaking JSON-RPC (web3signer's eth1 API, ethsigner)
// that never shows the node its key. Every command that signs (serve,
// deploy, delegate, wallet) gets its Signer here.
//
// No key or password ever leaves this package in a log line, an error or
// a value with a String method.
package signer

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/infernode/infernode/internal/keyform"
)

// Signer signs the node's transactions and EIP-712 typed data. Its method
// set includes the transaction manager's Signer seam.
type Signer interface {
	// Address is the account the signer signs for.
	Address() common.Address
	// SignTx returns tx signed for chainID (EIP-155 / EIP-1559 rules).
	SignTx(ctx context.Context, tx *types.Transaction, chainID *big.Int) (*types.Transaction, error)
	// SignTypedData signs EIP-712 typed data and returns the 65-byte
	// signature [R || S || V] with V 27 or 28.
	SignTypedData(ctx context.Context, data apitypes.TypedData) ([]byte, error)
}

// PasswordEnv is the environment variable a keystore's password is read
// from when chain.wallet.password_file is not set.
const PasswordEnv = "INFERNODE_KEYSTORE_PASSWORD"

// Options are what Open needs besides the wallet section.
type Options struct {
	// Getenv reads the environment (default os.Getenv).
	Getenv func(string) string
	// Unsetenv removes a variable from the environment once its secret is
	// read (default os.Unsetenv when Getenv is defaulted, else nothing): the
	// keystore password does not stay in the process's environment, where
	// child processes and later reads of it would find it.
	Unsetenv func(string) error
	// Logger receives the warnings about files others can read (default:
	// discarded).
	Logger *slog.Logger
	// HTTPClient is the remote signer's client (default: a plain one; each
	// call has its own deadline).
	HTTPClient *http.Client
	// Flags names the CLI's flags (--keystore) in errors instead of the
	// configuration's paths (chain.wallet.keystore).
	Flags bool
}

// path names a key form's field in errors.
func (o Options) path(field string) string {
	if o.Flags {
		return "--" + strings.ReplaceAll(field, "_", "-")
	}
	return "chain.wallet." + field
}

// Open returns the Signer chain.wallet describes: exactly one of
// private_key, keystore (with password_file or INFERNODE_KEYSTORE_PASSWORD)
// or remote_signer. A remote signer is asked to sign once before it is
// accepted, so one that answers for another address is refused here.
func Open(ctx context.Context, w Wallet, o Options) (Signer, error) {
	if o.Getenv == nil {
		o.Getenv = os.Getenv
		if o.Unsetenv == nil {
			o.Unsetenv = os.Unsetenv
		}
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if err := w.CheckForm(); err != nil { // the CLI checks its flags first, in its words
		return nil, fmt.Errorf("chain.wallet: %w", err)
	}
	switch {
	case w.PrivateKey != "":
		key, err := ParsePrivateKey(w.PrivateKey)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", o.path("private_key"), err)
		}
		return NewKey(key), nil
	case w.Keystore != "":
		WarnIfShared(o.Logger, w.Keystore, "keystore")
		pass, err := passwordBytes(w.PasswordFile, o.Getenv, o.Logger)
		if w.PasswordFile == "" && o.Unsetenv != nil {
			_ = o.Unsetenv(PasswordEnv)
		}
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", o.path("keystore"), w.Keystore, err)
		}
		ks, err := openKeystore(w.Keystore, pass)
		clear(pass) // the password is not needed once the key is out
		if err != nil {
			return nil, fmt.Errorf("%s: %w", o.path("keystore"), err)
		}
		return ks, nil
	default:
		rs := w.RemoteSigner
		r, err := NewRemote(RemoteOptions{URL: rs.URL, Address: common.HexToAddress(rs.Address), Timeout: rs.Timeout, Client: o.HTTPClient})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", o.path("remote_signer"), err)
		}
		if err := r.Check(ctx); err != nil {
			return nil, fmt.Errorf("%s: %w", o.path("remote_signer"), err)
		}
		return r, nil
	}
}

// Password returns a keystore's password: the first line of file when set
// (a trailing newline is not part of it), else the environment variable
// INFERNODE_KEYSTORE_PASSWORD. Neither set is an error that says so.
func Password(file string, getenv func(string) string, log *slog.Logger) (string, error) {
	b, err := passwordBytes(file, getenv, log)
	return string(b), err
}

// passwordBytes is Password in a buffer of its own, which the caller
// clears once the key is decrypted (a string cannot be).
func passwordBytes(file string, getenv func(string) string, log *slog.Logger) ([]byte, error) {
	if file != "" {
		WarnIfShared(log, file, "password file")
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("read the password file: %w", err)
		}
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line = b[:i]
			clear(b[i:])
		}
		return bytes.TrimSuffix(line, []byte("\r")), nil
	}
	if p := getenv(PasswordEnv); p != "" {
		return []byte(p), nil
	}
	return nil, fmt.Errorf("no password: set password_file (--password-file: a file holding the keystore's password) or the environment variable %s", PasswordEnv)
}

// WarnIfShared logs a warning when the file at path is readable or
// writable by its group or others: it holds a secret (what says which).
func WarnIfShared(log *slog.Logger, path, what string) {
	if log == nil {
		return
	}
	if msg := SharedFile(path, what); msg != "" {
		log.Warn(msg)
	}
}

// SharedFile returns a warning naming path when group or others may read
// or write it, else "". What says what the file holds.
func SharedFile(path, what string) string {
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm()&0o077 == 0 {
		return ""
	}
	return fmt.Sprintf("%s %s is accessible by group or others (mode %04o); it holds a secret: chmod 600 %s", what, path, fi.Mode().Perm(), path)
}

// errWrongSigner: a signature recovered to another account than the one
// configured.
var errWrongSigner = errors.New("signed by another account")

// defaultTimeout is a remote signer call's deadline when none is set.
const defaultTimeout = 5 * time.Second

// Wallet is the key form Open takes (keyform.Wallet): exactly one of
// PrivateKey, Keystore (with PasswordFile or PasswordEnv) or RemoteSigner.
type Wallet = keyform.Wallet

// RemoteSigner is a JSON-RPC signer's URL and the account it holds.
type RemoteSigner = keyform.RemoteSigner

// ParsePrivateKey reads a secp256k1 private key in hex (keyform.ParsePrivateKey).
func ParsePrivateKey(s string) (*ecdsa.PrivateKey, error) { return keyform.ParsePrivateKey(s) }
