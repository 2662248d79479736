// Package keyform holds the forms a signing key is given in (chain.wallet,
// the CLI's flags): the one reader of a private key in hex and the
// exactly-one-form check. The configuration validates with it; the signer
// package opens what it describes.
package keyform
