// Package testnet starts local Ethereum chains for tests and for
// `infernode dev`:
//
//   - StartGeth runs geth in dev mode (--dev) as a real process,
//   - StartAnvil runs anvil as a real process,
//   - StartEmbedded runs a go-ethereum dev chain inside this process (no
//     external program), serving JSON-RPC on 127.0.0.1.
//
// Every chain listens on 127.0.0.1 only, exposes pre-funded keys and is
// stopped with Stop. External binaries are found via INFERNODE_GETH /
// INFERNODE_ANVIL, then <repo>/.tools/bin/, then PATH; a missing one is an
// error that says to run `make tools`.
package testnet
