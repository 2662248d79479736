// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package consumerabi

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

// IComputeConsumerMetaData contains all meta data concerning the IComputeConsumer contract.
var IComputeConsumerMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"timestamp\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"getContainerInputs\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"receiveCompute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "a0c4c826fe8281d75932e35fc7d538b374",
}

// IComputeConsumer is an auto generated Go binding around an Ethereum contract.
type IComputeConsumer struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *IComputeConsumer) GetABI() abi.ABI {
	return c.abi
}

// NewIComputeConsumer creates a new instance of IComputeConsumer.
func NewIComputeConsumer() *IComputeConsumer {
	parsed, err := IComputeConsumerMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &IComputeConsumer{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *IComputeConsumer) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackGetContainerInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x962fad75.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 interval, uint32 timestamp, address caller) view returns(bytes)
func (iComputeConsumer *IComputeConsumer) PackGetContainerInputs(subscriptionId uint32, interval uint32, timestamp uint32, caller common.Address) []byte {
	enc, err := iComputeConsumer.abi.Pack("getContainerInputs", subscriptionId, interval, timestamp, caller)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetContainerInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x962fad75.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 interval, uint32 timestamp, address caller) view returns(bytes)
func (iComputeConsumer *IComputeConsumer) TryPackGetContainerInputs(subscriptionId uint32, interval uint32, timestamp uint32, caller common.Address) ([]byte, error) {
	return iComputeConsumer.abi.Pack("getContainerInputs", subscriptionId, interval, timestamp, caller)
}

// UnpackGetContainerInputs is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x962fad75.
//
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 interval, uint32 timestamp, address caller) view returns(bytes)
func (iComputeConsumer *IComputeConsumer) UnpackGetContainerInputs(data []byte) ([]byte, error) {
	out, err := iComputeConsumer.abi.Unpack("getContainerInputs", data)
	if err != nil {
		return *new([]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([]byte)).(*[]byte)
	return out0, nil
}

// PackReceiveCompute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe57109fc.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function receiveCompute(bytes32 taskId, bytes output, bytes proof) returns()
func (iComputeConsumer *IComputeConsumer) PackReceiveCompute(taskId [32]byte, output []byte, proof []byte) []byte {
	enc, err := iComputeConsumer.abi.Pack("receiveCompute", taskId, output, proof)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackReceiveCompute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe57109fc.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function receiveCompute(bytes32 taskId, bytes output, bytes proof) returns()
func (iComputeConsumer *IComputeConsumer) TryPackReceiveCompute(taskId [32]byte, output []byte, proof []byte) ([]byte, error) {
	return iComputeConsumer.abi.Pack("receiveCompute", taskId, output, proof)
}

// IDelegatorMetaData contains all meta data concerning the IDelegator contract.
var IDelegatorMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[],\"name\":\"getSigner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "671e2ef5e495beb795c81a7623f109e749",
}

// IDelegator is an auto generated Go binding around an Ethereum contract.
type IDelegator struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *IDelegator) GetABI() abi.ABI {
	return c.abi
}

// NewIDelegator creates a new instance of IDelegator.
func NewIDelegator() *IDelegator {
	parsed, err := IDelegatorMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &IDelegator{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *IDelegator) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackGetSigner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7ac3c02f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getSigner() view returns(address)
func (iDelegator *IDelegator) PackGetSigner() []byte {
	enc, err := iDelegator.abi.Pack("getSigner")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetSigner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7ac3c02f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getSigner() view returns(address)
func (iDelegator *IDelegator) TryPackGetSigner() ([]byte, error) {
	return iDelegator.abi.Pack("getSigner")
}

// UnpackGetSigner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7ac3c02f.
//
// Solidity: function getSigner() view returns(address)
func (iDelegator *IDelegator) UnpackGetSigner(data []byte) (common.Address, error) {
	out, err := iDelegator.abi.Unpack("getSigner", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}
