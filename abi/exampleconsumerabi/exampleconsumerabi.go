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
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"coordinator\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotCoordinator\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"indexed\":false,\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"ResultReceived\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"}],\"name\":\"SignerUpdated\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"CALLBACK_GAS_LIMIT\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"COORDINATOR\",\"outputs\":[{\"internalType\":\"contractCoordinator\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_GAS_PRICE\",\"outputs\":[{\"internalType\":\"uint48\",\"name\":\"\",\"type\":\"uint48\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"deliveries\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"timestamp\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"getContainerInputs\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getSigner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"receiveCompute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"}],\"name\":\"request\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"}],\"name\":\"requestPaid\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"name\":\"results\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"}],\"name\":\"subscribe\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "ExampleConsumer",
	Bin: "0x60a0346100d057601f610fcd38819003918201601f19168301916001600160401b038311848410176100d45780849260409485528339810103126100d057610052602061004b836100e8565b92016100e8565b6001600160a01b039182166080525f80546001600160a01b03191692909116918217815560405191907f5553331329228fbd4123164423717a4a7539f6dfa1c3279a923b98fd681a6c739080a2610ed090816100fd823960805181818161015e015281816102b70152818161071d015281816109d10152610b060152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036100d05756fe6080806040526004361015610012575f80fd5b5f3560e01c90816333d608f114610b35575080633b2bcbf114610af15780634c6b25b114610a9557806357ba48e914610a785780635fd23ab3146108405780637ac3c02f14610819578063962fad7514610783578063b10d46ce1461061b578063e3bbb4f1146105fb578063e57109fc146102605763fb034eb614610095575f80fd5b3461021c57606036600319011261021c576004356001600160401b03811161021c576100c5903690600401610b74565b906024356001600160401b03811161021c576100ff916100ec610107923690600401610b74565b9390916100f7610ba1565b953691610cd4565b923691610cd4565b9061ffff610113610d19565b9330855263ffffffff421660208601526001606086015216608084015265ffffffffffff60a0840152620f424060c084015260e0830152610100820152610199602060018060a01b037f0000000000000000000000000000000000000000000000000000000000000000169260405180938192630bdfced560e11b835260048301610dae565b03815f865af1801561022857604463ffffffff916020935f91610233575b506040519485938492638fa6ae1160e01b8452166004830152600160248301525afa8015610228575f906101f1575b602090604051908152f35b506020813d602011610220575b8161020b60209383610c13565b8101031261021c57602090516101e6565b5f80fd5b3d91506101fe565b6040513d5f823e3d90fd5b6102539150843d8611610259575b61024b8183610c13565b810190610d92565b5f6101b7565b503d610241565b3461021c57606036600319011261021c576004356024356001600160401b03811161021c57610293903690600401610b74565b906044356001600160401b03811161021c576102b3903690600401610b74565b92907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036105e857604051604081018181106001600160401b038211176105125760405261030c368486610cd4565b8152610319368684610cd4565b9060208101918252865f52600160205260405f2090518051906001600160401b0382116105125761034a8354610bdb565b601f8111610597575b50602090601f83116001146105315760019392915f9183610526575b50505f19600383901b1c191690831b1781555b0190518051906001600160401b0382116105125781906103a28454610bdb565b601f81116104b9575b50602090601f8311600114610456575f9261044b575b50508160011b915f199060031b1c19161790555b600254905f198214610437577ff7666ad7025b047d7405040a7a3c92f69dd4c021035054ea18ff49803bcb06c29460016104329301600255610424604051958695604087526040870191610eb0565b918483036020860152610eb0565b0390a2005b634e487b7160e01b5f52601160045260245ffd5b0151905088806103c1565b5f8581528281209350601f198516905b8181106104a15750908460019594939210610489575b505050811b0190556103d5565b01515f1960f88460031b161c1916905588808061047c565b92936020600181928786015181550195019301610466565b828111156103ab57909150835f5260205f20601f840160051c906020851061050a575b849392601f0160051c82900391015f5b8281106104fa5750506103ab565b5f818301558594506001016104ec565b5f91506104dc565b634e487b7160e01b5f52604160045260245ffd5b015190508a8061036f565b90601f19831691845f52815f20925f5b81811061057f5750916001959492918387959310610567575b505050811b018155610382565b01515f1960f88460031b161c191690558a808061055a565b92936020600181928786015181550195019301610541565b8281111561035357835f5260205f20601f840160051c90602085106105e0575b81601f9101920160051c03905f5b8281106105d3575050610353565b5f828201556001016105c5565b5f91506105b7565b63f01654df60e01b5f523360045260245ffd5b3461021c575f36600319011261021c57602060405165ffffffffffff8152f35b3461021c5760a036600319011261021c576004356001600160401b03811161021c5761064b903690600401610b74565b6024356001600160401b03811161021c5761066a903690600401610b74565b610675929192610bc8565b906064359263ffffffff841680940361021c576084359061ffff821680920361021c576106ba6020966106b26107189963ffffffff943691610cd4565b943691610cd4565b936106c3610d19565b95308752824216888801526040870152166060850152608084015265ffffffffffff60a0840152620f424060c084015260e083015261010082015260405180938192630bdfced560e11b835260048301610dae565b03815f7f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165af18015610228576020915f91610766575b5063ffffffff60405191168152f35b61077d9150823d84116102595761024b8183610c13565b82610757565b3461021c57608036600319011261021c5760043563ffffffff811680910361021c576024359063ffffffff821680920361021c576108159163ffffffff6107c8610bc8565b6107d0610bb2565b92604051946020860152604085015216606083015260018060a01b031660808201526080815261080160a082610c13565b604051918291602083526020830190610b50565b0390f35b3461021c575f36600319011261021c575f546040516001600160a01b039091168152602090f35b3461021c5761010036600319011261021c576004356001600160401b03811161021c57610871903690600401610b74565b906024356001600160401b03811161021c57610891903690600401610b74565b91909261089c610ba1565b936108a5610bb2565b9060a4359460018060a01b03861680960361021c5760c4356001600160a01b038116939084900361021c5760e4359283151580940361021c576040519660a08801908882106001600160401b0383111761051257610934936100ff9260405260018060a01b031689526020890197608435895260408a019a8b5260608a0197885260808a019687523691610cd4565b9061ffff610940610d19565b3081524263ffffffff16602080830191909152600160608301529190991660808a015265ffffffffffff60a08a0152620f424060c08a015260e08901919091526101008801919091529051151561012087015290516001600160a01b03908116610140870152915161016086015291518116610180850152915182166101a0840152604051630bdfced560e11b81527f00000000000000000000000000000000000000000000000000000000000000009092169282908190610a059060048301610dae565b03815f865af1801561022857604463ffffffff916020935f91610a5b57506040519485938492638fa6ae1160e01b8452166004830152600160248301525afa8015610228575f906101f157602090604051908152f35b610a729150843d86116102595761024b8183610c13565b856101b7565b3461021c575f36600319011261021c576020600254604051908152f35b3461021c57602036600319011261021c576004355f526001602052610ae360405f20610815610acf6001610ac884610c34565b9301610c34565b604051938493604085526040850190610b50565b908382036020850152610b50565b3461021c575f36600319011261021c576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b3461021c575f36600319011261021c5780620f424060209252f35b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b9181601f8401121561021c578235916001600160401b03831161021c576020838186019501011161021c57565b6044359061ffff8216820361021c57565b606435906001600160a01b038216820361021c57565b6044359063ffffffff8216820361021c57565b90600182811c92168015610c09575b6020831014610bf557565b634e487b7160e01b5f52602260045260245ffd5b91607f1691610bea565b90601f801991011681019081106001600160401b0382111761051257604052565b9060405191825f825492610c4784610bdb565b8084529360018116908115610cb25750600114610c6e575b50610c6c92500383610c13565b565b90505f9291925260205f20905f915b818310610c96575050906020610c6c928201015f610c5f565b6020919350806001915483858901015201910190918492610c7d565b905060209250610c6c94915060ff191682840152151560051b8201015f610c5f565b9291926001600160401b0382116105125760405191610cfd601f8201601f191660200184610c13565b82948184528183011161021c578281602093845f960137010152565b604051906101c082018281106001600160401b03821117610512576040525f6101a0838281528260208201528260408201528260608201528260808201528260a08201528260c0820152606060e08201526060610100820152826101208201528261014082015282610160820152826101808201520152565b9081602091031261021c575163ffffffff8116810361021c5790565b6020815260018060a01b03825116602082015263ffffffff602083015116604082015263ffffffff604083015116606082015263ffffffff606083015116608082015261ffff60808301511660a082015265ffffffffffff60a08301511660c082015263ffffffff60c08301511660e08201526101c0610e59610e4160e0850151836101008601526101e0850190610b50565b610100850151848203601f1901610120860152610b50565b92610120810151151561014084015260018060a01b036101408201511661016084015261016081015161018084015260018060a01b03610180820151166101a08401526101a060018060a01b039101511691015290565b908060209392818452848401375f828201840152601f01601f191601019056",
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

// PackRequestPaid is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5fd23ab3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function requestPaid(string containerId, bytes input, uint16 redundancy, address paymentToken, uint256 paymentAmount, address wallet, address verifier, bool lazy) returns(bytes32 taskId)
func (exampleConsumer *ExampleConsumer) PackRequestPaid(containerId string, input []byte, redundancy uint16, paymentToken common.Address, paymentAmount *big.Int, wallet common.Address, verifier common.Address, lazy bool) []byte {
	enc, err := exampleConsumer.abi.Pack("requestPaid", containerId, input, redundancy, paymentToken, paymentAmount, wallet, verifier, lazy)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequestPaid is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5fd23ab3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function requestPaid(string containerId, bytes input, uint16 redundancy, address paymentToken, uint256 paymentAmount, address wallet, address verifier, bool lazy) returns(bytes32 taskId)
func (exampleConsumer *ExampleConsumer) TryPackRequestPaid(containerId string, input []byte, redundancy uint16, paymentToken common.Address, paymentAmount *big.Int, wallet common.Address, verifier common.Address, lazy bool) ([]byte, error) {
	return exampleConsumer.abi.Pack("requestPaid", containerId, input, redundancy, paymentToken, paymentAmount, wallet, verifier, lazy)
}

// UnpackRequestPaid is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5fd23ab3.
//
// Solidity: function requestPaid(string containerId, bytes input, uint16 redundancy, address paymentToken, uint256 paymentAmount, address wallet, address verifier, bool lazy) returns(bytes32 taskId)
func (exampleConsumer *ExampleConsumer) UnpackRequestPaid(data []byte) ([32]byte, error) {
	out, err := exampleConsumer.abi.Unpack("requestPaid", data)
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
