// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package testconsumerabi

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

// Subscription is an auto generated low-level Go binding around an user-defined struct.
type Subscription struct {
	Owner         common.Address
	ActiveAt      uint32
	Period        uint32
	Frequency     uint32
	Redundancy    uint16
	MaxGasPrice   *big.Int
	MaxGasLimit   uint32
	ContainerId   string
	Inputs        []byte
	Lazy          bool
	Verifier      common.Address
	PaymentAmount *big.Int
	PaymentToken  common.Address
	Wallet        common.Address
}

// TestConsumerMetaData contains all meta data concerning the TestConsumer contract.
var TestConsumerMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"coordinator\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotCoordinator\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"}],\"name\":\"SignerUpdated\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"COORDINATOR\",\"outputs\":[{\"internalType\":\"contractCoordinator\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"calls\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"cancel\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"uint48\",\"name\":\"maxGasPrice\",\"type\":\"uint48\"},{\"internalType\":\"uint32\",\"name\":\"maxGasLimit\",\"type\":\"uint32\"},{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"internalType\":\"structSubscription\",\"name\":\"sub\",\"type\":\"tuple\"}],\"name\":\"createRaw\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"getContainerInputs\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getSigner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"lastGas\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"lastOutput\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"lastTaskId\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"mode\",\"outputs\":[{\"internalType\":\"enumTestConsumer.Mode\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"receiveCompute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"reenterFailed\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"reenterReason\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"enumTestConsumer.Mode\",\"name\":\"m\",\"type\":\"uint8\"}],\"name\":\"setMode\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"}],\"name\":\"setSigner\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "TestConsumer",
	Bin: "0x60a0346100c957601f610efe38819003918201601f19168301916001600160401b038311848410176100cd5780849260409485528339810103126100c957610052602061004b836100e1565b92016100e1565b6001600160a01b039182166080525f80546001600160a01b03191692909116918217815560405191907f5553331329228fbd4123164423717a4a7539f6dfa1c3279a923b98fd681a6c739080a2610e0890816100f6823960805181818161027d0152818161037801528181610a530152610bde0152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036100c95756fe6080806040526004361015610012575f80fd5b5f905f3560e01c90816301a0994514610c5d575080631381e40014610bc257806321175b4a14610b8957806325ca5c6614610ae2578063295a521214610aa0578063305f72b714610a825780633b2bcbf114610a3d5780636c19e783146109df5780636d488b6a146109c15780637ac3c02f1461099a578063962fad751461094357806397228a7e14610864578063dc5d3a1714610846578063e57109fc146103215763fa8db452146100c3575f80fd5b3461031e57602036600319011261031e5760043567ffffffffffffffff81116103015780600401906101c0600319823603011261031c57604051630bdfced560e11b815260206004820152916001600160a01b0361012082610d74565b16602484015263ffffffff61013760248401610cb5565b16604484015263ffffffff61014e60448401610cb5565b16606484015263ffffffff61016560648401610cb5565b166084840152608482013561ffff81168091036103185760a484015260a48201359065ffffffffffff8216809203610318576101fd9160c485015263ffffffff6101b160c48501610cb5565b1660e48501526101ea6101de6101ca60e4860184610db6565b6101c06101048901526101e4880191610de8565b91610104850190610db6565b8583036023190161012487015290610de8565b90610124810135801515809103610318576020928492839261014484015260018060a01b0361022f6101448301610d74565b1661016484015261016481013561018484015260018060a01b036102566101848301610d74565b166101a48401526102716101a460018060a01b039201610d74565b166101c48301520381857f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165af190811561030d5782916102c6575b60208263ffffffff60405191168152f35b90506020813d602011610305575b816102e160209383610cfe565b81010312610301575163ffffffff8116810361030157602091505f6102b5565b5080fd5b3d91506102d4565b6040513d84823e3d90fd5b8480fd5b825b80fd5b503461031e57606036600319011261031e5760243567ffffffffffffffff811161030157610353903690600401610d88565b60449291923567ffffffffffffffff811161031c57610376903690600401610d88565b7f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633819003610833575a9260ff865460a01c16600481101561081f57600181146107e357600381146107d8575b600214610568575b50505060015560043560025567ffffffffffffffff8111610554576103fa600354610cc6565b601f81116104e5575b5081601f82116001146104695781908394610432949261045e575b50508160011b915f199060031b1c19161790565b6003555b6004545f19811461044a5760010160045580f35b634e487b7160e01b82526011600452602482fd5b013590505f8061041e565b601f198216937fc2575a0e9e593c00f959f8c92f12db2869c3395a3b0502d05e2516446f71f85b91845b8681106104cd57508360019596106104b4575b505050811b01600355610436565b01355f19600384901b60f8161c191690555f80806104a6565b90926020600181928686013581550194019101610493565b818111156104035760038352601f820160051c7fc2575a0e9e593c00f959f8c92f12db2869c3395a3b0502d05e2516446f71f85b6020841061054c575b81601f9101920160051c0390835b82811061053e575050610403565b808560019284015501610530565b849150610522565b634e487b7160e01b82526041600452602482fd5b813b156107d4576105bc86928884886105ce8296604051998a978896879563c509543d60e01b8752600160048801526001602488015260c060448801528760c488015260e0606488015260e4870191610de8565b84810360031901608486015291610de8565b8260a483015203925af191826107bb575b50506107b6573d156107af573d67ffffffffffffffff811161079b5760405190610613601f8201601f191660200183610cfe565b81523d84602083013e5b600160ff19600554161760055580519067ffffffffffffffff821161078757610647600654610cc6565b601f8111610718575b50602090601f83116001146106965761067f929186918361068b5750508160011b915f199060031b1c19161790565b6006555b5f80806103d4565b015190505f8061041e565b600686527ff652222313e28459528d920b65115c16c04f3efc82aaedc97be59f3f377c0d3f9190601f198416875b81811061070057509084600195949392106106e8575b505050811b01600655610683565b01515f1960f88460031b161c191690555f80806106da565b929360206001819287860151815501950193016106c4565b828111156106505760068652601f830160051c7ff652222313e28459528d920b65115c16c04f3efc82aaedc97be59f3f377c0d3f6020851061077f575b81601f9101920160051c0390865b828110610771575050610650565b808860019284015501610763565b879150610755565b634e487b7160e01b85526041600452602485fd5b634e487b7160e01b84526041600452602484fd5b606061061d565b610683565b816107c591610cfe565b6107d057835f6105df565b8380fd5b8580fd5b5b866103cc576107d9565b60405162461bcd60e51b815260206004820152601460248201527315195cdd10dbdb9cdd5b595c8e881c995d995c9d60621b6044820152606490fd5b634e487b7160e01b87526021600452602487fd5b63f01654df60e01b855233600452602485fd5b503461031e578060031936011261031e576020600154604051908152f35b503461031e578060031936011261031e5760405190806003549061088782610cc6565b808552916001811690811561091c57506001146108bf575b6108bb846108af81860382610cfe565b60405191829182610d34565b0390f35b600381527fc2575a0e9e593c00f959f8c92f12db2869c3395a3b0502d05e2516446f71f85b939250905b808210610902575090915081016020016108af8261089f565b9192600181602092548385880101520191019092916108e9565b60ff191660208087019190915292151560051b850190920192506108af915083905061089f565b503461031e57608036600319011261031e576108bb90610961610c7c565b5061096a610c8f565b50610973610ca2565b5061097c610d5e565b506040519061098c602083610cfe565b815260405191829182610d34565b503461031e578060031936011261031e57546040516001600160a01b039091168152602090f35b503461031e578060031936011261031e576020600254604051908152f35b503461031e57602036600319011261031e576004356001600160a01b038116908190036103015781546001600160a01b031916811782557f5553331329228fbd4123164423717a4a7539f6dfa1c3279a923b98fd681a6c738280a280f35b503461031e578060031936011261031e576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b503461031e578060031936011261031e576020600454604051908152f35b503461031e578060031936011261031e5760ff815460a01c16604051906004811015610ace57602092508152f35b634e487b7160e01b83526021600452602483fd5b503461031e578060031936011261031e57604051908060065490610b0582610cc6565b808552916001811690811561091c5750600114610b2c576108bb846108af81860382610cfe565b600681527ff652222313e28459528d920b65115c16c04f3efc82aaedc97be59f3f377c0d3f939250905b808210610b6f575090915081016020016108af8261089f565b919260018160209254838588010152019101909291610b56565b503461031e57602036600319011261031e57600435600481101561030157815460ff60a01b191660a09190911b60ff60a01b1617815580f35b5034610c59576020366003190112610c5957610bdc610c7c565b7f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031690813b15610c595763ffffffff60245f928360405195869485936331e451a960e01b85521660048401525af18015610c4e57610c40575080f35b610c4c91505f90610cfe565b005b6040513d5f823e3d90fd5b5f80fd5b34610c59575f366003190112610c595760209060ff6005541615158152f35b6004359063ffffffff82168203610c5957565b6024359063ffffffff82168203610c5957565b6044359063ffffffff82168203610c5957565b359063ffffffff82168203610c5957565b90600182811c92168015610cf4575b6020831014610ce057565b634e487b7160e01b5f52602260045260245ffd5b91607f1691610cd5565b90601f8019910116810190811067ffffffffffffffff821117610d2057604052565b634e487b7160e01b5f52604160045260245ffd5b602060409281835280519182918282860152018484015e5f828201840152601f01601f1916010190565b606435906001600160a01b0382168203610c5957565b35906001600160a01b0382168203610c5957565b9181601f84011215610c595782359167ffffffffffffffff8311610c595760208381860195010111610c5957565b9035601e1982360301811215610c5957016020813591019167ffffffffffffffff8211610c59578136038313610c5957565b908060209392818452848401375f828201840152601f01601f191601019056",
}

// TestConsumer is an auto generated Go binding around an Ethereum contract.
type TestConsumer struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *TestConsumer) GetABI() abi.ABI {
	return c.abi
}

// NewTestConsumer creates a new instance of TestConsumer.
func NewTestConsumer() *TestConsumer {
	parsed, err := TestConsumerMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &TestConsumer{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *TestConsumer) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address coordinator, address signer) returns()
func (testConsumer *TestConsumer) PackConstructor(coordinator common.Address, signer common.Address) []byte {
	enc, err := testConsumer.abi.Pack("", coordinator, signer)
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
func (testConsumer *TestConsumer) PackCOORDINATOR() []byte {
	enc, err := testConsumer.abi.Pack("COORDINATOR")
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
func (testConsumer *TestConsumer) TryPackCOORDINATOR() ([]byte, error) {
	return testConsumer.abi.Pack("COORDINATOR")
}

// UnpackCOORDINATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3b2bcbf1.
//
// Solidity: function COORDINATOR() view returns(address)
func (testConsumer *TestConsumer) UnpackCOORDINATOR(data []byte) (common.Address, error) {
	out, err := testConsumer.abi.Unpack("COORDINATOR", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackCalls is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x305f72b7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function calls() view returns(uint256)
func (testConsumer *TestConsumer) PackCalls() []byte {
	enc, err := testConsumer.abi.Pack("calls")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCalls is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x305f72b7.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function calls() view returns(uint256)
func (testConsumer *TestConsumer) TryPackCalls() ([]byte, error) {
	return testConsumer.abi.Pack("calls")
}

// UnpackCalls is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x305f72b7.
//
// Solidity: function calls() view returns(uint256)
func (testConsumer *TestConsumer) UnpackCalls(data []byte) (*big.Int, error) {
	out, err := testConsumer.abi.Unpack("calls", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackCancel is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1381e400.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function cancel(uint32 subscriptionId) returns()
func (testConsumer *TestConsumer) PackCancel(subscriptionId uint32) []byte {
	enc, err := testConsumer.abi.Pack("cancel", subscriptionId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCancel is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1381e400.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function cancel(uint32 subscriptionId) returns()
func (testConsumer *TestConsumer) TryPackCancel(subscriptionId uint32) ([]byte, error) {
	return testConsumer.abi.Pack("cancel", subscriptionId)
}

// PackCreateRaw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfa8db452.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function createRaw((address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub) returns(uint32)
func (testConsumer *TestConsumer) PackCreateRaw(sub Subscription) []byte {
	enc, err := testConsumer.abi.Pack("createRaw", sub)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCreateRaw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfa8db452.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function createRaw((address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub) returns(uint32)
func (testConsumer *TestConsumer) TryPackCreateRaw(sub Subscription) ([]byte, error) {
	return testConsumer.abi.Pack("createRaw", sub)
}

// UnpackCreateRaw is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xfa8db452.
//
// Solidity: function createRaw((address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub) returns(uint32)
func (testConsumer *TestConsumer) UnpackCreateRaw(data []byte) (uint32, error) {
	out, err := testConsumer.abi.Unpack("createRaw", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackGetContainerInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x962fad75.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getContainerInputs(uint32 , uint32 , uint32 , address ) view returns(bytes)
func (testConsumer *TestConsumer) PackGetContainerInputs(arg0 uint32, arg1 uint32, arg2 uint32, arg3 common.Address) []byte {
	enc, err := testConsumer.abi.Pack("getContainerInputs", arg0, arg1, arg2, arg3)
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
func (testConsumer *TestConsumer) TryPackGetContainerInputs(arg0 uint32, arg1 uint32, arg2 uint32, arg3 common.Address) ([]byte, error) {
	return testConsumer.abi.Pack("getContainerInputs", arg0, arg1, arg2, arg3)
}

// UnpackGetContainerInputs is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x962fad75.
//
// Solidity: function getContainerInputs(uint32 , uint32 , uint32 , address ) view returns(bytes)
func (testConsumer *TestConsumer) UnpackGetContainerInputs(data []byte) ([]byte, error) {
	out, err := testConsumer.abi.Unpack("getContainerInputs", data)
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
func (testConsumer *TestConsumer) PackGetSigner() []byte {
	enc, err := testConsumer.abi.Pack("getSigner")
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
func (testConsumer *TestConsumer) TryPackGetSigner() ([]byte, error) {
	return testConsumer.abi.Pack("getSigner")
}

// UnpackGetSigner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7ac3c02f.
//
// Solidity: function getSigner() view returns(address)
func (testConsumer *TestConsumer) UnpackGetSigner(data []byte) (common.Address, error) {
	out, err := testConsumer.abi.Unpack("getSigner", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackLastGas is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdc5d3a17.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function lastGas() view returns(uint256)
func (testConsumer *TestConsumer) PackLastGas() []byte {
	enc, err := testConsumer.abi.Pack("lastGas")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackLastGas is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdc5d3a17.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function lastGas() view returns(uint256)
func (testConsumer *TestConsumer) TryPackLastGas() ([]byte, error) {
	return testConsumer.abi.Pack("lastGas")
}

// UnpackLastGas is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdc5d3a17.
//
// Solidity: function lastGas() view returns(uint256)
func (testConsumer *TestConsumer) UnpackLastGas(data []byte) (*big.Int, error) {
	out, err := testConsumer.abi.Unpack("lastGas", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackLastOutput is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x97228a7e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function lastOutput() view returns(bytes)
func (testConsumer *TestConsumer) PackLastOutput() []byte {
	enc, err := testConsumer.abi.Pack("lastOutput")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackLastOutput is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x97228a7e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function lastOutput() view returns(bytes)
func (testConsumer *TestConsumer) TryPackLastOutput() ([]byte, error) {
	return testConsumer.abi.Pack("lastOutput")
}

// UnpackLastOutput is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x97228a7e.
//
// Solidity: function lastOutput() view returns(bytes)
func (testConsumer *TestConsumer) UnpackLastOutput(data []byte) ([]byte, error) {
	out, err := testConsumer.abi.Unpack("lastOutput", data)
	if err != nil {
		return *new([]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([]byte)).(*[]byte)
	return out0, nil
}

// PackLastTaskId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6d488b6a.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function lastTaskId() view returns(bytes32)
func (testConsumer *TestConsumer) PackLastTaskId() []byte {
	enc, err := testConsumer.abi.Pack("lastTaskId")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackLastTaskId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6d488b6a.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function lastTaskId() view returns(bytes32)
func (testConsumer *TestConsumer) TryPackLastTaskId() ([]byte, error) {
	return testConsumer.abi.Pack("lastTaskId")
}

// UnpackLastTaskId is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6d488b6a.
//
// Solidity: function lastTaskId() view returns(bytes32)
func (testConsumer *TestConsumer) UnpackLastTaskId(data []byte) ([32]byte, error) {
	out, err := testConsumer.abi.Unpack("lastTaskId", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackMode is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x295a5212.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function mode() view returns(uint8)
func (testConsumer *TestConsumer) PackMode() []byte {
	enc, err := testConsumer.abi.Pack("mode")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMode is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x295a5212.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function mode() view returns(uint8)
func (testConsumer *TestConsumer) TryPackMode() ([]byte, error) {
	return testConsumer.abi.Pack("mode")
}

// UnpackMode is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x295a5212.
//
// Solidity: function mode() view returns(uint8)
func (testConsumer *TestConsumer) UnpackMode(data []byte) (uint8, error) {
	out, err := testConsumer.abi.Unpack("mode", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackReceiveCompute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe57109fc.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function receiveCompute(bytes32 taskId, bytes output, bytes proof) returns()
func (testConsumer *TestConsumer) PackReceiveCompute(taskId [32]byte, output []byte, proof []byte) []byte {
	enc, err := testConsumer.abi.Pack("receiveCompute", taskId, output, proof)
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
func (testConsumer *TestConsumer) TryPackReceiveCompute(taskId [32]byte, output []byte, proof []byte) ([]byte, error) {
	return testConsumer.abi.Pack("receiveCompute", taskId, output, proof)
}

// PackReenterFailed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01a09945.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function reenterFailed() view returns(bool)
func (testConsumer *TestConsumer) PackReenterFailed() []byte {
	enc, err := testConsumer.abi.Pack("reenterFailed")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackReenterFailed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01a09945.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function reenterFailed() view returns(bool)
func (testConsumer *TestConsumer) TryPackReenterFailed() ([]byte, error) {
	return testConsumer.abi.Pack("reenterFailed")
}

// UnpackReenterFailed is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x01a09945.
//
// Solidity: function reenterFailed() view returns(bool)
func (testConsumer *TestConsumer) UnpackReenterFailed(data []byte) (bool, error) {
	out, err := testConsumer.abi.Unpack("reenterFailed", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackReenterReason is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x25ca5c66.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function reenterReason() view returns(bytes)
func (testConsumer *TestConsumer) PackReenterReason() []byte {
	enc, err := testConsumer.abi.Pack("reenterReason")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackReenterReason is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x25ca5c66.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function reenterReason() view returns(bytes)
func (testConsumer *TestConsumer) TryPackReenterReason() ([]byte, error) {
	return testConsumer.abi.Pack("reenterReason")
}

// UnpackReenterReason is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x25ca5c66.
//
// Solidity: function reenterReason() view returns(bytes)
func (testConsumer *TestConsumer) UnpackReenterReason(data []byte) ([]byte, error) {
	out, err := testConsumer.abi.Unpack("reenterReason", data)
	if err != nil {
		return *new([]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([]byte)).(*[]byte)
	return out0, nil
}

// PackSetMode is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x21175b4a.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setMode(uint8 m) returns()
func (testConsumer *TestConsumer) PackSetMode(m uint8) []byte {
	enc, err := testConsumer.abi.Pack("setMode", m)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetMode is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x21175b4a.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setMode(uint8 m) returns()
func (testConsumer *TestConsumer) TryPackSetMode(m uint8) ([]byte, error) {
	return testConsumer.abi.Pack("setMode", m)
}

// PackSetSigner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6c19e783.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setSigner(address signer) returns()
func (testConsumer *TestConsumer) PackSetSigner(signer common.Address) []byte {
	enc, err := testConsumer.abi.Pack("setSigner", signer)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetSigner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6c19e783.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setSigner(address signer) returns()
func (testConsumer *TestConsumer) TryPackSetSigner(signer common.Address) ([]byte, error) {
	return testConsumer.abi.Pack("setSigner", signer)
}

// TestConsumerSignerUpdated represents a SignerUpdated event raised by the TestConsumer contract.
type TestConsumerSignerUpdated struct {
	Signer common.Address
	Raw    *types.Log // Blockchain specific contextual infos
}

const TestConsumerSignerUpdatedEventName = "SignerUpdated"

// ContractEventName returns the user-defined event name.
func (TestConsumerSignerUpdated) ContractEventName() string {
	return TestConsumerSignerUpdatedEventName
}

// UnpackSignerUpdatedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event SignerUpdated(address indexed signer)
func (testConsumer *TestConsumer) UnpackSignerUpdatedEvent(log *types.Log) (*TestConsumerSignerUpdated, error) {
	event := "SignerUpdated"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != testConsumer.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(TestConsumerSignerUpdated)
	if len(log.Data) > 0 {
		if err := testConsumer.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range testConsumer.abi.Events[event].Inputs {
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
func (testConsumer *TestConsumer) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], testConsumer.abi.Errors["NotCoordinator"].ID.Bytes()[:4]) {
		return testConsumer.UnpackNotCoordinatorError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// TestConsumerNotCoordinator represents a NotCoordinator error raised by the TestConsumer contract.
type TestConsumerNotCoordinator struct {
	Caller common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotCoordinator(address caller)
func TestConsumerNotCoordinatorErrorID() common.Hash {
	return common.HexToHash("0xf01654dfa2acef475e0ff21d0f9b6ee860672131748a53fb337192529f065117")
}

// UnpackNotCoordinatorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotCoordinator(address caller)
func (testConsumer *TestConsumer) UnpackNotCoordinatorError(raw []byte) (*TestConsumerNotCoordinator, error) {
	out := new(TestConsumerNotCoordinator)
	if err := testConsumer.abi.UnpackIntoInterface(out, "NotCoordinator", raw); err != nil {
		return nil, err
	}
	return out, nil
}
