// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package exampleconsumerabi

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

// ExampleConsumerMetaData contains all meta data concerning the ExampleConsumer contract.
var ExampleConsumerMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"coordinator\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotCoordinator\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"indexed\":false,\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"ResultReceived\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"}],\"name\":\"SignerUpdated\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"CALLBACK_GAS_LIMIT\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"COORDINATOR\",\"outputs\":[{\"internalType\":\"contractCoordinator\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_GAS_PRICE\",\"outputs\":[{\"internalType\":\"uint48\",\"name\":\"\",\"type\":\"uint48\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"deliveries\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"timestamp\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"getContainerInputs\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getSigner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"receiveCompute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"}],\"name\":\"request\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"name\":\"results\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"}],\"name\":\"subscribe\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "ExampleConsumer",
	Bin: "0x60a0346100c957601f610d6638819003918201601f19168301916001600160401b038311848410176100cd5780849260409485528339810103126100c957610052602061004b836100e1565b92016100e1565b6001600160a01b039182166080525f80546001600160a01b03191692909116918217815560405191907f5553331329228fbd4123164423717a4a7539f6dfa1c3279a923b98fd681a6c739080a2610c7090816100f68239608051818181610156015281816102af0152818161071501526108cd0152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036100c95756fe6080806040526004361015610012575f80fd5b5f3560e01c90816333d608f1146108fc575080633b2bcbf1146108b85780634c6b25b11461085c57806357ba48e91461083f5780637ac3c02f14610818578063962fad751461077b578063b10d46ce14610613578063e3bbb4f1146105f3578063e57109fc146102585763fb034eb61461008a575f80fd5b34610214576060366003190112610214576004356001600160401b038111610214576100ba90369060040161094e565b906024356001600160401b038111610214576100da90369060040161094e565b91906044359361ffff851680950361021457610103926100fb913691610a74565b923691610a74565b9061010c610ab9565b9230845263ffffffff4216602085015260016060850152608084015265ffffffffffff60a0840152624c4b4060c084015260e0830152610100820152610191602060018060a01b037f0000000000000000000000000000000000000000000000000000000000000000169260405180938192630bdfced560e11b835260048301610b4e565b03815f865af1801561022057604463ffffffff916020935f9161022b575b506040519485938492638fa6ae1160e01b8452166004830152600160248301525afa8015610220575f906101e9575b602090604051908152f35b506020813d602011610218575b81610203602093836109b3565b8101031261021457602090516101de565b5f80fd5b3d91506101f6565b6040513d5f823e3d90fd5b61024b9150843d8611610251575b61024381836109b3565b810190610b32565b5f6101af565b503d610239565b34610214576060366003190112610214576004356024356001600160401b0381116102145761028b90369060040161094e565b906044356001600160401b038111610214576102ab90369060040161094e565b92907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036105e057604051604081018181106001600160401b0382111761050a57604052610304368486610a74565b8152610311368684610a74565b9060208101918252865f52600160205260405f2090518051906001600160401b03821161050a57610342835461097b565b601f811161058f575b50602090601f83116001146105295760019392915f918361051e575b50505f19600383901b1c191690831b1781555b0190518051906001600160401b03821161050a57819061039a845461097b565b601f81116104b1575b50602090601f831160011461044e575f92610443575b50508160011b915f199060031b1c19161790555b600254905f19821461042f577ff7666ad7025b047d7405040a7a3c92f69dd4c021035054ea18ff49803bcb06c294600161042a930160025561041c604051958695604087526040870191610c50565b918483036020860152610c50565b0390a2005b634e487b7160e01b5f52601160045260245ffd5b0151905088806103b9565b5f8581528281209350601f198516905b8181106104995750908460019594939210610481575b505050811b0190556103cd565b01515f1960f88460031b161c19169055888080610474565b9293602060018192878601518155019501930161045e565b828111156103a357909150835f5260205f20601f840160051c9060208510610502575b849392601f0160051c82900391015f5b8281106104f25750506103a3565b5f818301558594506001016104e4565b5f91506104d4565b634e487b7160e01b5f52604160045260245ffd5b015190508a80610367565b90601f19831691845f52815f20925f5b818110610577575091600195949291838795931061055f575b505050811b01815561037a565b01515f1960f88460031b161c191690558a8080610552565b92936020600181928786015181550195019301610539565b8281111561034b57835f5260205f20601f840160051c90602085106105d8575b81601f9101920160051c03905f5b8281106105cb57505061034b565b5f828201556001016105bd565b5f91506105af565b63f01654df60e01b5f523360045260245ffd5b34610214575f36600319011261021457602060405165ffffffffffff8152f35b346102145760a0366003190112610214576004356001600160401b0381116102145761064390369060040161094e565b6024356001600160401b0381116102145761066290369060040161094e565b61066d92919261093b565b906064359263ffffffff8416809403610214576084359061ffff8216809203610214576106b26020966106aa6107109963ffffffff943691610a74565b943691610a74565b936106bb610ab9565b95308752824216888801526040870152166060850152608084015265ffffffffffff60a0840152624c4b4060c084015260e083015261010082015260405180938192630bdfced560e11b835260048301610b4e565b03815f7f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165af18015610220576020915f9161075e575b5063ffffffff60405191168152f35b6107759150823d84116102515761024381836109b3565b8261074f565b346102145760803660031901126102145760043563ffffffff8116809103610214576024359063ffffffff8216809203610214576107b761093b565b916064356001600160a01b0381169190829003610214576108149363ffffffff91604051946020860152604085015216606083015260808201526080815261080060a0826109b3565b604051918291602083526020830190610917565b0390f35b34610214575f366003190112610214575f546040516001600160a01b039091168152602090f35b34610214575f366003190112610214576020600254604051908152f35b34610214576020366003190112610214576004355f5260016020526108aa60405f20610814610896600161088f846109d4565b93016109d4565b604051938493604085526040850190610917565b908382036020850152610917565b34610214575f366003190112610214576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b34610214575f3660031901126102145780624c4b4060209252f35b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b6044359063ffffffff8216820361021457565b9181601f84011215610214578235916001600160401b038311610214576020838186019501011161021457565b90600182811c921680156109a9575b602083101461099557565b634e487b7160e01b5f52602260045260245ffd5b91607f169161098a565b90601f801991011681019081106001600160401b0382111761050a57604052565b9060405191825f8254926109e78461097b565b8084529360018116908115610a525750600114610a0e575b50610a0c925003836109b3565b565b90505f9291925260205f20905f915b818310610a36575050906020610a0c928201015f6109ff565b6020919350806001915483858901015201910190918492610a1d565b905060209250610a0c94915060ff191682840152151560051b8201015f6109ff565b9291926001600160401b03821161050a5760405191610a9d601f8201601f1916602001846109b3565b829481845281830111610214578281602093845f960137010152565b604051906101c082018281106001600160401b0382111761050a576040525f6101a0838281528260208201528260408201528260608201528260808201528260a08201528260c0820152606060e08201526060610100820152826101208201528261014082015282610160820152826101808201520152565b90816020910312610214575163ffffffff811681036102145790565b6020815260018060a01b03825116602082015263ffffffff602083015116604082015263ffffffff604083015116606082015263ffffffff606083015116608082015261ffff60808301511660a082015265ffffffffffff60a08301511660c082015263ffffffff60c08301511660e08201526101c0610bf9610be160e0850151836101008601526101e0850190610917565b610100850151848203601f1901610120860152610917565b92610120810151151561014084015260018060a01b036101408201511661016084015261016081015161018084015260018060a01b03610180820151166101a08401526101a060018060a01b039101511691015290565b908060209392818452848401375f828201840152601f01601f191601019056",
}

// ExampleConsumer is an auto generated Go binding around an Ethereum contract.
type ExampleConsumer struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *ExampleConsumer) GetABI() abi.ABI {
	return c.abi
}

// NewExampleConsumer creates a new instance of ExampleConsumer.
func NewExampleConsumer() *ExampleConsumer {
	parsed, err := ExampleConsumerMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &ExampleConsumer{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *ExampleConsumer) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address coordinator, address signer) returns()
func (exampleConsumer *ExampleConsumer) PackConstructor(coordinator common.Address, signer common.Address) []byte {
	enc, err := exampleConsumer.abi.Pack("", coordinator, signer)
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
func (exampleConsumer *ExampleConsumer) PackCALLBACKGASLIMIT() []byte {
	enc, err := exampleConsumer.abi.Pack("CALLBACK_GAS_LIMIT")
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
func (exampleConsumer *ExampleConsumer) TryPackCALLBACKGASLIMIT() ([]byte, error) {
	return exampleConsumer.abi.Pack("CALLBACK_GAS_LIMIT")
}

// UnpackCALLBACKGASLIMIT is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x33d608f1.
//
// Solidity: function CALLBACK_GAS_LIMIT() view returns(uint32)
func (exampleConsumer *ExampleConsumer) UnpackCALLBACKGASLIMIT(data []byte) (uint32, error) {
	out, err := exampleConsumer.abi.Unpack("CALLBACK_GAS_LIMIT", data)
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
func (exampleConsumer *ExampleConsumer) PackCOORDINATOR() []byte {
	enc, err := exampleConsumer.abi.Pack("COORDINATOR")
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
func (exampleConsumer *ExampleConsumer) TryPackCOORDINATOR() ([]byte, error) {
	return exampleConsumer.abi.Pack("COORDINATOR")
}

// UnpackCOORDINATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3b2bcbf1.
//
// Solidity: function COORDINATOR() view returns(address)
func (exampleConsumer *ExampleConsumer) UnpackCOORDINATOR(data []byte) (common.Address, error) {
	out, err := exampleConsumer.abi.Unpack("COORDINATOR", data)
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
func (exampleConsumer *ExampleConsumer) PackMAXGASPRICE() []byte {
	enc, err := exampleConsumer.abi.Pack("MAX_GAS_PRICE")
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
func (exampleConsumer *ExampleConsumer) TryPackMAXGASPRICE() ([]byte, error) {
	return exampleConsumer.abi.Pack("MAX_GAS_PRICE")
}

// UnpackMAXGASPRICE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xe3bbb4f1.
//
// Solidity: function MAX_GAS_PRICE() view returns(uint48)
func (exampleConsumer *ExampleConsumer) UnpackMAXGASPRICE(data []byte) (*big.Int, error) {
	out, err := exampleConsumer.abi.Unpack("MAX_GAS_PRICE", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackDeliveries is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x57ba48e9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function deliveries() view returns(uint256)
func (exampleConsumer *ExampleConsumer) PackDeliveries() []byte {
	enc, err := exampleConsumer.abi.Pack("deliveries")
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
func (exampleConsumer *ExampleConsumer) TryPackDeliveries() ([]byte, error) {
	return exampleConsumer.abi.Pack("deliveries")
}

// UnpackDeliveries is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x57ba48e9.
//
// Solidity: function deliveries() view returns(uint256)
func (exampleConsumer *ExampleConsumer) UnpackDeliveries(data []byte) (*big.Int, error) {
	out, err := exampleConsumer.abi.Unpack("deliveries", data)
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
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 interval, uint32 timestamp, address caller) pure returns(bytes)
func (exampleConsumer *ExampleConsumer) PackGetContainerInputs(subscriptionId uint32, interval uint32, timestamp uint32, caller common.Address) []byte {
	enc, err := exampleConsumer.abi.Pack("getContainerInputs", subscriptionId, interval, timestamp, caller)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetContainerInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x962fad75.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 interval, uint32 timestamp, address caller) pure returns(bytes)
func (exampleConsumer *ExampleConsumer) TryPackGetContainerInputs(subscriptionId uint32, interval uint32, timestamp uint32, caller common.Address) ([]byte, error) {
	return exampleConsumer.abi.Pack("getContainerInputs", subscriptionId, interval, timestamp, caller)
}

// UnpackGetContainerInputs is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x962fad75.
//
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 interval, uint32 timestamp, address caller) pure returns(bytes)
func (exampleConsumer *ExampleConsumer) UnpackGetContainerInputs(data []byte) ([]byte, error) {
	out, err := exampleConsumer.abi.Unpack("getContainerInputs", data)
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
func (exampleConsumer *ExampleConsumer) PackGetSigner() []byte {
	enc, err := exampleConsumer.abi.Pack("getSigner")
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
func (exampleConsumer *ExampleConsumer) TryPackGetSigner() ([]byte, error) {
	return exampleConsumer.abi.Pack("getSigner")
}

// UnpackGetSigner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7ac3c02f.
//
// Solidity: function getSigner() view returns(address)
func (exampleConsumer *ExampleConsumer) UnpackGetSigner(data []byte) (common.Address, error) {
	out, err := exampleConsumer.abi.Unpack("getSigner", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackReceiveCompute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe57109fc.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function receiveCompute(bytes32 taskId, bytes output, bytes proof) returns()
func (exampleConsumer *ExampleConsumer) PackReceiveCompute(taskId [32]byte, output []byte, proof []byte) []byte {
	enc, err := exampleConsumer.abi.Pack("receiveCompute", taskId, output, proof)
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
func (exampleConsumer *ExampleConsumer) TryPackReceiveCompute(taskId [32]byte, output []byte, proof []byte) ([]byte, error) {
	return exampleConsumer.abi.Pack("receiveCompute", taskId, output, proof)
}

// PackRequest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfb034eb6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function request(string containerId, bytes input, uint16 redundancy) returns(bytes32 taskId)
func (exampleConsumer *ExampleConsumer) PackRequest(containerId string, input []byte, redundancy uint16) []byte {
	enc, err := exampleConsumer.abi.Pack("request", containerId, input, redundancy)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfb034eb6.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function request(string containerId, bytes input, uint16 redundancy) returns(bytes32 taskId)
func (exampleConsumer *ExampleConsumer) TryPackRequest(containerId string, input []byte, redundancy uint16) ([]byte, error) {
	return exampleConsumer.abi.Pack("request", containerId, input, redundancy)
}

// UnpackRequest is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xfb034eb6.
//
// Solidity: function request(string containerId, bytes input, uint16 redundancy) returns(bytes32 taskId)
func (exampleConsumer *ExampleConsumer) UnpackRequest(data []byte) ([32]byte, error) {
	out, err := exampleConsumer.abi.Unpack("request", data)
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
// Solidity: function results(bytes32 taskId) view returns(bytes output, bytes proof)
func (exampleConsumer *ExampleConsumer) PackResults(taskId [32]byte) []byte {
	enc, err := exampleConsumer.abi.Pack("results", taskId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackResults is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4c6b25b1.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function results(bytes32 taskId) view returns(bytes output, bytes proof)
func (exampleConsumer *ExampleConsumer) TryPackResults(taskId [32]byte) ([]byte, error) {
	return exampleConsumer.abi.Pack("results", taskId)
}

// ResultsOutput serves as a container for the return parameters of contract
// method Results.
type ResultsOutput struct {
	Output []byte
	Proof  []byte
}

// UnpackResults is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x4c6b25b1.
//
// Solidity: function results(bytes32 taskId) view returns(bytes output, bytes proof)
func (exampleConsumer *ExampleConsumer) UnpackResults(data []byte) (ResultsOutput, error) {
	out, err := exampleConsumer.abi.Unpack("results", data)
	outstruct := new(ResultsOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.Output = *abi.ConvertType(out[0], new([]byte)).(*[]byte)
	outstruct.Proof = *abi.ConvertType(out[1], new([]byte)).(*[]byte)
	return *outstruct, nil
}

// PackSubscribe is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb10d46ce.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function subscribe(string containerId, bytes inputs, uint32 frequency, uint32 period, uint16 redundancy) returns(uint32 subscriptionId)
func (exampleConsumer *ExampleConsumer) PackSubscribe(containerId string, inputs []byte, frequency uint32, period uint32, redundancy uint16) []byte {
	enc, err := exampleConsumer.abi.Pack("subscribe", containerId, inputs, frequency, period, redundancy)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSubscribe is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb10d46ce.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function subscribe(string containerId, bytes inputs, uint32 frequency, uint32 period, uint16 redundancy) returns(uint32 subscriptionId)
func (exampleConsumer *ExampleConsumer) TryPackSubscribe(containerId string, inputs []byte, frequency uint32, period uint32, redundancy uint16) ([]byte, error) {
	return exampleConsumer.abi.Pack("subscribe", containerId, inputs, frequency, period, redundancy)
}

// UnpackSubscribe is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xb10d46ce.
//
// Solidity: function subscribe(string containerId, bytes inputs, uint32 frequency, uint32 period, uint16 redundancy) returns(uint32 subscriptionId)
func (exampleConsumer *ExampleConsumer) UnpackSubscribe(data []byte) (uint32, error) {
	out, err := exampleConsumer.abi.Unpack("subscribe", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// ExampleConsumerResultReceived represents a ResultReceived event raised by the ExampleConsumer contract.
type ExampleConsumerResultReceived struct {
	TaskId [32]byte
	Output []byte
	Proof  []byte
	Raw    *types.Log // Blockchain specific contextual infos
}

const ExampleConsumerResultReceivedEventName = "ResultReceived"

// ContractEventName returns the user-defined event name.
func (ExampleConsumerResultReceived) ContractEventName() string {
	return ExampleConsumerResultReceivedEventName
}

// UnpackResultReceivedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ResultReceived(bytes32 indexed taskId, bytes output, bytes proof)
func (exampleConsumer *ExampleConsumer) UnpackResultReceivedEvent(log *types.Log) (*ExampleConsumerResultReceived, error) {
	event := "ResultReceived"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != exampleConsumer.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(ExampleConsumerResultReceived)
	if len(log.Data) > 0 {
		if err := exampleConsumer.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range exampleConsumer.abi.Events[event].Inputs {
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

// ExampleConsumerSignerUpdated represents a SignerUpdated event raised by the ExampleConsumer contract.
type ExampleConsumerSignerUpdated struct {
	Signer common.Address
	Raw    *types.Log // Blockchain specific contextual infos
}

const ExampleConsumerSignerUpdatedEventName = "SignerUpdated"

// ContractEventName returns the user-defined event name.
func (ExampleConsumerSignerUpdated) ContractEventName() string {
	return ExampleConsumerSignerUpdatedEventName
}

// UnpackSignerUpdatedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event SignerUpdated(address indexed signer)
func (exampleConsumer *ExampleConsumer) UnpackSignerUpdatedEvent(log *types.Log) (*ExampleConsumerSignerUpdated, error) {
	event := "SignerUpdated"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != exampleConsumer.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(ExampleConsumerSignerUpdated)
	if len(log.Data) > 0 {
		if err := exampleConsumer.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range exampleConsumer.abi.Events[event].Inputs {
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
func (exampleConsumer *ExampleConsumer) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], exampleConsumer.abi.Errors["NotCoordinator"].ID.Bytes()[:4]) {
		return exampleConsumer.UnpackNotCoordinatorError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// ExampleConsumerNotCoordinator represents a NotCoordinator error raised by the ExampleConsumer contract.
type ExampleConsumerNotCoordinator struct {
	Caller common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotCoordinator(address caller)
func ExampleConsumerNotCoordinatorErrorID() common.Hash {
	return common.HexToHash("0xf01654dfa2acef475e0ff21d0f9b6ee860672131748a53fb337192529f065117")
}

// UnpackNotCoordinatorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotCoordinator(address caller)
func (exampleConsumer *ExampleConsumer) UnpackNotCoordinatorError(raw []byte) (*ExampleConsumerNotCoordinator, error) {
	out := new(ExampleConsumerNotCoordinator)
	if err := exampleConsumer.abi.UnpackIntoInterface(out, "NotCoordinator", raw); err != nil {
		return nil, err
	}
	return out, nil
}
