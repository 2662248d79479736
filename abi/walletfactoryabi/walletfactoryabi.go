// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package walletfactoryabi

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

// WalletFactoryMetaData contains all meta data concerning the WalletFactory contract.
var WalletFactoryMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"coordinator\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"name\":\"WalletCreated\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"COORDINATOR\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"initialOwner\",\"type\":\"address\"}],\"name\":\"createWallet\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"name\":\"isValidWallet\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "WalletFactory",
	Bin: "0x60a034606c57601f610e5538819003918201601f19168301916001600160401b03831184841017607057808492602094604052833981010312606c57516001600160a01b0381168103606c57608052604051610dd090816100858239608051818181608c01526101920152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffdfe6080806040526004361015610012575f80fd5b5f3560e01c9081633b2bcbf11461018057508063439a3012146101405763b054a9e81461003d575f80fd5b3461013c57602036600319011261013c576004356001600160a01b0381169081900361013c57604051610c0e8082019082821067ffffffffffffffff8311176101285760409183916101c283397f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602081018590520301905ff090811561011d5760209160018060a01b031690815f525f835260405f20600160ff198254161790556040518281527fca0b7dde26052d34217ef1a0cee48085a07ca32da0a918609937a307d496bbf5843392a3604051908152f35b6040513d5f823e3d90fd5b634e487b7160e01b5f52604160045260245ffd5b5f80fd5b3461013c57602036600319011261013c576004356001600160a01b0381169081900361013c575f525f602052602060ff60405f2054166040519015158152f35b3461013c575f36600319011261013c577f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f3fe60a0346100f257601f610c0e38819003918201601f19168301916001600160401b038311848410176100f65780849260409485528339810103126100f2576100468161010a565b906001600160a01b039061005c9060200161010a565b169081156100df575f80546001600160a01b031981168417825560405193916001600160a01b03909116907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09080a3608052610aef908161011f82396080518181816102b30152818161038a0152818161055b01528181610609015261064c0152f35b631e4fbdf760e01b5f525f60045260245ffd5b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036100f25756fe6080604052600436101561001a575b3615610018575f80fd5b005b5f3560e01c80630d67cfd9146106385780633b2bcbf1146105f457806346d2a733146105475780635e0fac2e1461052457806370a08231146104f9578063715018a6146104a25780638da5cb5b1461047b5780639ae697bf14610443578063c704836914610379578063d0729347146102a2578063dd62ed3e14610245578063e1f21c67146101d5578063f2fde38b146101505763f3fef3a30361000e573461014c57604036600319011261014c576100d16106bb565b7f7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65602060243592610100610aa8565b610108610868565b6101128482610927565b5f546101299085906001600160a01b03168361095d565b6040519384526001600160a01b031692a25f5f516020610acf5f395f51905f525d005b5f80fd5b3461014c57602036600319011261014c576101696106bb565b610171610aa8565b6001600160a01b031680156101c2575f80546001600160a01b03198116831782556001600160a01b0316907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09080a3005b631e4fbdf760e01b5f525f60045260245ffd5b3461014c577f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560206102063661071f565b9391610213939193610aa8565b6001600160a01b039081165f8181526001845260408082209690931680825295845282902086905590519485529293a3005b3461014c57604036600319011261014c5761025e6106bb565b602435906001600160a01b038216820361014c5760018060a01b03165f52600160205260405f209060018060a01b03165f52602052602060405f2054604051908152f35b3461014c576102b03661071f565b907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036103665760207fec36c0364d931187a76cf66d7eee08fad0ec2e8b7458a8d8b26b36769d4d13f39161030d610868565b61031884828761089d565b6103228482610927565b60018060a01b031693845f526002825260405f2061034185825461085b565b90556040519384526001600160a01b031692a35f5f516020610acf5f395f51905f525d005b63f01654df60e01b5f523360045260245ffd5b3461014c576103873661071f565b917f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036103665760207fc1c90b8e0705b212262c0dbd7580efe1862c2f185bf96899226f7596beb2db09916103e4610868565b6103ee8585610a55565b60018060a01b031692835f526001825260405f2060018060a01b0382165f52825260405f2061041e86825461085b565b90556040519485526001600160a01b031693a35f5f516020610acf5f395f51905f525d005b3461014c57602036600319011261014c576001600160a01b036104646106bb565b165f526002602052602060405f2054604051908152f35b3461014c575f36600319011261014c575f546040516001600160a01b039091168152602090f35b3461014c575f36600319011261014c576104ba610aa8565b5f80546001600160a01b0319811682556001600160a01b03167f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e08280a3005b3461014c57602036600319011261014c57602061051c6105176106bb565b6107df565b604051908152f35b3461014c57602036600319011261014c57602061051c6105426106bb565b61077a565b3461014c57610555366106d1565b919291907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036103665760207fd1398bee19313d6bf672ccb116e51f4a1a947e91c757907f51fbb5b5e56c698f916105b5610868565b6105bf8487610a55565b6105ca84828861095d565b6040519384526001600160a01b03908116958116941692a45f5f516020610acf5f395f51905f525d005b3461014c575f36600319011261014c576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b3461014c57610646366106d1565b919291907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036103665760207fd1398bee19313d6bf672ccb116e51f4a1a947e91c757907f51fbb5b5e56c698f916106a6610868565b6106b184878761089d565b6105bf8487610927565b600435906001600160a01b038216820361014c57565b608090600319011261014c576004356001600160a01b038116810361014c57906024356001600160a01b038116810361014c57906044356001600160a01b038116810361014c579060643590565b606090600319011261014c576004356001600160a01b038116810361014c57906024356001600160a01b038116810361014c579060443590565b9190820391821161076657565b634e487b7160e01b5f52601160045260245ffd5b6107a690610787816107df565b6001600160a01b039091165f9081526002602052604090205490610759565b90565b90601f8019910116810190811067ffffffffffffffff8211176107cb57604052565b634e487b7160e01b5f52604160045260245ffd5b6001600160a01b0316806107f257504790565b6020602491604051928380926370a0823160e01b82523060048301525afa908115610850575f91610821575090565b90506020813d602011610848575b8161083c602093836107a9565b8101031261014c575190565b3d915061082f565b6040513d5f823e3d90fd5b9190820180921161076657565b5f516020610acf5f395f51905f525c61088e5760015f516020610acf5f395f51905f525d565b633ee5aeb560e01b5f5260045ffd5b60018060a01b031691825f52600160205260405f2060018060a01b0383165f5260205260405f20548181106108f757906108d691610759565b915f52600160205260405f209060018060a01b03165f5260205260405f2055565b608493926040519363246fb68960e21b8552600485015260018060a01b0316602484015260448301526064820152fd5b6109308161077a565b9082821061093d57505050565b632e2a182f60e11b5f5260018060a01b031660045260245260445260645ffd5b8215610a50576001600160a01b0316806109dd57505f80808085855af13d156109d8573d67ffffffffffffffff81116107cb57604051906109a8601f8201601f1916602001836107a9565b81525f60203d92013e5b156109bb575050565b63296c17bb60e21b5f5260018060a01b031660045260245260445ffd5b6109b2565b916040519163a9059cbb60e01b5f5260018060a01b031660045260245260205f60448180865af19060015f5114821615610a2f575b60405215610a1d5750565b635274afe760e01b5f5260045260245ffd5b906001811516610a4757823b15153d15161690610a12565b503d5f823e3d90fd5b505050565b6001600160a01b03165f81815260026020526040902054909190818110610a8f5790610a8091610759565b905f52600260205260405f2055565b82637db8b08b60e01b5f5260045260245260445260645ffd5b5f546001600160a01b03163303610abb57565b63118cdaa760e01b5f523360045260245ffdfe9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00",
}

// WalletFactory is an auto generated Go binding around an Ethereum contract.
type WalletFactory struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *WalletFactory) GetABI() abi.ABI {
	return c.abi
}

// NewWalletFactory creates a new instance of WalletFactory.
func NewWalletFactory() *WalletFactory {
	parsed, err := WalletFactoryMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &WalletFactory{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *WalletFactory) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address coordinator) returns()
func (walletFactory *WalletFactory) PackConstructor(coordinator common.Address) []byte {
	enc, err := walletFactory.abi.Pack("", coordinator)
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
func (walletFactory *WalletFactory) PackCOORDINATOR() []byte {
	enc, err := walletFactory.abi.Pack("COORDINATOR")
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
func (walletFactory *WalletFactory) TryPackCOORDINATOR() ([]byte, error) {
	return walletFactory.abi.Pack("COORDINATOR")
}

// UnpackCOORDINATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3b2bcbf1.
//
// Solidity: function COORDINATOR() view returns(address)
func (walletFactory *WalletFactory) UnpackCOORDINATOR(data []byte) (common.Address, error) {
	out, err := walletFactory.abi.Unpack("COORDINATOR", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackCreateWallet is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb054a9e8.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function createWallet(address initialOwner) returns(address wallet)
func (walletFactory *WalletFactory) PackCreateWallet(initialOwner common.Address) []byte {
	enc, err := walletFactory.abi.Pack("createWallet", initialOwner)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCreateWallet is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb054a9e8.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function createWallet(address initialOwner) returns(address wallet)
func (walletFactory *WalletFactory) TryPackCreateWallet(initialOwner common.Address) ([]byte, error) {
	return walletFactory.abi.Pack("createWallet", initialOwner)
}

// UnpackCreateWallet is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xb054a9e8.
//
// Solidity: function createWallet(address initialOwner) returns(address wallet)
func (walletFactory *WalletFactory) UnpackCreateWallet(data []byte) (common.Address, error) {
	out, err := walletFactory.abi.Unpack("createWallet", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackIsValidWallet is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x439a3012.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function isValidWallet(address wallet) view returns(bool)
func (walletFactory *WalletFactory) PackIsValidWallet(wallet common.Address) []byte {
	enc, err := walletFactory.abi.Pack("isValidWallet", wallet)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackIsValidWallet is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x439a3012.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function isValidWallet(address wallet) view returns(bool)
func (walletFactory *WalletFactory) TryPackIsValidWallet(wallet common.Address) ([]byte, error) {
	return walletFactory.abi.Pack("isValidWallet", wallet)
}

// UnpackIsValidWallet is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x439a3012.
//
// Solidity: function isValidWallet(address wallet) view returns(bool)
func (walletFactory *WalletFactory) UnpackIsValidWallet(data []byte) (bool, error) {
	out, err := walletFactory.abi.Unpack("isValidWallet", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// WalletFactoryWalletCreated represents a WalletCreated event raised by the WalletFactory contract.
type WalletFactoryWalletCreated struct {
	Caller common.Address
	Owner  common.Address
	Wallet common.Address
	Raw    *types.Log // Blockchain specific contextual infos
}

const WalletFactoryWalletCreatedEventName = "WalletCreated"

// ContractEventName returns the user-defined event name.
func (WalletFactoryWalletCreated) ContractEventName() string {
	return WalletFactoryWalletCreatedEventName
}

// UnpackWalletCreatedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event WalletCreated(address indexed caller, address indexed owner, address wallet)
func (walletFactory *WalletFactory) UnpackWalletCreatedEvent(log *types.Log) (*WalletFactoryWalletCreated, error) {
	event := "WalletCreated"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != walletFactory.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(WalletFactoryWalletCreated)
	if len(log.Data) > 0 {
		if err := walletFactory.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range walletFactory.abi.Events[event].Inputs {
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
