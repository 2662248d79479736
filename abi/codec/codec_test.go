package codec_test

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/codec"
)

func TestTaskIDGolden(t *testing.T) {
	// keccak256(abi.encode(uint256 1337, address 0x..01, uint32 7, uint32 3)).
	// The contracts tests check codec.TaskID against Coordinator.taskId on chain.
	got := codec.TaskID(big.NewInt(1337), common.HexToAddress("0x0000000000000000000000000000000000000001"), 7, 3)
	require.Equal(t, common.HexToHash("0x01d3a639e43e4e2ceb00035e47534ec6b0fd5215042d8e022f8cf3158b350322"), got)
	require.NotEqual(t, got, codec.TaskID(big.NewInt(1337), common.HexToAddress("0x0000000000000000000000000000000000000001"), 7, 4))
}

func TestPairRoundTrip(t *testing.T) {
	cases := []struct{ raw, proc []byte }{
		{nil, nil}, {[]byte("hello"), nil}, {[]byte("a"), bytes.Repeat([]byte{0xff}, 100)},
	}
	for _, tc := range cases {
		enc := codec.EncodePair(tc.raw, tc.proc)
		p, err := codec.DecodePair(enc)
		require.NoError(t, err)
		require.Equal(t, string(tc.raw), string(p.Raw))
		require.Equal(t, string(tc.proc), string(p.Processed))
		out, err := codec.DecodeOutput(enc)
		require.NoError(t, err)
		require.NotNil(t, out.Pair)
	}
}

func TestDecodeOutputString(t *testing.T) {
	// abi.encode(string "{\"a\":1}")
	enc := hexutil.MustDecode("0x0000000000000000000000000000000000000000000000000000000000000020" +
		"0000000000000000000000000000000000000000000000000000000000000007" +
		"7b2261223a317d00000000000000000000000000000000000000000000000000")
	out, err := codec.DecodeOutput(enc)
	require.NoError(t, err)
	require.NotNil(t, out.Text)
	require.Equal(t, `{"a":1}`, *out.Text)
	_, err = codec.DecodeOutput([]byte{1, 2, 3})
	require.Error(t, err)
	_, err = codec.DecodePair(nil)
	require.ErrorIs(t, err, codec.ErrNotPair)
}

func TestContainerIDHash(t *testing.T) {
	require.Equal(t, common.HexToHash("0x30aac30d8e1f24996aaf406e85b7281051192346b2dcbea9be2461c29b1bc590"), codec.ContainerIDHash("echo"))
	require.NotEqual(t, codec.ContainerIDHash("echo"), codec.ContainerIDHash("echo,upper"))
}

// FuzzDecodeOutput: delivered bytes come from outside; decoding must never panic.
func FuzzDecodeOutput(f *testing.F) {
	f.Add(codec.EncodePair([]byte("x"), []byte("y")))
	f.Add([]byte{})
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Fuzz(func(t *testing.T, b []byte) {
		out, err := codec.DecodeOutput(b)
		if err == nil && out.Pair != nil {
			// A decodable pair re-encodes to a decodable pair with the same content.
			p2, err := codec.DecodePair(codec.EncodePair(out.Pair.Raw, out.Pair.Processed))
			if err != nil || !bytes.Equal(p2.Raw, out.Pair.Raw) || !bytes.Equal(p2.Processed, out.Pair.Processed) {
				t.Fatalf("pair does not round-trip")
			}
		}
	})
}

// The topics from the binding are the keccak256 of the events' canonical
// signatures.
func TestTopics(t *testing.T) {
	for _, tc := range []struct {
		got common.Hash
		sig string
	}{
		{codec.TopicSubscriptionCreated, "SubscriptionCreated(uint32,bytes32,address)"},
		{codec.TopicSubscriptionCancelled, "SubscriptionCancelled(uint32,bytes32,address)"},
		{codec.TopicComputeDelivered, "ComputeDelivered(uint32,uint32,address,bytes32)"},
		{codec.TopicCallbackFailed, "CallbackFailed(uint32,uint32,address,bytes32)"},
	} {
		require.Equal(t, crypto.Keccak256Hash([]byte(tc.sig)), tc.got, tc.sig)
	}
}
