package codec_test

import (
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/infernode/infernode/abi/codec"
)

// A requester (or a tool) reading what a node delivered to its callback.
func ExampleDecodeOutput() {
	delivered := codec.EncodePair([]byte("hello chain"), nil) // what a node sends for echo
	out, err := codec.DecodeOutput(delivered)
	if err != nil {
		panic(err)
	}
	fmt.Printf("raw_output=%q processed_output=%d bytes\n", out.Pair.Raw, len(out.Pair.Processed))
	// Output: raw_output="hello chain" processed_output=0 bytes
}

// The last container of an on-chain job returns hex fields; the node
// delivers them ABI-encoded.
func ExampleEncodeOutput() {
	last := json.RawMessage(`{"raw_input":"0x01","processed_input":null,"raw_output":"02","processed_output":"","proof":"0xbeef"}`)
	input, output, proof, err := codec.EncodeOutput(last)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(input), len(output), hex.EncodeToString(proof))

	// Without the five keys, the whole output goes as an ABI string.
	_, output, _, _ = codec.EncodeOutput(json.RawMessage(`{"output": {"x": 1}}`))
	fmt.Println(len(output))
	// Output:
	// 160 160 beef
	// 96
}
