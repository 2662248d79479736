package inetv1abi

import (
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
)

// libraryErrorsABI declares the custom errors the SDK's contracts raise from
// solady library code in assembly, which solc therefore leaves out of their
// ABIs: ECDSA.recover (EIP712Coordinator, on a malformed delegated
// signature) and SafeTransferLib (Wallet, when a native-coin or ERC-20
// transfer fails). The selectors are checked against the SDK's bytecode in
// the tests.
const libraryErrorsABI = `[
 {"type":"error","name":"InvalidSignature","inputs":[]},
 {"type":"error","name":"ETHTransferFailed","inputs":[]},
 {"type":"error","name":"TransferFailed","inputs":[]}
]`

// RevertABIs returns the ABIs whose custom errors a call into the SDK v1
// Coordinator can revert with: the Coordinator's own, the Wallet's and the
// Inbox's (bubbled up through deliverCompute), and the solady library
// errors above. A consumer's rawReceiveCompute may revert with anything; the
// SDK consumer bases' NotCoordinator is the Inbox's selector too.
//
// Pass them to coordinator.NewRevertDecoder to name reverts.
func RevertABIs() []*abi.ABI {
	lib, err := abi.JSON(strings.NewReader(libraryErrorsABI))
	if err != nil {
		panic("inetv1abi: library errors ABI: " + err.Error())
	}
	out := []*abi.ABI{&lib}
	for _, md := range []*bind.MetaData{&EIP712CoordinatorMetaData, &WalletMetaData, &InboxMetaData} {
		parsed, err := md.ParseABI()
		if err != nil {
			panic("inetv1abi: " + md.ID + " ABI: " + err.Error())
		}
		out = append(out, parsed)
	}
	return out
}

// ErrorNames maps each 4-byte selector in RevertABIs to its error name (a
// table for logs and docs; decoding goes through RevertABIs).
func ErrorNames() map[[4]byte]string {
	names := map[[4]byte]string{}
	for _, a := range RevertABIs() {
		for _, e := range a.Errors {
			names[[4]byte(e.ID[:4])] = e.Name
		}
	}
	return names
}

// InvalidSignatureErrorID is the ID of solady ECDSA's InvalidSignature(),
// which the EIP712Coordinator raises on a malformed delegated signature
// (absent from its ABI, so abigen writes no ErrorID for it).
func InvalidSignatureErrorID() common.Hash { return crypto.Keccak256Hash([]byte("InvalidSignature()")) }
