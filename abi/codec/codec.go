// Package codec holds the small encodings around the Coordinator that are
// not a contract binding: the task id, the container-id topic, and the
// SPEC §5 shapes of delivered input/output bytes: the node's encoder
// (EncodeOutput) and the decoders requesters and tools use, side by side,
// and the Coordinator's event topics from its binding.
package codec

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

var (
	bytesT, _   = abi.NewType("bytes", "", nil)
	stringT, _  = abi.NewType("string", "", nil)
	uint256T, _ = abi.NewType("uint256", "", nil)
	addressT, _ = abi.NewType("address", "", nil)
	uint32T, _  = abi.NewType("uint32", "", nil)

	twoBytes  = abi.Arguments{{Type: bytesT}, {Type: bytesT}}
	oneString = abi.Arguments{{Type: stringT}}
	taskArgs  = abi.Arguments{{Type: uint256T}, {Type: addressT}, {Type: uint32T}, {Type: uint32T}}
)

// TaskID is keccak256(abi.encode(chainId, coordinator, subscriptionId,
// interval)): the id the requester's callback receives (SPEC §6).
func TaskID(chainID *big.Int, coordinator common.Address, subscriptionID, interval uint32) common.Hash {
	enc, err := taskArgs.Pack(chainID, coordinator, subscriptionID, interval)
	if err != nil { // only a nil or negative chainID can fail
		panic(fmt.Sprintf("codec: task id: %v", err))
	}
	return crypto.Keccak256Hash(enc)
}

// ContainerIDHash is keccak256(bytes(containerId)), the indexed topic of the
// Coordinator's subscription events: filter on it to find the pipelines a
// node serves.
func ContainerIDHash(containerID string) common.Hash {
	return crypto.Keccak256Hash([]byte(containerID))
}

// Pair is the SPEC §5 encoding of delivered input or output:
// abi.encode(bytes raw, bytes processed).
type Pair struct {
	Raw       []byte
	Processed []byte
}

// EncodePair returns abi.encode(bytes raw, bytes processed).
func EncodePair(raw, processed []byte) []byte {
	out, err := twoBytes.Pack(raw, processed)
	if err != nil { // []byte always packs
		panic(fmt.Sprintf("codec: encode pair: %v", err))
	}
	return out
}

// ErrNotPair: the bytes are not abi.encode(bytes, bytes).
var ErrNotPair = errors.New("not abi.encode(bytes, bytes)")

// DecodePair decodes abi.encode(bytes raw, bytes processed). Returned slices
// are fresh copies.
func DecodePair(b []byte) (Pair, error) {
	vals, err := twoBytes.Unpack(b)
	if err != nil || len(vals) != 2 {
		return Pair{}, fmt.Errorf("%w: %v", ErrNotPair, err)
	}
	raw, ok1 := vals[0].([]byte)
	proc, ok2 := vals[1].([]byte)
	if !ok1 || !ok2 {
		return Pair{}, ErrNotPair
	}
	return Pair{Raw: raw, Processed: proc}, nil
}

// DecodeString decodes abi.encode(string): the output a node delivers when
// the container's reply lacks the on-chain keys (its compact JSON text).
func DecodeString(b []byte) (string, error) {
	vals, err := oneString.Unpack(b)
	if err != nil || len(vals) != 1 {
		return "", fmt.Errorf("not abi.encode(string): %v", err)
	}
	s, ok := vals[0].(string)
	if !ok {
		return "", errors.New("not abi.encode(string)")
	}
	return s, nil
}

// Output is a delivered output decoded either way: Pair when it is
// abi.encode(bytes, bytes), Text when it is abi.encode(string).
type Output struct {
	Pair *Pair
	Text *string
}

// DecodeOutput tries the two SPEC §5 output shapes, the pair first.
func DecodeOutput(b []byte) (Output, error) {
	if p, err := DecodePair(b); err == nil {
		return Output{Pair: &p}, nil
	}
	if s, err := DecodeString(b); err == nil {
		return Output{Text: &s}, nil
	}
	return Output{}, fmt.Errorf("output of %d bytes is neither abi.encode(bytes,bytes) nor abi.encode(string)", len(b))
}
