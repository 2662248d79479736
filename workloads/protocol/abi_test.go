package protocol

import (
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
)

func abiArgs(t *testing.T, types ...string) abi.Arguments {
	t.Helper()
	var args abi.Arguments
	for _, s := range types {
		typ, err := abi.NewType(s, "", nil)
		require.NoError(t, err)
		args = append(args, abi.Argument{Type: typ})
	}
	return args
}

// The hand-written codec must agree byte for byte with go-ethereum's.
func TestABIMatchesGoEthereum(t *testing.T) {
	args := abiArgs(t, "uint8", "uint32[]", "bytes", "string", "string[]", "bytes[]")
	shape := []uint32{1, 4, 0xffffffff}
	values := []byte("0123456789abcdef0123456789abcdef0") // 33 bytes: crosses a word
	names := []string{"input", "", "a longer name that spans more than thirty-two bytes"}
	blobs := [][]byte{{1, 2, 3}, {}, make([]byte, 64)}
	want, err := args.Pack(uint8(13), shape, values, "local/acme/iris:iris.onnx", names, blobs)
	require.NoError(t, err)
	got := ABIEncode(ABIUint(13), ABIUint32s(shape), ABIBytes(values), ABIString("local/acme/iris:iris.onnx"),
		ABIStrings(names), ABIBytesList(blobs))
	require.Equal(t, want, got)

	d := NewABIDecoder(want)
	u, err := d.Uint(0, 255)
	require.NoError(t, err)
	require.EqualValues(t, 13, u)
	s32, err := d.Uint32s(1, 8)
	require.NoError(t, err)
	require.Equal(t, shape, s32)
	b, err := d.Bytes(2)
	require.NoError(t, err)
	require.Equal(t, values, b)
	s, err := d.String(3)
	require.NoError(t, err)
	require.Equal(t, "local/acme/iris:iris.onnx", s)
	ss, err := d.Strings(4, 8)
	require.NoError(t, err)
	require.Equal(t, names, ss)
	bl, err := d.BytesList(5, 8)
	require.NoError(t, err)
	require.Equal(t, blobs, bl)

	_, err = d.Uint32s(1, 2)
	require.ErrorContains(t, err, "more than 2")
	_, err = NewABIDecoder(want[:100]).Bytes(2)
	require.Error(t, err)
}

// The tensor encoding is abi.encode(uint8, uint32[], bytes): go-ethereum
// decodes it.
func TestTensorABIGoEthereum(t *testing.T) {
	tn := tensor.FromFloat32([]int{1, 4}, []float32{1.0380048, 0.5586108, 1.1037828, 1.712096})
	enc, err := EncodeTensorABI(tn)
	require.NoError(t, err)
	out, err := abiArgs(t, "uint8", "uint32[]", "bytes").Unpack(enc)
	require.NoError(t, err)
	require.Equal(t, uint8(1), out[0])
	require.Equal(t, []uint32{1, 4}, out[1])
	require.Equal(t, tn.Bytes(), out[2])
}
