// Package inetv1abi holds the Go bindings (abigen v2) of the Infernet SDK v1
// contracts that existing Infernet consumers use: Registry,
// EIP712Coordinator, Inbox, Reader, ProtocolFee (the SDK's Fee contract),
// WalletFactory and Wallet. The first six are bound from the SDK authors' ABI
// and bytecode (contracts/infernetv1/artifacts); the Wallet, which only the
// WalletFactory creates, from an ABI written from the SDK's source
// (contracts/infernetv1/wallet.abi.json). contracts/build.sh regenerates
// inetv1abi.go; errors.go is hand-written.
package inetv1abi
