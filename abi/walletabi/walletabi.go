// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package walletabi

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

// WalletMetaData contains all meta data concerning the Wallet contract.
var WalletMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"coordinator\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"initialOwner\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"required\",\"type\":\"uint256\"}],\"name\":\"InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"available\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"required\",\"type\":\"uint256\"}],\"name\":\"InsufficientFunds\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"locked\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"required\",\"type\":\"uint256\"}],\"name\":\"InsufficientLocked\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"NativeTransferFailed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotCoordinator\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"OwnableInvalidOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"OwnableUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ReentrancyGuardReentrantCall\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SafeERC20FailedOperation\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Lock\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Unlock\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Withdrawal\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"COORDINATOR\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"cLock\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"cTransfer\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"cTransferLocked\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"cUnlock\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"lockedBalance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"renounceOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"unlockedBalance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"withdraw\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"stateMutability\":\"payable\",\"type\":\"receive\"}]",
	ID:  "Wallet",
	Bin: "0x60a0346100f257601f610c0e38819003918201601f19168301916001600160401b038311848410176100f65780849260409485528339810103126100f2576100468161010a565b906001600160a01b039061005c9060200161010a565b169081156100df575f80546001600160a01b031981168417825560405193916001600160a01b03909116907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09080a3608052610aef908161011f82396080518181816102b30152818161038a0152818161055b01528181610609015261064c0152f35b631e4fbdf760e01b5f525f60045260245ffd5b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036100f25756fe6080604052600436101561001a575b3615610018575f80fd5b005b5f3560e01c80630d67cfd9146106385780633b2bcbf1146105f457806346d2a733146105475780635e0fac2e1461052457806370a08231146104f9578063715018a6146104a25780638da5cb5b1461047b5780639ae697bf14610443578063c704836914610379578063d0729347146102a2578063dd62ed3e14610245578063e1f21c67146101d5578063f2fde38b146101505763f3fef3a30361000e573461014c57604036600319011261014c576100d16106bb565b7f7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65602060243592610100610aa8565b610108610868565b6101128482610927565b5f546101299085906001600160a01b03168361095d565b6040519384526001600160a01b031692a25f5f516020610acf5f395f51905f525d005b5f80fd5b3461014c57602036600319011261014c576101696106bb565b610171610aa8565b6001600160a01b031680156101c2575f80546001600160a01b03198116831782556001600160a01b0316907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09080a3005b631e4fbdf760e01b5f525f60045260245ffd5b3461014c577f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560206102063661071f565b9391610213939193610aa8565b6001600160a01b039081165f8181526001845260408082209690931680825295845282902086905590519485529293a3005b3461014c57604036600319011261014c5761025e6106bb565b602435906001600160a01b038216820361014c5760018060a01b03165f52600160205260405f209060018060a01b03165f52602052602060405f2054604051908152f35b3461014c576102b03661071f565b907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036103665760207fec36c0364d931187a76cf66d7eee08fad0ec2e8b7458a8d8b26b36769d4d13f39161030d610868565b61031884828761089d565b6103228482610927565b60018060a01b031693845f526002825260405f2061034185825461085b565b90556040519384526001600160a01b031692a35f5f516020610acf5f395f51905f525d005b63f01654df60e01b5f523360045260245ffd5b3461014c576103873661071f565b917f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036103665760207fc1c90b8e0705b212262c0dbd7580efe1862c2f185bf96899226f7596beb2db09916103e4610868565b6103ee8585610a55565b60018060a01b031692835f526001825260405f2060018060a01b0382165f52825260405f2061041e86825461085b565b90556040519485526001600160a01b031693a35f5f516020610acf5f395f51905f525d005b3461014c57602036600319011261014c576001600160a01b036104646106bb565b165f526002602052602060405f2054604051908152f35b3461014c575f36600319011261014c575f546040516001600160a01b039091168152602090f35b3461014c575f36600319011261014c576104ba610aa8565b5f80546001600160a01b0319811682556001600160a01b03167f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e08280a3005b3461014c57602036600319011261014c57602061051c6105176106bb565b6107df565b604051908152f35b3461014c57602036600319011261014c57602061051c6105426106bb565b61077a565b3461014c57610555366106d1565b919291907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036103665760207fd1398bee19313d6bf672ccb116e51f4a1a947e91c757907f51fbb5b5e56c698f916105b5610868565b6105bf8487610a55565b6105ca84828861095d565b6040519384526001600160a01b03908116958116941692a45f5f516020610acf5f395f51905f525d005b3461014c575f36600319011261014c576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b3461014c57610646366106d1565b919291907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036103665760207fd1398bee19313d6bf672ccb116e51f4a1a947e91c757907f51fbb5b5e56c698f916106a6610868565b6106b184878761089d565b6105bf8487610927565b600435906001600160a01b038216820361014c57565b608090600319011261014c576004356001600160a01b038116810361014c57906024356001600160a01b038116810361014c57906044356001600160a01b038116810361014c579060643590565b606090600319011261014c576004356001600160a01b038116810361014c57906024356001600160a01b038116810361014c579060443590565b9190820391821161076657565b634e487b7160e01b5f52601160045260245ffd5b6107a690610787816107df565b6001600160a01b039091165f9081526002602052604090205490610759565b90565b90601f8019910116810190811067ffffffffffffffff8211176107cb57604052565b634e487b7160e01b5f52604160045260245ffd5b6001600160a01b0316806107f257504790565b6020602491604051928380926370a0823160e01b82523060048301525afa908115610850575f91610821575090565b90506020813d602011610848575b8161083c602093836107a9565b8101031261014c575190565b3d915061082f565b6040513d5f823e3d90fd5b9190820180921161076657565b5f516020610acf5f395f51905f525c61088e5760015f516020610acf5f395f51905f525d565b633ee5aeb560e01b5f5260045ffd5b60018060a01b031691825f52600160205260405f2060018060a01b0383165f5260205260405f20548181106108f757906108d691610759565b915f52600160205260405f209060018060a01b03165f5260205260405f2055565b608493926040519363246fb68960e21b8552600485015260018060a01b0316602484015260448301526064820152fd5b6109308161077a565b9082821061093d57505050565b632e2a182f60e11b5f5260018060a01b031660045260245260445260645ffd5b8215610a50576001600160a01b0316806109dd57505f80808085855af13d156109d8573d67ffffffffffffffff81116107cb57604051906109a8601f8201601f1916602001836107a9565b81525f60203d92013e5b156109bb575050565b63296c17bb60e21b5f5260018060a01b031660045260245260445ffd5b6109b2565b916040519163a9059cbb60e01b5f5260018060a01b031660045260245260205f60448180865af19060015f5114821615610a2f575b60405215610a1d5750565b635274afe760e01b5f5260045260245ffd5b906001811516610a4757823b15153d15161690610a12565b503d5f823e3d90fd5b505050565b6001600160a01b03165f81815260026020526040902054909190818110610a8f5790610a8091610759565b905f52600260205260405f2055565b82637db8b08b60e01b5f5260045260245260445260645ffd5b5f546001600160a01b03163303610abb57565b63118cdaa760e01b5f523360045260245ffdfe9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00",
}

// Wallet is an auto generated Go binding around an Ethereum contract.
type Wallet struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *Wallet) GetABI() abi.ABI {
	return c.abi
}

// NewWallet creates a new instance of Wallet.
func NewWallet() *Wallet {
	parsed, err := WalletMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &Wallet{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *Wallet) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address coordinator, address initialOwner) returns()
func (wallet *Wallet) PackConstructor(coordinator common.Address, initialOwner common.Address) []byte {
	enc, err := wallet.abi.Pack("", coordinator, initialOwner)
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
func (wallet *Wallet) PackCOORDINATOR() []byte {
	enc, err := wallet.abi.Pack("COORDINATOR")
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
func (wallet *Wallet) TryPackCOORDINATOR() ([]byte, error) {
	return wallet.abi.Pack("COORDINATOR")
}

// UnpackCOORDINATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3b2bcbf1.
//
// Solidity: function COORDINATOR() view returns(address)
func (wallet *Wallet) UnpackCOORDINATOR(data []byte) (common.Address, error) {
	out, err := wallet.abi.Unpack("COORDINATOR", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function allowance(address spender, address token) view returns(uint256)
func (wallet *Wallet) PackAllowance(spender common.Address, token common.Address) []byte {
	enc, err := wallet.abi.Pack("allowance", spender, token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function allowance(address spender, address token) view returns(uint256)
func (wallet *Wallet) TryPackAllowance(spender common.Address, token common.Address) ([]byte, error) {
	return wallet.abi.Pack("allowance", spender, token)
}

// UnpackAllowance is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdd62ed3e.
//
// Solidity: function allowance(address spender, address token) view returns(uint256)
func (wallet *Wallet) UnpackAllowance(data []byte) (*big.Int, error) {
	out, err := wallet.abi.Unpack("allowance", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe1f21c67.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function approve(address spender, address token, uint256 amount) returns()
func (wallet *Wallet) PackApprove(spender common.Address, token common.Address, amount *big.Int) []byte {
	enc, err := wallet.abi.Pack("approve", spender, token, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe1f21c67.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function approve(address spender, address token, uint256 amount) returns()
func (wallet *Wallet) TryPackApprove(spender common.Address, token common.Address, amount *big.Int) ([]byte, error) {
	return wallet.abi.Pack("approve", spender, token, amount)
}

// PackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function balanceOf(address token) view returns(uint256)
func (wallet *Wallet) PackBalanceOf(token common.Address) []byte {
	enc, err := wallet.abi.Pack("balanceOf", token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function balanceOf(address token) view returns(uint256)
func (wallet *Wallet) TryPackBalanceOf(token common.Address) ([]byte, error) {
	return wallet.abi.Pack("balanceOf", token)
}

// UnpackBalanceOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x70a08231.
//
// Solidity: function balanceOf(address token) view returns(uint256)
func (wallet *Wallet) UnpackBalanceOf(data []byte) (*big.Int, error) {
	out, err := wallet.abi.Unpack("balanceOf", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackCLock is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd0729347.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function cLock(address spender, address token, uint256 amount) returns()
func (wallet *Wallet) PackCLock(spender common.Address, token common.Address, amount *big.Int) []byte {
	enc, err := wallet.abi.Pack("cLock", spender, token, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCLock is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd0729347.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function cLock(address spender, address token, uint256 amount) returns()
func (wallet *Wallet) TryPackCLock(spender common.Address, token common.Address, amount *big.Int) ([]byte, error) {
	return wallet.abi.Pack("cLock", spender, token, amount)
}

// PackCTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0d67cfd9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function cTransfer(address spender, address token, address to, uint256 amount) returns()
func (wallet *Wallet) PackCTransfer(spender common.Address, token common.Address, to common.Address, amount *big.Int) []byte {
	enc, err := wallet.abi.Pack("cTransfer", spender, token, to, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0d67cfd9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function cTransfer(address spender, address token, address to, uint256 amount) returns()
func (wallet *Wallet) TryPackCTransfer(spender common.Address, token common.Address, to common.Address, amount *big.Int) ([]byte, error) {
	return wallet.abi.Pack("cTransfer", spender, token, to, amount)
}

// PackCTransferLocked is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x46d2a733.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function cTransferLocked(address spender, address token, address to, uint256 amount) returns()
func (wallet *Wallet) PackCTransferLocked(spender common.Address, token common.Address, to common.Address, amount *big.Int) []byte {
	enc, err := wallet.abi.Pack("cTransferLocked", spender, token, to, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCTransferLocked is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x46d2a733.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function cTransferLocked(address spender, address token, address to, uint256 amount) returns()
func (wallet *Wallet) TryPackCTransferLocked(spender common.Address, token common.Address, to common.Address, amount *big.Int) ([]byte, error) {
	return wallet.abi.Pack("cTransferLocked", spender, token, to, amount)
}

// PackCUnlock is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc7048369.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function cUnlock(address spender, address token, uint256 amount) returns()
func (wallet *Wallet) PackCUnlock(spender common.Address, token common.Address, amount *big.Int) []byte {
	enc, err := wallet.abi.Pack("cUnlock", spender, token, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCUnlock is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc7048369.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function cUnlock(address spender, address token, uint256 amount) returns()
func (wallet *Wallet) TryPackCUnlock(spender common.Address, token common.Address, amount *big.Int) ([]byte, error) {
	return wallet.abi.Pack("cUnlock", spender, token, amount)
}

// PackLockedBalance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9ae697bf.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function lockedBalance(address token) view returns(uint256)
func (wallet *Wallet) PackLockedBalance(token common.Address) []byte {
	enc, err := wallet.abi.Pack("lockedBalance", token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackLockedBalance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9ae697bf.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function lockedBalance(address token) view returns(uint256)
func (wallet *Wallet) TryPackLockedBalance(token common.Address) ([]byte, error) {
	return wallet.abi.Pack("lockedBalance", token)
}

// UnpackLockedBalance is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x9ae697bf.
//
// Solidity: function lockedBalance(address token) view returns(uint256)
func (wallet *Wallet) UnpackLockedBalance(data []byte) (*big.Int, error) {
	out, err := wallet.abi.Unpack("lockedBalance", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackOwner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8da5cb5b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function owner() view returns(address)
func (wallet *Wallet) PackOwner() []byte {
	enc, err := wallet.abi.Pack("owner")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackOwner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8da5cb5b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function owner() view returns(address)
func (wallet *Wallet) TryPackOwner() ([]byte, error) {
	return wallet.abi.Pack("owner")
}

// UnpackOwner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (wallet *Wallet) UnpackOwner(data []byte) (common.Address, error) {
	out, err := wallet.abi.Unpack("owner", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackRenounceOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x715018a6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function renounceOwnership() returns()
func (wallet *Wallet) PackRenounceOwnership() []byte {
	enc, err := wallet.abi.Pack("renounceOwnership")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRenounceOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x715018a6.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function renounceOwnership() returns()
func (wallet *Wallet) TryPackRenounceOwnership() ([]byte, error) {
	return wallet.abi.Pack("renounceOwnership")
}

// PackTransferOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf2fde38b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (wallet *Wallet) PackTransferOwnership(newOwner common.Address) []byte {
	enc, err := wallet.abi.Pack("transferOwnership", newOwner)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf2fde38b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (wallet *Wallet) TryPackTransferOwnership(newOwner common.Address) ([]byte, error) {
	return wallet.abi.Pack("transferOwnership", newOwner)
}

// PackUnlockedBalance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5e0fac2e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function unlockedBalance(address token) view returns(uint256)
func (wallet *Wallet) PackUnlockedBalance(token common.Address) []byte {
	enc, err := wallet.abi.Pack("unlockedBalance", token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackUnlockedBalance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5e0fac2e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function unlockedBalance(address token) view returns(uint256)
func (wallet *Wallet) TryPackUnlockedBalance(token common.Address) ([]byte, error) {
	return wallet.abi.Pack("unlockedBalance", token)
}

// UnpackUnlockedBalance is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5e0fac2e.
//
// Solidity: function unlockedBalance(address token) view returns(uint256)
func (wallet *Wallet) UnpackUnlockedBalance(data []byte) (*big.Int, error) {
	out, err := wallet.abi.Unpack("unlockedBalance", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf3fef3a3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function withdraw(address token, uint256 amount) returns()
func (wallet *Wallet) PackWithdraw(token common.Address, amount *big.Int) []byte {
	enc, err := wallet.abi.Pack("withdraw", token, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf3fef3a3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function withdraw(address token, uint256 amount) returns()
func (wallet *Wallet) TryPackWithdraw(token common.Address, amount *big.Int) ([]byte, error) {
	return wallet.abi.Pack("withdraw", token, amount)
}

// WalletApproval represents a Approval event raised by the Wallet contract.
type WalletApproval struct {
	Spender common.Address
	Token   common.Address
	Amount  *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const WalletApprovalEventName = "Approval"

// ContractEventName returns the user-defined event name.
func (WalletApproval) ContractEventName() string {
	return WalletApprovalEventName
}

// UnpackApprovalEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Approval(address indexed spender, address indexed token, uint256 amount)
func (wallet *Wallet) UnpackApprovalEvent(log *types.Log) (*WalletApproval, error) {
	event := "Approval"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != wallet.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(WalletApproval)
	if len(log.Data) > 0 {
		if err := wallet.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range wallet.abi.Events[event].Inputs {
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

// WalletLock represents a Lock event raised by the Wallet contract.
type WalletLock struct {
	Spender common.Address
	Token   common.Address
	Amount  *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const WalletLockEventName = "Lock"

// ContractEventName returns the user-defined event name.
func (WalletLock) ContractEventName() string {
	return WalletLockEventName
}

// UnpackLockEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Lock(address indexed spender, address indexed token, uint256 amount)
func (wallet *Wallet) UnpackLockEvent(log *types.Log) (*WalletLock, error) {
	event := "Lock"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != wallet.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(WalletLock)
	if len(log.Data) > 0 {
		if err := wallet.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range wallet.abi.Events[event].Inputs {
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

// WalletOwnershipTransferred represents a OwnershipTransferred event raised by the Wallet contract.
type WalletOwnershipTransferred struct {
	PreviousOwner common.Address
	NewOwner      common.Address
	Raw           *types.Log // Blockchain specific contextual infos
}

const WalletOwnershipTransferredEventName = "OwnershipTransferred"

// ContractEventName returns the user-defined event name.
func (WalletOwnershipTransferred) ContractEventName() string {
	return WalletOwnershipTransferredEventName
}

// UnpackOwnershipTransferredEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (wallet *Wallet) UnpackOwnershipTransferredEvent(log *types.Log) (*WalletOwnershipTransferred, error) {
	event := "OwnershipTransferred"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != wallet.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(WalletOwnershipTransferred)
	if len(log.Data) > 0 {
		if err := wallet.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range wallet.abi.Events[event].Inputs {
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

// WalletTransfer represents a Transfer event raised by the Wallet contract.
type WalletTransfer struct {
	Spender common.Address
	Token   common.Address
	To      common.Address
	Amount  *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const WalletTransferEventName = "Transfer"

// ContractEventName returns the user-defined event name.
func (WalletTransfer) ContractEventName() string {
	return WalletTransferEventName
}

// UnpackTransferEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Transfer(address indexed spender, address indexed token, address indexed to, uint256 amount)
func (wallet *Wallet) UnpackTransferEvent(log *types.Log) (*WalletTransfer, error) {
	event := "Transfer"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != wallet.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(WalletTransfer)
	if len(log.Data) > 0 {
		if err := wallet.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range wallet.abi.Events[event].Inputs {
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

// WalletUnlock represents a Unlock event raised by the Wallet contract.
type WalletUnlock struct {
	Spender common.Address
	Token   common.Address
	Amount  *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const WalletUnlockEventName = "Unlock"

// ContractEventName returns the user-defined event name.
func (WalletUnlock) ContractEventName() string {
	return WalletUnlockEventName
}

// UnpackUnlockEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Unlock(address indexed spender, address indexed token, uint256 amount)
func (wallet *Wallet) UnpackUnlockEvent(log *types.Log) (*WalletUnlock, error) {
	event := "Unlock"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != wallet.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(WalletUnlock)
	if len(log.Data) > 0 {
		if err := wallet.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range wallet.abi.Events[event].Inputs {
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

// WalletWithdrawal represents a Withdrawal event raised by the Wallet contract.
type WalletWithdrawal struct {
	Token  common.Address
	Amount *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const WalletWithdrawalEventName = "Withdrawal"

// ContractEventName returns the user-defined event name.
func (WalletWithdrawal) ContractEventName() string {
	return WalletWithdrawalEventName
}

// UnpackWithdrawalEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Withdrawal(address indexed token, uint256 amount)
func (wallet *Wallet) UnpackWithdrawalEvent(log *types.Log) (*WalletWithdrawal, error) {
	event := "Withdrawal"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != wallet.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(WalletWithdrawal)
	if len(log.Data) > 0 {
		if err := wallet.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range wallet.abi.Events[event].Inputs {
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
func (wallet *Wallet) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], wallet.abi.Errors["InsufficientAllowance"].ID.Bytes()[:4]) {
		return wallet.UnpackInsufficientAllowanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], wallet.abi.Errors["InsufficientFunds"].ID.Bytes()[:4]) {
		return wallet.UnpackInsufficientFundsError(raw[4:])
	}
	if bytes.Equal(raw[:4], wallet.abi.Errors["InsufficientLocked"].ID.Bytes()[:4]) {
		return wallet.UnpackInsufficientLockedError(raw[4:])
	}
	if bytes.Equal(raw[:4], wallet.abi.Errors["NativeTransferFailed"].ID.Bytes()[:4]) {
		return wallet.UnpackNativeTransferFailedError(raw[4:])
	}
	if bytes.Equal(raw[:4], wallet.abi.Errors["NotCoordinator"].ID.Bytes()[:4]) {
		return wallet.UnpackNotCoordinatorError(raw[4:])
	}
	if bytes.Equal(raw[:4], wallet.abi.Errors["OwnableInvalidOwner"].ID.Bytes()[:4]) {
		return wallet.UnpackOwnableInvalidOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], wallet.abi.Errors["OwnableUnauthorizedAccount"].ID.Bytes()[:4]) {
		return wallet.UnpackOwnableUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], wallet.abi.Errors["ReentrancyGuardReentrantCall"].ID.Bytes()[:4]) {
		return wallet.UnpackReentrancyGuardReentrantCallError(raw[4:])
	}
	if bytes.Equal(raw[:4], wallet.abi.Errors["SafeERC20FailedOperation"].ID.Bytes()[:4]) {
		return wallet.UnpackSafeERC20FailedOperationError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// WalletInsufficientAllowance represents a InsufficientAllowance error raised by the Wallet contract.
type WalletInsufficientAllowance struct {
	Spender   common.Address
	Token     common.Address
	Allowance *big.Int
	Required  *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InsufficientAllowance(address spender, address token, uint256 allowance, uint256 required)
func WalletInsufficientAllowanceErrorID() common.Hash {
	return common.HexToHash("0x91beda2419c8769f0c545a44607943b78700547e886f90b5189cc0e609a996c4")
}

// UnpackInsufficientAllowanceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InsufficientAllowance(address spender, address token, uint256 allowance, uint256 required)
func (wallet *Wallet) UnpackInsufficientAllowanceError(raw []byte) (*WalletInsufficientAllowance, error) {
	out := new(WalletInsufficientAllowance)
	if err := wallet.abi.UnpackIntoInterface(out, "InsufficientAllowance", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// WalletInsufficientFunds represents a InsufficientFunds error raised by the Wallet contract.
type WalletInsufficientFunds struct {
	Token     common.Address
	Available *big.Int
	Required  *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InsufficientFunds(address token, uint256 available, uint256 required)
func WalletInsufficientFundsErrorID() common.Hash {
	return common.HexToHash("0x5c54305ea97a090f7d52fb57465b618e802d25aa7b81e138910eb721cdde8dbd")
}

// UnpackInsufficientFundsError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InsufficientFunds(address token, uint256 available, uint256 required)
func (wallet *Wallet) UnpackInsufficientFundsError(raw []byte) (*WalletInsufficientFunds, error) {
	out := new(WalletInsufficientFunds)
	if err := wallet.abi.UnpackIntoInterface(out, "InsufficientFunds", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// WalletInsufficientLocked represents a InsufficientLocked error raised by the Wallet contract.
type WalletInsufficientLocked struct {
	Token    common.Address
	Locked   *big.Int
	Required *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InsufficientLocked(address token, uint256 locked, uint256 required)
func WalletInsufficientLockedErrorID() common.Hash {
	return common.HexToHash("0x7db8b08b7d7d87d96d571d6cb342fc32cc53479c8ebda540fe831669e4ddfca6")
}

// UnpackInsufficientLockedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InsufficientLocked(address token, uint256 locked, uint256 required)
func (wallet *Wallet) UnpackInsufficientLockedError(raw []byte) (*WalletInsufficientLocked, error) {
	out := new(WalletInsufficientLocked)
	if err := wallet.abi.UnpackIntoInterface(out, "InsufficientLocked", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// WalletNativeTransferFailed represents a NativeTransferFailed error raised by the Wallet contract.
type WalletNativeTransferFailed struct {
	To     common.Address
	Amount *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NativeTransferFailed(address to, uint256 amount)
func WalletNativeTransferFailedErrorID() common.Hash {
	return common.HexToHash("0xa5b05eec8040da65485bf3ab248b47c42271aa50a9234ed8f116e568dc285cc6")
}

// UnpackNativeTransferFailedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NativeTransferFailed(address to, uint256 amount)
func (wallet *Wallet) UnpackNativeTransferFailedError(raw []byte) (*WalletNativeTransferFailed, error) {
	out := new(WalletNativeTransferFailed)
	if err := wallet.abi.UnpackIntoInterface(out, "NativeTransferFailed", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// WalletNotCoordinator represents a NotCoordinator error raised by the Wallet contract.
type WalletNotCoordinator struct {
	Caller common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotCoordinator(address caller)
func WalletNotCoordinatorErrorID() common.Hash {
	return common.HexToHash("0xf01654dfa2acef475e0ff21d0f9b6ee860672131748a53fb337192529f065117")
}

// UnpackNotCoordinatorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotCoordinator(address caller)
func (wallet *Wallet) UnpackNotCoordinatorError(raw []byte) (*WalletNotCoordinator, error) {
	out := new(WalletNotCoordinator)
	if err := wallet.abi.UnpackIntoInterface(out, "NotCoordinator", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// WalletOwnableInvalidOwner represents a OwnableInvalidOwner error raised by the Wallet contract.
type WalletOwnableInvalidOwner struct {
	Owner common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnableInvalidOwner(address owner)
func WalletOwnableInvalidOwnerErrorID() common.Hash {
	return common.HexToHash("0x1e4fbdf7f3ef8bcaa855599e3abf48b232380f183f08f6f813d9ffa5bd585188")
}

// UnpackOwnableInvalidOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnableInvalidOwner(address owner)
func (wallet *Wallet) UnpackOwnableInvalidOwnerError(raw []byte) (*WalletOwnableInvalidOwner, error) {
	out := new(WalletOwnableInvalidOwner)
	if err := wallet.abi.UnpackIntoInterface(out, "OwnableInvalidOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// WalletOwnableUnauthorizedAccount represents a OwnableUnauthorizedAccount error raised by the Wallet contract.
type WalletOwnableUnauthorizedAccount struct {
	Account common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnableUnauthorizedAccount(address account)
func WalletOwnableUnauthorizedAccountErrorID() common.Hash {
	return common.HexToHash("0x118cdaa7a341953d1887a2245fd6665d741c67c8c50581daa59e1d03373fa188")
}

// UnpackOwnableUnauthorizedAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnableUnauthorizedAccount(address account)
func (wallet *Wallet) UnpackOwnableUnauthorizedAccountError(raw []byte) (*WalletOwnableUnauthorizedAccount, error) {
	out := new(WalletOwnableUnauthorizedAccount)
	if err := wallet.abi.UnpackIntoInterface(out, "OwnableUnauthorizedAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// WalletReentrancyGuardReentrantCall represents a ReentrancyGuardReentrantCall error raised by the Wallet contract.
type WalletReentrancyGuardReentrantCall struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ReentrancyGuardReentrantCall()
func WalletReentrancyGuardReentrantCallErrorID() common.Hash {
	return common.HexToHash("0x3ee5aeb571de7fc460830b4d0017439a1ca56fb0bc39062227ade4fe4a24c1ca")
}

// UnpackReentrancyGuardReentrantCallError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ReentrancyGuardReentrantCall()
func (wallet *Wallet) UnpackReentrancyGuardReentrantCallError(raw []byte) (*WalletReentrancyGuardReentrantCall, error) {
	out := new(WalletReentrancyGuardReentrantCall)
	if err := wallet.abi.UnpackIntoInterface(out, "ReentrancyGuardReentrantCall", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// WalletSafeERC20FailedOperation represents a SafeERC20FailedOperation error raised by the Wallet contract.
type WalletSafeERC20FailedOperation struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SafeERC20FailedOperation(address token)
func WalletSafeERC20FailedOperationErrorID() common.Hash {
	return common.HexToHash("0x5274afe73c98b4749fc91ffae6b7b574e7842cb2144a159e9377a5f20b32edf9")
}

// UnpackSafeERC20FailedOperationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SafeERC20FailedOperation(address token)
func (wallet *Wallet) UnpackSafeERC20FailedOperationError(raw []byte) (*WalletSafeERC20FailedOperation, error) {
	out := new(WalletSafeERC20FailedOperation)
	if err := wallet.abi.UnpackIntoInterface(out, "SafeERC20FailedOperation", raw); err != nil {
		return nil, err
	}
	return out, nil
}
