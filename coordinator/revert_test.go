package coordinator

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"
)

const testErrorsABI = `[
 {"type":"error","name":"IntervalCompleted","inputs":[]},
 {"type":"error","name":"TooLow","inputs":[{"name":"have","type":"uint256"}]}
]`

func testDecoder(t *testing.T) (*RevertDecoder, abi.ABI) {
	t.Helper()
	a, err := abi.JSON(strings.NewReader(testErrorsABI))
	require.NoError(t, err)
	return NewRevertDecoder(&a, nil), a
}

// dataError is an RPC error carrying revert data, as go-ethereum's rpc
// client returns one from eth_call or eth_estimateGas.
type dataError struct{ data any }

func (e dataError) Error() string  { return "execution reverted" }
func (e dataError) ErrorCode() int { return 3 }
func (e dataError) ErrorData() any { return e.data }

func TestRevertDecode(t *testing.T) {
	dec, a := testDecoder(t)
	tooLow, err := a.Errors["TooLow"].Inputs.Pack(common.Big2)
	require.NoError(t, err)
	completed, low := a.Errors["IntervalCompleted"].ID, a.Errors["TooLow"].ID
	errString, err := (abi.Arguments{{Type: mustType(t, "string")}}).Pack("not enough")
	require.NoError(t, err)
	tests := []struct {
		name     string
		data     []byte
		wantName string
		wantArgs []any
		wantMsg  string
	}{
		{"custom error", completed[:4], "IntervalCompleted", []any{}, "execution reverted: IntervalCompleted"},
		{"custom error with arguments", append(low[:4:4], tooLow...), "TooLow", []any{common.Big2}, "execution reverted: TooLow[2]"},
		{"require string", append([]byte{0x08, 0xc3, 0x79, 0xa0}, errString...), "Error", []any{"not enough"}, "execution reverted: Error[not enough]"},
		{"unknown selector", []byte{1, 2, 3, 4}, "", nil, "execution reverted (data 0x01020304)"},
		{"shorter than a selector", []byte{1, 2}, "", nil, "execution reverted (data 0x0102)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			re := dec.Decode(tt.data)
			require.Equal(t, tt.wantName, re.Name)
			require.Equal(t, tt.wantArgs, re.Args)
			require.Equal(t, tt.wantMsg, re.Error())
			require.Equal(t, tt.data, re.Data)
		})
	}
}

func mustType(t *testing.T, s string) abi.Type {
	t.Helper()
	typ, err := abi.NewType(s, "", nil)
	require.NoError(t, err)
	return typ
}

func TestRevertFromError(t *testing.T) {
	dec, a := testDecoder(t)
	id := a.Errors["IntervalCompleted"].ID
	sel := id[:4]

	err := dec.FromError(fmt.Errorf("estimate: %w", dataError{"0x" + common.Bytes2Hex(sel)}))
	require.True(t, IsRevert(err, "IntervalCompleted"))
	require.ErrorIs(t, err, Reverted("IntervalCompleted"))
	require.ErrorIs(t, err, Reverted(""), "an empty name matches any revert")
	require.NotErrorIs(t, err, Reverted("TooLow"))
	require.Equal(t, "IntervalCompleted", RevertName(err))
	require.Equal(t, Selector(a.Errors["IntervalCompleted"].ID), [4]byte(sel))

	err = dec.FromError(errors.New("execution reverted"))
	require.True(t, IsRevert(err, ""), "a revert without data is still a revert")
	require.Equal(t, "unknown", RevertName(err))

	other := errors.New("connection refused")
	require.Equal(t, other, dec.FromError(other), "not a revert: unchanged")
	require.Empty(t, RevertName(other))
	require.NoError(t, dec.FromError(nil))
}
