package relay

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/guard"
)

// TestHeldLoggedOncePerOwnerBoundAndDay: a hold by a spending bound is
// logged at the default level once per owner, bound and day, naming the
// key to raise; every hold is counted by bound.
func TestHeldLoggedOncePerOwnerBoundAndDay(t *testing.T) {
	var out bytes.Buffer
	log := slog.New(slog.NewTextHandler(&out, nil)) // the default level: info
	m, err := NewMetrics(prometheus.NewRegistry())
	require.NoError(t, err)
	var h heldLog
	alice, bob := common.HexToAddress("0xa11ce"), common.HexToAddress("0xb0b")
	newOwner := guard.Verdict{Action: guard.Wait, Hold: guard.HoldNewOwnerDay, Bound: "chain.unpaid.new_owner_gas_per_day",
		Reason: "owner's unpaid gas for the day spent (chain.unpaid.new_owner_gas_per_day 5000000: owner first seen less than a day ago)"}
	day0 := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	for i := range 5 { // alice's recurring subscriptions, all held
		h.note(log, m, alice, newOwner, day0.Add(time.Duration(i)*time.Minute))
	}
	h.note(log, m, bob, newOwner, day0)
	h.note(log, m, alice, guard.Verdict{Action: guard.Wait, Reason: "owner backing off after 3 failed deliveries"}, day0) // no bound: neither
	h.note(log, m, alice, newOwner, day0.Add(24*time.Hour))                                                               // the next day
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 3, out.String())
	require.Contains(t, lines[0], "level=WARN")
	require.Contains(t, lines[0], "raise=chain.unpaid.new_owner_gas_per_day")
	require.Contains(t, lines[0], "owner="+strings.ToLower(alice.Hex()))
	require.Contains(t, lines[1], "owner="+strings.ToLower(bob.Hex()))
	require.Equal(t, 7.0, testutil.ToFloat64(m.Held.WithLabelValues(guard.HoldNewOwnerDay)))
}
