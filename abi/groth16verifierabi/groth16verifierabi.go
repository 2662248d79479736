// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package groth16verifierabi

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

// Groth16VerifierMetaData contains all meta data concerning the Groth16Verifier contract.
var Groth16VerifierMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"coordinator\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"bytes4\",\"name\":\"selector\",\"type\":\"bytes4\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"},{\"internalType\":\"address[]\",\"name\":\"tokens\",\"type\":\"address[]\"},{\"internalType\":\"uint256[]\",\"name\":\"fees\",\"type\":\"uint256[]\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"tokens\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"fees\",\"type\":\"uint256\"}],\"name\":\"LengthMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotCoordinator\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAddress\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"COORDINATOR\",\"outputs\":[{\"internalType\":\"contractCoordinator\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SELECTOR\",\"outputs\":[{\"internalType\":\"bytes4\",\"name\":\"\",\"type\":\"bytes4\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"VERIFIER\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"fee\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getWallet\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"isSupportedToken\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"isValid\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"ok\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"requestProofVerification\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "Groth16Verifier",
	Bin: "0x6101006040523461024e576107988038038061001a8161026a565b92833981019060c08183031261024e57610033816102a3565b61003f602083016102a3565b6040830151906001600160e01b03198216820361024e57610062606085016102a3565b60808501519093906001600160401b03811161024e5785019486601f8701121561024e5785519561009a610095886102b7565b61026a565b9660208089838152019160051b8301019189831161024e57602001905b8282106102525750505060a0810151906001600160401b03821161024e57019580601f8801121561024e5786516100f0610095826102b7565b976020808a848152019260051b82010192831161024e57602001905b82821061023e575050506001600160a01b03168015801561022d575b801561021c575b61020d5784518651908181036101f857505060805260a05260c05260e0525f5b81518110156101b1576001906001600160a01b0361016d82856102ce565b51165f525f60205260405f208260ff1982541617905561018d81856102ce565b51828060a01b0361019e83866102ce565b51165f528260205260405f20550161014f565b6040516104a190816102f7823960805181818160e201526101e0015260a0518181816102ea01526103fb015260c05181818161032b0152610478015260e051816102600152f35b6355c5b3e360e11b5f5260045260245260445ffd5b63d92e233d60e01b5f5260045ffd5b506001600160a01b0384161561012f565b506001600160a01b03821615610128565b815181526020918201910161010c565b5f80fd5b6020809161025f846102a3565b8152019101906100b7565b6040519190601f01601f191682016001600160401b0381118382101761028f57604052565b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b038216820361024e57565b6001600160401b03811161028f5760051b60200190565b80518210156102e25760209160051b010190565b634e487b7160e01b5f52603260045260245ffdfe6080806040526004361015610012575f80fd5b5f905f3560e01c908163053c238d146103195750806308c84e70146102d55780630a03e7381461028f578063132996041461024b578063240028e81461020f5780633b2bcbf1146101cb5780636fcca69b14610193576381e79a9014610076575f80fd5b3461017c57608036600319011261017c5760043563ffffffff811680910361017c576024359063ffffffff821680920361017c576044356001600160a01b038116929083900361017c5760643567ffffffffffffffff811161017c576100e090369060040161035b565b7f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03169190338390036101805761011d916103d5565b92813b1561017c575f6084928195604051978896879563196ab12360e01b8752600487015260248601526044850152151560648401525af1801561017157610163575080f35b61016f91505f9061039f565b005b6040513d5f823e3d90fd5b5f80fd5b63f01654df60e01b5f523360045260245ffd5b3461017c57602036600319011261017c576001600160a01b036101b4610389565b165f526001602052602060405f2054604051908152f35b3461017c575f36600319011261017c576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b3461017c57602036600319011261017c576001600160a01b03610230610389565b165f525f602052602060ff60405f2054166040519015158152f35b3461017c575f36600319011261017c576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b3461017c57602036600319011261017c5760043567ffffffffffffffff811161017c576102cb6102c5602092369060040161035b565b906103d5565b6040519015158152f35b3461017c575f36600319011261017c576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b3461017c575f36600319011261017c577f00000000000000000000000000000000000000000000000000000000000000006001600160e01b0319168152602090f35b9181601f8401121561017c5782359167ffffffffffffffff831161017c576020838186019501011161017c57565b600435906001600160a01b038216820361017c57565b90601f8019910116810190811067ffffffffffffffff8211176103c157604052565b634e487b7160e01b5f52604160045260245ffd5b60048210801561045f575b61045957815f929183926040519283928337810183815203907f00000000000000000000000000000000000000000000000000000000000000005afa3d15610456573d67ffffffffffffffff81116103c1576040519061044a601f8201601f19166020018361039f565b81525f60203d92013e90565b90565b50505f90565b508160041161017c5780356001600160e01b03199081167f000000000000000000000000000000000000000000000000000000000000000090911614156103e056",
}

// Groth16Verifier is an auto generated Go binding around an Ethereum contract.
type Groth16Verifier struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *Groth16Verifier) GetABI() abi.ABI {
	return c.abi
}

// NewGroth16Verifier creates a new instance of Groth16Verifier.
func NewGroth16Verifier() *Groth16Verifier {
	parsed, err := Groth16VerifierMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &Groth16Verifier{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *Groth16Verifier) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address coordinator, address verifier, bytes4 selector, address wallet, address[] tokens, uint256[] fees) returns()
func (groth16Verifier *Groth16Verifier) PackConstructor(coordinator common.Address, verifier common.Address, selector [4]byte, wallet common.Address, tokens []common.Address, fees []*big.Int) []byte {
	enc, err := groth16Verifier.abi.Pack("", coordinator, verifier, selector, wallet, tokens, fees)
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
func (groth16Verifier *Groth16Verifier) PackCOORDINATOR() []byte {
	enc, err := groth16Verifier.abi.Pack("COORDINATOR")
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
func (groth16Verifier *Groth16Verifier) TryPackCOORDINATOR() ([]byte, error) {
	return groth16Verifier.abi.Pack("COORDINATOR")
}

// UnpackCOORDINATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3b2bcbf1.
//
// Solidity: function COORDINATOR() view returns(address)
func (groth16Verifier *Groth16Verifier) UnpackCOORDINATOR(data []byte) (common.Address, error) {
	out, err := groth16Verifier.abi.Unpack("COORDINATOR", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackSELECTOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x053c238d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function SELECTOR() view returns(bytes4)
func (groth16Verifier *Groth16Verifier) PackSELECTOR() []byte {
	enc, err := groth16Verifier.abi.Pack("SELECTOR")
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
func (groth16Verifier *Groth16Verifier) TryPackSELECTOR() ([]byte, error) {
	return groth16Verifier.abi.Pack("SELECTOR")
}

// UnpackSELECTOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x053c238d.
//
// Solidity: function SELECTOR() view returns(bytes4)
func (groth16Verifier *Groth16Verifier) UnpackSELECTOR(data []byte) ([4]byte, error) {
	out, err := groth16Verifier.abi.Unpack("SELECTOR", data)
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
func (groth16Verifier *Groth16Verifier) PackVERIFIER() []byte {
	enc, err := groth16Verifier.abi.Pack("VERIFIER")
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
func (groth16Verifier *Groth16Verifier) TryPackVERIFIER() ([]byte, error) {
	return groth16Verifier.abi.Pack("VERIFIER")
}

// UnpackVERIFIER is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x08c84e70.
//
// Solidity: function VERIFIER() view returns(address)
func (groth16Verifier *Groth16Verifier) UnpackVERIFIER(data []byte) (common.Address, error) {
	out, err := groth16Verifier.abi.Unpack("VERIFIER", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackFee is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6fcca69b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function fee(address token) view returns(uint256)
func (groth16Verifier *Groth16Verifier) PackFee(token common.Address) []byte {
	enc, err := groth16Verifier.abi.Pack("fee", token)
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
func (groth16Verifier *Groth16Verifier) TryPackFee(token common.Address) ([]byte, error) {
	return groth16Verifier.abi.Pack("fee", token)
}

// UnpackFee is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6fcca69b.
//
// Solidity: function fee(address token) view returns(uint256)
func (groth16Verifier *Groth16Verifier) UnpackFee(data []byte) (*big.Int, error) {
	out, err := groth16Verifier.abi.Unpack("fee", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackGetWallet is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x13299604.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getWallet() view returns(address)
func (groth16Verifier *Groth16Verifier) PackGetWallet() []byte {
	enc, err := groth16Verifier.abi.Pack("getWallet")
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
func (groth16Verifier *Groth16Verifier) TryPackGetWallet() ([]byte, error) {
	return groth16Verifier.abi.Pack("getWallet")
}

// UnpackGetWallet is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x13299604.
//
// Solidity: function getWallet() view returns(address)
func (groth16Verifier *Groth16Verifier) UnpackGetWallet(data []byte) (common.Address, error) {
	out, err := groth16Verifier.abi.Unpack("getWallet", data)
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
func (groth16Verifier *Groth16Verifier) PackIsSupportedToken(token common.Address) []byte {
	enc, err := groth16Verifier.abi.Pack("isSupportedToken", token)
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
func (groth16Verifier *Groth16Verifier) TryPackIsSupportedToken(token common.Address) ([]byte, error) {
	return groth16Verifier.abi.Pack("isSupportedToken", token)
}

// UnpackIsSupportedToken is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x240028e8.
//
// Solidity: function isSupportedToken(address token) view returns(bool)
func (groth16Verifier *Groth16Verifier) UnpackIsSupportedToken(data []byte) (bool, error) {
	out, err := groth16Verifier.abi.Unpack("isSupportedToken", data)
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
// Solidity: function isValid(bytes proof) view returns(bool ok)
func (groth16Verifier *Groth16Verifier) PackIsValid(proof []byte) []byte {
	enc, err := groth16Verifier.abi.Pack("isValid", proof)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackIsValid is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0a03e738.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function isValid(bytes proof) view returns(bool ok)
func (groth16Verifier *Groth16Verifier) TryPackIsValid(proof []byte) ([]byte, error) {
	return groth16Verifier.abi.Pack("isValid", proof)
}

// UnpackIsValid is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x0a03e738.
//
// Solidity: function isValid(bytes proof) view returns(bool ok)
func (groth16Verifier *Groth16Verifier) UnpackIsValid(data []byte) (bool, error) {
	out, err := groth16Verifier.abi.Unpack("isValid", data)
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
func (groth16Verifier *Groth16Verifier) PackRequestProofVerification(subscriptionId uint32, interval uint32, node common.Address, proof []byte) []byte {
	enc, err := groth16Verifier.abi.Pack("requestProofVerification", subscriptionId, interval, node, proof)
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
func (groth16Verifier *Groth16Verifier) TryPackRequestProofVerification(subscriptionId uint32, interval uint32, node common.Address, proof []byte) ([]byte, error) {
	return groth16Verifier.abi.Pack("requestProofVerification", subscriptionId, interval, node, proof)
}

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (groth16Verifier *Groth16Verifier) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], groth16Verifier.abi.Errors["LengthMismatch"].ID.Bytes()[:4]) {
		return groth16Verifier.UnpackLengthMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], groth16Verifier.abi.Errors["NotCoordinator"].ID.Bytes()[:4]) {
		return groth16Verifier.UnpackNotCoordinatorError(raw[4:])
	}
	if bytes.Equal(raw[:4], groth16Verifier.abi.Errors["ZeroAddress"].ID.Bytes()[:4]) {
		return groth16Verifier.UnpackZeroAddressError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// Groth16VerifierLengthMismatch represents a LengthMismatch error raised by the Groth16Verifier contract.
type Groth16VerifierLengthMismatch struct {
	Tokens *big.Int
	Fees   *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error LengthMismatch(uint256 tokens, uint256 fees)
func Groth16VerifierLengthMismatchErrorID() common.Hash {
	return common.HexToHash("0xab8b67c6893c59617ef3ba4b4b942e9791f2572db2fdb32028356532f3b7396a")
}

// UnpackLengthMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error LengthMismatch(uint256 tokens, uint256 fees)
func (groth16Verifier *Groth16Verifier) UnpackLengthMismatchError(raw []byte) (*Groth16VerifierLengthMismatch, error) {
	out := new(Groth16VerifierLengthMismatch)
	if err := groth16Verifier.abi.UnpackIntoInterface(out, "LengthMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// Groth16VerifierNotCoordinator represents a NotCoordinator error raised by the Groth16Verifier contract.
type Groth16VerifierNotCoordinator struct {
	Caller common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotCoordinator(address caller)
func Groth16VerifierNotCoordinatorErrorID() common.Hash {
	return common.HexToHash("0xf01654dfa2acef475e0ff21d0f9b6ee860672131748a53fb337192529f065117")
}

// UnpackNotCoordinatorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotCoordinator(address caller)
func (groth16Verifier *Groth16Verifier) UnpackNotCoordinatorError(raw []byte) (*Groth16VerifierNotCoordinator, error) {
	out := new(Groth16VerifierNotCoordinator)
	if err := groth16Verifier.abi.UnpackIntoInterface(out, "NotCoordinator", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// Groth16VerifierZeroAddress represents a ZeroAddress error raised by the Groth16Verifier contract.
type Groth16VerifierZeroAddress struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroAddress()
func Groth16VerifierZeroAddressErrorID() common.Hash {
	return common.HexToHash("0xd92e233df2717d4a40030e20904abd27b68fcbeede117eaaccbbdac9618c8c73")
}

// UnpackZeroAddressError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroAddress()
func (groth16Verifier *Groth16Verifier) UnpackZeroAddressError(raw []byte) (*Groth16VerifierZeroAddress, error) {
	out := new(Groth16VerifierZeroAddress)
	if err := groth16Verifier.abi.UnpackIntoInterface(out, "ZeroAddress", raw); err != nil {
		return nil, err
	}
	return out, nil
}
