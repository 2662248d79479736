// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package proofconsumerabi

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

// ProofConsumerMetaData contains all meta data concerning the ProofConsumer contract.
var ProofConsumerMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"coordinator\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"bytes4\",\"name\":\"selector\",\"type\":\"bytes4\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotCoordinator\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"verified\",\"type\":\"bool\"},{\"indexed\":false,\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"}],\"name\":\"ProofChecked\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"CALLBACK_GAS_LIMIT\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"COORDINATOR\",\"outputs\":[{\"internalType\":\"contractCoordinator\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_GAS_PRICE\",\"outputs\":[{\"internalType\":\"uint48\",\"name\":\"\",\"type\":\"uint48\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SELECTOR\",\"outputs\":[{\"internalType\":\"bytes4\",\"name\":\"\",\"type\":\"bytes4\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"VERIFIER\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"getContainerInputs\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"receiveCompute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"rejectedCount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"}],\"name\":\"request\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"name\":\"results\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"delivered\",\"type\":\"bool\"},{\"internalType\":\"bool\",\"name\":\"verified\",\"type\":\"bool\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"verifiedCount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "ProofConsumer",
	Bin: "0x60e0346100c257601f610c0b38819003918201601f19168301916001600160401b038311848410176100c6578084926060946040528339810103126100c257610047816100da565b906040610056602083016100da565b910151916001600160e01b0319831683036100c2576001600160a01b031660805260a05260c052604051610b1c90816100ef823960805181818160f0015281816105d701526108d4015260a0518181816103870152610952015260c0518181816103f701526109930152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036100c25756fe6080806040526004361015610012575f80fd5b5f3560e01c908163053c238d146109815750806308c84e701461093d57806326a4565e1461092057806333d608f1146109035780633b2bcbf1146108bf5780634c6b25b1146107d05780636bfe4ec2146107b357806376ed0407146104c1578063962fad7514610457578063e3bbb4f1146104375763e57109fc14610095575f80fd5b346104205760603660031901126104205760043560243567ffffffffffffffff8111610420576100c99036906004016109e7565b919060443567ffffffffffffffff8111610420576100eb9036906004016109e7565b9093907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b0316330361042457600481101594856103dd575b8561036e575b5050604051906060820182811067ffffffffffffffff82111761035a5760405260018252602082019460018115159384885261016d368588610ac4565b9760408201988952875f525f60205260405f20915115159060ff61ff0084549251151560081b1692169061ffff19161717815501955195865167ffffffffffffffff811161035a576101bf8254610a4e565b601f8111610309575b506020601f821160011461027f579080606096959493927ff657cb276419a39a708c63e10ac3e8888851128cfd010222428497daaad15c79999a5f92610274575b50508160011b915f199060031b1c19161790555b156102615761022d600154610afa565b6001555b80604051948593845260406020850152816040850152848401375f828201840152601f01601f19168101030190a2005b61026c600254610afa565b600255610231565b015190505f80610209565b601f19821698835f52815f20995f5b8181106102f15750996001928492606099989796957ff657cb276419a39a708c63e10ac3e8888851128cfd010222428497daaad15c799c9d106102d9575b505050811b01905561021d565b01515f1960f88460031b161c191690555f80806102cc565b838301518c556001909b019a6020938401930161028e565b818111156101c857825f5260205f20601f830160051c9060208410610352575b81601f9101920160051c03905f5b8281106103455750506101c8565b5f82820155600101610337565b5f9150610329565b634e487b7160e01b5f52604160045260245ffd5b5f929550908291816040519283928337810183815203907f00000000000000000000000000000000000000000000000000000000000000005afa3d156103d8573d6103b881610aa8565b906103c66040519283610a86565b81525f60203d92013e5b925f80610130565b6103d0565b9450806004116104205784356001600160e01b03199081167f0000000000000000000000000000000000000000000000000000000000000000909116149461012a565b5f80fd5b63f01654df60e01b5f523360045260245ffd5b34610420575f36600319011261042057602060405165ffffffffffff8152f35b3461042057608036600319011261042057610470610a15565b50610479610a28565b50610482610a3b565b506064356001600160a01b03811603610420576104bd6040516104a6602082610a86565b5f81526040519182916020835260208301906109c3565b0390f35b346104205760403660031901126104205760043567ffffffffffffffff8111610420576104f29036906004016109e7565b6024359067ffffffffffffffff82116104205761052361051961052b9336906004016109e7565b9490923691610ac4565b923691610ac4565b90604051906101c0820182811067ffffffffffffffff82111761035a576040526020820160408301925f8452606081019281838560808301809960a0850160c0860160e08701916101008801936101208901995f8b526101408a01965f88526101608b01985f8a526101808c019a5f8c526101a08d019c5f8e523090524263ffffffff169052600190526001905265ffffffffffff8352620f4240845284528452600160a01b600190037f0000000000000000000000000000000000000000000000000000000000000000169d8e9c6040519e8f809e819e630bdfced560e11b83526004830160209052600160a01b6001900390511660248301525163ffffffff1690604401525163ffffffff1660648d01525163ffffffff1660848c01525161ffff1660a48b01525165ffffffffffff1660c48a01525163ffffffff1660e48901525161010488016101c090526101e48801610687916109c3565b9051878203602319016101248901526106a091906109c3565b94511515610144870152516001600160a01b039081166101648701529051610184860152905181166101a48501529051166101c483015203815a6020945f91f1908115610765575f91610770575b5063ffffffff60446020926040519485938492638fa6ae1160e01b8452166004830152600160248301525afa8015610765575f90610732575b602090604051908152f35b506020813d60201161075d575b8161074c60209383610a86565b810103126104205760209051610727565b3d915061073f565b6040513d5f823e3d90fd5b90506020813d6020116107ab575b8161078b60209383610a86565b81010312610420575163ffffffff811681036104205763ffffffff6106ee565b3d915061077e565b34610420575f366003190112610420576020600154604051908152f35b34610420576020366003190112610420576004355f525f60205260405f2060018154910190604051915f9080549061080782610a4e565b8086529160018116908115610898575060011461085b575b60ff846104bd8761083281880382610a86565b6040519383818695161515855260081c16151560208401526060604084015260608301906109c3565b5f908152602081209092505b81831061087e57505082016020018261083261081f565b600181602092949394548385890101520191019190610867565b60ff191660208088019190915292151560051b86019092019250849150610832905061081f565b34610420575f366003190112610420576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b34610420575f366003190112610420576020604051620f42408152f35b34610420575f366003190112610420576020600254604051908152f35b34610420575f366003190112610420576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b34610420575f366003190112610420577f00000000000000000000000000000000000000000000000000000000000000006001600160e01b0319168152602090f35b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b9181601f840112156104205782359167ffffffffffffffff8311610420576020838186019501011161042057565b6004359063ffffffff8216820361042057565b6024359063ffffffff8216820361042057565b6044359063ffffffff8216820361042057565b90600182811c92168015610a7c575b6020831014610a6857565b634e487b7160e01b5f52602260045260245ffd5b91607f1691610a5d565b90601f8019910116810190811067ffffffffffffffff82111761035a57604052565b67ffffffffffffffff811161035a57601f01601f191660200190565b929192610ad082610aa8565b91610ade6040519384610a86565b829481845281830111610420578281602093845f960137010152565b5f198114610b085760010190565b634e487b7160e01b5f52601160045260245ffd",
}

// ProofConsumer is an auto generated Go binding around an Ethereum contract.
type ProofConsumer struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *ProofConsumer) GetABI() abi.ABI {
	return c.abi
}

// NewProofConsumer creates a new instance of ProofConsumer.
func NewProofConsumer() *ProofConsumer {
	parsed, err := ProofConsumerMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &ProofConsumer{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *ProofConsumer) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address coordinator, address verifier, bytes4 selector) returns()
func (proofConsumer *ProofConsumer) PackConstructor(coordinator common.Address, verifier common.Address, selector [4]byte) []byte {
	enc, err := proofConsumer.abi.Pack("", coordinator, verifier, selector)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackCALLBACKGASLIMIT is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x33d608f1.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function CALLBACK_GAS_LIMIT() view returns(uint32)
func (proofConsumer *ProofConsumer) PackCALLBACKGASLIMIT() []byte {
	enc, err := proofConsumer.abi.Pack("CALLBACK_GAS_LIMIT")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCALLBACKGASLIMIT is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x33d608f1.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function CALLBACK_GAS_LIMIT() view returns(uint32)
func (proofConsumer *ProofConsumer) TryPackCALLBACKGASLIMIT() ([]byte, error) {
	return proofConsumer.abi.Pack("CALLBACK_GAS_LIMIT")
}

// UnpackCALLBACKGASLIMIT is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x33d608f1.
//
// Solidity: function CALLBACK_GAS_LIMIT() view returns(uint32)
func (proofConsumer *ProofConsumer) UnpackCALLBACKGASLIMIT(data []byte) (uint32, error) {
	out, err := proofConsumer.abi.Unpack("CALLBACK_GAS_LIMIT", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackCOORDINATOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3b2bcbf1.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function COORDINATOR() view returns(address)
func (proofConsumer *ProofConsumer) PackCOORDINATOR() []byte {
	enc, err := proofConsumer.abi.Pack("COORDINATOR")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCOORDINATOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3b2bcbf1.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function COORDINATOR() view returns(address)
func (proofConsumer *ProofConsumer) TryPackCOORDINATOR() ([]byte, error) {
	return proofConsumer.abi.Pack("COORDINATOR")
}

// UnpackCOORDINATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3b2bcbf1.
//
// Solidity: function COORDINATOR() view returns(address)
func (proofConsumer *ProofConsumer) UnpackCOORDINATOR(data []byte) (common.Address, error) {
	out, err := proofConsumer.abi.Unpack("COORDINATOR", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackMAXGASPRICE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe3bbb4f1.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MAX_GAS_PRICE() view returns(uint48)
func (proofConsumer *ProofConsumer) PackMAXGASPRICE() []byte {
	enc, err := proofConsumer.abi.Pack("MAX_GAS_PRICE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMAXGASPRICE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe3bbb4f1.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function MAX_GAS_PRICE() view returns(uint48)
func (proofConsumer *ProofConsumer) TryPackMAXGASPRICE() ([]byte, error) {
	return proofConsumer.abi.Pack("MAX_GAS_PRICE")
}

// UnpackMAXGASPRICE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xe3bbb4f1.
//
// Solidity: function MAX_GAS_PRICE() view returns(uint48)
func (proofConsumer *ProofConsumer) UnpackMAXGASPRICE(data []byte) (*big.Int, error) {
	out, err := proofConsumer.abi.Unpack("MAX_GAS_PRICE", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackSELECTOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x053c238d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function SELECTOR() view returns(bytes4)
func (proofConsumer *ProofConsumer) PackSELECTOR() []byte {
	enc, err := proofConsumer.abi.Pack("SELECTOR")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSELECTOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x053c238d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function SELECTOR() view returns(bytes4)
func (proofConsumer *ProofConsumer) TryPackSELECTOR() ([]byte, error) {
	return proofConsumer.abi.Pack("SELECTOR")
}

// UnpackSELECTOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x053c238d.
//
// Solidity: function SELECTOR() view returns(bytes4)
func (proofConsumer *ProofConsumer) UnpackSELECTOR(data []byte) ([4]byte, error) {
	out, err := proofConsumer.abi.Unpack("SELECTOR", data)
	if err != nil {
		return *new([4]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([4]byte)).(*[4]byte)
	return out0, nil
}

// PackVERIFIER is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x08c84e70.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function VERIFIER() view returns(address)
func (proofConsumer *ProofConsumer) PackVERIFIER() []byte {
	enc, err := proofConsumer.abi.Pack("VERIFIER")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackVERIFIER is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x08c84e70.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function VERIFIER() view returns(address)
func (proofConsumer *ProofConsumer) TryPackVERIFIER() ([]byte, error) {
	return proofConsumer.abi.Pack("VERIFIER")
}

// UnpackVERIFIER is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x08c84e70.
//
// Solidity: function VERIFIER() view returns(address)
func (proofConsumer *ProofConsumer) UnpackVERIFIER(data []byte) (common.Address, error) {
	out, err := proofConsumer.abi.Unpack("VERIFIER", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackGetContainerInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x962fad75.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getContainerInputs(uint32 , uint32 , uint32 , address ) view returns(bytes)
func (proofConsumer *ProofConsumer) PackGetContainerInputs(arg0 uint32, arg1 uint32, arg2 uint32, arg3 common.Address) []byte {
	enc, err := proofConsumer.abi.Pack("getContainerInputs", arg0, arg1, arg2, arg3)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetContainerInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x962fad75.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getContainerInputs(uint32 , uint32 , uint32 , address ) view returns(bytes)
func (proofConsumer *ProofConsumer) TryPackGetContainerInputs(arg0 uint32, arg1 uint32, arg2 uint32, arg3 common.Address) ([]byte, error) {
	return proofConsumer.abi.Pack("getContainerInputs", arg0, arg1, arg2, arg3)
}

// UnpackGetContainerInputs is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x962fad75.
//
// Solidity: function getContainerInputs(uint32 , uint32 , uint32 , address ) view returns(bytes)
func (proofConsumer *ProofConsumer) UnpackGetContainerInputs(data []byte) ([]byte, error) {
	out, err := proofConsumer.abi.Unpack("getContainerInputs", data)
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
func (proofConsumer *ProofConsumer) PackReceiveCompute(taskId [32]byte, output []byte, proof []byte) []byte {
	enc, err := proofConsumer.abi.Pack("receiveCompute", taskId, output, proof)
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
func (proofConsumer *ProofConsumer) TryPackReceiveCompute(taskId [32]byte, output []byte, proof []byte) ([]byte, error) {
	return proofConsumer.abi.Pack("receiveCompute", taskId, output, proof)
}

// PackRejectedCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x26a4565e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function rejectedCount() view returns(uint256)
func (proofConsumer *ProofConsumer) PackRejectedCount() []byte {
	enc, err := proofConsumer.abi.Pack("rejectedCount")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRejectedCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x26a4565e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function rejectedCount() view returns(uint256)
func (proofConsumer *ProofConsumer) TryPackRejectedCount() ([]byte, error) {
	return proofConsumer.abi.Pack("rejectedCount")
}

// UnpackRejectedCount is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x26a4565e.
//
// Solidity: function rejectedCount() view returns(uint256)
func (proofConsumer *ProofConsumer) UnpackRejectedCount(data []byte) (*big.Int, error) {
	out, err := proofConsumer.abi.Unpack("rejectedCount", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackRequest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x76ed0407.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function request(string containerId, bytes input) returns(bytes32 taskId)
func (proofConsumer *ProofConsumer) PackRequest(containerId string, input []byte) []byte {
	enc, err := proofConsumer.abi.Pack("request", containerId, input)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x76ed0407.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function request(string containerId, bytes input) returns(bytes32 taskId)
func (proofConsumer *ProofConsumer) TryPackRequest(containerId string, input []byte) ([]byte, error) {
	return proofConsumer.abi.Pack("request", containerId, input)
}

// UnpackRequest is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x76ed0407.
//
// Solidity: function request(string containerId, bytes input) returns(bytes32 taskId)
func (proofConsumer *ProofConsumer) UnpackRequest(data []byte) ([32]byte, error) {
	out, err := proofConsumer.abi.Unpack("request", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackResults is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4c6b25b1.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function results(bytes32 taskId) view returns(bool delivered, bool verified, bytes output)
func (proofConsumer *ProofConsumer) PackResults(taskId [32]byte) []byte {
	enc, err := proofConsumer.abi.Pack("results", taskId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackResults is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4c6b25b1.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function results(bytes32 taskId) view returns(bool delivered, bool verified, bytes output)
func (proofConsumer *ProofConsumer) TryPackResults(taskId [32]byte) ([]byte, error) {
	return proofConsumer.abi.Pack("results", taskId)
}

// ResultsOutput serves as a container for the return parameters of contract
// method Results.
type ResultsOutput struct {
	Delivered bool
	Verified  bool
	Output    []byte
}

// UnpackResults is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x4c6b25b1.
//
// Solidity: function results(bytes32 taskId) view returns(bool delivered, bool verified, bytes output)
func (proofConsumer *ProofConsumer) UnpackResults(data []byte) (ResultsOutput, error) {
	out, err := proofConsumer.abi.Unpack("results", data)
	outstruct := new(ResultsOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.Delivered = *abi.ConvertType(out[0], new(bool)).(*bool)
	outstruct.Verified = *abi.ConvertType(out[1], new(bool)).(*bool)
	outstruct.Output = *abi.ConvertType(out[2], new([]byte)).(*[]byte)
	return *outstruct, nil
}

// PackVerifiedCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6bfe4ec2.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function verifiedCount() view returns(uint256)
func (proofConsumer *ProofConsumer) PackVerifiedCount() []byte {
	enc, err := proofConsumer.abi.Pack("verifiedCount")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackVerifiedCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6bfe4ec2.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function verifiedCount() view returns(uint256)
func (proofConsumer *ProofConsumer) TryPackVerifiedCount() ([]byte, error) {
	return proofConsumer.abi.Pack("verifiedCount")
}

// UnpackVerifiedCount is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6bfe4ec2.
//
// Solidity: function verifiedCount() view returns(uint256)
func (proofConsumer *ProofConsumer) UnpackVerifiedCount(data []byte) (*big.Int, error) {
	out, err := proofConsumer.abi.Unpack("verifiedCount", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// ProofConsumerProofChecked represents a ProofChecked event raised by the ProofConsumer contract.
type ProofConsumerProofChecked struct {
	TaskId   [32]byte
	Verified bool
	Output   []byte
	Raw      *types.Log // Blockchain specific contextual infos
}

const ProofConsumerProofCheckedEventName = "ProofChecked"

// ContractEventName returns the user-defined event name.
func (ProofConsumerProofChecked) ContractEventName() string {
	return ProofConsumerProofCheckedEventName
}

// UnpackProofCheckedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ProofChecked(bytes32 indexed taskId, bool verified, bytes output)
func (proofConsumer *ProofConsumer) UnpackProofCheckedEvent(log *types.Log) (*ProofConsumerProofChecked, error) {
	event := "ProofChecked"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != proofConsumer.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(ProofConsumerProofChecked)
	if len(log.Data) > 0 {
		if err := proofConsumer.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range proofConsumer.abi.Events[event].Inputs {
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
func (proofConsumer *ProofConsumer) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], proofConsumer.abi.Errors["NotCoordinator"].ID.Bytes()[:4]) {
		return proofConsumer.UnpackNotCoordinatorError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// ProofConsumerNotCoordinator represents a NotCoordinator error raised by the ProofConsumer contract.
type ProofConsumerNotCoordinator struct {
	Caller common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotCoordinator(address caller)
func ProofConsumerNotCoordinatorErrorID() common.Hash {
	return common.HexToHash("0xf01654dfa2acef475e0ff21d0f9b6ee860672131748a53fb337192529f065117")
}

// UnpackNotCoordinatorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotCoordinator(address caller)
func (proofConsumer *ProofConsumer) UnpackNotCoordinatorError(raw []byte) (*ProofConsumerNotCoordinator, error) {
	out := new(ProofConsumerNotCoordinator)
	if err := proofConsumer.abi.UnpackIntoInterface(out, "NotCoordinator", raw); err != nil {
		return nil, err
	}
	return out, nil
}
