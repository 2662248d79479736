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
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"coordinator\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"bytes4\",\"name\":\"selector\",\"type\":\"bytes4\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotCoordinator\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"verified\",\"type\":\"bool\"},{\"indexed\":false,\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"}],\"name\":\"ProofChecked\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"CALLBACK_GAS_LIMIT\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"COORDINATOR\",\"outputs\":[{\"internalType\":\"contractCoordinator\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_GAS_PRICE\",\"outputs\":[{\"internalType\":\"uint48\",\"name\":\"\",\"type\":\"uint48\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SELECTOR\",\"outputs\":[{\"internalType\":\"bytes4\",\"name\":\"\",\"type\":\"bytes4\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"VERIFIER\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"getContainerInputs\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"},{\"internalType\":\"int256[]\",\"name\":\"input\",\"type\":\"int256[]\"},{\"internalType\":\"uint8\",\"name\":\"bits\",\"type\":\"uint8\"},{\"internalType\":\"bool\",\"name\":\"unsigned\",\"type\":\"bool\"}],\"name\":\"inputMatches\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"receiveCompute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"rejectedCount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"}],\"name\":\"request\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"repoId\",\"type\":\"string\"},{\"internalType\":\"int256[]\",\"name\":\"input\",\"type\":\"int256[]\"},{\"internalType\":\"uint32[]\",\"name\":\"shape\",\"type\":\"uint32[]\"},{\"internalType\":\"uint8\",\"name\":\"scaleBits\",\"type\":\"uint8\"},{\"internalType\":\"uint8\",\"name\":\"bits\",\"type\":\"uint8\"},{\"internalType\":\"bool\",\"name\":\"unsigned\",\"type\":\"bool\"}],\"name\":\"requestInput\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"name\":\"results\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"delivered\",\"type\":\"bool\"},{\"internalType\":\"bool\",\"name\":\"verified\",\"type\":\"bool\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"verifiedCount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "ProofConsumer",
	Bin: "0x60e0346100d157601f6115e438819003918201601f19168301916001600160401b038311848410176100d5578084926060946040528339810103126100d157610047816100e9565b906040610056602083016100e9565b910151916001600160e01b0319831683036100d1576001600160a01b031660805260a05260c0526040516114e690816100fe82396080518181816101050152818161086e01528181610a4001528181610c6601526111a4015260a0518181816103a30152610ce4015260c0518181816104a40152610d250152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036100d15756fe60a0806040526004361015610012575f80fd5b5f3560e01c908163053c238d14610d135750806308c84e7014610ccf57806326a4565e14610cb257806333d608f114610c955780633b2bcbf114610c515780634c6b25b114610b625780635f138f9514610ad25780636bfe4ec214610ab557806376ed0407146109a457806394905c091461056a578063962fad7514610500578063e3bbb4f1146104e05763e57109fc146100ab575f80fd5b34610469576060366003190112610469576004356024356001600160401b038111610469576100de903690600401610d79565b6044929192356001600160401b03811161046957610100903690600401610d79565b9093907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036104cd576004811015948561048a575b85855f52600260205260405f20549080610481575b6103f9575b508561038a575b505060405190606082018281106001600160401b038211176103765760405260018252602082019460018115159384885261019c368786610ee6565b9760408201988952875f525f60205260405f20915115159060ff61ff0084549251151560081b1692169061ffff1916171781550195519586516001600160401b038111610376576101ed8254610e0f565b601f8111610325575b506020601f821160011461029b579080610278959493927ff657cb276419a39a708c63e10ac3e8888851128cfd010222428497daaad15c79999a5f92610290575b50508160011b915f199060031b1c19161790555b1561027d5761025b6003546113b8565b6003555b6040519384938452604060208501526040840191610f1c565b0390a2005b6102886004546113b8565b60045561025f565b015190505f80610237565b601f19821698835f52815f20995f5b81811061030d5750996001928492610278989796957ff657cb276419a39a708c63e10ac3e8888851128cfd010222428497daaad15c799c9d106102f5575b505050811b01905561024b565b01515f1960f88460031b161c191690555f80806102e8565b838301518c556001909b019a602093840193016102aa565b818111156101f657825f5260205f20601f830160051c906020841061036e575b81601f9101920160051c03905f5b8281106103615750506101f6565b5f82820155600101610353565b5f9150610345565b634e487b7160e01b5f52604160045260245ffd5b5f929550908291816040519283928337810183815203907f00000000000000000000000000000000000000000000000000000000000000005afa3d156103f4573d6103d481610ecb565b906103e26040519283610e47565b81525f60203d92013e5b925f80610160565b6103ec565b909550600581901b906001600160fb1b0381160361046d5780602401908160241161046d5782828110159283610434575b505050945f610159565b90919250116104695761044c90369060248801610ee6565b60208151910120845f52600160205260405f2054145f828161042a565b5f80fd5b634e487b7160e01b5f52601160045260245ffd5b50801515610154565b9450806004116104695784356001600160e01b03199081167f0000000000000000000000000000000000000000000000000000000000000000909116149461013f565b63f01654df60e01b5f523360045260245ffd5b34610469575f36600319011261046957602060405165ffffffffffff8152f35b3461046957608036600319011261046957610519610dd6565b50610522610de9565b5061052b610dfc565b506064356001600160a01b038116036104695761056660405161054f602082610e47565b5f8152604051918291602083526020830190610d55565b0390f35b346104695760e0366003190112610469576004356001600160401b0381116104695761059a903690600401610d79565b906024356001600160401b038111610469576105ba903690600401610d79565b916044356001600160401b038111610469576105da903690600401610da6565b906064356001600160401b038111610469576105fa903690600401610da6565b9690936084359560ff871687036104695760a4359160ff83168093036104695760c43593841515850361046957610632368888610e7f565b9961063c8c610e68565b9861064a6040519a8b610e47565b8c8a5260208a0190819d60051b81019036821161046957915b8183106109875750508b51600381901b91506001600160fd1b0381160361046d5761069e61069082610ecb565b604051608052608051610e47565b80608051526106af601f1991610ecb565b0136602060805101375f5b8b5181101561076c576106da60ff8c166106d4838f610f3c565b516113c6565b5f5b600881106106ee5750506001016106ba565b6001600160fd1b038116810361046d576001600160fd1b038316830361046d5761071b818460031b61121d565b9060805151821015610758576080516001926001600160401b038516600384901b1c60f81b6001600160f81b0319165f1a910160200153016106dc565b634e487b7160e01b5f52603260045260245ffd5b508b98604051998a91608083019060026020850152606060408501525180915260a0830191905f5b81811061096857505050818103601f190160608301526080516107b79190610d55565b03601f1981018a526107c9908a610e47565b6040516020996107d98b83610e47565b5f82526040519586938c85016060905260808501906107f792610f1c565b838103601f1901604085015261080c91610d55565b828103601f1901606084015261082191610d55565b03601f19810184526108339084610e47565b369061083e92610ee6565b9061084891611029565b604051638fa6ae1160e01b815263ffffffff9091166004820152600160248201529285847f00000000000000000000000000000000000000000000000000000000000000006001600160a01b0316815a91604492fa93841561095d575f9461092c575b506108bc906108c194953691610e7f565b611248565b604051838101908181845191878601925f5b89828210610915575050506108f1925003601f198101835282610e47565b519020825f526001845260405f205551815f526002835260405f2055604051908152f35b8551845294850194869450909201916001016108d3565b9093508581813d8311610956575b6109448183610e47565b810103126104695751926108bc6108ab565b503d61093a565b6040513d5f823e3d90fd5b825163ffffffff1684528d945060209384019390920191600101610794565b823563ffffffff8116810361046957815260209283019201610663565b34610469576040366003190112610469576004356001600160401b038111610469576109d4903690600401610d79565b906024356001600160401b03811161046957610a1692610a086109fe610a10933690600401610d79565b9490923691610ee6565b923691610ee6565b90611029565b604051638fa6ae1160e01b815263ffffffff919091166004820152600160248201526020816044817f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165afa801561095d575f90610a82575b602090604051908152f35b506020813d602011610aad575b81610a9c60209383610e47565b810103126104695760209051610a77565b3d9150610a8f565b34610469575f366003190112610469576020600354604051908152f35b34610469576080366003190112610469576004356001600160401b03811161046957610b02903690600401610d79565b906024356001600160401b03811161046957610b22903690600401610da6565b9290916044359060ff82168092036104695760643592831515840361046957610b52610b58956020973691610e7f565b91610f50565b6040519015158152f35b34610469576020366003190112610469576004355f525f60205260405f2060018154910190604051915f90805490610b9982610e0f565b8086529160018116908115610c2a5750600114610bed575b60ff8461056687610bc481880382610e47565b6040519383818695161515855260081c1615156020840152606060408401526060830190610d55565b5f908152602081209092505b818310610c10575050820160200182610bc4610bb1565b600181602092949394548385890101520191019190610bf9565b60ff191660208088019190915292151560051b86019092019250849150610bc49050610bb1565b34610469575f366003190112610469576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b34610469575f366003190112610469576020604051620f42408152f35b34610469575f366003190112610469576020600454604051908152f35b34610469575f366003190112610469576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b34610469575f366003190112610469577f00000000000000000000000000000000000000000000000000000000000000006001600160e01b0319168152602090f35b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b9181601f84011215610469578235916001600160401b038311610469576020838186019501011161046957565b9181601f84011215610469578235916001600160401b038311610469576020808501948460051b01011161046957565b6004359063ffffffff8216820361046957565b6024359063ffffffff8216820361046957565b6044359063ffffffff8216820361046957565b90600182811c92168015610e3d575b6020831014610e2957565b634e487b7160e01b5f52602260045260245ffd5b91607f1691610e1e565b90601f801991011681019081106001600160401b0382111761037657604052565b6001600160401b0381116103765760051b60200190565b929190610e8b81610e68565b93610e996040519586610e47565b602085838152019160051b810192831161046957905b828210610ebb57505050565b8135815260209182019101610eaf565b6001600160401b03811161037657601f01601f191660200190565b929192610ef282610ecb565b91610f006040519384610e47565b829481845281830111610469578281602093845f960137010152565b908060209392818452848401375f828201840152601f01601f1916010190565b80518210156107585760209160051b010190565b92610f5d92949194611248565b905f5b825181101561102057806001018060011161046d57600581901b906001600160fb1b0381160361046d57806004018060041161046d57602482019081811161046d57818710610fdb57811061046957851061046957820160040135610fc58285610f3c565b5103610fd357600101610f60565b505050505f90565b60405162461bcd60e51b815260206004820152601f60248201527f50726f6f66496e707574733a2063616c6c6461746120746f6f2073686f7274006044820152606490fd5b50505050600190565b90604051906101c082018281106001600160401b03821117610376576040528180602081018095604083015f8152606084016080850160a0860160c087019160e08801936101008901956101208a019b5f8d526101408b01985f8a526101608c019a5f8c526101808d019c5f8e526101a0019d5f8f523090524263ffffffff169052600184526001855265ffffffffffff8652620f4240875287528752604051809e819e630bdfced560e11b83526004830160209052600160a01b6001900390511660248301525163ffffffff1690604401525163ffffffff1660648d01525163ffffffff1660848c01525161ffff1660a48b01525165ffffffffffff1660c48a01525163ffffffff1660e48901525161010488016101c090526101e4880161115191610d55565b90518782036023190161012489015261116a9190610d55565b94511515610144870152516001600160a01b039081166101648701529051610184860152905181166101a4850152905181166101c48401527f00000000000000000000000000000000000000000000000000000000000000001691839103815a6020945f91f190811561095d575f916111e1575090565b90506020813d602011611215575b816111fc60209383610e47565b81010312610469575163ffffffff811681036104695790565b3d91506111ef565b9190820180921161046d57565b8115611234570490565b634e487b7160e01b5f52601260045260245ffd5b92908015611234578060fd049061126082865161121d565b5f19810190811161046d57826112759161122a565b9261127f84610e68565b9361128d6040519586610e47565b80855261129c601f1991610e68565b0136602086013783945f146113a0575f959490945b8315915f5b8251811015611396576112c98184610f3c565b5190898201915f8b8412911290801582169115161761046d575f8212158061138a575b15611331578461123457868106808702908782040361046d5761132a6001936113158a8561122a565b921b611321838c610f3c565b5117918a610f3c565b52016112b6565b60405162461bcd60e51b815260206004820152602b60248201527f50726f6f66496e707574733a2076616c7565206f75747369646520746865207060448201526a61636b65642072616e676560a81b6064820152608490fd5b506001861b82106112ec565b5096505050505050565b5f19820182811161046d576001901b959490946112b1565b5f19811461046d5760010190565b9081156114e0575f82129182156114d957678000000000000000925b156114d357600160ff1b811461046d575f03915b6620000000000000831015611473575f5b6001810180821161046d5784901c1561142857611423906113b8565b611407565b9290919280603403906034821161046d57806103ff0194856103ff1161046d576103ff91030193841161046d576001600160401b0391660fffffffffffff911b169260341b16171790565b60405162461bcd60e51b815260206004820152603260248201527f50726f6f66496e707574733a2076616c7565206265796f6e6420666c6f61743660448201527134277320657861637420696e74656765727360701b6064820152608490fd5b916113f6565b5f926113e2565b50505f9056",
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

// PackInputMatches is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5f138f95.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function inputMatches(bytes proof, int256[] input, uint8 bits, bool unsigned) pure returns(bool)
func (proofConsumer *ProofConsumer) PackInputMatches(proof []byte, input []*big.Int, bits uint8, unsigned bool) []byte {
	enc, err := proofConsumer.abi.Pack("inputMatches", proof, input, bits, unsigned)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackInputMatches is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5f138f95.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function inputMatches(bytes proof, int256[] input, uint8 bits, bool unsigned) pure returns(bool)
func (proofConsumer *ProofConsumer) TryPackInputMatches(proof []byte, input []*big.Int, bits uint8, unsigned bool) ([]byte, error) {
	return proofConsumer.abi.Pack("inputMatches", proof, input, bits, unsigned)
}

// UnpackInputMatches is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5f138f95.
//
// Solidity: function inputMatches(bytes proof, int256[] input, uint8 bits, bool unsigned) pure returns(bool)
func (proofConsumer *ProofConsumer) UnpackInputMatches(data []byte) (bool, error) {
	out, err := proofConsumer.abi.Unpack("inputMatches", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
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

// PackRequestInput is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x94905c09.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function requestInput(string containerId, string repoId, int256[] input, uint32[] shape, uint8 scaleBits, uint8 bits, bool unsigned) returns(bytes32 taskId)
func (proofConsumer *ProofConsumer) PackRequestInput(containerId string, repoId string, input []*big.Int, shape []uint32, scaleBits uint8, bits uint8, unsigned bool) []byte {
	enc, err := proofConsumer.abi.Pack("requestInput", containerId, repoId, input, shape, scaleBits, bits, unsigned)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequestInput is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x94905c09.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function requestInput(string containerId, string repoId, int256[] input, uint32[] shape, uint8 scaleBits, uint8 bits, bool unsigned) returns(bytes32 taskId)
func (proofConsumer *ProofConsumer) TryPackRequestInput(containerId string, repoId string, input []*big.Int, shape []uint32, scaleBits uint8, bits uint8, unsigned bool) ([]byte, error) {
	return proofConsumer.abi.Pack("requestInput", containerId, repoId, input, shape, scaleBits, bits, unsigned)
}

// UnpackRequestInput is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x94905c09.
//
// Solidity: function requestInput(string containerId, string repoId, int256[] input, uint32[] shape, uint8 scaleBits, uint8 bits, bool unsigned) returns(bytes32 taskId)
func (proofConsumer *ProofConsumer) UnpackRequestInput(data []byte) ([32]byte, error) {
	out, err := proofConsumer.abi.Unpack("requestInput", data)
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
