package main

import (
	"context"
	"flag"
	"io"
	"log/slog"
	"os"

	"github.com/infernode/infernode/signer"
)

// The environment variables of every command that signs (deploy,
// delegate, wallet): one set, the same as the key forms of chain.wallet
// (docs/keys.md). A flag wins over its variable; flags of one form hide
// the environment's others, so an exported key does not clash with a
// --keystore given on the command line.
const (
	envPrivateKey    = "INFERNODE_PRIVATE_KEY"
	envPrivateKeyOld = "PRIVATE_KEY" // the reference tooling's name
	envKeystore      = "INFERNODE_KEYSTORE"
	envPasswordFile  = "INFERNODE_KEYSTORE_PASSWORD_FILE"
	envRemoteSigner  = "INFERNODE_REMOTE_SIGNER"
	envSignerAddress = "INFERNODE_REMOTE_SIGNER_ADDRESS"
)

// signingFlags are the key flags of a command that signs.
type signingFlags struct {
	fs                                 *flag.FlagSet
	privateKey, keystore, passwordFile *string
	remoteSigner, signerAddress        *string
	getenv                             func(string) string
}

// addSigningFlags adds the three key forms' flags to fs; role says whose
// key it is ("sending", "deployer", "signing").
func addSigningFlags(fs *flag.FlagSet, role string) *signingFlags {
	return &signingFlags{
		fs:            fs,
		getenv:        os.Getenv,
		privateKey:    fs.String("private-key", "", role+" key, hex (env "+envPrivateKey+" or "+envPrivateKeyOld+"); never printed"),
		keystore:      fs.String("keystore", "", "instead of --private-key: an encrypted key file (Web3 Secret Storage v3, as geth and wallet new --keystore write; env "+envKeystore+")"),
		passwordFile:  fs.String("password-file", "", "the keystore's password, first line of this file (env "+envPasswordFile+"; else env "+signer.PasswordEnv+")"),
		remoteSigner:  fs.String("remote-signer", "", "instead of a key: a JSON-RPC signer's URL (web3signer eth1, ethsigner; env "+envRemoteSigner+"), with --signer-address"),
		signerAddress: fs.String("signer-address", "", "the account --remote-signer signs for (env "+envSignerAddress+")"),
	}
}

// wallet returns the key form given: by flags when any form's flag is
// set, else by the environment.
func (k *signingFlags) wallet() signer.Wallet {
	w := signer.Wallet{PrivateKey: *k.privateKey, Keystore: *k.keystore, PasswordFile: *k.passwordFile}
	if *k.remoteSigner != "" || *k.signerAddress != "" {
		w.RemoteSigner = &signer.RemoteSigner{URL: *k.remoteSigner, Address: *k.signerAddress}
	}
	if w.KeyForm() != "" {
		return w
	}
	w.PrivateKey = k.getenv(envPrivateKey)
	if w.PrivateKey == "" {
		w.PrivateKey = k.getenv(envPrivateKeyOld)
	}
	if w.Keystore = k.getenv(envKeystore); w.Keystore != "" && w.PasswordFile == "" {
		w.PasswordFile = k.getenv(envPasswordFile)
	}
	if u := k.getenv(envRemoteSigner); u != "" {
		w.RemoteSigner = &signer.RemoteSigner{URL: u, Address: k.getenv(envSignerAddress)}
	}
	return w
}

// given reports whether any key form was given, by flag or environment.
func (k *signingFlags) given() bool { return k.wallet().KeyForm() != "" }

// signer opens the key form given; warnings (a key file others can read)
// go to stderr.
func (k *signingFlags) signer(ctx context.Context, stderr io.Writer) (signer.Signer, error) {
	w := k.wallet()
	if w.CheckForm() != nil {
		return nil, usagef(k.fs, "give exactly one signing key: --private-key, --keystore (with --password-file or %s) or --remote-signer with --signer-address, or their environment variables (docs/keys.md)", signer.PasswordEnv)
	}
	if w.PrivateKey != "" {
		if _, err := signer.ParsePrivateKey(w.PrivateKey); err != nil {
			return nil, usagef(k.fs, "--private-key: %v", err) // the key itself is never echoed
		}
	}
	return signer.Open(ctx, w, signer.Options{
		Getenv: k.getenv, Flags: true,
		Logger: slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
	})
}
