package ours

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/coordinator"
)

func TestContainerTopics(t *testing.T) {
	require.Nil(t, containerTopics(nil, 64), "no containers: no filter")
	got := containerTopics([]string{"a", "b"}, 64)
	require.ElementsMatch(t, []common.Hash{codec.ContainerIDHash("a"), codec.ContainerIDHash("b"),
		codec.ContainerIDHash("a,b"), codec.ContainerIDHash("b,a")}, got)
	require.Nil(t, containerTopics([]string{"a", "b", "c"}, 8), "9 hashes exceed 8: no filter")
}

func TestParseLog(t *testing.T) {
	d := New(common.Address{1}, []string{"echo"}, 0)
	id := common.BigToHash(big.NewInt(7))
	tests := []struct {
		name        string
		topics      []common.Hash
		id          uint32
		created, ok bool
	}{
		{"created", []common.Hash{codec.TopicSubscriptionCreated, id, {}, {}}, 7, true, true},
		{"cancelled", []common.Hash{codec.TopicSubscriptionCancelled, id, {}, {}}, 7, false, true},
		{"another event", []common.Hash{codec.TopicComputeDelivered, id, {}, {}}, 0, false, false},
		{"too few topics", []common.Hash{codec.TopicSubscriptionCreated, id}, 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gotID, created, ok := d.ParseLog(types.Log{Topics: tt.topics})
			require.Equal(t, []any{tt.id, tt.created, tt.ok}, []any{gotID, created, ok})
		})
	}
}

func TestReverts(t *testing.T) {
	d := New(common.Address{1}, nil, 0)
	for name, want := range map[string]coordinator.Outcome{
		"NodeAlreadyResponded": coordinator.AlreadyDelivered, "IntervalRedundancyReached": coordinator.Full,
		"SubscriptionIsCancelled": coordinator.Closed, "InvalidSignature": coordinator.Rejected,
		"InsufficientFunds": coordinator.NotPaidNow, "InsufficientAllowance": coordinator.NotPaidNow,
		"ZeroOwner": coordinator.Rejected, "Panic": coordinator.Retry, "NotSubscriptionOwner": coordinator.Retry,
	} {
		require.Equal(t, want, d.Outcome(revertOf(d.Decoder(), name)), name)
	}
}

// revertOf is the decoded revert name, or one with no selector when no ABI
// of the dialect names it.
func revertOf(dec *coordinator.RevertDecoder, name string) error {
	if re := dec.Revert(name); re != nil {
		return re
	}
	return coordinator.Reverted(name)
}
