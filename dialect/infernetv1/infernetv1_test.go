package infernetv1

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/dialect"
)

func TestContainerLookup(t *testing.T) {
	got := containerLookup([]string{"a", "b"}, 100)
	require.Equal(t, map[common.Hash]string{
		ContainerID("a"): "a", ContainerID("b"): "b", ContainerID("a", "b"): "a,b", ContainerID("b", "a"): "b,a",
	}, got, "every ordering of every subset")
	require.Len(t, containerLookup([]string{"a", "b", "c"}, 3), 3, "bounded: singles first")
}

func TestReverts(t *testing.T) {
	d := New(Addresses{}, Options{})
	for name, want := range map[string]dialect.Outcome{
		"NodeRespondedAlready": dialect.AlreadyDelivered, "IntervalCompleted": dialect.Full,
		"SubscriptionNotActive": dialect.Closed, "SignerMismatch": dialect.Rejected,
		"InsufficientAllowance": dialect.NotPaidNow, "NodeAlreadyResponded": dialect.Retry, // our Coordinator's name, not the SDK's
	} {
		require.Equal(t, want, d.Outcome(coordinator.Reverted(name)), name)
	}
}

func TestDecodeDelegatedUnknownPipeline(t *testing.T) {
	d := New(Addresses{}, Options{Containers: []string{"echo"}})
	body := []byte(`{"subscription":{"owner":"0x0000000000000000000000000000000000000001","active_at":0,"period":0,"frequency":1,"redundancy":1,
		"containers":"` + ContainerID("other").Hex() + `","lazy":false,"verifier":"0x0000000000000000000000000000000000000000",
		"payment_amount":0,"payment_token":"0x0000000000000000000000000000000000000000","wallet":"0x0000000000000000000000000000000000000000"},
		"signature":{"nonce":1,"expiry":2,"v":27,"r":"0x01","s":"0x01"},"data":{}}`)
	_, err := d.DecodeDelegated(body)
	require.ErrorContains(t, err, "is not the containerId of a pipeline this node serves")
}
