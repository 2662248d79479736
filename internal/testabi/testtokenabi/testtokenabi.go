// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package testtokenabi

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

// TestTokenMetaData contains all meta data concerning the TestToken contract.
var TestTokenMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"approver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidApprover\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidReceiver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSpender\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"hookData\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"hookFailed\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"hookReason\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"hookTarget\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"target\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"data\",\"type\":\"bytes\"}],\"name\":\"setHook\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "TestToken",
	Bin: "0x60806040523461032a57604080519081016001600160401b03811182821017610232576040908152600a8252692a32b9ba102a37b5b2b760b11b602083015280519081016001600160401b03811182821017610232576040526004815263151154d560e21b602082015281516001600160401b03811161023257600354600181811c91168015610320575b602082101461021457601f81116102b2575b50602092601f821160011461025157928192935f92610246575b50508160011b915f199060031b1c1916176003555b80516001600160401b03811161023257600454600181811c91168015610228575b602082101461021457601f81116101a6575b50602091601f8211600114610146579181925f9261013b575b50508160011b915f199060031b1c1916176004555b604051610e1c908161032f8239f35b015190505f80610117565b601f1982169260045f52805f20915f5b85811061018e57508360019510610176575b505050811b0160045561012c565b01515f1960f88460031b161c191690555f8080610168565b91926020600181928685015181550194019201610156565b818111156100fe5760045f52601f820160051c7f8a35acfbc15ff81a39ae7d344fd709f28e8600b4aa8c65c6b64bfe7fe36bd19b6020841061020c575b81601f9101920160051c03905f5b8281106101ff5750506100fe565b5f828201556001016101f1565b5f91506101e3565b634e487b7160e01b5f52602260045260245ffd5b90607f16906100ec565b634e487b7160e01b5f52604160045260245ffd5b015190505f806100b6565b601f1982169360035f52805f20915f5b86811061029a5750836001959610610282575b505050811b016003556100cb565b01515f1960f88460031b161c191690555f8080610274565b91926020600181928685015181550194019201610261565b8181111561009c5760035f52601f820160051c7fc2575a0e9e593c00f959f8c92f12db2869c3395a3b0502d05e2516446f71f85b60208410610318575b81601f9101920160051c03905f5b82811061030b57505061009c565b5f828201556001016102fd565b5f91506102ef565b90607f169061008a565b5f80fdfe6080806040526004361015610012575f80fd5b5f3560e01c90816306fdde03146109b757508063095ea7b31461093557806318160ddd1461091857806323b872dd14610839578063313ce5671461081e578063353ac5f9146107f657806340c10f191461054b57806343072d2e146103b857806347886020146103135780636e22da191461028157806370a082311461024a57806395d89b4114610168578063a9059cbb14610137578063bb4f495b146101155763dd62ed3e146100c1575f80fd5b34610111576040366003190112610111576100da610a7d565b6100e2610a93565b6001600160a01b039182165f908152600160209081526040808320949093168252928352819020549051908152f35b5f80fd5b34610111575f36600319011261011157602060ff600754166040519015158152f35b346101115760403660031901126101115761015d610153610a7d565b6024359033610b62565b602060405160018152f35b34610111575f366003190112610111576040515f60045461018881610aa9565b808452906001811690811561022657506001146101c8575b6101c4836101b081850382610ae1565b604051918291602083526020830190610a59565b0390f35b91905060045f527f8a35acfbc15ff81a39ae7d344fd709f28e8600b4aa8c65c6b64bfe7fe36bd19b915f905b80821061020c575090915081016020016101b06101a0565b9192600181602092548385880101520191019092916101f4565b60ff191660208086019190915291151560051b840190910191506101b090506101a0565b34610111576020366003190112610111576001600160a01b0361026b610a7d565b165f525f602052602060405f2054604051908152f35b34610111575f366003190112610111576040515f6006546102a181610aa9565b808452906001811690811561022657506001146102c8576101c4836101b081850382610ae1565b60065f9081525f516020610dfc5f395f51905f52939250905b8082106102f9575090915081016020016101b06101a0565b9192600181602092548385880101520191019092916102e1565b34610111575f366003190112610111576040515f60085461033381610aa9565b8084529060018116908115610226575060011461035a576101c4836101b081850382610ae1565b60085f9081527ff3f7a9fe364faab93b216da50a3214154f22a0a2b415b23a84c8169e8b636ee3939250905b80821061039e575090915081016020016101b06101a0565b919260018160209254838588010152019101909291610386565b34610111576040366003190112610111576103d1610a7d565b6024359067ffffffffffffffff821161011157366023830112156101115781600401359067ffffffffffffffff82116101115736602483850101116101115760018060a01b03166bffffffffffffffffffffffff60a01b600554161760055561043b600654610aa9565b601f81116104f0575b505f601f8211600114610485578190610472935f92610477575b50508160011b915f199060031b1c19161790565b600655005b60249250010135838061045e565b601f198216925f516020610dfc5f395f51905f52915f5b8581106104d5575083600195106104b9575b505050811b01600655005b01602401355f19600384901b60f8161c191690558280806104ae565b9092602060018192602487870101358155019401910161049c565b818111156104445760065f52601f820160051c5f516020610dfc5f395f51905f5260208410610543575b81601f9101920160051c03905f5b828110610536575050610444565b5f82820155600101610528565b5f915061051a565b3461011157604036600319011261011157610564610a7d565b602435906001600160a01b031680156107e3576005546001600160a01b03811690811515806107dc575b6105fa575b505090600254908082018092116105e65760207fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef915f9360025584845283825260408420818154019055604051908152a3005b634e487b7160e01b5f52601160045260245ffd5b6001600160a01b0319166005556040516006545f9061061881610aa9565b90600181169081156107c7575060011461078b575b5091815f809493819403925af1913d15610783573d9267ffffffffffffffff841161076f576040519361066a601f8201601f191660200186610ae1565b84523d5f602086013e5b60ff80196007541691151617600755825167ffffffffffffffff811161076f576106a8816106a3600854610aa9565b610b03565b6020601f82116001146106ee5781906106d79394955f926106e35750508160011b915f199060031b1c19161790565b6008555b908280610593565b01519050858061045e565b601f1982169060085f527ff3f7a9fe364faab93b216da50a3214154f22a0a2b415b23a84c8169e8b636ee3915f5b8181106107575750958360019596971061073f575b505050811b016008556106db565b01515f1960f88460031b161c19169055848080610731565b9192602060018192868b01518155019401920161071c565b634e487b7160e01b5f52604160045260245ffd5b606092610674565b905060065f525f516020610dfc5f395f51905f525f905b8282106107b357505081018161062d565b6001816020925484870152019101906107a2565b60ff191684525080151502820190508161062d565b505f61058e565b63ec442f0560e01b5f525f60045260245ffd5b34610111575f366003190112610111576005546040516001600160a01b039091168152602090f35b34610111575f36600319011261011157602060405160128152f35b3461011157606036600319011261011157610852610a7d565b61085a610a93565b6001600160a01b0382165f818152600160209081526040808320338452909152902054909260443592915f198110610898575b5061015d9350610b62565b8381106108fd5784156108ea5733156108d75761015d945f52600160205260405f2060018060a01b0333165f526020528360405f20910390558461088d565b634a1406b160e11b5f525f60045260245ffd5b63e602df0560e01b5f525f60045260245ffd5b8390637dc7a0d960e11b5f523360045260245260445260645ffd5b34610111575f366003190112610111576020600254604051908152f35b346101115760403660031901126101115761094e610a7d565b6024359033156108ea576001600160a01b03169081156108d757335f52600160205260405f20825f526020528060405f20556040519081527f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560203392a3602060405160018152f35b34610111575f366003190112610111575f6003546109d481610aa9565b808452906001811690811561022657506001146109fb576101c4836101b081850382610ae1565b91905060035f527fc2575a0e9e593c00f959f8c92f12db2869c3395a3b0502d05e2516446f71f85b915f905b808210610a3f575090915081016020016101b06101a0565b919260018160209254838588010152019101909291610a27565b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b600435906001600160a01b038216820361011157565b602435906001600160a01b038216820361011157565b90600182811c92168015610ad7575b6020831014610ac357565b634e487b7160e01b5f52602260045260245ffd5b91607f1691610ab8565b90601f8019910116810190811067ffffffffffffffff82111761076f57604052565b90601f8211610b10575050565b808211610b1b575050565b60085f5260205f206020601f830160051c9210610b5a575b81601f9101920160051c03905f5b828110610b4d57505050565b5f82820155600101610b41565b5f9150610b33565b6001600160a01b0316908115610de8576001600160a01b03169182156107e3576005546001600160a01b0381169081151580610de0575b610c17575b5050815f525f60205260405f2054818110610bfe57817fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef92602092855f525f84520360405f2055845f525f825260405f20818154019055604051908152a3565b8263391434e360e21b5f5260045260245260445260645ffd5b6001600160a01b0319166005556040516006545f90610c3581610aa9565b9060018116908115610dcb5750600114610d8f575b5091815f809493819403925af13d15610d87573d9067ffffffffffffffff821161076f5760405191610c86601f8201601f191660200184610ae1565b82523d5f602084013e5b60ff8019600754169115161760075580519067ffffffffffffffff821161076f57610cc0826106a3600854610aa9565b602090601f8311600114610d0457610cee92915f9183610cf95750508160011b915f199060031b1c19161790565b6008555b5f80610b9e565b015190505f8061045e565b90601f1983169160085f527ff3f7a9fe364faab93b216da50a3214154f22a0a2b415b23a84c8169e8b636ee3925f5b818110610d6f5750908460019594939210610d57575b505050811b01600855610cf2565b01515f1960f88460031b161c191690555f8080610d49565b92936020600181928786015181550195019301610d33565b606090610c90565b905060065f525f516020610dfc5f395f51905f525f905b828210610db7575050810181610c4a565b600181602092548487015201910190610da6565b60ff1916845250801515028201905081610c4a565b506001610b99565b634b637e8f60e11b5f525f60045260245ffdfef652222313e28459528d920b65115c16c04f3efc82aaedc97be59f3f377c0d3f",
}

// TestToken is an auto generated Go binding around an Ethereum contract.
type TestToken struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *TestToken) GetABI() abi.ABI {
	return c.abi
}

// NewTestToken creates a new instance of TestToken.
func NewTestToken() *TestToken {
	parsed, err := TestTokenMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &TestToken{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *TestToken) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (testToken *TestToken) PackAllowance(owner common.Address, spender common.Address) []byte {
	enc, err := testToken.abi.Pack("allowance", owner, spender)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (testToken *TestToken) TryPackAllowance(owner common.Address, spender common.Address) ([]byte, error) {
	return testToken.abi.Pack("allowance", owner, spender)
}

// UnpackAllowance is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (testToken *TestToken) UnpackAllowance(data []byte) (*big.Int, error) {
	out, err := testToken.abi.Unpack("allowance", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (testToken *TestToken) PackApprove(spender common.Address, value *big.Int) []byte {
	enc, err := testToken.abi.Pack("approve", spender, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (testToken *TestToken) TryPackApprove(spender common.Address, value *big.Int) ([]byte, error) {
	return testToken.abi.Pack("approve", spender, value)
}

// UnpackApprove is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (testToken *TestToken) UnpackApprove(data []byte) (bool, error) {
	out, err := testToken.abi.Unpack("approve", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (testToken *TestToken) PackBalanceOf(account common.Address) []byte {
	enc, err := testToken.abi.Pack("balanceOf", account)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (testToken *TestToken) TryPackBalanceOf(account common.Address) ([]byte, error) {
	return testToken.abi.Pack("balanceOf", account)
}

// UnpackBalanceOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (testToken *TestToken) UnpackBalanceOf(data []byte) (*big.Int, error) {
	out, err := testToken.abi.Unpack("balanceOf", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function decimals() view returns(uint8)
func (testToken *TestToken) PackDecimals() []byte {
	enc, err := testToken.abi.Pack("decimals")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function decimals() view returns(uint8)
func (testToken *TestToken) TryPackDecimals() ([]byte, error) {
	return testToken.abi.Pack("decimals")
}

// UnpackDecimals is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (testToken *TestToken) UnpackDecimals(data []byte) (uint8, error) {
	out, err := testToken.abi.Unpack("decimals", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackHookData is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6e22da19.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hookData() view returns(bytes)
func (testToken *TestToken) PackHookData() []byte {
	enc, err := testToken.abi.Pack("hookData")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackHookData is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6e22da19.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function hookData() view returns(bytes)
func (testToken *TestToken) TryPackHookData() ([]byte, error) {
	return testToken.abi.Pack("hookData")
}

// UnpackHookData is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6e22da19.
//
// Solidity: function hookData() view returns(bytes)
func (testToken *TestToken) UnpackHookData(data []byte) ([]byte, error) {
	out, err := testToken.abi.Unpack("hookData", data)
	if err != nil {
		return *new([]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([]byte)).(*[]byte)
	return out0, nil
}

// PackHookFailed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xbb4f495b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hookFailed() view returns(bool)
func (testToken *TestToken) PackHookFailed() []byte {
	enc, err := testToken.abi.Pack("hookFailed")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackHookFailed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xbb4f495b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function hookFailed() view returns(bool)
func (testToken *TestToken) TryPackHookFailed() ([]byte, error) {
	return testToken.abi.Pack("hookFailed")
}

// UnpackHookFailed is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xbb4f495b.
//
// Solidity: function hookFailed() view returns(bool)
func (testToken *TestToken) UnpackHookFailed(data []byte) (bool, error) {
	out, err := testToken.abi.Unpack("hookFailed", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackHookReason is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x47886020.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hookReason() view returns(bytes)
func (testToken *TestToken) PackHookReason() []byte {
	enc, err := testToken.abi.Pack("hookReason")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackHookReason is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x47886020.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function hookReason() view returns(bytes)
func (testToken *TestToken) TryPackHookReason() ([]byte, error) {
	return testToken.abi.Pack("hookReason")
}

// UnpackHookReason is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x47886020.
//
// Solidity: function hookReason() view returns(bytes)
func (testToken *TestToken) UnpackHookReason(data []byte) ([]byte, error) {
	out, err := testToken.abi.Unpack("hookReason", data)
	if err != nil {
		return *new([]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([]byte)).(*[]byte)
	return out0, nil
}

// PackHookTarget is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x353ac5f9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hookTarget() view returns(address)
func (testToken *TestToken) PackHookTarget() []byte {
	enc, err := testToken.abi.Pack("hookTarget")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackHookTarget is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x353ac5f9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function hookTarget() view returns(address)
func (testToken *TestToken) TryPackHookTarget() ([]byte, error) {
	return testToken.abi.Pack("hookTarget")
}

// UnpackHookTarget is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x353ac5f9.
//
// Solidity: function hookTarget() view returns(address)
func (testToken *TestToken) UnpackHookTarget(data []byte) (common.Address, error) {
	out, err := testToken.abi.Unpack("hookTarget", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (testToken *TestToken) PackMint(to common.Address, amount *big.Int) []byte {
	enc, err := testToken.abi.Pack("mint", to, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (testToken *TestToken) TryPackMint(to common.Address, amount *big.Int) ([]byte, error) {
	return testToken.abi.Pack("mint", to, amount)
}

// PackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function name() view returns(string)
func (testToken *TestToken) PackName() []byte {
	enc, err := testToken.abi.Pack("name")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function name() view returns(string)
func (testToken *TestToken) TryPackName() ([]byte, error) {
	return testToken.abi.Pack("name")
}

// UnpackName is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (testToken *TestToken) UnpackName(data []byte) (string, error) {
	out, err := testToken.abi.Unpack("name", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackSetHook is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x43072d2e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setHook(address target, bytes data) returns()
func (testToken *TestToken) PackSetHook(target common.Address, data []byte) []byte {
	enc, err := testToken.abi.Pack("setHook", target, data)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetHook is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x43072d2e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setHook(address target, bytes data) returns()
func (testToken *TestToken) TryPackSetHook(target common.Address, data []byte) ([]byte, error) {
	return testToken.abi.Pack("setHook", target, data)
}

// PackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function symbol() view returns(string)
func (testToken *TestToken) PackSymbol() []byte {
	enc, err := testToken.abi.Pack("symbol")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function symbol() view returns(string)
func (testToken *TestToken) TryPackSymbol() ([]byte, error) {
	return testToken.abi.Pack("symbol")
}

// UnpackSymbol is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (testToken *TestToken) UnpackSymbol(data []byte) (string, error) {
	out, err := testToken.abi.Unpack("symbol", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function totalSupply() view returns(uint256)
func (testToken *TestToken) PackTotalSupply() []byte {
	enc, err := testToken.abi.Pack("totalSupply")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function totalSupply() view returns(uint256)
func (testToken *TestToken) TryPackTotalSupply() ([]byte, error) {
	return testToken.abi.Pack("totalSupply")
}

// UnpackTotalSupply is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (testToken *TestToken) UnpackTotalSupply(data []byte) (*big.Int, error) {
	out, err := testToken.abi.Unpack("totalSupply", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (testToken *TestToken) PackTransfer(to common.Address, value *big.Int) []byte {
	enc, err := testToken.abi.Pack("transfer", to, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (testToken *TestToken) TryPackTransfer(to common.Address, value *big.Int) ([]byte, error) {
	return testToken.abi.Pack("transfer", to, value)
}

// UnpackTransfer is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (testToken *TestToken) UnpackTransfer(data []byte) (bool, error) {
	out, err := testToken.abi.Unpack("transfer", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (testToken *TestToken) PackTransferFrom(from common.Address, to common.Address, value *big.Int) []byte {
	enc, err := testToken.abi.Pack("transferFrom", from, to, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (testToken *TestToken) TryPackTransferFrom(from common.Address, to common.Address, value *big.Int) ([]byte, error) {
	return testToken.abi.Pack("transferFrom", from, to, value)
}

// UnpackTransferFrom is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (testToken *TestToken) UnpackTransferFrom(data []byte) (bool, error) {
	out, err := testToken.abi.Unpack("transferFrom", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// TestTokenApproval represents a Approval event raised by the TestToken contract.
type TestTokenApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const TestTokenApprovalEventName = "Approval"

// ContractEventName returns the user-defined event name.
func (TestTokenApproval) ContractEventName() string {
	return TestTokenApprovalEventName
}

// UnpackApprovalEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (testToken *TestToken) UnpackApprovalEvent(log *types.Log) (*TestTokenApproval, error) {
	event := "Approval"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != testToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(TestTokenApproval)
	if len(log.Data) > 0 {
		if err := testToken.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range testToken.abi.Events[event].Inputs {
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

// TestTokenTransfer represents a Transfer event raised by the TestToken contract.
type TestTokenTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   *types.Log // Blockchain specific contextual infos
}

const TestTokenTransferEventName = "Transfer"

// ContractEventName returns the user-defined event name.
func (TestTokenTransfer) ContractEventName() string {
	return TestTokenTransferEventName
}

// UnpackTransferEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (testToken *TestToken) UnpackTransferEvent(log *types.Log) (*TestTokenTransfer, error) {
	event := "Transfer"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != testToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(TestTokenTransfer)
	if len(log.Data) > 0 {
		if err := testToken.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range testToken.abi.Events[event].Inputs {
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
func (testToken *TestToken) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], testToken.abi.Errors["ERC20InsufficientAllowance"].ID.Bytes()[:4]) {
		return testToken.UnpackERC20InsufficientAllowanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], testToken.abi.Errors["ERC20InsufficientBalance"].ID.Bytes()[:4]) {
		return testToken.UnpackERC20InsufficientBalanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], testToken.abi.Errors["ERC20InvalidApprover"].ID.Bytes()[:4]) {
		return testToken.UnpackERC20InvalidApproverError(raw[4:])
	}
	if bytes.Equal(raw[:4], testToken.abi.Errors["ERC20InvalidReceiver"].ID.Bytes()[:4]) {
		return testToken.UnpackERC20InvalidReceiverError(raw[4:])
	}
	if bytes.Equal(raw[:4], testToken.abi.Errors["ERC20InvalidSender"].ID.Bytes()[:4]) {
		return testToken.UnpackERC20InvalidSenderError(raw[4:])
	}
	if bytes.Equal(raw[:4], testToken.abi.Errors["ERC20InvalidSpender"].ID.Bytes()[:4]) {
		return testToken.UnpackERC20InvalidSpenderError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// TestTokenERC20InsufficientAllowance represents a ERC20InsufficientAllowance error raised by the TestToken contract.
type TestTokenERC20InsufficientAllowance struct {
	Spender   common.Address
	Allowance *big.Int
	Needed    *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)
func TestTokenERC20InsufficientAllowanceErrorID() common.Hash {
	return common.HexToHash("0xfb8f41b23e99d2101d86da76cdfa87dd51c82ed07d3cb62cbc473e469dbc75c3")
}

// UnpackERC20InsufficientAllowanceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)
func (testToken *TestToken) UnpackERC20InsufficientAllowanceError(raw []byte) (*TestTokenERC20InsufficientAllowance, error) {
	out := new(TestTokenERC20InsufficientAllowance)
	if err := testToken.abi.UnpackIntoInterface(out, "ERC20InsufficientAllowance", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// TestTokenERC20InsufficientBalance represents a ERC20InsufficientBalance error raised by the TestToken contract.
type TestTokenERC20InsufficientBalance struct {
	Sender  common.Address
	Balance *big.Int
	Needed  *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)
func TestTokenERC20InsufficientBalanceErrorID() common.Hash {
	return common.HexToHash("0xe450d38cd8d9f7d95077d567d60ed49c7254716e6ad08fc9872816c97e0ffec6")
}

// UnpackERC20InsufficientBalanceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)
func (testToken *TestToken) UnpackERC20InsufficientBalanceError(raw []byte) (*TestTokenERC20InsufficientBalance, error) {
	out := new(TestTokenERC20InsufficientBalance)
	if err := testToken.abi.UnpackIntoInterface(out, "ERC20InsufficientBalance", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// TestTokenERC20InvalidApprover represents a ERC20InvalidApprover error raised by the TestToken contract.
type TestTokenERC20InvalidApprover struct {
	Approver common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidApprover(address approver)
func TestTokenERC20InvalidApproverErrorID() common.Hash {
	return common.HexToHash("0xe602df05cc75712490294c6c104ab7c17f4030363910a7a2626411c6d3118847")
}

// UnpackERC20InvalidApproverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidApprover(address approver)
func (testToken *TestToken) UnpackERC20InvalidApproverError(raw []byte) (*TestTokenERC20InvalidApprover, error) {
	out := new(TestTokenERC20InvalidApprover)
	if err := testToken.abi.UnpackIntoInterface(out, "ERC20InvalidApprover", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// TestTokenERC20InvalidReceiver represents a ERC20InvalidReceiver error raised by the TestToken contract.
type TestTokenERC20InvalidReceiver struct {
	Receiver common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidReceiver(address receiver)
func TestTokenERC20InvalidReceiverErrorID() common.Hash {
	return common.HexToHash("0xec442f055133b72f3b2f9f0bb351c406b178527de2040a7d1feb4e058771f613")
}

// UnpackERC20InvalidReceiverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidReceiver(address receiver)
func (testToken *TestToken) UnpackERC20InvalidReceiverError(raw []byte) (*TestTokenERC20InvalidReceiver, error) {
	out := new(TestTokenERC20InvalidReceiver)
	if err := testToken.abi.UnpackIntoInterface(out, "ERC20InvalidReceiver", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// TestTokenERC20InvalidSender represents a ERC20InvalidSender error raised by the TestToken contract.
type TestTokenERC20InvalidSender struct {
	Sender common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidSender(address sender)
func TestTokenERC20InvalidSenderErrorID() common.Hash {
	return common.HexToHash("0x96c6fd1edd0cd6ef7ff0ecc0facdf53148dc0048b57fe58af65755250a7a96bd")
}

// UnpackERC20InvalidSenderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidSender(address sender)
func (testToken *TestToken) UnpackERC20InvalidSenderError(raw []byte) (*TestTokenERC20InvalidSender, error) {
	out := new(TestTokenERC20InvalidSender)
	if err := testToken.abi.UnpackIntoInterface(out, "ERC20InvalidSender", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// TestTokenERC20InvalidSpender represents a ERC20InvalidSpender error raised by the TestToken contract.
type TestTokenERC20InvalidSpender struct {
	Spender common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidSpender(address spender)
func TestTokenERC20InvalidSpenderErrorID() common.Hash {
	return common.HexToHash("0x94280d62c347d8d9f4d59a76ea321452406db88df38e0c9da304f58b57b373a2")
}

// UnpackERC20InvalidSpenderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidSpender(address spender)
func (testToken *TestToken) UnpackERC20InvalidSpenderError(raw []byte) (*TestTokenERC20InvalidSpender, error) {
	out := new(TestTokenERC20InvalidSpender)
	if err := testToken.abi.UnpackIntoInterface(out, "ERC20InvalidSpender", raw); err != nil {
		return nil, err
	}
	return out, nil
}
