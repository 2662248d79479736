package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/contracts/infernetv1"
)

// TestDevInfernetV1TryIt runs every "Try it" command `infernode dev
// --infernet-v1` prints, as a contract developer would paste them: an
// off-chain job, `dev request --wait` through the SDK's example consumer,
// `deliveries` read from the SDK Coordinator, and a delegated subscription.
func TestDevInfernetV1TryIt(t *testing.T) {
	t.Setenv("PATH", "")
	t.Setenv("INFERNODE_GETH", "")
	t.Setenv("INFERNODE_ANVIL", "")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var dep infernetv1.Deployment
	d := startDevCLI(t, ctx, &dep, "--infernet-v1", "--rest-port", "0", "--rpc-port", "0")
	defer d.shutdown(t)
	cmds := tryItCommands(t, d.stdout.String())
	require.Len(t, cmds, 4, "job, dev request, deliveries, delegate")

	var subID uint32
	for _, args := range cmds {
		for i, a := range args {
			if a == "<subscription_id>" {
				require.NotZero(t, subID, "dev request printed the id before deliveries needs it")
				args[i] = fmt.Sprint(subID)
			}
		}
		var out, errOut bytes.Buffer
		code := run(ctx, args, &out, &errOut)
		require.Equal(t, 0, code, "%s: %s\nnode log:\n%s", strings.Join(args, " "), errOut.String(), tail(d.stderr.String(), 4000))
		switch strings.Join(args[:min(2, len(args))], " ") {
		case "dev request":
			var res devRequestResult
			require.NoError(t, json.Unmarshal(out.Bytes(), &res))
			require.Equal(t, "hello chain", res.RawOutput, "the node's delivery, read from the SDK consumer")
			require.Equal(t, dialectInfernetV1, res.Dialect)
			subID = res.SubscriptionID
		case "deliveries --rpc":
			var delivs []delivery
			require.NoError(t, json.Unmarshal(out.Bytes(), &delivs))
			require.Len(t, delivs, 1)
			require.Equal(t, uint32(1), delivs[0].Interval)
			require.NotZero(t, delivs[0].Node)
		case "delegate --registry":
			require.Contains(t, out.String(), `"subscription_id"`)
		}
	}
}

// tryItCommands returns the commands of a banner's "Try it:" section,
// split as a shell would (single quotes), without the program name.
func tryItCommands(t *testing.T, banner string) [][]string {
	t.Helper()
	_, section, ok := strings.Cut(banner, "\nTry it:\n")
	require.True(t, ok, "no Try it section:\n%s", banner)
	section, _, _ = strings.Cut(section, "\n\n")
	var cmds [][]string
	for _, line := range strings.Split(section, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		words := shellWords(t, "Try it", line)
		require.Len(t, words, 1, "one command per line: %s", line)
		cmds = append(cmds, words[0][1:])
	}
	return cmds
}
