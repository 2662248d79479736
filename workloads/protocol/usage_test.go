package protocol

import (
	"bytes"
	"flag"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestUsageListsEnv: a workload's -h shows its flag and every variable it
// reads, MODEL_MAX_MEMORY_BYTES (every workload's) included.
func TestUsageListsEnv(t *testing.T) {
	fs := flag.NewFlagSet("llm", flag.ContinueOnError)
	var out bytes.Buffer
	fs.SetOutput(&out)
	fs.String("addr", ":3000", "address to listen on")
	Usage(&out, "llm", fs, []Env{{"LLM_MAX_TOKENS", "the most tokens"}})
	for _, want := range []string{"-addr", "LLM_MAX_TOKENS", "the most tokens", "MODEL_MAX_MEMORY_BYTES"} {
		require.Contains(t, out.String(), want)
	}
}
