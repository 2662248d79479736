// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package testverifierabi

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

// TestVerifierMetaData contains all meta data concerning the TestVerifier contract.
var TestVerifierMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"coordinator\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"atomic_\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"wallet_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotCoordinator\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"COORDINATOR\",\"outputs\":[{\"internalType\":\"contractCoordinator\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"atomic\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"fee\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"fees\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"valid\",\"type\":\"bool\"}],\"name\":\"finalize\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getWallet\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"isSupportedToken\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"isValid\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"requestProofVerification\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"requests\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"ok\",\"type\":\"bool\"},{\"internalType\":\"uint256\",\"name\":\"fee_\",\"type\":\"uint256\"}],\"name\":\"setToken\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"supported\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"wallet\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "TestVerifier",
	Bin: "0x60a0346100c157601f61070938819003918201601f19168301916001600160401b038311848410176100c5578084926060946040528339810103126100c157610047816100d9565b6020820151918215158093036100c157604061006391016100d9565b6001600160a01b039091166080525f80546001600160a81b03191660ff939093169290921760089190911b610100600160a81b031617905560405161061b90816100ee82396080518181816101b30152818161038a01526103f30152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036100c15756fe60806040526004361015610011575f80fd5b5f5f3560e01c80630a03e738146104965780630e3e99fa146103b957806313299604146102e9578063240028e8146101245780633b2bcbf11461037457806348c40d1714610314578063521eb273146102e95780636fcca69b146102c157806381e79a90146101635780638597b7c91461012457806391e6ec4214610102578063b74cb2db146100e45763faaebd21146100a9575f80fd5b346100e15760203660031901126100e1576020906040906001600160a01b036100d0610546565b168152600283522054604051908152f35b80fd5b50346100e157806003193601126100e1576020600354604051908152f35b50346100e157806003193601126100e15760ff60209154166040519015158152f35b50346100e15760203660031901126100e15760209060ff906040906001600160a01b0361014f610546565b168152600184522054166040519015158152f35b50346100e15760803660031901126100e15761017d61050a565b9061018661051d565b61018e610530565b9260643567ffffffffffffffff81116102bd576101af9036906004016104dc565b94907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031690338290036102aa57600354965f19881461029657600187980160035560ff875416610205578680f35b61020e91610592565b93813b156102925760405163196ab12360e01b815263ffffffff9485166004820152931660248401526001600160a01b0391909116604483015291151560648201529082908290608490829084905af1801561028757610272575b80808080808680f35b8161027c9161055c565b6100e157805f610269565b6040513d84823e3d90fd5b8580fd5b634e487b7160e01b87526011600452602487fd5b63f01654df60e01b865233600452602486fd5b8380fd5b50346100e15760203660031901126100e1576020906040906001600160a01b036100d0610546565b50346100e157806003193601126100e1575460405160089190911c6001600160a01b03168152602090f35b50346100e15760603660031901126100e15761032e610546565b602435908115158092036103705760018060a01b0316908183526001602052604083209060ff8019835416911617905581526002602052604435604082205580f35b8280fd5b50346100e157806003193601126100e1576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b5034610492576080366003190112610492576103d361050a565b6103db61051d565b906103e4610530565b606435928315158403610492577f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031690813b156104925760405163196ab12360e01b815263ffffffff9485166004820152931660248401526001600160a01b039190911660448301529115156064820152905f908290608490829084905af1801561048757610479575080f35b61048591505f9061055c565b005b6040513d5f823e3d90fd5b5f80fd5b346104925760203660031901126104925760043567ffffffffffffffff8111610492576104d26104cc60209236906004016104dc565b90610592565b6040519015158152f35b9181601f840112156104925782359167ffffffffffffffff8311610492576020838186019501011161049257565b6004359063ffffffff8216820361049257565b6024359063ffffffff8216820361049257565b604435906001600160a01b038216820361049257565b600435906001600160a01b038216820361049257565b90601f8019910116810190811067ffffffffffffffff82111761057e57604052565b634e487b7160e01b5f52604160045260245ffd5b9067ffffffffffffffff811161057e57604051906105ba601f8201601f19166020018361055c565b8082526020820192368282011161049257815f9260209286378301015251902060405160208101907fd89cb60d7bb51b2e66fc1cd78900f2c708ed6c0a195e1923095557d52cfb8d0e82526020815261061460408261055c565b519020149056",
}

// TestVerifier is an auto generated Go binding around an Ethereum contract.
type TestVerifier struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *TestVerifier) GetABI() abi.ABI {
	return c.abi
}

// NewTestVerifier creates a new instance of TestVerifier.
func NewTestVerifier() *TestVerifier {
	parsed, err := TestVerifierMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &TestVerifier{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *TestVerifier) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address coordinator, bool atomic_, address wallet_) returns()
func (testVerifier *TestVerifier) PackConstructor(coordinator common.Address, atomic_ bool, wallet_ common.Address) []byte {
	enc, err := testVerifier.abi.Pack("", coordinator, atomic_, wallet_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackCOORDINATOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3b2bcbf1.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function COORDINATOR() view returns(address)
func (testVerifier *TestVerifier) PackCOORDINATOR() []byte {
	enc, err := testVerifier.abi.Pack("COORDINATOR")
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
func (testVerifier *TestVerifier) TryPackCOORDINATOR() ([]byte, error) {
	return testVerifier.abi.Pack("COORDINATOR")
}

// UnpackCOORDINATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3b2bcbf1.
//
// Solidity: function COORDINATOR() view returns(address)
func (testVerifier *TestVerifier) UnpackCOORDINATOR(data []byte) (common.Address, error) {
	out, err := testVerifier.abi.Unpack("COORDINATOR", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackAtomic is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x91e6ec42.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function atomic() view returns(bool)
func (testVerifier *TestVerifier) PackAtomic() []byte {
	enc, err := testVerifier.abi.Pack("atomic")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAtomic is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x91e6ec42.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function atomic() view returns(bool)
func (testVerifier *TestVerifier) TryPackAtomic() ([]byte, error) {
	return testVerifier.abi.Pack("atomic")
}

// UnpackAtomic is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x91e6ec42.
//
// Solidity: function atomic() view returns(bool)
func (testVerifier *TestVerifier) UnpackAtomic(data []byte) (bool, error) {
	out, err := testVerifier.abi.Unpack("atomic", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackFee is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6fcca69b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function fee(address token) view returns(uint256)
func (testVerifier *TestVerifier) PackFee(token common.Address) []byte {
	enc, err := testVerifier.abi.Pack("fee", token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFee is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6fcca69b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function fee(address token) view returns(uint256)
func (testVerifier *TestVerifier) TryPackFee(token common.Address) ([]byte, error) {
	return testVerifier.abi.Pack("fee", token)
}

// UnpackFee is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6fcca69b.
//
// Solidity: function fee(address token) view returns(uint256)
func (testVerifier *TestVerifier) UnpackFee(data []byte) (*big.Int, error) {
	out, err := testVerifier.abi.Unpack("fee", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackFees is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfaaebd21.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function fees(address ) view returns(uint256)
func (testVerifier *TestVerifier) PackFees(arg0 common.Address) []byte {
	enc, err := testVerifier.abi.Pack("fees", arg0)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFees is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfaaebd21.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function fees(address ) view returns(uint256)
func (testVerifier *TestVerifier) TryPackFees(arg0 common.Address) ([]byte, error) {
	return testVerifier.abi.Pack("fees", arg0)
}

// UnpackFees is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xfaaebd21.
//
// Solidity: function fees(address ) view returns(uint256)
func (testVerifier *TestVerifier) UnpackFees(data []byte) (*big.Int, error) {
	out, err := testVerifier.abi.Unpack("fees", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackFinalize is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0e3e99fa.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function finalize(uint32 subscriptionId, uint32 interval, address node, bool valid) returns()
func (testVerifier *TestVerifier) PackFinalize(subscriptionId uint32, interval uint32, node common.Address, valid bool) []byte {
	enc, err := testVerifier.abi.Pack("finalize", subscriptionId, interval, node, valid)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFinalize is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0e3e99fa.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function finalize(uint32 subscriptionId, uint32 interval, address node, bool valid) returns()
func (testVerifier *TestVerifier) TryPackFinalize(subscriptionId uint32, interval uint32, node common.Address, valid bool) ([]byte, error) {
	return testVerifier.abi.Pack("finalize", subscriptionId, interval, node, valid)
}

// PackGetWallet is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x13299604.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getWallet() view returns(address)
func (testVerifier *TestVerifier) PackGetWallet() []byte {
	enc, err := testVerifier.abi.Pack("getWallet")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetWallet is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x13299604.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getWallet() view returns(address)
func (testVerifier *TestVerifier) TryPackGetWallet() ([]byte, error) {
	return testVerifier.abi.Pack("getWallet")
}

// UnpackGetWallet is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x13299604.
//
// Solidity: function getWallet() view returns(address)
func (testVerifier *TestVerifier) UnpackGetWallet(data []byte) (common.Address, error) {
	out, err := testVerifier.abi.Unpack("getWallet", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackIsSupportedToken is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x240028e8.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function isSupportedToken(address token) view returns(bool)
func (testVerifier *TestVerifier) PackIsSupportedToken(token common.Address) []byte {
	enc, err := testVerifier.abi.Pack("isSupportedToken", token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackIsSupportedToken is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x240028e8.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function isSupportedToken(address token) view returns(bool)
func (testVerifier *TestVerifier) TryPackIsSupportedToken(token common.Address) ([]byte, error) {
	return testVerifier.abi.Pack("isSupportedToken", token)
}

// UnpackIsSupportedToken is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x240028e8.
//
// Solidity: function isSupportedToken(address token) view returns(bool)
func (testVerifier *TestVerifier) UnpackIsSupportedToken(data []byte) (bool, error) {
	out, err := testVerifier.abi.Unpack("isSupportedToken", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackIsValid is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0a03e738.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function isValid(bytes proof) pure returns(bool)
func (testVerifier *TestVerifier) PackIsValid(proof []byte) []byte {
	enc, err := testVerifier.abi.Pack("isValid", proof)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackIsValid is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0a03e738.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function isValid(bytes proof) pure returns(bool)
func (testVerifier *TestVerifier) TryPackIsValid(proof []byte) ([]byte, error) {
	return testVerifier.abi.Pack("isValid", proof)
}

// UnpackIsValid is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x0a03e738.
//
// Solidity: function isValid(bytes proof) pure returns(bool)
func (testVerifier *TestVerifier) UnpackIsValid(data []byte) (bool, error) {
	out, err := testVerifier.abi.Unpack("isValid", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackRequestProofVerification is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x81e79a90.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function requestProofVerification(uint32 subscriptionId, uint32 interval, address node, bytes proof) returns()
func (testVerifier *TestVerifier) PackRequestProofVerification(subscriptionId uint32, interval uint32, node common.Address, proof []byte) []byte {
	enc, err := testVerifier.abi.Pack("requestProofVerification", subscriptionId, interval, node, proof)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequestProofVerification is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x81e79a90.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function requestProofVerification(uint32 subscriptionId, uint32 interval, address node, bytes proof) returns()
func (testVerifier *TestVerifier) TryPackRequestProofVerification(subscriptionId uint32, interval uint32, node common.Address, proof []byte) ([]byte, error) {
	return testVerifier.abi.Pack("requestProofVerification", subscriptionId, interval, node, proof)
}

// PackRequests is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb74cb2db.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function requests() view returns(uint256)
func (testVerifier *TestVerifier) PackRequests() []byte {
	enc, err := testVerifier.abi.Pack("requests")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequests is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb74cb2db.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function requests() view returns(uint256)
func (testVerifier *TestVerifier) TryPackRequests() ([]byte, error) {
	return testVerifier.abi.Pack("requests")
}

// UnpackRequests is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xb74cb2db.
//
// Solidity: function requests() view returns(uint256)
func (testVerifier *TestVerifier) UnpackRequests(data []byte) (*big.Int, error) {
	out, err := testVerifier.abi.Unpack("requests", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackSetToken is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x48c40d17.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setToken(address token, bool ok, uint256 fee_) returns()
func (testVerifier *TestVerifier) PackSetToken(token common.Address, ok bool, fee *big.Int) []byte {
	enc, err := testVerifier.abi.Pack("setToken", token, ok, fee)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetToken is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x48c40d17.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setToken(address token, bool ok, uint256 fee_) returns()
func (testVerifier *TestVerifier) TryPackSetToken(token common.Address, ok bool, fee *big.Int) ([]byte, error) {
	return testVerifier.abi.Pack("setToken", token, ok, fee)
}

// PackSupported is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8597b7c9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function supported(address ) view returns(bool)
func (testVerifier *TestVerifier) PackSupported(arg0 common.Address) []byte {
	enc, err := testVerifier.abi.Pack("supported", arg0)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSupported is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8597b7c9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function supported(address ) view returns(bool)
func (testVerifier *TestVerifier) TryPackSupported(arg0 common.Address) ([]byte, error) {
	return testVerifier.abi.Pack("supported", arg0)
}

// UnpackSupported is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8597b7c9.
//
// Solidity: function supported(address ) view returns(bool)
func (testVerifier *TestVerifier) UnpackSupported(data []byte) (bool, error) {
	out, err := testVerifier.abi.Unpack("supported", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackWallet is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x521eb273.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function wallet() view returns(address)
func (testVerifier *TestVerifier) PackWallet() []byte {
	enc, err := testVerifier.abi.Pack("wallet")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackWallet is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x521eb273.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function wallet() view returns(address)
func (testVerifier *TestVerifier) TryPackWallet() ([]byte, error) {
	return testVerifier.abi.Pack("wallet")
}

// UnpackWallet is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x521eb273.
//
// Solidity: function wallet() view returns(address)
func (testVerifier *TestVerifier) UnpackWallet(data []byte) (common.Address, error) {
	out, err := testVerifier.abi.Unpack("wallet", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (testVerifier *TestVerifier) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], testVerifier.abi.Errors["NotCoordinator"].ID.Bytes()[:4]) {
		return testVerifier.UnpackNotCoordinatorError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// TestVerifierNotCoordinator represents a NotCoordinator error raised by the TestVerifier contract.
type TestVerifierNotCoordinator struct {
	Caller common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotCoordinator(address caller)
func TestVerifierNotCoordinatorErrorID() common.Hash {
	return common.HexToHash("0xf01654dfa2acef475e0ff21d0f9b6ee860672131748a53fb337192529f065117")
}

// UnpackNotCoordinatorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotCoordinator(address caller)
func (testVerifier *TestVerifier) UnpackNotCoordinatorError(raw []byte) (*TestVerifierNotCoordinator, error) {
	out := new(TestVerifierNotCoordinator)
	if err := testVerifier.abi.UnpackIntoInterface(out, "NotCoordinator", raw); err != nil {
		return nil, err
	}
	return out, nil
}
