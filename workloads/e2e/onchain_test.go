package e2e_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
	llmsvc "github.com/infernode/infernode/workloads/llm/service"
	onnxsvc "github.com/infernode/infernode/workloads/onnx/service"
	"github.com/infernode/infernode/workloads/protocol"
	tensorsvc "github.com/infernode/infernode/workloads/tensor/service"
)

// TestOnChainThroughExecutor runs each workload with an on-chain-shaped
// request (source 0, destination 0) through the node's executor, the path
// the relay takes, and decodes what the node would deliver: input =
// abi.encode(bytes raw_input, bytes processed_input), output =
// abi.encode(bytes raw_output, bytes processed_output), proof.
func TestOnChainThroughExecutor(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every workload on loopback")
	}
	s := startStack(t)
	var cs []executor.Container
	for id, url := range s.direct {
		cs = append(cs, executor.Container{ID: id, URL: url})
	}
	rt := executor.NewUnmanaged(cs, executor.UnmanagedOptions{})
	ctx := context.Background()
	require.NoError(t, rt.Start(ctx))
	t.Cleanup(func() { _ = rt.Stop(ctx) })
	ex, err := executor.New(executor.Options{Runtime: rt, Containers: cs})
	require.NoError(t, err)

	bytesT, _ := abi.NewType("bytes", "", nil)
	twoBytes := abi.Arguments{{Type: bytesT}, {Type: bytesT}}
	deliver := func(t *testing.T, container string, input []byte, proof bool) (rawOut []byte, proofOut []byte) {
		t.Helper()
		data, _ := json.Marshal(hex.EncodeToString(input))
		res, err := ex.Run(ctx, executor.Input{Containers: []string{container}, Source: job.OnChain, Destination: job.OnChain, Data: data, RequiresProof: proof})
		require.NoError(t, err)
		in, out, pr, err := codec.EncodeOutput(res[len(res)-1].Output)
		require.NoError(t, err)
		gotIn, err := twoBytes.Unpack(in)
		require.NoError(t, err)
		require.Equal(t, input, gotIn[0], "raw_input is the request's bytes")
		require.Empty(t, gotIn[1])
		gotOut, err := twoBytes.Unpack(out)
		require.NoError(t, err)
		require.Empty(t, gotOut[1], "processed_output")
		return gotOut[0].([]byte), pr
	}

	irisT := tensor.FromFloat32([]int{1, 4}, wltest.IrisInput())
	t.Run("echo with proof", func(t *testing.T) {
		in := []byte("hello chain")
		out, proof := deliver(t, "echo", in, true)
		require.Equal(t, in, out)
		require.Equal(t, crypto.Keccak256(in), proof)
	})
	t.Run("onnx", func(t *testing.T) {
		in, err := onnxsvc.EncodeInputABI("local/infernode/iris:iris.onnx", []string{"input"}, []tensor.Tensor{irisT})
		require.NoError(t, err)
		out, proof := deliver(t, "onnx", in, false)
		require.Empty(t, proof)
		outs, err := onnxsvc.DecodeOutputABI(out)
		require.NoError(t, err)
		got, err := outs[0].Tensor.Float32s()
		require.NoError(t, err)
		require.InDeltaSlice(t, onnxGolden, got, 1e-5)
	})
	t.Run("tensor", func(t *testing.T) {
		in, err := tensorsvc.EncodeInputABI("", irisT) // the default model
		require.NoError(t, err)
		out, _ := deliver(t, "tensor", in, false)
		tn, err := protocol.DecodeTensorABI(out)
		require.NoError(t, err)
		got, err := tn.Float32s()
		require.NoError(t, err)
		require.InDeltaSlice(t, torchGolden, got, 1e-5)
	})
	t.Run("llm", func(t *testing.T) {
		out, _ := deliver(t, "llm", llmsvc.EncodeInputABI("PROVIDERA", "m", "2+2?", ""), false)
		text, err := protocol.NewABIDecoder(out).String(0)
		require.NoError(t, err)
		require.Equal(t, "four", text)
	})
}
