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
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"coordinator\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"bytes4\",\"name\":\"selector\",\"type\":\"bytes4\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotCoordinator\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"verified\",\"type\":\"bool\"},{\"indexed\":false,\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"}],\"name\":\"ProofChecked\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"CALLBACK_GAS_LIMIT\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"COORDINATOR\",\"outputs\":[{\"internalType\":\"contractCoordinator\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_GAS_PRICE\",\"outputs\":[{\"internalType\":\"uint48\",\"name\":\"\",\"type\":\"uint48\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SELECTOR\",\"outputs\":[{\"internalType\":\"bytes4\",\"name\":\"\",\"type\":\"bytes4\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"VERIFIER\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"getContainerInputs\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"},{\"internalType\":\"int256[]\",\"name\":\"input\",\"type\":\"int256[]\"},{\"internalType\":\"uint8\",\"name\":\"bits\",\"type\":\"uint8\"},{\"internalType\":\"bool\",\"name\":\"unsigned\",\"type\":\"bool\"}],\"name\":\"hashedInputMatches\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"int256[]\",\"name\":\"input\",\"type\":\"int256[]\"},{\"internalType\":\"uint8\",\"name\":\"bits\",\"type\":\"uint8\"},{\"internalType\":\"bool\",\"name\":\"unsigned\",\"type\":\"bool\"}],\"name\":\"inputHash\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"},{\"internalType\":\"int256[]\",\"name\":\"input\",\"type\":\"int256[]\"},{\"internalType\":\"uint8\",\"name\":\"bits\",\"type\":\"uint8\"},{\"internalType\":\"bool\",\"name\":\"unsigned\",\"type\":\"bool\"}],\"name\":\"inputMatches\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"receiveCompute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"rejectedCount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"}],\"name\":\"request\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"repoId\",\"type\":\"string\"},{\"internalType\":\"int256[]\",\"name\":\"input\",\"type\":\"int256[]\"},{\"internalType\":\"uint32[]\",\"name\":\"shape\",\"type\":\"uint32[]\"},{\"internalType\":\"uint8\",\"name\":\"scaleBits\",\"type\":\"uint8\"},{\"internalType\":\"uint8\",\"name\":\"bits\",\"type\":\"uint8\"},{\"internalType\":\"bool\",\"name\":\"unsigned\",\"type\":\"bool\"}],\"name\":\"requestHashedInput\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"repoId\",\"type\":\"string\"},{\"internalType\":\"int256[]\",\"name\":\"input\",\"type\":\"int256[]\"},{\"internalType\":\"uint32[]\",\"name\":\"shape\",\"type\":\"uint32[]\"},{\"internalType\":\"uint8\",\"name\":\"scaleBits\",\"type\":\"uint8\"},{\"internalType\":\"uint8\",\"name\":\"bits\",\"type\":\"uint8\"},{\"internalType\":\"bool\",\"name\":\"unsigned\",\"type\":\"bool\"}],\"name\":\"requestInput\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"name\":\"results\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"delivered\",\"type\":\"bool\"},{\"internalType\":\"bool\",\"name\":\"verified\",\"type\":\"bool\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"verifiedCount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "ProofConsumer",
	Bin: "0x60e0346100d157601f61184138819003918201601f19168301916001600160401b038311848410176100d5578084926060946040528339810103126100d157610047816100e9565b906040610056602083016100e9565b910151916001600160e01b0319831683036100d1576001600160a01b031660805260a05260c05260405161174390816100fe8239608051818181610129015281816107fc01528181610a33015281816110bf0152611401015260a0518181816103f10152610ab1015260c0518181816104fd0152610af20152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036100d15756fe60a0806040526004361015610012575f80fd5b5f6080525f3560e01c908163053c238d14610ae05750806308c84e7014610a9c57806326a4565e14610a7f57806333d608f114610a625780633b2bcbf114610a1e5780634c6b25b11461092f5780635beae0cd146108d05780635f138f95146108995780636bfe4ec21461087c57806376ed0407146107605780637d48ed73146106c757806394905c0914610636578063962fad75146105ca5780639960fdc51461055f578063e3bbb4f11461053d5763e57109fc146100d0575f80fd5b346104bc5760603660031901126104bc576004356024356001600160401b0381116104bc57610103903690600401610b46565b6044929192356001600160401b0381116104bc57610125903690600401610b46565b93907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b0316330361052657600485101594856104e3575b85856080515260026020526040608051205490806104da575b610449575b50856103d2575b505060405190606082018281106001600160401b038211176103ba576040526001825260208201946001811515938488526101c4368786610def565b97604082019889528760805152608051602052604060805120915115159060ff61ff0084549251151560081b1692169061ffff1916171781550195519586516001600160401b0381116103ba5761021b8254610d04565b601f811161035f575b5060206001601f8311146102cf5790806102a8959493927ff657cb276419a39a708c63e10ac3e8888851128cfd010222428497daaad15c79999a608051926102c4575b50508160011b915f199060031b1c19161790555b156102b15761028b600354611615565b6003555b6040519384938452604060208501526040840191610e52565b0390a260805180f35b6102bc600454611615565b60045561028f565b015190505f80610267565b601f1982169883608051528160805120996080515b81811061034757509960019284926102a8989796957ff657cb276419a39a708c63e10ac3e8888851128cfd010222428497daaad15c799c9d1061032f575b505050811b01905561027b565b01515f1960f88460031b161c191690555f8080610322565b838301518c556001909b019a602093840193016102e4565b81811115610224578260805152602060805120601f830160051c90602084106103b0575b81601f9101920160051c03906080515b8281106103a1575050610224565b60805182820155600101610393565b6080519150610383565b634e487b7160e01b6080515260416004526024608051fd5b80919295506040519283378101608051815260805191806080519203907f00000000000000000000000000000000000000000000000000000000000000005afa3d15610444573d61042281610dd4565b906104306040519283610d3c565b81526080513d916020013e5b925f80610188565b61043c565b909550600581901b906001600160fb1b038116036104c2578060240190816024116104c25786828110159283610484575b505050945f610181565b919250106104bc5761049b90369060248401610def565b602081519101208460805152600160205260406080512054145f868161047a565b60805180fd5b634e487b7160e01b6080515260116004526024608051fd5b5080151561017c565b8095506004116104bc5780356001600160e01b03199081167f00000000000000000000000000000000000000000000000000000000000000009091161494610163565b63f01654df60e01b60805152336004526024608051fd5b346104bc576080513660031901126104bc57602060405165ffffffffffff8152f35b346104bc5760603660031901126104bc576004356001600160401b0381116104bc5761058f903690600401610b73565b9060243560ff8116908190036104bc576044359081151582036104bc576105bd6105c2936020953691610d88565b61115e565b604051908152f35b346104bc5760803660031901126104bc576105e3610ccb565b506105ec610cde565b506105f5610cf1565b506064356001600160a01b038116036104bc57610632604051610619602082610d3c565b6080518152604051918291602083526020830190610b22565b0390f35b346104bc57602061067061067860ff61066861065136610ba3565b9b9997859e9987999c98929c979397969496610e72565b963691610d88565b9116906114a5565b6040518381019061069b8161068d8486610e25565b03601f198101835282610d3c565b519020826080515260018452604060805120555181608051526002835260406080512055604051908152f35b34610717576106e56106d836610c60565b9290949395913691610d88565b936044811061071b575f6080526044116107175760209360ff602461070e94013594169061115e565b14604051908152f35b5f80fd5b60405162461bcd60e51b815260206004820152601f60248201527f50726f6f66496e707574733a2063616c6c6461746120746f6f2073686f7274006044820152606490fd5b34610717576040366003190112610717576004356001600160401b03811161071757610790903690600401610b46565b906024356001600160401b038111610717576107d2926107c46107ba6107cc933690600401610b46565b9490923691610def565b923691610def565b90611286565b604051638fa6ae1160e01b815263ffffffff919091166004820152600160248201526020816044817f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165afa8015610871575f9061083e575b602090604051908152f35b506020813d602011610869575b8161085860209383610d3c565b810103126107175760209051610833565b3d915061084b565b6040513d5f823e3d90fd5b34610717575f366003190112610717576020600354604051908152f35b346107175760206108c660ff6108be6108b136610c60565b9692909495913691610d88565b9216926111d6565b6040519015158152f35b346107175760206108eb6108f360ff61066861065136610ba3565b91169061115e565b60405183810191825283815261090a604082610d3c565b519020815f526001835260405f2055805f5260028252600160405f2055604051908152f35b34610717576020366003190112610717576004355f525f60205260405f2060018154910190604051915f9080549061096682610d04565b80865291600181169081156109f757506001146109ba575b60ff846106328761099181880382610d3c565b6040519383818695161515855260081c1615156020840152606060408401526060830190610b22565b5f908152602081209092505b8183106109dd57505082016020018261099161097e565b6001816020929493945483858901015201910191906109c6565b60ff191660208088019190915292151560051b86019092019250849150610991905061097e565b34610717575f366003190112610717576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b34610717575f366003190112610717576020604051620f42408152f35b34610717575f366003190112610717576020600454604051908152f35b34610717575f366003190112610717576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b34610717575f366003190112610717577f00000000000000000000000000000000000000000000000000000000000000006001600160e01b0319168152602090f35b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b9181601f84011215610717578235916001600160401b038311610717576020838186019501011161071757565b9181601f84011215610717578235916001600160401b038311610717576020808501948460051b01011161071757565b60e0600319820112610717576004356001600160401b0381116107175781610bcd91600401610b46565b929092916024356001600160401b0381116107175781610bef91600401610b46565b929092916044356001600160401b0381116107175781610c1191600401610b73565b92909291606435906001600160401b03821161071757610c3391600401610b73565b909160843560ff81168103610717579060a43560ff81168103610717579060c43580151581036107175790565b6080600319820112610717576004356001600160401b0381116107175781610c8a91600401610b46565b92909291602435906001600160401b03821161071757610cac91600401610b73565b909160443560ff81168103610717579060643580151581036107175790565b6004359063ffffffff8216820361071757565b6024359063ffffffff8216820361071757565b6044359063ffffffff8216820361071757565b90600182811c92168015610d32575b6020831014610d1e57565b634e487b7160e01b5f52602260045260245ffd5b91607f1691610d13565b90601f801991011681019081106001600160401b03821117610d5d57604052565b634e487b7160e01b5f52604160045260245ffd5b6001600160401b038111610d5d5760051b60200190565b929190610d9481610d71565b93610da26040519586610d3c565b602085838152019160051b810192831161071757905b828210610dc457505050565b8135815260209182019101610db8565b6001600160401b038111610d5d57601f01601f191660200190565b929192610dfb82610dd4565b91610e096040519384610d3c565b829481845281830111610717578281602093845f960137010152565b80516020909101905f5b818110610e3c5750505090565b8251845260209384019390920191600101610e2f565b908060209392818452848401375f828201840152601f01601f1916010190565b929893610e86919297959896983691610d88565b94610e9085610d71565b97610e9e604051998a610d3c565b8589526020890190819660051b81019036821161071757915b8183106111415750505060ff16958551988960031b9960018060fd1b03811603610fb057610ee48a610dd4565b99610ef26040519b8c610d3c565b808b52610f01601f1991610dd4565b013660208c01375f5b8751811015610fc457610f2789610f21838b6111c2565b51611623565b6001600160401b03165f5b60088110610f44575050600101610f0a565b6001600160fd1b0381168103610fb0576001600160fd1b0383168303610fb057610f71818460031b611498565b908d51821015610f9c578d602060019360ff60f81b868560031b1c60f81b165f1a9201015301610f32565b634e487b7160e01b5f52603260045260245ffd5b634e487b7160e01b5f52601160045260245ffd5b509397929650939790945060405191608083019060026020850152606060408501525180915260a0830198905f5b818110611125575050506110919361107c611096979461106a8561102f60609a9761068d6110589e9f61108a99601f19848303018f850152610b22565b60209b8c95604051946110428887610d3c565b5f86526040519c8d988901526080880191610e52565b858103601f1901604087015290610b22565b838103601f1901606085015290610b22565b03601f198101865285610d3c565b3691610def565b611286565b604051638fa6ae1160e01b815263ffffffff9190911660048201526001602482015281816044817f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03165afa918215610871575f926110fb57505090565b90809250813d831161111e575b6111128183610d3c565b81010312610717575190565b503d611108565b825163ffffffff168b5260209a8b019a90920191600101610ff2565b823563ffffffff8116810361071757815260209283019201610eb7565b6020925f9261116c926114a5565b6040516111808161068d8682018095610e25565b604051918291518091835e8101838152039060025afa15610871577f30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f00000015f510690565b8051821015610f9c5760209160051b010190565b9390926111e2926114a5565b905f5b825181101561127d578060010180600111610fb057600581901b906001600160fb1b03811603610fb057806004019081600411610fb05760240190818111610fb05781841061071b5781811161071757838211610717578581013591036020811061126c575b5061125682856111c2565b5103611264576001016111e5565b505050505f90565b5f199060200360031b1b165f61124b565b50505050600190565b90604051906101c082018281106001600160401b03821117610d5d576040528180602081018095604083015f8152606084016080850160a0860160c087019160e08801936101008901956101208a019b5f8d526101408b01985f8a526101608c019a5f8c526101808d019c5f8e526101a0019d5f8f523090524263ffffffff169052600184526001855265ffffffffffff8652620f4240875287528752604051809e819e630bdfced560e11b83526004830160209052600160a01b6001900390511660248301525163ffffffff1690604401525163ffffffff1660648d01525163ffffffff1660848c01525161ffff1660a48b01525165ffffffffffff1660c48a01525163ffffffff1660e48901525161010488016101c090526101e488016113ae91610b22565b9051878203602319016101248901526113c79190610b22565b94511515610144870152516001600160a01b039081166101648701529051610184860152905181166101a4850152905181166101c48401527f00000000000000000000000000000000000000000000000000000000000000001691839103815a6020945f91f1908115610871575f9161143e575090565b90506020813d602011611472575b8161145960209383610d3c565b81010312610717575163ffffffff811681036107175790565b3d915061144c565b8115611484570490565b634e487b7160e01b5f52601260045260245ffd5b91908201809211610fb057565b92908015611484578060fd04906114bd828651611498565b5f198101908111610fb057826114d29161147a565b926114dc84610d71565b936114ea6040519586610d3c565b8085526114f9601f1991610d71565b0136602086013783945f146115fd575f959490945b8315915f5b82518110156115f35761152681846111c2565b5190898201915f8b84129112908015821691151617610fb0575f821215806115e7575b1561158e5784611484578681068087029087820403610fb0576115876001936115728a8561147a565b921b61157e838c6111c2565b5117918a6111c2565b5201611513565b60405162461bcd60e51b815260206004820152602b60248201527f50726f6f66496e707574733a2076616c7565206f75747369646520746865207060448201526a61636b65642072616e676560a81b6064820152608490fd5b506001861b8210611549565b5096505050505050565b5f198201828111610fb0576001901b9594909461150e565b5f198114610fb05760010190565b90811561173d575f821291821561173657678000000000000000925b1561173057600160ff1b8114610fb0575f03915b66200000000000008310156116d0575f5b60018101808211610fb05784901c156116855761168090611615565b611664565b92909192806034039060348211610fb057806103ff0194856103ff11610fb0576103ff910301938411610fb0576001600160401b0391660fffffffffffff911b169260341b16171790565b60405162461bcd60e51b815260206004820152603260248201527f50726f6f66496e707574733a2076616c7565206265796f6e6420666c6f61743660448201527134277320657861637420696e74656765727360701b6064820152608490fd5b91611653565b5f9261163f565b50505f9056",
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

// PackHashedInputMatches is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7d48ed73.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hashedInputMatches(bytes proof, int256[] input, uint8 bits, bool unsigned) pure returns(bool)
func (proofConsumer *ProofConsumer) PackHashedInputMatches(proof []byte, input []*big.Int, bits uint8, unsigned bool) []byte {
	enc, err := proofConsumer.abi.Pack("hashedInputMatches", proof, input, bits, unsigned)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackHashedInputMatches is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7d48ed73.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function hashedInputMatches(bytes proof, int256[] input, uint8 bits, bool unsigned) pure returns(bool)
func (proofConsumer *ProofConsumer) TryPackHashedInputMatches(proof []byte, input []*big.Int, bits uint8, unsigned bool) ([]byte, error) {
	return proofConsumer.abi.Pack("hashedInputMatches", proof, input, bits, unsigned)
}

// UnpackHashedInputMatches is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7d48ed73.
//
// Solidity: function hashedInputMatches(bytes proof, int256[] input, uint8 bits, bool unsigned) pure returns(bool)
func (proofConsumer *ProofConsumer) UnpackHashedInputMatches(data []byte) (bool, error) {
	out, err := proofConsumer.abi.Unpack("hashedInputMatches", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackInputHash is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9960fdc5.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function inputHash(int256[] input, uint8 bits, bool unsigned) pure returns(uint256)
func (proofConsumer *ProofConsumer) PackInputHash(input []*big.Int, bits uint8, unsigned bool) []byte {
	enc, err := proofConsumer.abi.Pack("inputHash", input, bits, unsigned)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackInputHash is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9960fdc5.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function inputHash(int256[] input, uint8 bits, bool unsigned) pure returns(uint256)
func (proofConsumer *ProofConsumer) TryPackInputHash(input []*big.Int, bits uint8, unsigned bool) ([]byte, error) {
	return proofConsumer.abi.Pack("inputHash", input, bits, unsigned)
}

// UnpackInputHash is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x9960fdc5.
//
// Solidity: function inputHash(int256[] input, uint8 bits, bool unsigned) pure returns(uint256)
func (proofConsumer *ProofConsumer) UnpackInputHash(data []byte) (*big.Int, error) {
	out, err := proofConsumer.abi.Unpack("inputHash", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
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

// PackRequestHashedInput is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5beae0cd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function requestHashedInput(string containerId, string repoId, int256[] input, uint32[] shape, uint8 scaleBits, uint8 bits, bool unsigned) returns(bytes32 taskId)
func (proofConsumer *ProofConsumer) PackRequestHashedInput(containerId string, repoId string, input []*big.Int, shape []uint32, scaleBits uint8, bits uint8, unsigned bool) []byte {
	enc, err := proofConsumer.abi.Pack("requestHashedInput", containerId, repoId, input, shape, scaleBits, bits, unsigned)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequestHashedInput is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5beae0cd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function requestHashedInput(string containerId, string repoId, int256[] input, uint32[] shape, uint8 scaleBits, uint8 bits, bool unsigned) returns(bytes32 taskId)
func (proofConsumer *ProofConsumer) TryPackRequestHashedInput(containerId string, repoId string, input []*big.Int, shape []uint32, scaleBits uint8, bits uint8, unsigned bool) ([]byte, error) {
	return proofConsumer.abi.Pack("requestHashedInput", containerId, repoId, input, shape, scaleBits, bits, unsigned)
}

// UnpackRequestHashedInput is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5beae0cd.
//
// Solidity: function requestHashedInput(string containerId, string repoId, int256[] input, uint32[] shape, uint8 scaleBits, uint8 bits, bool unsigned) returns(bytes32 taskId)
func (proofConsumer *ProofConsumer) UnpackRequestHashedInput(data []byte) ([32]byte, error) {
	out, err := proofConsumer.abi.Unpack("requestHashedInput", data)
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
