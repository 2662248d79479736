package executor_test

import (
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/config"
)

// The last container of an on-chain job returns hex fields; the node
// delivers them ABI-encoded.
func ExampleOnchainOutput() {
	last := json.RawMessage(`{"raw_input":"0x01","processed_input":null,"raw_output":"02","processed_output":"","proof":"0xbeef"}`)
	input, output, proof, err := executor.OnchainOutput(last)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(input), len(output), hex.EncodeToString(proof))

	// Without the five keys, the whole output goes as an ABI string.
	_, output, _, _ = executor.OnchainOutput(json.RawMessage(`{"output": {"x": 1}}`))
	fmt.Println(len(output))
	// Output:
	// 160 160 beef
	// 96
}

// The guardian answers with the SPEC §4 rejection for an off-chain job.
func ExampleGuardian_CheckOffchain() {
	g := executor.NewGuardian([]config.Container{
		{ID: "echo", External: true, AllowedIPs: []string{"10.0.0.0/8", "::1"}},
		{ID: "post"},
	})
	fmt.Println(g.CheckOffchain("10.1.2.3", []string{"echo", "post"}, false))
	fmt.Println(g.CheckOffchain("192.0.2.1", []string{"echo"}, false))
	fmt.Println(g.CheckOffchain("::1", []string{"post"}, false))
	// Output:
	// <nil>
	// Container not allowed for address map[address:192.0.2.1 container:echo]
	// First container must be external map[first_container:post]
}
