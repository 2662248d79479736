// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package callreaderabi

import (
	"bytes"
	"errors"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// Reference imports to suppress errors if they are not otherwise used.
var (
	_ = bytes.Equal
	_ = errors.New
	_ = big.NewInt
	_ = common.Big1
	_ = types.BloomLookup
	_ = abi.ConvertType
)

// CallReaderCall is an auto generated low-level Go binding around an user-defined struct.
type CallReaderCall struct {
	Target common.Address
	Data   []byte
}

// CallReaderResult is an auto generated low-level Go binding around an user-defined struct.
type CallReaderResult struct {
	Success bool
	Data    []byte
}

// CallReaderMetaData contains all meta data concerning the CallReader contract.
var CallReaderMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"target\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"data\",\"type\":\"bytes\"}],\"internalType\":\"structCallReader.Call[]\",\"name\":\"calls\",\"type\":\"tuple[]\"}],\"name\":\"read\",\"outputs\":[{\"components\":[{\"internalType\":\"bool\",\"name\":\"success\",\"type\":\"bool\"},{\"internalType\":\"bytes\",\"name\":\"data\",\"type\":\"bytes\"}],\"internalType\":\"structCallReader.Result[]\",\"name\":\"results\",\"type\":\"tuple[]\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "CallReader",
	Bin: "0x60808060405234601557610306908161001a8239f35b5f80fdfe60806040526004361015610011575f80fd5b5f3560e01c63762eaab314610024575f80fd5b3461023a57602036600319011261023a5760043567ffffffffffffffff811161023a573660238201121561023a57806004013567ffffffffffffffff811161023a576024820191602436918360051b01011161023a5761008b610086826102a4565b61027e565b81815291601f1961009b836102a4565b015f5b81811061023e5750505f5b82811061014157836040518091602082016020835281518091526040830190602060408260051b8601019301915f905b8282106100e857505050500390f35b9193600191939550602060608192603f198a820301865282808a5180511515845201516040828401528051918291826040860152018484015e5f838284010152601f8019910116010196019201920185949391926100d9565b61014c8184846102bc565b356001600160a01b038116810361023a576101688285856102bc565b602081013590601e198136030182121561023a57019081359167ffffffffffffffff831161023a5760200190823603821361023a57825f80949381946040519384928337810182815203925af1903d15610230573d9167ffffffffffffffff831161021c576001926101e3601f8201601f191660200161027e565b9081523d5f602083013e5b6101f661025e565b9115158252602082015261020a82876102f2565b5261021581866102f2565b50016100a9565b634e487b7160e01b5f52604160045260245ffd5b60019160606101ee565b5f80fd5b60209061024961025e565b5f81526060838201528282880101520161009e565b604051906040820182811067ffffffffffffffff82111761021c57604052565b6040519190601f01601f1916820167ffffffffffffffff81118382101761021c57604052565b67ffffffffffffffff811161021c5760051b60200190565b91908110156102de5760051b81013590603e198136030182121561023a570190565b634e487b7160e01b5f52603260045260245ffd5b80518210156102de5760209160051b01019056",
}

// CallReader is an auto generated Go binding around an Ethereum contract.
type CallReader struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *CallReader) GetABI() abi.ABI {
	return c.abi
}

// NewCallReader creates a new instance of CallReader.
func NewCallReader() *CallReader {
	parsed, err := CallReaderMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &CallReader{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *CallReader) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackRead is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x762eaab3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function read((address,bytes)[] calls) returns((bool,bytes)[] results)
func (callReader *CallReader) PackRead(calls []CallReaderCall) []byte {
	enc, err := callReader.abi.Pack("read", calls)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRead is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x762eaab3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function read((address,bytes)[] calls) returns((bool,bytes)[] results)
func (callReader *CallReader) TryPackRead(calls []CallReaderCall) ([]byte, error) {
	return callReader.abi.Pack("read", calls)
}

// UnpackRead is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x762eaab3.
//
// Solidity: function read((address,bytes)[] calls) returns((bool,bytes)[] results)
func (callReader *CallReader) UnpackRead(data []byte) ([]CallReaderResult, error) {
	out, err := callReader.abi.Unpack("read", data)
	if err != nil {
		return *new([]CallReaderResult), err
	}
	out0 := *abi.ConvertType(out[0], new([]CallReaderResult)).(*[]CallReaderResult)
	return out0, nil
}
