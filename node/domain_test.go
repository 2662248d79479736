package node

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/txm"
)

// TestGuardDefaultsAreTheConfiguration's: guard's own defaults (a zero
// Limits field) are the configuration's defaults of the same keys.
func TestGuardDefaultsAreTheConfigurations(t *testing.T) {
	require.Equal(t, uint64(config.DefaultUnpaidMaxGas), uint64(guard.DefaultUnpaidMaxGas))
	require.Equal(t, uint64(config.DefaultOwnerGasPerDay), uint64(guard.DefaultOwnerGasPerDay))
	require.Equal(t, int(config.DefaultMaxInputBytes), int(guard.DefaultMaxInputBytes))
	require.Equal(t, config.DefaultIntervalDeadline.D(), guard.DefaultIntervalDeadline)
	require.Equal(t, config.DefaultDelegatedMaxHorizon.D(), guard.DefaultDelegatedMaxHorizon)
	require.Equal(t, int(config.DefaultDelegatedMaxPending), int(guard.DefaultDelegatedMaxPending))
	require.Equal(t, int(config.DefaultMaxPendingPerOwner), int(guard.DefaultMaxPendingPerOwner))
	require.Equal(t, config.DefaultDelegatedRetention.D(), guard.DefaultDelegatedRetention)
	require.Equal(t, config.DefaultChainRetention.D(), guard.DefaultRetention)
	require.Equal(t, config.DefaultChainRetention.D(), txm.DefaultRetention)
	require.Equal(t, config.DefaultContainerTimeout.D(), executor.DefaultTimeout)
}
