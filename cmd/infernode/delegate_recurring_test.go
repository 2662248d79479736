package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/contracts"
)

// TestDelegateRecurringWithoutActiveAt posts, as a contract developer
// would, a recurring delegated subscription without --active-at to `infernode
// dev`: 0 means now, so every interval is delivered. One that can never be
// delivered (its intervals long over) is refused with a 400 that says why,
// before the node answers.
func TestDelegateRecurringWithoutActiveAt(t *testing.T) {
	t.Setenv("PATH", "")
	t.Setenv("INFERNODE_GETH", "")
	t.Setenv("INFERNODE_ANVIL", "")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var dep contracts.Deployment
	d := startDevCLI(t, ctx, &dep, "--rest-port", "0", "--rpc-port", "0")
	defer d.shutdown(t)
	banner := d.stdout.String()
	rpcURL, restURL, key := field(t, banner, "chain", 0), field(t, banner, "node REST", 0), field(t, banner, "(0)", 1)
	delegate := func(extra ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		args := append([]string{"delegate", "--url", restURL, "--rpc", rpcURL, "--coordinator", dep.Coordinator.Hex(),
			"--owner", dep.ExampleConsumer.Hex(), "--containers", "echo", "--private-key", key}, extra...)
		code := run(ctx, args, &out, &errOut)
		return code, out.String(), errOut.String()
	}

	// Six-second intervals leave a busy machine's relay a few blocks each.
	const frequency = 3
	code, out, errOut := delegate("--frequency", fmt.Sprint(frequency), "--period", "6", "--wait")
	require.Equal(t, 0, code, "delegate: %s\nnode log:\n%s", errOut, tail(d.stderr.String(), 4000))
	var posted struct {
		SubscriptionID uint32 `json:"subscription_id"`
		Subscription   struct {
			ActiveAt uint32 `json:"active_at"`
		} `json:"subscription"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &posted))
	require.NotZero(t, posted.Subscription.ActiveAt, "0 was replaced by the chain's time")
	require.Eventually(t, func() bool {
		var dout, derr bytes.Buffer
		if run(ctx, []string{"deliveries", "--rpc", rpcURL, "--coordinator", dep.Coordinator.Hex(), "--id", fmt.Sprint(posted.SubscriptionID)}, &dout, &derr) != 0 {
			return false
		}
		var delivs []delivery
		return json.Unmarshal(dout.Bytes(), &delivs) == nil && len(delivs) == frequency
	}, 90*time.Second, 500*time.Millisecond, "every interval delivered; node log:\n%s", tail(d.stderr.String(), 4000))

	// Intervals counted from 1970 ended long ago: a 400 naming why.
	code, _, errOut = delegate("--frequency", "3", "--period", "3", "--active-at", "1")
	require.NotEqual(t, 0, code)
	require.Contains(t, errOut, "can never be delivered")
	require.Contains(t, errOut, "active_at")
}
