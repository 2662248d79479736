// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package inetv1exampleabi

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

// InfernetExampleConsumerMetaData contains all meta data concerning the InfernetExampleConsumer contract.
var InfernetExampleConsumerMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"registry\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"NotCoordinator\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"indexed\":false,\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"ResultReceived\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"deliveries\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"getContainerInputs\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getSigner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"},{\"internalType\":\"bytes32\",\"name\":\"containerId\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"index\",\"type\":\"uint256\"}],\"name\":\"rawReceiveCompute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"}],\"name\":\"request\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"}],\"name\":\"requestPaid\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"results\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "InfernetExampleConsumer",
	Bin: "0x60c0806040523461012557604081611042803803809161001f828561017d565b8339810103126101255761003e6020610037836101b4565b92016101b4565b604051633b2bcbf160e01b815290916001600160a01b031690602081600481855afa908115610131575f9161013c575b506001600160a01b031660805260405163b701069760e01b815290602090829060049082905afa908115610131575f916100f3575b5060a052600180546001600160a01b0319166001600160a01b0392909216919091179055604051610e7990816101c98239608051818181610146015281816104d80152610acf015260a051815050f35b90506020813d602011610129575b8161010e6020938361017d565b810103126101255761011f906101b4565b5f6100a3565b5f80fd5b3d9150610101565b6040513d5f823e3d90fd5b90506020813d602011610175575b816101576020938361017d565b810103126101255760049161016d6020926101b4565b91509161006e565b3d915061014a565b601f909101601f19168101906001600160401b038211908210176101a057604052565b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036101255756fe60806040526004361015610011575f80fd5b5f3560e01c80634ed37578146109b557806357ba48e9146109985780637a411a8d1461043e5780637ab23db3146103965780637ac3c02f1461036e578063962fad75146103075763fb034eb614610066575f80fd5b346102f05760603660031901126102f0576004356001600160401b0381116102f057610096903690600401610c6a565b90602435906001600160401b0382116102f0576101076100d96100e16020936100c661ffff963690600401610c6a565b9390916100d1610c97565b983691610d3c565b923691610d3c565b946040519485938493638405089360e01b85526101206004860152610124850190610cf7565b91600160248501525f60448501521660648301525f60848301525f60a48301525f60c48301525f60e48301525f61010483015203815f60018060a01b037f0000000000000000000000000000000000000000000000000000000000000000165af180156102fc575f906102b5575b63ffffffff91501690815f525f60205260405f20918151926001600160401b0384116102a1576101a58154610d81565b93601f8511610252575b602094508493601f82116001146101f35793819293945f926101e8575b50508160011b915f199060031b1c19161790555b604051908152f35b015190505f806101cc565b601f19821694835f52805f20915f5b87811061023b575083600195969710610223575b505050811b0190556101e0565b01515f1960f88460031b161c191690555f8080610216565b919288600181928685015181550194019201610202565b808511156101af57815f5260205f20601f820160051c9060208310610299575b810195601f0160051c035f5b81811061028c5750506101af565b5f8782015560010161027e565b5f9150610272565b634e487b7160e01b5f52604160045260245ffd5b506020813d6020116102f4575b816102cf60209383610d1b565b810103126102f0575163ffffffff811681036102f05763ffffffff90610175565b5f80fd5b3d91506102c2565b6040513d5f823e3d90fd5b346102f05760803660031901126102f05763ffffffff610325610cbe565b61032d610cd1565b50610336610ce4565b5061033f610ca8565b50165f525f60205261036a61035660405f20610db9565b604051918291602083526020830190610cf7565b0390f35b346102f0575f3660031901126102f0576001546040516001600160a01b039091168152602090f35b346102f05760203660031901126102f05763ffffffff6103b4610cbe565b165f52600260205260405f20805461036a6103d160018401610db9565b926104306103ed60036103e660028501610db9565b9301610db9565b91610422604051968663ffffffff899816885260018060a01b039060201c16602088015260a0604088015260a0870190610cf7565b908582036060870152610cf7565b908382036080850152610cf7565b346102f0576101203660031901126102f057610458610cbe565b610460610cd1565b90610469610c97565b50610472610ca8565b906084356001600160401b0381116102f057610492903690600401610c6a565b939060a4356001600160401b0381116102f0576104b3903690600401610c6a565b9260c4356001600160401b0381116102f0576104d3903690600401610c6a565b9590917f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03163303610989576040519060a082018281106001600160401b038211176102a15760405263ffffffff168082526001600160a01b0390981660208201818152909990989561054e913691610d3c565b60408201908152610560368887610d3c565b906060830191825263ffffffff610578368b88610d3c565b946080850195865216998a5f52600260205263ffffffff60405f20945116845491640100000000600160c01b03905160201b16916001600160401b0360c01b16171783556001830190518051906001600160401b0382116102a15781906105df8454610d81565b601f8111610930575b50602090601f83116001146108cd575f926108c2575b50508160011b915f199060031b1c19161790555b51805160028301916001600160401b0382116102a1576106328354610d81565b601f8111610871575b50602090601f831160011461080b576003949392915f9183610800575b50508160011b915f1990861b1c19161790555b0190518051906001600160401b0382116102a157819061068b8454610d81565b601f81116107a7575b50602090601f8311600114610744575f92610739575b50508160011b915f199060031b1c19161790555b600354945f198614610725576107126107209360017fdd3c162f9e2631cdcc2e88f20651f552368aca260577738d3a4193b4aafad59098016003556040519687968752606060208801526060870191610e59565b918483036040860152610e59565b0390a3005b634e487b7160e01b5f52601160045260245ffd5b015190508a806106aa565b5f8581528281209350601f198516905b81811061078f5750908460019594939210610777575b505050811b0190556106be565b01515f1960f88460031b161c191690558a808061076a565b92936020600181928786015181550195019301610754565b8281111561069457909150835f5260205f20601f840160051c90602085106107f8575b849392601f0160051c82900391015f5b8281106107e8575050610694565b5f818301558594506001016107da565b5f91506107ca565b015190508d80610658565b90601f19831691845f52815f20925f5b818110610859575091600193918560039897969410610842575b505050811b01905561066b565b01515f1983881b60f8161c191690558d8080610835565b9293602060018192878601518155019501930161081b565b8281111561063b57835f5260205f20601f840160051c90602085106108ba575b81601f9101920160051c03905f5b8281106108ad57505061063b565b5f8282015560010161089f565b5f9150610891565b015190508d806105fe565b5f8581528281209350601f198516905b8181106109185750908460019594939210610900575b505050811b019055610612565b01515f1960f88460031b161c191690558d80806108f3565b929360206001819287860151815501950193016108dd565b828111156105e857909150835f5260205f20601f840160051c9060208510610981575b849392601f0160051c82900391015f5b8281106109715750506105e8565b5f81830155859450600101610963565b5f9150610953565b634f6429f360e11b5f5260045ffd5b346102f0575f3660031901126102f0576020600354604051908152f35b346102f05760e03660031901126102f0576004356001600160401b0381116102f0576109e5903690600401610c6a565b906024356001600160401b0381116102f057610a05903690600401610c6a565b92610a0e610c97565b93610a17610ca8565b9460a4356001600160a01b038116908190036102f05760c4356001600160a01b03811691908290036102f057610a63602096610a5b61ffff99610a89983691610d3c565b953691610d3c565b976040519788968796638405089360e01b88526101206004890152610124880190610cf7565b94600160248801525f60448801521660648601525f608486015260018060a01b031660a485015260843560c485015260e484015261010483015203815f60018060a01b037f0000000000000000000000000000000000000000000000000000000000000000165af180156102fc575f90610c27575b63ffffffff91501690815f525f60205260405f20918151926001600160401b0384116102a157610b2e8154610d81565b93601f8511610bd8575b602094508493601f8211600114610b7a5793819293945f92610b6f5750508160011b915f199060031b1c1916179055604051908152f35b0151905085806101cc565b601f19821694835f52805f20915f5b878110610bc1575083600195969710610ba957505050811b0190556101e0565b01515f1960f88460031b161c19169055858080610216565b919288600181928685015181550194019201610b89565b80851115610b3857815f5260205f20601f820160051c9060208310610c1f575b810195601f0160051c035f5b818110610c12575050610b38565b5f87820155600101610c04565b5f9150610bf8565b506020813d602011610c62575b81610c4160209383610d1b565b810103126102f0575163ffffffff811681036102f05763ffffffff90610afe565b3d9150610c34565b9181601f840112156102f0578235916001600160401b0383116102f057602083818601950101116102f057565b6044359061ffff821682036102f057565b606435906001600160a01b03821682036102f057565b6004359063ffffffff821682036102f057565b6024359063ffffffff821682036102f057565b6044359063ffffffff821682036102f057565b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b90601f801991011681019081106001600160401b038211176102a157604052565b9291926001600160401b0382116102a15760405191610d65601f8201601f191660200184610d1b565b8294818452818301116102f0578281602093845f960137010152565b90600182811c92168015610daf575b6020831014610d9b57565b634e487b7160e01b5f52602260045260245ffd5b91607f1691610d90565b9060405191825f825492610dcc84610d81565b8084529360018116908115610e375750600114610df3575b50610df192500383610d1b565b565b90505f9291925260205f20905f915b818310610e1b575050906020610df1928201015f610de4565b6020919350806001915483858901015201910190918492610e02565b905060209250610df194915060ff191682840152151560051b8201015f610de4565b908060209392818452848401375f828201840152601f01601f191601019056",
}

// InfernetExampleConsumer is an auto generated Go binding around an Ethereum contract.
type InfernetExampleConsumer struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *InfernetExampleConsumer) GetABI() abi.ABI {
	return c.abi
}

// NewInfernetExampleConsumer creates a new instance of InfernetExampleConsumer.
func NewInfernetExampleConsumer() *InfernetExampleConsumer {
	parsed, err := InfernetExampleConsumerMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &InfernetExampleConsumer{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *InfernetExampleConsumer) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address registry, address signer) returns()
func (infernetExampleConsumer *InfernetExampleConsumer) PackConstructor(registry common.Address, signer common.Address) []byte {
	enc, err := infernetExampleConsumer.abi.Pack("", registry, signer)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackDeliveries is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x57ba48e9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function deliveries() view returns(uint256)
func (infernetExampleConsumer *InfernetExampleConsumer) PackDeliveries() []byte {
	enc, err := infernetExampleConsumer.abi.Pack("deliveries")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDeliveries is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x57ba48e9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function deliveries() view returns(uint256)
func (infernetExampleConsumer *InfernetExampleConsumer) TryPackDeliveries() ([]byte, error) {
	return infernetExampleConsumer.abi.Pack("deliveries")
}

// UnpackDeliveries is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x57ba48e9.
//
// Solidity: function deliveries() view returns(uint256)
func (infernetExampleConsumer *InfernetExampleConsumer) UnpackDeliveries(data []byte) (*big.Int, error) {
	out, err := infernetExampleConsumer.abi.Unpack("deliveries", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackGetContainerInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x962fad75.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 , uint32 , address ) view returns(bytes)
func (infernetExampleConsumer *InfernetExampleConsumer) PackGetContainerInputs(subscriptionId uint32, arg1 uint32, arg2 uint32, arg3 common.Address) []byte {
	enc, err := infernetExampleConsumer.abi.Pack("getContainerInputs", subscriptionId, arg1, arg2, arg3)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetContainerInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x962fad75.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 , uint32 , address ) view returns(bytes)
func (infernetExampleConsumer *InfernetExampleConsumer) TryPackGetContainerInputs(subscriptionId uint32, arg1 uint32, arg2 uint32, arg3 common.Address) ([]byte, error) {
	return infernetExampleConsumer.abi.Pack("getContainerInputs", subscriptionId, arg1, arg2, arg3)
}

// UnpackGetContainerInputs is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x962fad75.
//
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 , uint32 , address ) view returns(bytes)
func (infernetExampleConsumer *InfernetExampleConsumer) UnpackGetContainerInputs(data []byte) ([]byte, error) {
	out, err := infernetExampleConsumer.abi.Unpack("getContainerInputs", data)
	if err != nil {
		return *new([]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([]byte)).(*[]byte)
	return out0, nil
}

// PackGetSigner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7ac3c02f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getSigner() view returns(address)
func (infernetExampleConsumer *InfernetExampleConsumer) PackGetSigner() []byte {
	enc, err := infernetExampleConsumer.abi.Pack("getSigner")
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
func (infernetExampleConsumer *InfernetExampleConsumer) TryPackGetSigner() ([]byte, error) {
	return infernetExampleConsumer.abi.Pack("getSigner")
}

// UnpackGetSigner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7ac3c02f.
//
// Solidity: function getSigner() view returns(address)
func (infernetExampleConsumer *InfernetExampleConsumer) UnpackGetSigner(data []byte) (common.Address, error) {
	out, err := infernetExampleConsumer.abi.Unpack("getSigner", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackRawReceiveCompute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7a411a8d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function rawReceiveCompute(uint32 subscriptionId, uint32 interval, uint16 redundancy, address node, bytes input, bytes output, bytes proof, bytes32 containerId, uint256 index) returns()
func (infernetExampleConsumer *InfernetExampleConsumer) PackRawReceiveCompute(subscriptionId uint32, interval uint32, redundancy uint16, node common.Address, input []byte, output []byte, proof []byte, containerId [32]byte, index *big.Int) []byte {
	enc, err := infernetExampleConsumer.abi.Pack("rawReceiveCompute", subscriptionId, interval, redundancy, node, input, output, proof, containerId, index)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRawReceiveCompute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7a411a8d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function rawReceiveCompute(uint32 subscriptionId, uint32 interval, uint16 redundancy, address node, bytes input, bytes output, bytes proof, bytes32 containerId, uint256 index) returns()
func (infernetExampleConsumer *InfernetExampleConsumer) TryPackRawReceiveCompute(subscriptionId uint32, interval uint32, redundancy uint16, node common.Address, input []byte, output []byte, proof []byte, containerId [32]byte, index *big.Int) ([]byte, error) {
	return infernetExampleConsumer.abi.Pack("rawReceiveCompute", subscriptionId, interval, redundancy, node, input, output, proof, containerId, index)
}

// PackRequest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfb034eb6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function request(string containerId, bytes input, uint16 redundancy) returns(uint32 subscriptionId)
func (infernetExampleConsumer *InfernetExampleConsumer) PackRequest(containerId string, input []byte, redundancy uint16) []byte {
	enc, err := infernetExampleConsumer.abi.Pack("request", containerId, input, redundancy)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfb034eb6.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function request(string containerId, bytes input, uint16 redundancy) returns(uint32 subscriptionId)
func (infernetExampleConsumer *InfernetExampleConsumer) TryPackRequest(containerId string, input []byte, redundancy uint16) ([]byte, error) {
	return infernetExampleConsumer.abi.Pack("request", containerId, input, redundancy)
}

// UnpackRequest is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xfb034eb6.
//
// Solidity: function request(string containerId, bytes input, uint16 redundancy) returns(uint32 subscriptionId)
func (infernetExampleConsumer *InfernetExampleConsumer) UnpackRequest(data []byte) (uint32, error) {
	out, err := infernetExampleConsumer.abi.Unpack("request", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackRequestPaid is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4ed37578.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function requestPaid(string containerId, bytes input, uint16 redundancy, address paymentToken, uint256 paymentAmount, address wallet, address verifier) returns(uint32 subscriptionId)
func (infernetExampleConsumer *InfernetExampleConsumer) PackRequestPaid(containerId string, input []byte, redundancy uint16, paymentToken common.Address, paymentAmount *big.Int, wallet common.Address, verifier common.Address) []byte {
	enc, err := infernetExampleConsumer.abi.Pack("requestPaid", containerId, input, redundancy, paymentToken, paymentAmount, wallet, verifier)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequestPaid is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4ed37578.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function requestPaid(string containerId, bytes input, uint16 redundancy, address paymentToken, uint256 paymentAmount, address wallet, address verifier) returns(uint32 subscriptionId)
func (infernetExampleConsumer *InfernetExampleConsumer) TryPackRequestPaid(containerId string, input []byte, redundancy uint16, paymentToken common.Address, paymentAmount *big.Int, wallet common.Address, verifier common.Address) ([]byte, error) {
	return infernetExampleConsumer.abi.Pack("requestPaid", containerId, input, redundancy, paymentToken, paymentAmount, wallet, verifier)
}

// UnpackRequestPaid is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x4ed37578.
//
// Solidity: function requestPaid(string containerId, bytes input, uint16 redundancy, address paymentToken, uint256 paymentAmount, address wallet, address verifier) returns(uint32 subscriptionId)
func (infernetExampleConsumer *InfernetExampleConsumer) UnpackRequestPaid(data []byte) (uint32, error) {
	out, err := infernetExampleConsumer.abi.Unpack("requestPaid", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackResults is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7ab23db3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function results(uint32 subscriptionId) view returns(uint32 interval, address node, bytes input, bytes output, bytes proof)
func (infernetExampleConsumer *InfernetExampleConsumer) PackResults(subscriptionId uint32) []byte {
	enc, err := infernetExampleConsumer.abi.Pack("results", subscriptionId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackResults is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7ab23db3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function results(uint32 subscriptionId) view returns(uint32 interval, address node, bytes input, bytes output, bytes proof)
func (infernetExampleConsumer *InfernetExampleConsumer) TryPackResults(subscriptionId uint32) ([]byte, error) {
	return infernetExampleConsumer.abi.Pack("results", subscriptionId)
}

// ResultsOutput serves as a container for the return parameters of contract
// method Results.
type ResultsOutput struct {
	Interval uint32
	Node     common.Address
	Input    []byte
	Output   []byte
	Proof    []byte
}

// UnpackResults is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7ab23db3.
//
// Solidity: function results(uint32 subscriptionId) view returns(uint32 interval, address node, bytes input, bytes output, bytes proof)
func (infernetExampleConsumer *InfernetExampleConsumer) UnpackResults(data []byte) (ResultsOutput, error) {
	out, err := infernetExampleConsumer.abi.Unpack("results", data)
	outstruct := new(ResultsOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.Interval = *abi.ConvertType(out[0], new(uint32)).(*uint32)
	outstruct.Node = *abi.ConvertType(out[1], new(common.Address)).(*common.Address)
	outstruct.Input = *abi.ConvertType(out[2], new([]byte)).(*[]byte)
	outstruct.Output = *abi.ConvertType(out[3], new([]byte)).(*[]byte)
	outstruct.Proof = *abi.ConvertType(out[4], new([]byte)).(*[]byte)
	return *outstruct, nil
}

// InfernetExampleConsumerResultReceived represents a ResultReceived event raised by the InfernetExampleConsumer contract.
type InfernetExampleConsumerResultReceived struct {
	SubscriptionId uint32
	Interval       uint32
	Node           common.Address
	Output         []byte
	Proof          []byte
	Raw            *types.Log // Blockchain specific contextual infos
}

const InfernetExampleConsumerResultReceivedEventName = "ResultReceived"

// ContractEventName returns the user-defined event name.
func (InfernetExampleConsumerResultReceived) ContractEventName() string {
	return InfernetExampleConsumerResultReceivedEventName
}

// UnpackResultReceivedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ResultReceived(uint32 indexed subscriptionId, uint32 interval, address indexed node, bytes output, bytes proof)
func (infernetExampleConsumer *InfernetExampleConsumer) UnpackResultReceivedEvent(log *types.Log) (*InfernetExampleConsumerResultReceived, error) {
	event := "ResultReceived"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != infernetExampleConsumer.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(InfernetExampleConsumerResultReceived)
	if len(log.Data) > 0 {
		if err := infernetExampleConsumer.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range infernetExampleConsumer.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (infernetExampleConsumer *InfernetExampleConsumer) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], infernetExampleConsumer.abi.Errors["NotCoordinator"].ID.Bytes()[:4]) {
		return infernetExampleConsumer.UnpackNotCoordinatorError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// InfernetExampleConsumerNotCoordinator represents a NotCoordinator error raised by the InfernetExampleConsumer contract.
type InfernetExampleConsumerNotCoordinator struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotCoordinator()
func InfernetExampleConsumerNotCoordinatorErrorID() common.Hash {
	return common.HexToHash("0x9ec853e6dcc97bd4bcbc6d62dece1207ebdc35cb919c5bdee6a6ed42024c1b44")
}

// UnpackNotCoordinatorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotCoordinator()
func (infernetExampleConsumer *InfernetExampleConsumer) UnpackNotCoordinatorError(raw []byte) (*InfernetExampleConsumerNotCoordinator, error) {
	out := new(InfernetExampleConsumerNotCoordinator)
	if err := infernetExampleConsumer.abi.UnpackIntoInterface(out, "NotCoordinator", raw); err != nil {
		return nil, err
	}
	return out, nil
}
