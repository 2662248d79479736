package infernetv1

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/coordinator"
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
	for name, want := range map[string]coordinator.Outcome{
		"NodeRespondedAlready": coordinator.AlreadyDelivered, "IntervalCompleted": coordinator.Full,
		"SubscriptionNotActive": coordinator.Closed, "SignerMismatch": coordinator.Rejected,
		"InsufficientAllowance": coordinator.NotPaidNow, "InvalidSignature": coordinator.Rejected, "NodeAlreadyResponded": coordinator.Retry, // our Coordinator's name, not the SDK's
	} {
		require.Equal(t, want, d.Outcome(revertOf(d.Decoder(), name)), name)
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

// revertOf is the decoded revert name, or one with no selector when no ABI
// of the dialect names it.
func revertOf(dec *coordinator.RevertDecoder, name string) error {
	if re := dec.Revert(name); re != nil {
		return re
	}
	return coordinator.Reverted(name)
}
