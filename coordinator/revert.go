package coordinator

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/rpc"
)

// RevertError is a call or transaction that reverted, decoded by its 4-byte
// selector against the contract's custom errors. Name is the Solidity error
// name ("IntervalCompleted", "Error" for require strings, "Panic", or "" when
// the selector is unknown); Args are its decoded arguments.
type RevertError struct {
	Name     string
	Args     []any
	Selector [4]byte
	Data     []byte
}

func (e *RevertError) Error() string {
	if e.Name == "" {
		return fmt.Sprintf("execution reverted (data %s)", hexutil.Encode(e.Data))
	}
	if len(e.Args) == 0 {
		return "execution reverted: " + e.Name
	}
	return fmt.Sprintf("execution reverted: %s%v", e.Name, e.Args)
}

// Is makes errors.Is(err, &RevertError{Name: "X"}) match any revert named X
// (and a target with an empty Name match any revert).
func (e *RevertError) Is(target error) bool {
	t, ok := target.(*RevertError)
	if !ok {
		return false
	}
	return t.Name == "" || t.Name == e.Name
}

// Reverted returns a sentinel that matches, through errors.Is, a decoded
// revert with the given custom error name.
func Reverted(name string) error { return &RevertError{Name: name} }

// IsRevert reports whether err is a decoded revert named name ("" = any).
func IsRevert(err error, name string) bool {
	var re *RevertError
	return errors.As(err, &re) && (name == "" || re.Name == name)
}

// RevertName returns the decoded revert name of err, or "" if err is not a
// revert.
func RevertName(err error) string {
	var re *RevertError
	if errors.As(err, &re) {
		if re.Name == "" {
			return "unknown"
		}
		return re.Name
	}
	return ""
}

// RevertDecoder maps selectors to the custom errors of one or more ABIs.
// It is immutable after construction and safe for concurrent use.
type RevertDecoder struct {
	errs map[[4]byte]abi.Error
}

// NewRevertDecoder collects the custom errors of the given ABIs.
func NewRevertDecoder(abis ...*abi.ABI) *RevertDecoder {
	d := &RevertDecoder{errs: map[[4]byte]abi.Error{}}
	for _, a := range abis {
		if a == nil {
			continue
		}
		for _, e := range a.Errors {
			var sel [4]byte
			copy(sel[:], e.ID[:4])
			d.errs[sel] = e
		}
	}
	return d
}

// Revert is the decoded revert of the custom error name with zero
// arguments, as a call reverting with it would give (tests and docs build
// reverts with it); nil when no ABI of d names it.
func (d *RevertDecoder) Revert(name string) *RevertError {
	for sel, e := range d.errs {
		if e.Name == name {
			return d.Decode(append(sel[:], make([]byte, 32*len(e.Inputs))...))
		}
	}
	return nil
}

var (
	selError = [4]byte{0x08, 0xc3, 0x79, 0xa0} // Error(string)
	selPanic = [4]byte{0x4e, 0x48, 0x7b, 0x71} // Panic(uint256)
)

// Decode turns revert data into a *RevertError.
func (d *RevertDecoder) Decode(data []byte) *RevertError {
	re := &RevertError{Data: bytes.Clone(data)}
	if len(data) < 4 {
		return re
	}
	copy(re.Selector[:], data[:4])
	switch re.Selector {
	case selError:
		if msg, err := abi.UnpackRevert(data); err == nil {
			re.Name, re.Args = "Error", []any{msg}
		}
		return re
	case selPanic:
		if msg, err := abi.UnpackRevert(data); err == nil {
			re.Name, re.Args = "Panic", []any{msg}
		}
		return re
	}
	if d != nil {
		if e, ok := d.errs[re.Selector]; ok {
			re.Name = e.Name
			if args, err := e.Inputs.Unpack(data[4:]); err == nil {
				re.Args = args
			}
		}
	}
	return re
}

// FromError extracts revert data from an RPC error (eth_call, eth_estimateGas)
// and decodes it; it returns err unchanged when it carries no revert.
func (d *RevertDecoder) FromError(err error) error {
	if err == nil {
		return nil
	}
	var de rpc.DataError
	if errors.As(err, &de) {
		if s, ok := de.ErrorData().(string); ok {
			if data, derr := hexutil.Decode(s); derr == nil {
				return d.Decode(data)
			}
		}
	}
	if strings.Contains(err.Error(), "execution reverted") {
		return &RevertError{}
	}
	return err
}
