package codec_test

import (
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
