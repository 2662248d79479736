// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package inetv1testabi

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

// InfernetTestRecorderDelivery is an auto generated low-level Go binding around an user-defined struct.
type InfernetTestRecorderDelivery struct {
	SubscriptionId uint32
	Interval       uint32
	Redundancy     uint16
	Node           common.Address
	Input          []byte
	Output         []byte
	Proof          []byte
	ContainerId    [32]byte
	Index          *big.Int
}

// InfernetTestCallbackConsumerMetaData contains all meta data concerning the InfernetTestCallbackConsumer contract.
var InfernetTestCallbackConsumerMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"registry\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"CallbackFailed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotCoordinator\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"i\",\"type\":\"uint256\"}],\"name\":\"delivery\",\"outputs\":[{\"components\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"},{\"internalType\":\"bytes32\",\"name\":\"containerId\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"index\",\"type\":\"uint256\"}],\"internalType\":\"structInfernetTestRecorder.Delivery\",\"name\":\"\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"deliveryCount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"failCallbacks\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"getContainerInputs\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"},{\"internalType\":\"bytes32\",\"name\":\"containerId\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"index\",\"type\":\"uint256\"}],\"name\":\"rawReceiveCompute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"}],\"name\":\"request\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bool\",\"name\":\"fail\",\"type\":\"bool\"}],\"name\":\"setFailCallbacks\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "f04ac9da003728d056643ff055f58bb384",
	Bin: "0x60c0806040523461011457610033610fdf9182380380936100208284610118565b82396001600160a01b039281019061014f565b16604051633b2bcbf160e01b8152602081600481855afa9182156100ec576004926020925f916100f7575b506001600160a01b031660805260405163b701069760e01b815292839182905afa9081156100ec575f916100bd575b5060a052604051610e70908161016f823960805181818161027601528181610b7c0152610d51015260a051815050f35b6100df915060203d6020116100e5575b6100d78183610118565b81019061014f565b5f61008d565b503d6100cd565b6040513d5f823e3d90fd5b61010e9150833d85116100e5576100d78183610118565b5f61005e565b5f80fd5b601f909101601f19168101906001600160401b0382119082101761013b57604052565b634e487b7160e01b5f52604160045260245ffd5b9081602091031261011457516001600160a01b0381168103610114579056fe6080806040526004361015610012575f80fd5b5f3560e01c9081631144fd7214610681575080635b77b6a6146106645780637a411a8d146101dd5780638c261f20146101bb578063962fad7514610154578063d2a549b71461009d5763e8ee131214610069575f80fd5b34610099576020366003190112610099576004358015158091036100995760ff8019600254169116176002555f80f35b5f80fd5b3461009957610100366003190112610099576004356001600160401b038111610099576100ce9036906004016108a1565b6024356001600160401b038111610099576100ed9036906004016108a1565b90926100f761087a565b9061010061088b565b60a43591906001600160a01b03831683036100995760c435936001600160a01b03851685036100995760e435958615158703610099576020986101469860843595610ad2565b63ffffffff60405191168152f35b346100995760803660031901126100995763ffffffff610172610841565b61017a610854565b50610183610867565b5061018c61088b565b50165f525f6020526101b76101a360405f20610973565b60405191829160208352602083019061081d565b0390f35b34610099575f36600319011261009957602060ff600254166040519015158152f35b3461009957610120366003190112610099576101f7610841565b6101ff610854565b9061020861087a565b61021061088b565b926084356001600160401b038111610099576102309036906004016108a1565b9060a4356001600160401b038111610099576102509036906004016108a1565b919060c4356001600160401b038111610099576102719036906004016108a1565b9490917f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036106555760ff60025416610646576102fd61031b9461030c9363ffffffff6102cc9c6040519d8e6108ce565b168c5263ffffffff60208d019a168a5261ffff60408d019b168b5260608c019c60018060a01b03168d523691610a13565b9460808a019586523691610a13565b9360a088019485523691610a13565b9560c0860196875260e086019360e43585526101008701956101043587526001546801000000000000000081101561054e5780600161035d920160015561090b565b989098610633575188549251915193516001600160f01b031990931663ffffffff919091161760209190911b67ffffffff00000000161760409290921b69ffff0000000000000000169190911760509190911b600160501b600160f01b031617855551805160018601916001600160401b03821161054e576103e9826103e3855461093b565b85610a74565b602090601f83116001146105d05761041892915f91836105c5575b50508160011b915f199060031b1c19161790565b90555b51805160028501916001600160401b03821161054e5761043f826103e3855461093b565b602090601f83116001146105625761046d92915f91836104dd5750508160011b915f199060031b1c19161790565b90555b600383019351938451946001600160401b03861161054e5761049c86610496845461093b565b84610a74565b602090601f87116001146104e85795806104ce92600597985f926104dd5750508160011b915f199060031b1c19161790565b90555b51600484015551910155005b015190508880610404565b90601f19871691835f52815f20925f5b81811061053657509160019391896005999a941061051e575b505050811b0190556104d1565b01515f1960f88460031b161c19169055878080610511565b929360206001819287860151815501950193016104f8565b634e487b7160e01b5f52604160045260245ffd5b90601f19831691845f52815f20925f5b8181106105ad5750908460019594939210610595575b505050811b019055610470565b01515f1960f88460031b161c19169055878080610588565b92936020600181928786015181550195019301610572565b015190508980610404565b90601f19831691845f52815f20925f5b81811061061b5750908460019594939210610603575b505050811b01905561041b565b01515f1960f88460031b161c191690558880806105f6565b929360206001819287860151815501950193016105e0565b634e487b7160e01b5f525f60045260245ffd5b630443ec2b60e31b5f5260045ffd5b634f6429f360e11b5f5260045ffd5b34610099575f366003190112610099576020600154604051908152f35b346100995760203660031901126100995761069b816108ce565b5f808252602082018190526040820181905260608083018290526080830181905260a0830181905260c083015260e08201819052610100909101526106e160043561090b565b506040516106ee816108ce565b81549163ffffffff8316825260208201928060201c63ffffffff16845260408301908060401c61ffff1682526060840190600160a01b600190039060501c1681526001830161073c90610973565b6080850190815261074f60028501610973565b60a086019081529061076360038601610973565b9260c0870193845260048601549560e088019687526005015494610100880195865260405198899860208a525163ffffffff1660208a01525163ffffffff1660408901525161ffff166060880152600160a01b6001900390511660808701525160a08601610120905261014086016107da9161081d565b9051858203601f190160c08701526107f2919061081d565b9051848203601f190160e086015261080a919061081d565b9151610100840152516101208301520390f35b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b6004359063ffffffff8216820361009957565b6024359063ffffffff8216820361009957565b6044359063ffffffff8216820361009957565b6044359061ffff8216820361009957565b606435906001600160a01b038216820361009957565b9181601f84011215610099578235916001600160401b038311610099576020838186019501011161009957565b61012081019081106001600160401b0382111761054e57604052565b90601f801991011681019081106001600160401b0382111761054e57604052565b6001548110156109275760015f52600660205f20910201905f90565b634e487b7160e01b5f52603260045260245ffd5b90600182811c92168015610969575b602083101461095557565b634e487b7160e01b5f52602260045260245ffd5b91607f169161094a565b9060405191825f8254926109868461093b565b80845293600181169081156109f157506001146109ad575b506109ab925003836108ea565b565b90505f9291925260205f20905f915b8183106109d55750509060206109ab928201015f61099e565b60209193508060019154838589010152019101909184926109bc565b9050602092506109ab94915060ff191682840152151560051b8201015f61099e565b9291926001600160401b03821161054e5760405191610a3c601f8201601f1916602001846108ea565b829481845281830111610099578281602093845f960137010152565b90816020910312610099575163ffffffff811681036100995790565b919091601f8311610a85575b505050565b818311610a9157505050565b5f5260205f206020601f830160051c9210610aca575b81601f9101920160051c03905f5b82811015610a80575f82820155600101610ab5565b5f9150610aa7565b9397929590949996919815610cb557918491610144949360209798999a9b61ffff6040519c8d998a98638405089360e01b8a5261012060048b0152816101248b01528a8a01375f89888a010152600160248901525f60448901521660648701526001608487015260018060a01b031660a486015260c485015260018060a01b031660e484015260018060a01b0316610104830152601f801991011681010301815f60018060a01b037f0000000000000000000000000000000000000000000000000000000000000000165af1928315610caa575f93610c79575b5063ffffffff83165f525f60205260405f20906001600160401b03811161054e57610bdb81610496845461093b565b5f601f8211600114610c19578190610c0a939495965f92610c0e5750508160011b915f199060031b1c19161790565b9055565b013590505f80610404565b601f19821695835f5260205f20915f5b888110610c6157508360019596979810610c48575b505050811b019055565b01355f19600384901b60f8161c191690555f8080610c3e565b90926020600181928686013581550194019101610c29565b610c9c91935060203d602011610ca3575b610c9481836108ea565b810190610a58565b915f610bac565b503d610c8a565b6040513d5f823e3d90fd5b610cd860209799610cd061ffff9a96610cfe99983691610a13565b963691610a13565b996040519889978897638405089360e01b895261012060048a015261012489019061081d565b95600160248901525f60448901521660648701525f608487015260018060a01b031660a486015260c485015260018060a01b031660e484015260018060a01b031661010483015203815f60018060a01b037f0000000000000000000000000000000000000000000000000000000000000000165af1908115610caa575f91610e51575b5063ffffffff81165f525f60205260405f2083516001600160401b03811161054e57610db181610496845461093b565b602094601f8211600114610df257610de29293949582915f92610de75750508160011b915f199060031b1c19161790565b905590565b015190505f80610404565b601f19821695835f52805f20915f5b888110610e3957508360019596979810610e21575b505050811b01905590565b01515f1960f88460031b161c191690555f8080610e16565b91926020600181928685015181550194019201610e01565b610e6a915060203d602011610ca357610c9481836108ea565b5f610d8156",
}

// InfernetTestCallbackConsumer is an auto generated Go binding around an Ethereum contract.
type InfernetTestCallbackConsumer struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *InfernetTestCallbackConsumer) GetABI() abi.ABI {
	return c.abi
}

// NewInfernetTestCallbackConsumer creates a new instance of InfernetTestCallbackConsumer.
func NewInfernetTestCallbackConsumer() *InfernetTestCallbackConsumer {
	parsed, err := InfernetTestCallbackConsumerMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &InfernetTestCallbackConsumer{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *InfernetTestCallbackConsumer) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address registry) returns()
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) PackConstructor(registry common.Address) []byte {
	enc, err := infernetTestCallbackConsumer.abi.Pack("", registry)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackDelivery is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1144fd72.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function delivery(uint256 i) view returns((uint32,uint32,uint16,address,bytes,bytes,bytes,bytes32,uint256))
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) PackDelivery(i *big.Int) []byte {
	enc, err := infernetTestCallbackConsumer.abi.Pack("delivery", i)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDelivery is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1144fd72.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function delivery(uint256 i) view returns((uint32,uint32,uint16,address,bytes,bytes,bytes,bytes32,uint256))
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) TryPackDelivery(i *big.Int) ([]byte, error) {
	return infernetTestCallbackConsumer.abi.Pack("delivery", i)
}

// UnpackDelivery is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x1144fd72.
//
// Solidity: function delivery(uint256 i) view returns((uint32,uint32,uint16,address,bytes,bytes,bytes,bytes32,uint256))
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) UnpackDelivery(data []byte) (InfernetTestRecorderDelivery, error) {
	out, err := infernetTestCallbackConsumer.abi.Unpack("delivery", data)
	if err != nil {
		return *new(InfernetTestRecorderDelivery), err
	}
	out0 := *abi.ConvertType(out[0], new(InfernetTestRecorderDelivery)).(*InfernetTestRecorderDelivery)
	return out0, nil
}

// PackDeliveryCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5b77b6a6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function deliveryCount() view returns(uint256)
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) PackDeliveryCount() []byte {
	enc, err := infernetTestCallbackConsumer.abi.Pack("deliveryCount")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDeliveryCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5b77b6a6.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function deliveryCount() view returns(uint256)
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) TryPackDeliveryCount() ([]byte, error) {
	return infernetTestCallbackConsumer.abi.Pack("deliveryCount")
}

// UnpackDeliveryCount is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5b77b6a6.
//
// Solidity: function deliveryCount() view returns(uint256)
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) UnpackDeliveryCount(data []byte) (*big.Int, error) {
	out, err := infernetTestCallbackConsumer.abi.Unpack("deliveryCount", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackFailCallbacks is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8c261f20.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function failCallbacks() view returns(bool)
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) PackFailCallbacks() []byte {
	enc, err := infernetTestCallbackConsumer.abi.Pack("failCallbacks")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFailCallbacks is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8c261f20.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function failCallbacks() view returns(bool)
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) TryPackFailCallbacks() ([]byte, error) {
	return infernetTestCallbackConsumer.abi.Pack("failCallbacks")
}

// UnpackFailCallbacks is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8c261f20.
//
// Solidity: function failCallbacks() view returns(bool)
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) UnpackFailCallbacks(data []byte) (bool, error) {
	out, err := infernetTestCallbackConsumer.abi.Unpack("failCallbacks", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackGetContainerInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x962fad75.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 , uint32 , address ) view returns(bytes)
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) PackGetContainerInputs(subscriptionId uint32, arg1 uint32, arg2 uint32, arg3 common.Address) []byte {
	enc, err := infernetTestCallbackConsumer.abi.Pack("getContainerInputs", subscriptionId, arg1, arg2, arg3)
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
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) TryPackGetContainerInputs(subscriptionId uint32, arg1 uint32, arg2 uint32, arg3 common.Address) ([]byte, error) {
	return infernetTestCallbackConsumer.abi.Pack("getContainerInputs", subscriptionId, arg1, arg2, arg3)
}

// UnpackGetContainerInputs is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x962fad75.
//
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 , uint32 , address ) view returns(bytes)
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) UnpackGetContainerInputs(data []byte) ([]byte, error) {
	out, err := infernetTestCallbackConsumer.abi.Unpack("getContainerInputs", data)
	if err != nil {
		return *new([]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([]byte)).(*[]byte)
	return out0, nil
}

// PackRawReceiveCompute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7a411a8d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function rawReceiveCompute(uint32 subscriptionId, uint32 interval, uint16 redundancy, address node, bytes input, bytes output, bytes proof, bytes32 containerId, uint256 index) returns()
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) PackRawReceiveCompute(subscriptionId uint32, interval uint32, redundancy uint16, node common.Address, input []byte, output []byte, proof []byte, containerId [32]byte, index *big.Int) []byte {
	enc, err := infernetTestCallbackConsumer.abi.Pack("rawReceiveCompute", subscriptionId, interval, redundancy, node, input, output, proof, containerId, index)
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
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) TryPackRawReceiveCompute(subscriptionId uint32, interval uint32, redundancy uint16, node common.Address, input []byte, output []byte, proof []byte, containerId [32]byte, index *big.Int) ([]byte, error) {
	return infernetTestCallbackConsumer.abi.Pack("rawReceiveCompute", subscriptionId, interval, redundancy, node, input, output, proof, containerId, index)
}

// PackRequest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd2a549b7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function request(string containerId, bytes input, uint16 redundancy, address paymentToken, uint256 paymentAmount, address wallet, address verifier, bool lazy) returns(uint32 subscriptionId)
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) PackRequest(containerId string, input []byte, redundancy uint16, paymentToken common.Address, paymentAmount *big.Int, wallet common.Address, verifier common.Address, lazy bool) []byte {
	enc, err := infernetTestCallbackConsumer.abi.Pack("request", containerId, input, redundancy, paymentToken, paymentAmount, wallet, verifier, lazy)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd2a549b7.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function request(string containerId, bytes input, uint16 redundancy, address paymentToken, uint256 paymentAmount, address wallet, address verifier, bool lazy) returns(uint32 subscriptionId)
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) TryPackRequest(containerId string, input []byte, redundancy uint16, paymentToken common.Address, paymentAmount *big.Int, wallet common.Address, verifier common.Address, lazy bool) ([]byte, error) {
	return infernetTestCallbackConsumer.abi.Pack("request", containerId, input, redundancy, paymentToken, paymentAmount, wallet, verifier, lazy)
}

// UnpackRequest is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xd2a549b7.
//
// Solidity: function request(string containerId, bytes input, uint16 redundancy, address paymentToken, uint256 paymentAmount, address wallet, address verifier, bool lazy) returns(uint32 subscriptionId)
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) UnpackRequest(data []byte) (uint32, error) {
	out, err := infernetTestCallbackConsumer.abi.Unpack("request", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackSetFailCallbacks is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe8ee1312.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setFailCallbacks(bool fail) returns()
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) PackSetFailCallbacks(fail bool) []byte {
	enc, err := infernetTestCallbackConsumer.abi.Pack("setFailCallbacks", fail)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetFailCallbacks is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe8ee1312.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setFailCallbacks(bool fail) returns()
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) TryPackSetFailCallbacks(fail bool) ([]byte, error) {
	return infernetTestCallbackConsumer.abi.Pack("setFailCallbacks", fail)
}

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], infernetTestCallbackConsumer.abi.Errors["CallbackFailed"].ID.Bytes()[:4]) {
		return infernetTestCallbackConsumer.UnpackCallbackFailedError(raw[4:])
	}
	if bytes.Equal(raw[:4], infernetTestCallbackConsumer.abi.Errors["NotCoordinator"].ID.Bytes()[:4]) {
		return infernetTestCallbackConsumer.UnpackNotCoordinatorError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// InfernetTestCallbackConsumerCallbackFailed represents a CallbackFailed error raised by the InfernetTestCallbackConsumer contract.
type InfernetTestCallbackConsumerCallbackFailed struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error CallbackFailed()
func InfernetTestCallbackConsumerCallbackFailedErrorID() common.Hash {
	return common.HexToHash("0x221f615860194146ec194ea9d9a3c6430a08c54ee4fae5fec8d24045419576a2")
}

// UnpackCallbackFailedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error CallbackFailed()
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) UnpackCallbackFailedError(raw []byte) (*InfernetTestCallbackConsumerCallbackFailed, error) {
	out := new(InfernetTestCallbackConsumerCallbackFailed)
	if err := infernetTestCallbackConsumer.abi.UnpackIntoInterface(out, "CallbackFailed", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// InfernetTestCallbackConsumerNotCoordinator represents a NotCoordinator error raised by the InfernetTestCallbackConsumer contract.
type InfernetTestCallbackConsumerNotCoordinator struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotCoordinator()
func InfernetTestCallbackConsumerNotCoordinatorErrorID() common.Hash {
	return common.HexToHash("0x9ec853e6dcc97bd4bcbc6d62dece1207ebdc35cb919c5bdee6a6ed42024c1b44")
}

// UnpackNotCoordinatorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotCoordinator()
func (infernetTestCallbackConsumer *InfernetTestCallbackConsumer) UnpackNotCoordinatorError(raw []byte) (*InfernetTestCallbackConsumerNotCoordinator, error) {
	out := new(InfernetTestCallbackConsumerNotCoordinator)
	if err := infernetTestCallbackConsumer.abi.UnpackIntoInterface(out, "NotCoordinator", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// InfernetTestDelegatedConsumerMetaData contains all meta data concerning the InfernetTestDelegatedConsumer contract.
var InfernetTestDelegatedConsumerMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"registry\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"CallbackFailed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotCoordinator\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"i\",\"type\":\"uint256\"}],\"name\":\"delivery\",\"outputs\":[{\"components\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"},{\"internalType\":\"bytes32\",\"name\":\"containerId\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"index\",\"type\":\"uint256\"}],\"internalType\":\"structInfernetTestRecorder.Delivery\",\"name\":\"\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"deliveryCount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"failCallbacks\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"getContainerInputs\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"getSigner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"input\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"},{\"internalType\":\"bytes32\",\"name\":\"containerId\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"index\",\"type\":\"uint256\"}],\"name\":\"rawReceiveCompute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bool\",\"name\":\"fail\",\"type\":\"bool\"}],\"name\":\"setFailCallbacks\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes\",\"name\":\"input_\",\"type\":\"bytes\"}],\"name\":\"setInput\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"signer\",\"type\":\"address\"}],\"name\":\"setSigner\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "f90c0f26e951d58e0615663232271bd4cd",
	Bin: "0x60c0806040523461011657604081610eff803803809161001f828561016e565b8339810103126101165761003e6020610037836101a5565b92016101a5565b604051633b2bcbf160e01b815290916001600160a01b031690602081600481855afa908115610122575f9161012d575b506001600160a01b031660805260405163b701069760e01b815290602090829060049082905afa908115610122575f916100e4575b5060a0525f80546001600160a01b0319166001600160a01b0392909216919091179055604051610d4590816101ba8239608051816104c7015260a051815050f35b90506020813d60201161011a575b816100ff6020938361016e565b8101031261011657610110906101a5565b5f6100a3565b5f80fd5b3d91506100f2565b6040513d5f823e3d90fd5b90506020813d602011610166575b816101486020938361016e565b810103126101165760049161015e6020926101a5565b91509161006e565b3d915061013b565b601f909101601f19168101906001600160401b0382119082101761019157604052565b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036101165756fe6080806040526004361015610012575f80fd5b5f3560e01c9081631144fd72146108fc575080635b77b6a6146108df5780636c19e7831461089f5780637a411a8d146104245780637ac3c02f146103fd5780638c261f20146103db578063962fad75146102f3578063e18c505f1461018d578063e8ee13121461015d5763eaed3f4f1461008a575f80fd5b34610159575f366003190112610159576040515f6003546100aa81610b39565b808452906001811690811561013557506001146100ea575b6100e6836100d281850382610b8e565b604051918291602083526020830190610a98565b0390f35b60035f9081525f516020610d255f395f51905f52939250905b80821061011b575090915081016020016100d26100c2565b919260018160209254838588010152019101909291610103565b60ff191660208086019190915291151560051b840190910191506100d290506100c2565b5f80fd5b34610159576020366003190112610159576004358015158091036101595760ff8019600254169116176002555f80f35b346101595760203660031901126101595760043567ffffffffffffffff8111610159576101be903690600401610b0b565b67ffffffffffffffff81116102df576101d8600354610b39565b601f8111610284575b505f601f821160011461021f57819061020f935f92610214575b50508160011b915f199060031b1c19161790565b600355005b0135905083806101fb565b601f198216925f516020610d255f395f51905f52915f5b85811061026c57508360019510610253575b505050811b01600355005b01355f19600384901b60f8161c19169055828080610248565b90926020600181928686013581550194019101610236565b818111156101e15760035f52601f820160051c5f516020610d255f395f51905f52602084106102d7575b81601f9101920160051c03905f5b8281106102ca5750506101e1565b5f828201556001016102bc565b5f91506102ae565b634e487b7160e01b5f52604160045260245ffd5b346101595760803660031901126101595761030c610ad2565b50610315610ae5565b61031d610af8565b50610326610abc565b506040515f60035461033781610b39565b90600181169081156103b85750600114610376575b506004826100d2926100e69563ffffffff60e01b9060e01b16815203601b19810184520182610b8e565b905060035f525f516020610d255f395f51905f525f905b8282106103a25750508101602001600461034c565b600181602092548385880101520191019061038d565b60ff1916602080860191909152821515909202840190910191506004905061034c565b34610159575f36600319011261015957602060ff600254166040519015158152f35b34610159575f366003190112610159575f546040516001600160a01b039091168152602090f35b34610159576101203660031901126101595761043e610ad2565b610446610ae5565b9060443561ffff81168091036101595761045e610abc565b9260843567ffffffffffffffff81116101595761047f903690600401610b0b565b9060a43567ffffffffffffffff8111610159576104a0903690600401610b0b565b919060c43567ffffffffffffffff8111610159576104c2903690600401610b0b565b9490917f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036108905760ff600254166108815761054a610568946105599363ffffffff61051d9c6040519d8e610b71565b168c5263ffffffff60208d019a168a5260408c019a8b5260608c019c60018060a01b03168d523691610cde565b9460808a019586523691610cde565b9360a088019485523691610cde565b9560c0860196875260e086019360e4358552610100870195610104358752600154680100000000000000008110156102df578060016105aa9201600155610c50565b98909861086e575188549251915193516001600160f01b031990931663ffffffff919091161760209190911b67ffffffff00000000161760409290921b69ffff0000000000000000169190911760509190911b600160501b600160f01b0316178555518051600186019167ffffffffffffffff82116102df57610637826106318554610b39565b85610c80565b602090601f831160011461080b5761066592915f91836108005750508160011b915f199060031b1c19161790565b90555b518051600285019167ffffffffffffffff82116102df5761068d826106318554610b39565b602090601f831160011461079d576106bb92915f918361072c5750508160011b915f199060031b1c19161790565b90555b6003830193519384519467ffffffffffffffff86116102df576106eb866106e58454610b39565b84610c80565b602090601f871160011461073757958061071d92600597985f9261072c5750508160011b915f199060031b1c19161790565b90555b51600484015551910155005b0151905088806101fb565b90601f19871691835f52815f20925f5b81811061078557509160019391896005999a941061076d575b505050811b019055610720565b01515f1960f88460031b161c19169055878080610760565b92936020600181928786015181550195019301610747565b90601f19831691845f52815f20925f5b8181106107e857509084600195949392106107d0575b505050811b0190556106be565b01515f1960f88460031b161c191690558780806107c3565b929360206001819287860151815501950193016107ad565b0151905089806101fb565b90601f19831691845f52815f20925f5b818110610856575090846001959493921061083e575b505050811b019055610668565b01515f1960f88460031b161c19169055888080610831565b9293602060018192878601518155019501930161081b565b634e487b7160e01b5f525f60045260245ffd5b630443ec2b60e31b5f5260045ffd5b634f6429f360e11b5f5260045ffd5b34610159576020366003190112610159576004356001600160a01b03811690819003610159576bffffffffffffffffffffffff60a01b5f5416175f555f80f35b34610159575f366003190112610159576020600154604051908152f35b346101595760203660031901126101595761091681610b71565b5f808252602082018190526040820181905260608083018290526080830181905260a0830181905260c083015260e082018190526101009091015261095c600435610c50565b5060405161096981610b71565b81549163ffffffff8316825260208201928060201c63ffffffff16845260408301908060401c61ffff1682526060840190600160a01b600190039060501c168152600183016109b790610bb0565b608085019081526109ca60028501610bb0565b60a08601908152906109de60038601610bb0565b9260c0870193845260048601549560e088019687526005015494610100880195865260405198899860208a525163ffffffff1660208a01525163ffffffff1660408901525161ffff166060880152600160a01b6001900390511660808701525160a0860161012090526101408601610a5591610a98565b9051858203601f190160c0870152610a6d9190610a98565b9051848203601f190160e0860152610a859190610a98565b9151610100840152516101208301520390f35b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b606435906001600160a01b038216820361015957565b6004359063ffffffff8216820361015957565b6024359063ffffffff8216820361015957565b6044359063ffffffff8216820361015957565b9181601f840112156101595782359167ffffffffffffffff8311610159576020838186019501011161015957565b90600182811c92168015610b67575b6020831014610b5357565b634e487b7160e01b5f52602260045260245ffd5b91607f1691610b48565b610120810190811067ffffffffffffffff8211176102df57604052565b90601f8019910116810190811067ffffffffffffffff8211176102df57604052565b9060405191825f825492610bc384610b39565b8084529360018116908115610c2e5750600114610bea575b50610be892500383610b8e565b565b90505f9291925260205f20905f915b818310610c12575050906020610be8928201015f610bdb565b6020919350806001915483858901015201910190918492610bf9565b905060209250610be894915060ff191682840152151560051b8201015f610bdb565b600154811015610c6c5760015f52600660205f20910201905f90565b634e487b7160e01b5f52603260045260245ffd5b919091601f8311610c91575b505050565b818311610c9d57505050565b5f5260205f206020601f830160051c9210610cd6575b81601f9101920160051c03905f5b82811015610c8c575f82820155600101610cc1565b5f9150610cb3565b92919267ffffffffffffffff82116102df5760405191610d08601f8201601f191660200184610b8e565b829481845281830111610159578281602093845f96013701015256fec2575a0e9e593c00f959f8c92f12db2869c3395a3b0502d05e2516446f71f85b",
}

// InfernetTestDelegatedConsumer is an auto generated Go binding around an Ethereum contract.
type InfernetTestDelegatedConsumer struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *InfernetTestDelegatedConsumer) GetABI() abi.ABI {
	return c.abi
}

// NewInfernetTestDelegatedConsumer creates a new instance of InfernetTestDelegatedConsumer.
func NewInfernetTestDelegatedConsumer() *InfernetTestDelegatedConsumer {
	parsed, err := InfernetTestDelegatedConsumerMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &InfernetTestDelegatedConsumer{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *InfernetTestDelegatedConsumer) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address registry, address signer) returns()
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) PackConstructor(registry common.Address, signer common.Address) []byte {
	enc, err := infernetTestDelegatedConsumer.abi.Pack("", registry, signer)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackDelivery is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1144fd72.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function delivery(uint256 i) view returns((uint32,uint32,uint16,address,bytes,bytes,bytes,bytes32,uint256))
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) PackDelivery(i *big.Int) []byte {
	enc, err := infernetTestDelegatedConsumer.abi.Pack("delivery", i)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDelivery is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1144fd72.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function delivery(uint256 i) view returns((uint32,uint32,uint16,address,bytes,bytes,bytes,bytes32,uint256))
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) TryPackDelivery(i *big.Int) ([]byte, error) {
	return infernetTestDelegatedConsumer.abi.Pack("delivery", i)
}

// UnpackDelivery is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x1144fd72.
//
// Solidity: function delivery(uint256 i) view returns((uint32,uint32,uint16,address,bytes,bytes,bytes,bytes32,uint256))
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) UnpackDelivery(data []byte) (InfernetTestRecorderDelivery, error) {
	out, err := infernetTestDelegatedConsumer.abi.Unpack("delivery", data)
	if err != nil {
		return *new(InfernetTestRecorderDelivery), err
	}
	out0 := *abi.ConvertType(out[0], new(InfernetTestRecorderDelivery)).(*InfernetTestRecorderDelivery)
	return out0, nil
}

// PackDeliveryCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5b77b6a6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function deliveryCount() view returns(uint256)
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) PackDeliveryCount() []byte {
	enc, err := infernetTestDelegatedConsumer.abi.Pack("deliveryCount")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDeliveryCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5b77b6a6.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function deliveryCount() view returns(uint256)
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) TryPackDeliveryCount() ([]byte, error) {
	return infernetTestDelegatedConsumer.abi.Pack("deliveryCount")
}

// UnpackDeliveryCount is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5b77b6a6.
//
// Solidity: function deliveryCount() view returns(uint256)
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) UnpackDeliveryCount(data []byte) (*big.Int, error) {
	out, err := infernetTestDelegatedConsumer.abi.Unpack("deliveryCount", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackFailCallbacks is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8c261f20.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function failCallbacks() view returns(bool)
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) PackFailCallbacks() []byte {
	enc, err := infernetTestDelegatedConsumer.abi.Pack("failCallbacks")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFailCallbacks is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8c261f20.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function failCallbacks() view returns(bool)
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) TryPackFailCallbacks() ([]byte, error) {
	return infernetTestDelegatedConsumer.abi.Pack("failCallbacks")
}

// UnpackFailCallbacks is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8c261f20.
//
// Solidity: function failCallbacks() view returns(bool)
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) UnpackFailCallbacks(data []byte) (bool, error) {
	out, err := infernetTestDelegatedConsumer.abi.Unpack("failCallbacks", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackGetContainerInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x962fad75.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getContainerInputs(uint32 , uint32 interval, uint32 , address ) view returns(bytes)
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) PackGetContainerInputs(arg0 uint32, interval uint32, arg2 uint32, arg3 common.Address) []byte {
	enc, err := infernetTestDelegatedConsumer.abi.Pack("getContainerInputs", arg0, interval, arg2, arg3)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetContainerInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x962fad75.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getContainerInputs(uint32 , uint32 interval, uint32 , address ) view returns(bytes)
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) TryPackGetContainerInputs(arg0 uint32, interval uint32, arg2 uint32, arg3 common.Address) ([]byte, error) {
	return infernetTestDelegatedConsumer.abi.Pack("getContainerInputs", arg0, interval, arg2, arg3)
}

// UnpackGetContainerInputs is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x962fad75.
//
// Solidity: function getContainerInputs(uint32 , uint32 interval, uint32 , address ) view returns(bytes)
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) UnpackGetContainerInputs(data []byte) ([]byte, error) {
	out, err := infernetTestDelegatedConsumer.abi.Unpack("getContainerInputs", data)
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
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) PackGetSigner() []byte {
	enc, err := infernetTestDelegatedConsumer.abi.Pack("getSigner")
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
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) TryPackGetSigner() ([]byte, error) {
	return infernetTestDelegatedConsumer.abi.Pack("getSigner")
}

// UnpackGetSigner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7ac3c02f.
//
// Solidity: function getSigner() view returns(address)
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) UnpackGetSigner(data []byte) (common.Address, error) {
	out, err := infernetTestDelegatedConsumer.abi.Unpack("getSigner", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackInput is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xeaed3f4f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function input() view returns(bytes)
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) PackInput() []byte {
	enc, err := infernetTestDelegatedConsumer.abi.Pack("input")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackInput is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xeaed3f4f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function input() view returns(bytes)
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) TryPackInput() ([]byte, error) {
	return infernetTestDelegatedConsumer.abi.Pack("input")
}

// UnpackInput is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xeaed3f4f.
//
// Solidity: function input() view returns(bytes)
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) UnpackInput(data []byte) ([]byte, error) {
	out, err := infernetTestDelegatedConsumer.abi.Unpack("input", data)
	if err != nil {
		return *new([]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([]byte)).(*[]byte)
	return out0, nil
}

// PackRawReceiveCompute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7a411a8d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function rawReceiveCompute(uint32 subscriptionId, uint32 interval, uint16 redundancy, address node, bytes input, bytes output, bytes proof, bytes32 containerId, uint256 index) returns()
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) PackRawReceiveCompute(subscriptionId uint32, interval uint32, redundancy uint16, node common.Address, input []byte, output []byte, proof []byte, containerId [32]byte, index *big.Int) []byte {
	enc, err := infernetTestDelegatedConsumer.abi.Pack("rawReceiveCompute", subscriptionId, interval, redundancy, node, input, output, proof, containerId, index)
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
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) TryPackRawReceiveCompute(subscriptionId uint32, interval uint32, redundancy uint16, node common.Address, input []byte, output []byte, proof []byte, containerId [32]byte, index *big.Int) ([]byte, error) {
	return infernetTestDelegatedConsumer.abi.Pack("rawReceiveCompute", subscriptionId, interval, redundancy, node, input, output, proof, containerId, index)
}

// PackSetFailCallbacks is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe8ee1312.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setFailCallbacks(bool fail) returns()
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) PackSetFailCallbacks(fail bool) []byte {
	enc, err := infernetTestDelegatedConsumer.abi.Pack("setFailCallbacks", fail)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetFailCallbacks is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe8ee1312.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setFailCallbacks(bool fail) returns()
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) TryPackSetFailCallbacks(fail bool) ([]byte, error) {
	return infernetTestDelegatedConsumer.abi.Pack("setFailCallbacks", fail)
}

// PackSetInput is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe18c505f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setInput(bytes input_) returns()
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) PackSetInput(input []byte) []byte {
	enc, err := infernetTestDelegatedConsumer.abi.Pack("setInput", input)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetInput is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe18c505f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setInput(bytes input_) returns()
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) TryPackSetInput(input []byte) ([]byte, error) {
	return infernetTestDelegatedConsumer.abi.Pack("setInput", input)
}

// PackSetSigner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6c19e783.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setSigner(address signer) returns()
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) PackSetSigner(signer common.Address) []byte {
	enc, err := infernetTestDelegatedConsumer.abi.Pack("setSigner", signer)
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
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) TryPackSetSigner(signer common.Address) ([]byte, error) {
	return infernetTestDelegatedConsumer.abi.Pack("setSigner", signer)
}

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], infernetTestDelegatedConsumer.abi.Errors["CallbackFailed"].ID.Bytes()[:4]) {
		return infernetTestDelegatedConsumer.UnpackCallbackFailedError(raw[4:])
	}
	if bytes.Equal(raw[:4], infernetTestDelegatedConsumer.abi.Errors["NotCoordinator"].ID.Bytes()[:4]) {
		return infernetTestDelegatedConsumer.UnpackNotCoordinatorError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// InfernetTestDelegatedConsumerCallbackFailed represents a CallbackFailed error raised by the InfernetTestDelegatedConsumer contract.
type InfernetTestDelegatedConsumerCallbackFailed struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error CallbackFailed()
func InfernetTestDelegatedConsumerCallbackFailedErrorID() common.Hash {
	return common.HexToHash("0x221f615860194146ec194ea9d9a3c6430a08c54ee4fae5fec8d24045419576a2")
}

// UnpackCallbackFailedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error CallbackFailed()
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) UnpackCallbackFailedError(raw []byte) (*InfernetTestDelegatedConsumerCallbackFailed, error) {
	out := new(InfernetTestDelegatedConsumerCallbackFailed)
	if err := infernetTestDelegatedConsumer.abi.UnpackIntoInterface(out, "CallbackFailed", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// InfernetTestDelegatedConsumerNotCoordinator represents a NotCoordinator error raised by the InfernetTestDelegatedConsumer contract.
type InfernetTestDelegatedConsumerNotCoordinator struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotCoordinator()
func InfernetTestDelegatedConsumerNotCoordinatorErrorID() common.Hash {
	return common.HexToHash("0x9ec853e6dcc97bd4bcbc6d62dece1207ebdc35cb919c5bdee6a6ed42024c1b44")
}

// UnpackNotCoordinatorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotCoordinator()
func (infernetTestDelegatedConsumer *InfernetTestDelegatedConsumer) UnpackNotCoordinatorError(raw []byte) (*InfernetTestDelegatedConsumerNotCoordinator, error) {
	out := new(InfernetTestDelegatedConsumerNotCoordinator)
	if err := infernetTestDelegatedConsumer.abi.UnpackIntoInterface(out, "NotCoordinator", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// InfernetTestSubscriptionConsumerMetaData contains all meta data concerning the InfernetTestSubscriptionConsumer contract.
var InfernetTestSubscriptionConsumerMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"registry\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"CallbackFailed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotCoordinator\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"cancel\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"i\",\"type\":\"uint256\"}],\"name\":\"delivery\",\"outputs\":[{\"components\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"},{\"internalType\":\"bytes32\",\"name\":\"containerId\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"index\",\"type\":\"uint256\"}],\"internalType\":\"structInfernetTestRecorder.Delivery\",\"name\":\"\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"deliveryCount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"failCallbacks\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"getContainerInputs\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"name\":\"inputs\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"},{\"internalType\":\"bytes32\",\"name\":\"containerId\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"index\",\"type\":\"uint256\"}],\"name\":\"rawReceiveCompute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bool\",\"name\":\"fail\",\"type\":\"bool\"}],\"name\":\"setFailCallbacks\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"}],\"name\":\"subscribe\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "8fc912b22c07f3cf1c8e8d1e50f7486be0",
	Bin: "0x60c08060405234610114576100336110359182380380936100208284610118565b82396001600160a01b039281019061014f565b16604051633b2bcbf160e01b8152602081600481855afa9182156100ec576004926020925f916100f7575b506001600160a01b031660805260405163b701069760e01b815292839182905afa9081156100ec575f916100bd575b5060a052604051610ec6908161016f8239608051818181610249015281816105a101526109f3015260a051815050f35b6100df915060203d6020116100e5575b6100d78183610118565b81019061014f565b5f61008d565b503d6100cd565b6040513d5f823e3d90fd5b61010e9150833d85116100e5576100d78183610118565b5f61005e565b5f80fd5b601f909101601f19168101906001600160401b0382119082101761013b57604052565b634e487b7160e01b5f52604160045260245ffd5b9081602091031261011457516001600160a01b0381168103610114579056fe6080806040526004361015610012575f80fd5b5f905f3560e01c9081631144fd7214610a72575080631381e400146109d75780635b77b6a6146109ba5780637a411a8d146104fe5780638c261f20146104db578063962fad75146103de578063ac84ef0f14610103578063b756259f146100b55763e8ee131214610081575f80fd5b346100b25760203660031901126100b2576004358015158091036100b05760ff80196001541691161760015580f35b505b80fd5b50346100b25760203660031901126100b2576100eb60406100ff9263ffffffff6100dd610c32565b168152600260205220610d37565b604051918291602083526020830190610c0e565b0390f35b50346100b2576101403660031901126100b2576004356001600160401b0381116100b057610135903690600401610c81565b91906024356001600160401b0381116103af57610156903690600401610c81565b919093610161610c58565b906064359263ffffffff84168094036103da5760843561ffff81168091036103d65760a4358015158091036103d25760c4356001600160a01b03811692908390036103ce57610104356001600160a01b03811694908590036103ca57610124356001600160a01b03811696908790036103c6579263ffffffff9895926101f1602099969361021799963691610e23565b604051638405089360e01b815261012060048201529a8b998a99926101248b0190610c0e565b9716602489015260448801526064870152608486015260a485015260e4803560c48601528401526101048301520381867f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165af180156103bb578390610374575b63ffffffff91501690818352600260205260408320906001600160401b038111610360576020946102bb826102b58554610cae565b85610e68565b84601f8311600114610300579482916102ea949596926102f5575b50508160011b915f199060031b1c19161790565b90555b604051908152f35b013590505f806102d6565b90601f19831695848352878320925b878110610349575083600195969710610330575b505050811b0190556102ed565b01355f19600384901b60f8161c191690555f8080610323565b90928860018192868601358155019401910161030f565b634e487b7160e01b84526041600452602484fd5b506020813d6020116103b3575b8161038e60209383610d16565b810103126103af575163ffffffff811681036103af5763ffffffff90610280565b8280fd5b3d9150610381565b6040513d85823e3d90fd5b8a80fd5b8980fd5b8880fd5b8780fd5b8680fd5b8580fd5b50346100b25760803660031901126100b2576103f8610c32565b9063ffffffff610406610c45565b9261040f610c58565b50610418610c6b565b5016815260026020526040812090604051918181549161043783610cae565b92600181169081156104b05750600114610476575b6100ff856100eb600482888b63ffffffff60e01b9060e01b16815203601b19810184520182610d16565b908092935052602081205b82821061049a57505081016020016004826100ff61044c565b6001816020925483858801015201910190610481565b60ff191660208088019190915284151590940286019093019350600492508491506100ff905061044c565b50346100b257806003193601126100b257602060ff600154166040519015158152f35b50346100b2576101203660031901126100b257610519610c32565b90610522610c45565b9060443561ffff81168091036100b05761053a610c6b565b926084356001600160401b0381116109b65761055a903690600401610c81565b9060a4356001600160401b0381116103da5761057a903690600401610c81565b9160c4356001600160401b0381116103d25761059a903690600401610c81565b90999094907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036109a75760ff6001541661099857926106296105fb999a9b936106389363ffffffff610647976040519d8e610ce6565b168c5263ffffffff60208d019a168a5260408c019a8b5260608c01809e60018060a01b031690523691610e23565b9460808a019586523691610e23565b9360a088019485523691610e23565b9660c0860197885260e086019360e43585526101008701956101043587528854680100000000000000008110156109845780600161068792018b55610dd7565b989098610970575188549251915193516001600160f01b031990931663ffffffff919091161760209190911b67ffffffff00000000161760409290921b69ffff0000000000000000169190911760509190911b600160501b600160f01b031617855551805160018601916001600160401b03821161095c5761070d826102b58554610cae565b602090601f83116001146108fa5761073b92918991836108005750508160011b915f199060031b1c19161790565b90555b51805160028501916001600160401b0382116108e657610762826102b58554610cae565b602090601f83116001146108845761079092918891836108005750508160011b915f199060031b1c19161790565b90555b6003830194519485516001600160401b038111610870576107be816107b88454610cae565b84610e68565b6020601f821160011461080b5790806107f092889960059899926108005750508160011b915f199060031b1c19161790565b90555b5160048401555191015580f35b015190505f806102d6565b82875280872097601f198316885b818110610858575091600597989991846001959410610840575b505050811b0190556107f3565b01515f1960f88460031b161c191690555f8080610833565b838301518b556001909a019960209384019301610819565b634e487b7160e01b86526041600452602486fd5b8388528188209190601f198416895b8181106108ce57509084600195949392106108b6575b505050811b019055610793565b01515f1960f88460031b161c191690555f80806108a9565b92936020600181928786015181550195019301610893565b634e487b7160e01b87526041600452602487fd5b8389528189209190601f1984168a5b818110610944575090846001959493921061092c575b505050811b01905561073e565b01515f1960f88460031b161c191690555f808061091f565b92936020600181928786015181550195019301610909565b634e487b7160e01b88526041600452602488fd5b634e487b7160e01b8a5260048a905260248afd5b634e487b7160e01b8a52604160045260248afd5b630443ec2b60e31b8952600489fd5b634f6429f360e11b8952600489fd5b8380fd5b50346100b257806003193601126100b25760209054604051908152f35b5034610a6e576020366003190112610a6e576109f1610c32565b7f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031690813b15610a6e5763ffffffff60245f928360405195869485936331e451a960e01b85521660048401525af18015610a6357610a55575080f35b610a6191505f90610d16565b005b6040513d5f823e3d90fd5b5f80fd5b34610a6e576020366003190112610a6e57610a8c81610ce6565b5f808252602082018190526040820181905260608083018290526080830181905260a0830181905260c083015260e0820181905261010090910152610ad2600435610dd7565b50604051610adf81610ce6565b81549163ffffffff8316825260208201928060201c63ffffffff16845260408301908060401c61ffff1682526060840190600160a01b600190039060501c16815260018301610b2d90610d37565b60808501908152610b4060028501610d37565b60a0860190815290610b5460038601610d37565b9260c0870193845260048601549560e088019687526005015494610100880195865260405198899860208a525163ffffffff1660208a01525163ffffffff1660408901525161ffff166060880152600160a01b6001900390511660808701525160a0860161012090526101408601610bcb91610c0e565b9051858203601f190160c0870152610be39190610c0e565b9051848203601f190160e0860152610bfb9190610c0e565b9151610100840152516101208301520390f35b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b6004359063ffffffff82168203610a6e57565b6024359063ffffffff82168203610a6e57565b6044359063ffffffff82168203610a6e57565b606435906001600160a01b0382168203610a6e57565b9181601f84011215610a6e578235916001600160401b038311610a6e5760208381860195010111610a6e57565b90600182811c92168015610cdc575b6020831014610cc857565b634e487b7160e01b5f52602260045260245ffd5b91607f1691610cbd565b61012081019081106001600160401b03821117610d0257604052565b634e487b7160e01b5f52604160045260245ffd5b90601f801991011681019081106001600160401b03821117610d0257604052565b9060405191825f825492610d4a84610cae565b8084529360018116908115610db55750600114610d71575b50610d6f92500383610d16565b565b90505f9291925260205f20905f915b818310610d99575050906020610d6f928201015f610d62565b6020919350806001915483858901015201910190918492610d80565b905060209250610d6f94915060ff191682840152151560051b8201015f610d62565b5f54811015610e0f575f8080526006919091027f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5630191565b634e487b7160e01b5f52603260045260245ffd5b9291926001600160401b038211610d025760405191610e4c601f8201601f191660200184610d16565b829481845281830111610a6e578281602093845f960137010152565b919091601f8311610e79575b505050565b818311610e8557505050565b5f5260205f206020601f830160051c9210610ebe575b81601f9101920160051c03905f5b82811015610e74575f82820155600101610ea9565b5f9150610e9b56",
}

// InfernetTestSubscriptionConsumer is an auto generated Go binding around an Ethereum contract.
type InfernetTestSubscriptionConsumer struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *InfernetTestSubscriptionConsumer) GetABI() abi.ABI {
	return c.abi
}

// NewInfernetTestSubscriptionConsumer creates a new instance of InfernetTestSubscriptionConsumer.
func NewInfernetTestSubscriptionConsumer() *InfernetTestSubscriptionConsumer {
	parsed, err := InfernetTestSubscriptionConsumerMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &InfernetTestSubscriptionConsumer{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *InfernetTestSubscriptionConsumer) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address registry) returns()
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) PackConstructor(registry common.Address) []byte {
	enc, err := infernetTestSubscriptionConsumer.abi.Pack("", registry)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackCancel is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1381e400.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function cancel(uint32 subscriptionId) returns()
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) PackCancel(subscriptionId uint32) []byte {
	enc, err := infernetTestSubscriptionConsumer.abi.Pack("cancel", subscriptionId)
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
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) TryPackCancel(subscriptionId uint32) ([]byte, error) {
	return infernetTestSubscriptionConsumer.abi.Pack("cancel", subscriptionId)
}

// PackDelivery is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1144fd72.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function delivery(uint256 i) view returns((uint32,uint32,uint16,address,bytes,bytes,bytes,bytes32,uint256))
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) PackDelivery(i *big.Int) []byte {
	enc, err := infernetTestSubscriptionConsumer.abi.Pack("delivery", i)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDelivery is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1144fd72.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function delivery(uint256 i) view returns((uint32,uint32,uint16,address,bytes,bytes,bytes,bytes32,uint256))
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) TryPackDelivery(i *big.Int) ([]byte, error) {
	return infernetTestSubscriptionConsumer.abi.Pack("delivery", i)
}

// UnpackDelivery is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x1144fd72.
//
// Solidity: function delivery(uint256 i) view returns((uint32,uint32,uint16,address,bytes,bytes,bytes,bytes32,uint256))
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) UnpackDelivery(data []byte) (InfernetTestRecorderDelivery, error) {
	out, err := infernetTestSubscriptionConsumer.abi.Unpack("delivery", data)
	if err != nil {
		return *new(InfernetTestRecorderDelivery), err
	}
	out0 := *abi.ConvertType(out[0], new(InfernetTestRecorderDelivery)).(*InfernetTestRecorderDelivery)
	return out0, nil
}

// PackDeliveryCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5b77b6a6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function deliveryCount() view returns(uint256)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) PackDeliveryCount() []byte {
	enc, err := infernetTestSubscriptionConsumer.abi.Pack("deliveryCount")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDeliveryCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5b77b6a6.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function deliveryCount() view returns(uint256)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) TryPackDeliveryCount() ([]byte, error) {
	return infernetTestSubscriptionConsumer.abi.Pack("deliveryCount")
}

// UnpackDeliveryCount is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5b77b6a6.
//
// Solidity: function deliveryCount() view returns(uint256)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) UnpackDeliveryCount(data []byte) (*big.Int, error) {
	out, err := infernetTestSubscriptionConsumer.abi.Unpack("deliveryCount", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackFailCallbacks is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8c261f20.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function failCallbacks() view returns(bool)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) PackFailCallbacks() []byte {
	enc, err := infernetTestSubscriptionConsumer.abi.Pack("failCallbacks")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFailCallbacks is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8c261f20.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function failCallbacks() view returns(bool)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) TryPackFailCallbacks() ([]byte, error) {
	return infernetTestSubscriptionConsumer.abi.Pack("failCallbacks")
}

// UnpackFailCallbacks is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8c261f20.
//
// Solidity: function failCallbacks() view returns(bool)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) UnpackFailCallbacks(data []byte) (bool, error) {
	out, err := infernetTestSubscriptionConsumer.abi.Unpack("failCallbacks", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackGetContainerInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x962fad75.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 interval, uint32 , address ) view returns(bytes)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) PackGetContainerInputs(subscriptionId uint32, interval uint32, arg2 uint32, arg3 common.Address) []byte {
	enc, err := infernetTestSubscriptionConsumer.abi.Pack("getContainerInputs", subscriptionId, interval, arg2, arg3)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetContainerInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x962fad75.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 interval, uint32 , address ) view returns(bytes)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) TryPackGetContainerInputs(subscriptionId uint32, interval uint32, arg2 uint32, arg3 common.Address) ([]byte, error) {
	return infernetTestSubscriptionConsumer.abi.Pack("getContainerInputs", subscriptionId, interval, arg2, arg3)
}

// UnpackGetContainerInputs is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x962fad75.
//
// Solidity: function getContainerInputs(uint32 subscriptionId, uint32 interval, uint32 , address ) view returns(bytes)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) UnpackGetContainerInputs(data []byte) ([]byte, error) {
	out, err := infernetTestSubscriptionConsumer.abi.Unpack("getContainerInputs", data)
	if err != nil {
		return *new([]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([]byte)).(*[]byte)
	return out0, nil
}

// PackInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb756259f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function inputs(uint32 ) view returns(bytes)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) PackInputs(arg0 uint32) []byte {
	enc, err := infernetTestSubscriptionConsumer.abi.Pack("inputs", arg0)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackInputs is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb756259f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function inputs(uint32 ) view returns(bytes)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) TryPackInputs(arg0 uint32) ([]byte, error) {
	return infernetTestSubscriptionConsumer.abi.Pack("inputs", arg0)
}

// UnpackInputs is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xb756259f.
//
// Solidity: function inputs(uint32 ) view returns(bytes)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) UnpackInputs(data []byte) ([]byte, error) {
	out, err := infernetTestSubscriptionConsumer.abi.Unpack("inputs", data)
	if err != nil {
		return *new([]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([]byte)).(*[]byte)
	return out0, nil
}

// PackRawReceiveCompute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7a411a8d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function rawReceiveCompute(uint32 subscriptionId, uint32 interval, uint16 redundancy, address node, bytes input, bytes output, bytes proof, bytes32 containerId, uint256 index) returns()
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) PackRawReceiveCompute(subscriptionId uint32, interval uint32, redundancy uint16, node common.Address, input []byte, output []byte, proof []byte, containerId [32]byte, index *big.Int) []byte {
	enc, err := infernetTestSubscriptionConsumer.abi.Pack("rawReceiveCompute", subscriptionId, interval, redundancy, node, input, output, proof, containerId, index)
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
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) TryPackRawReceiveCompute(subscriptionId uint32, interval uint32, redundancy uint16, node common.Address, input []byte, output []byte, proof []byte, containerId [32]byte, index *big.Int) ([]byte, error) {
	return infernetTestSubscriptionConsumer.abi.Pack("rawReceiveCompute", subscriptionId, interval, redundancy, node, input, output, proof, containerId, index)
}

// PackSetFailCallbacks is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe8ee1312.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setFailCallbacks(bool fail) returns()
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) PackSetFailCallbacks(fail bool) []byte {
	enc, err := infernetTestSubscriptionConsumer.abi.Pack("setFailCallbacks", fail)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetFailCallbacks is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe8ee1312.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setFailCallbacks(bool fail) returns()
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) TryPackSetFailCallbacks(fail bool) ([]byte, error) {
	return infernetTestSubscriptionConsumer.abi.Pack("setFailCallbacks", fail)
}

// PackSubscribe is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xac84ef0f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function subscribe(string containerId, bytes input, uint32 frequency, uint32 period, uint16 redundancy, bool lazy, address paymentToken, uint256 paymentAmount, address wallet, address verifier) returns(uint32 subscriptionId)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) PackSubscribe(containerId string, input []byte, frequency uint32, period uint32, redundancy uint16, lazy bool, paymentToken common.Address, paymentAmount *big.Int, wallet common.Address, verifier common.Address) []byte {
	enc, err := infernetTestSubscriptionConsumer.abi.Pack("subscribe", containerId, input, frequency, period, redundancy, lazy, paymentToken, paymentAmount, wallet, verifier)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSubscribe is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xac84ef0f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function subscribe(string containerId, bytes input, uint32 frequency, uint32 period, uint16 redundancy, bool lazy, address paymentToken, uint256 paymentAmount, address wallet, address verifier) returns(uint32 subscriptionId)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) TryPackSubscribe(containerId string, input []byte, frequency uint32, period uint32, redundancy uint16, lazy bool, paymentToken common.Address, paymentAmount *big.Int, wallet common.Address, verifier common.Address) ([]byte, error) {
	return infernetTestSubscriptionConsumer.abi.Pack("subscribe", containerId, input, frequency, period, redundancy, lazy, paymentToken, paymentAmount, wallet, verifier)
}

// UnpackSubscribe is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xac84ef0f.
//
// Solidity: function subscribe(string containerId, bytes input, uint32 frequency, uint32 period, uint16 redundancy, bool lazy, address paymentToken, uint256 paymentAmount, address wallet, address verifier) returns(uint32 subscriptionId)
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) UnpackSubscribe(data []byte) (uint32, error) {
	out, err := infernetTestSubscriptionConsumer.abi.Unpack("subscribe", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], infernetTestSubscriptionConsumer.abi.Errors["CallbackFailed"].ID.Bytes()[:4]) {
		return infernetTestSubscriptionConsumer.UnpackCallbackFailedError(raw[4:])
	}
	if bytes.Equal(raw[:4], infernetTestSubscriptionConsumer.abi.Errors["NotCoordinator"].ID.Bytes()[:4]) {
		return infernetTestSubscriptionConsumer.UnpackNotCoordinatorError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// InfernetTestSubscriptionConsumerCallbackFailed represents a CallbackFailed error raised by the InfernetTestSubscriptionConsumer contract.
type InfernetTestSubscriptionConsumerCallbackFailed struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error CallbackFailed()
func InfernetTestSubscriptionConsumerCallbackFailedErrorID() common.Hash {
	return common.HexToHash("0x221f615860194146ec194ea9d9a3c6430a08c54ee4fae5fec8d24045419576a2")
}

// UnpackCallbackFailedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error CallbackFailed()
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) UnpackCallbackFailedError(raw []byte) (*InfernetTestSubscriptionConsumerCallbackFailed, error) {
	out := new(InfernetTestSubscriptionConsumerCallbackFailed)
	if err := infernetTestSubscriptionConsumer.abi.UnpackIntoInterface(out, "CallbackFailed", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// InfernetTestSubscriptionConsumerNotCoordinator represents a NotCoordinator error raised by the InfernetTestSubscriptionConsumer contract.
type InfernetTestSubscriptionConsumerNotCoordinator struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotCoordinator()
func InfernetTestSubscriptionConsumerNotCoordinatorErrorID() common.Hash {
	return common.HexToHash("0x9ec853e6dcc97bd4bcbc6d62dece1207ebdc35cb919c5bdee6a6ed42024c1b44")
}

// UnpackNotCoordinatorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotCoordinator()
func (infernetTestSubscriptionConsumer *InfernetTestSubscriptionConsumer) UnpackNotCoordinatorError(raw []byte) (*InfernetTestSubscriptionConsumerNotCoordinator, error) {
	out := new(InfernetTestSubscriptionConsumerNotCoordinator)
	if err := infernetTestSubscriptionConsumer.abi.UnpackIntoInterface(out, "NotCoordinator", raw); err != nil {
		return nil, err
	}
	return out, nil
}
