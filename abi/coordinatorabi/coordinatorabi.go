// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package coordinatorabi

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

// CoordinatorMetaData contains all meta data concerning the Coordinator contract.
var CoordinatorMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"EmptyContainerId\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"gasPrice\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxGasPrice\",\"type\":\"uint256\"}],\"name\":\"GasPriceExceeded\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"required\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"available\",\"type\":\"uint256\"}],\"name\":\"InsufficientGasForCallback\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"expected\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"delivered\",\"type\":\"uint32\"}],\"name\":\"IntervalMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"}],\"name\":\"IntervalRedundancyReached\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidActiveAt\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidFrequency\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidMaxGasLimit\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidRedundancy\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidShortString\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignature\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"InvalidSignatureS\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"LazyNotSupported\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"}],\"name\":\"NodeAlreadyResponded\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotSubscriptionOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"OwnerHasNoSigner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"OwnerMismatch\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"PaymentsNotSupported\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ReentrancyGuardReentrantCall\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"expiry\",\"type\":\"uint32\"}],\"name\":\"SignatureExpired\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"expected\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"recovered\",\"type\":\"address\"}],\"name\":\"SignerMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"str\",\"type\":\"string\"}],\"name\":\"StringTooLong\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"SubscriptionCompleted\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"SubscriptionIsCancelled\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"}],\"name\":\"SubscriptionNotActive\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"SubscriptionNotFound\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"VerifierNotSupported\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroOwner\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"name\":\"CallbackFailed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"name\":\"ComputeDelivered\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[],\"name\":\"EIP712DomainChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"containerIdHash\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"SubscriptionCancelled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"containerIdHash\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"SubscriptionCreated\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"CALLBACK_CALL_RESERVE\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"CANCELLED\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"DELEGATE_SUBSCRIPTION_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SUBSCRIPTION_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"cancelSubscription\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"uint48\",\"name\":\"maxGasPrice\",\"type\":\"uint48\"},{\"internalType\":\"uint32\",\"name\":\"maxGasLimit\",\"type\":\"uint32\"},{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"internalType\":\"structSubscription\",\"name\":\"sub\",\"type\":\"tuple\"}],\"name\":\"createSubscription\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"nonce\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"expiry\",\"type\":\"uint32\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"uint48\",\"name\":\"maxGasPrice\",\"type\":\"uint48\"},{\"internalType\":\"uint32\",\"name\":\"maxGasLimit\",\"type\":\"uint32\"},{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"internalType\":\"structSubscription\",\"name\":\"sub\",\"type\":\"tuple\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"createSubscriptionDelegatee\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"currentInterval\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"nonce\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"expiry\",\"type\":\"uint32\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"uint48\",\"name\":\"maxGasPrice\",\"type\":\"uint48\"},{\"internalType\":\"uint32\",\"name\":\"maxGasLimit\",\"type\":\"uint32\"},{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"internalType\":\"structSubscription\",\"name\":\"sub\",\"type\":\"tuple\"}],\"name\":\"delegateDigest\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"nonce\",\"type\":\"uint32\"}],\"name\":\"delegateSubscriptionId\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"deliveryInterval\",\"type\":\"uint32\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"deliverCompute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"nonce\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"expiry\",\"type\":\"uint32\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"uint48\",\"name\":\"maxGasPrice\",\"type\":\"uint48\"},{\"internalType\":\"uint32\",\"name\":\"maxGasLimit\",\"type\":\"uint32\"},{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"internalType\":\"structSubscription\",\"name\":\"sub\",\"type\":\"tuple\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"},{\"internalType\":\"uint32\",\"name\":\"deliveryInterval\",\"type\":\"uint32\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"name\":\"deliverComputeDelegatee\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eip712Domain\",\"outputs\":[{\"internalType\":\"bytes1\",\"name\":\"fields\",\"type\":\"bytes1\"},{\"internalType\":\"string\",\"name\":\"name\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"version\",\"type\":\"string\"},{\"internalType\":\"uint256\",\"name\":\"chainId\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"verifyingContract\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"},{\"internalType\":\"uint256[]\",\"name\":\"extensions\",\"type\":\"uint256[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"getSubscription\",\"outputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"uint48\",\"name\":\"maxGasPrice\",\"type\":\"uint48\"},{\"internalType\":\"uint32\",\"name\":\"maxGasLimit\",\"type\":\"uint32\"},{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"internalType\":\"structSubscription\",\"name\":\"\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"uint48\",\"name\":\"maxGasPrice\",\"type\":\"uint48\"},{\"internalType\":\"uint32\",\"name\":\"maxGasLimit\",\"type\":\"uint32\"},{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"internalType\":\"structSubscription\",\"name\":\"sub\",\"type\":\"tuple\"}],\"name\":\"hashSubscription\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"}],\"name\":\"nodeResponded\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"}],\"name\":\"responseCount\",\"outputs\":[{\"internalType\":\"uint16\",\"name\":\"\",\"type\":\"uint16\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"subscriptionCount\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"}],\"name\":\"taskId\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "Coordinator",
	Bin: "0x6101606040523461013d57604051610018604082610141565b6014815260208101907f496e666572656e6365436f6f7264696e61746f72000000000000000000000000825260405191610053604084610141565b600183526020830191603160f81b835261006c81610178565b6101205261007984610178565b61014052519020918260e05251902080610100524660a0526040519060208201927f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f8452604083015260608201524660808201523060a082015260a081526100e260c082610141565b5190206080523060c052604051611eb390816101e4823960805181611db5015260a05181611e6c015260c05181611d7f015260e05181611e0401526101005181611e2a0152610120518161066d015261014051816106960152f35b5f80fd5b601f909101601f19168101906001600160401b0382119082101761016457604052565b634e487b7160e01b5f52604160045260245ffd5b601f8151116101a3576020815191015160208210610194571790565b5f198260200360031b1b161790565b604460209160405192839163305a27a960e01b83528160048401528051918291826024860152018484015e5f828201840152601f01601f19168101030190fdfe60806040526004361015610011575f80fd5b5f3560e01c8063032decba14610a26578063173b6d9014610a0357806317bf9daa146109a357806331e451a9146108ac5780636c1591b5146108725780636e021332146107cb5780638055917f1461074d57806384b0196e146106555780638f33dba1146105eb5780638fa6ae11146105bf5780639a7f640d146105855780639b6d119c146104f05780639fa35eb5146104bf578063a17b920b14610225578063acd208ea1461019b578063ae71dcdf1461017d578063c216ce4e14610161578063c25bf0e91461010e5763e8eaf279146100ea575f80fd5b3461010a5760206101026100fd36610b5d565b610ed7565b604051908152f35b5f80fd5b3461010a57606036600319011261010a57610127610afa565b61012f610b0d565b90604435906001600160401b03821161010a576101c0600319833603011261010a576020926101029260040191610d9c565b3461010a575f36600319011261010a5760206040516113888152f35b3461010a575f36600319011261010a57602060405163ffffffff8152f35b3461010a5760c036600319011261010a576101b4610afa565b6101bc610b0d565b90604435916001600160401b03831161010a576101c0600319843603011261010a57602092610207926101ed610b20565b906101f66110c4565b60a4359360843593600401916110f9565b5f5f516020611e935f395f51905f525d63ffffffff60405191168152f35b3461010a57602036600319011261010a5761023e610afa565b60405161024a81610c82565b5f8152602081015f9052604081015f9052606081015f9052608081015f905260a081015f905260c081015f905260e081016060905261010081016060905261012081015f905261014081015f905261016081015f905261018081015f90526101a0015f905263ffffffff165f52600360205260405f206040516102cc81610c82565b8154600160a01b600190038116825260208201928160a01c63ffffffff16845260408301908260c01c63ffffffff168252606084019260e01c8352600181015492608085019361ffff8116855260a08601908060101c65ffffffffffff16825260c087019060401c63ffffffff1681526040518080600287019061034f91610c01565b0361035a9082610cb2565b60e0880190815260405191826103738160038901610c01565b0361037e9084610cb2565b61010089019283526004860154936101208a019860ff861615158a526101408b0195600160a01b600190039060081c1686526005880154966101608c01978852600160a01b6001900360068a015416986101808d01998a52600160a01b60019003906007015416996101a08d019a8b52604051809e819e60208352600160a01b6001900390511660208301525163ffffffff1690604001525163ffffffff1660608d01525163ffffffff1660808c01525161ffff1660a08b01525165ffffffffffff1660c08a01525163ffffffff1660e08901525161010088016101c090526101e0880161046b91610b91565b9051878203601f19016101208901526104849190610b91565b94511515610140870152516001600160a01b039081166101608701529051610180860152905181166101a08501529051166101c08301520390f35b3461010a57602036600319011261010a5760206104e26104dd610afa565b610d0d565b63ffffffff60405191168152f35b3461010a57606036600319011261010a57610509610afa565b610511610b0d565b604435906001600160a01b038216820361010a576040805163ffffffff9485166020820190815294909216908201526001600160a01b03909116606082015261056781608081015b03601f198101835282610cb2565b5190205f526005602052602060ff60405f2054166040519015158152f35b3461010a575f36600319011261010a5760206040517f32d56b74c662ca47a31feafda16499ea96a5d66425be4a028adae996cd53be418152f35b3461010a57604036600319011261010a5760206101026105dd610afa565b6105e5610b0d565b90610cd3565b3461010a57604036600319011261010a57610604610afa565b610559610638610612610b0d565b60405192839160208301958690929163ffffffff60209181604085019616845216910152565b5190205f526004602052602061ffff60405f205416604051908152f35b3461010a575f36600319011261010a576106f16106917f0000000000000000000000000000000000000000000000000000000000000000611d3e565b6106ba7f0000000000000000000000000000000000000000000000000000000000000000611d3e565b60206106ff604051926106cd8385610cb2565b5f84525f368137604051958695600f60f81b875260e08588015260e0870190610b91565b908582036040870152610b91565b4660608501523060808501525f60a085015283810360c08501528180845192838152019301915f5b82811061073657505050500390f35b835185528695509381019392810192600101610727565b3461010a57604036600319011261010a576004356001600160a01b038116810361010a576105596107ac61077f610b0d565b604080516001600160a01b039095166020860190815263ffffffff90921690850152929182906060820190565b5190205f526006602052602063ffffffff60405f205416604051908152f35b3461010a5760a036600319011261010a576107e4610afa565b6107ec610b0d565b6044356001600160401b03811161010a5761080b903690600401610b30565b50506064356001600160401b03811161010a5761082c903690600401610b30565b60843593916001600160401b03851161010a57610850610860953690600401610b30565b94909361085b6110c4565b61129d565b5f5f516020611e935f395f51905f525d005b3461010a575f36600319011261010a5760206040517f35c51a14934e12d8fa62e21f7a559b34fe6c14c04926b2fbde3edf03994515df8152f35b3461010a57602036600319011261010a5763ffffffff6108ca610afa565b165f81815260036020526040902080546001600160a01b0381169291908315610990573384036109795763ffffffff808260a01c16146109665763ffffffff60a01b191663ffffffff60a01b17815560405190610938908290610931908290600201610c01565b0382610cb2565b60208151910120907ff036be25a69122bfb61282fe5e71e5c38534a206742f8d5942f3291bd8f7c0815f80a4005b82638af9ea3960e01b5f5260045260245ffd5b8263bbfdb8db60e01b5f526004523360245260445ffd5b826304ac0d9960e21b5f5260045260245ffd5b3461010a576109b136610b5d565b6109ba81610bb5565b336001600160a01b03909116036109d6576104e260209161165f565b6109df90610bb5565b632767cb4760e11b5f9081526001600160a01b039190911660045233602452604490fd5b3461010a575f36600319011261010a57602063ffffffff60025416604051908152f35b3461010a5761014036600319011261010a57610a40610afa565b610a48610b0d565b604435916001600160401b03831161010a576101c0600319843603011261010a57610a71610b20565b9160c4359063ffffffff8216820361010a5760e4356001600160401b03811161010a57610aa2903690600401610b30565b5050610104356001600160401b03811161010a57610ac4903690600401610b30565b92909161012435906001600160401b03821161010a5761086097610aef61085b933690600401610b30565b9890976101f66110c4565b6004359063ffffffff8216820361010a57565b6024359063ffffffff8216820361010a57565b6064359060ff8216820361010a57565b9181601f8401121561010a578235916001600160401b03831161010a576020838186019501011161010a57565b602060031982011261010a57600435906001600160401b03821161010a576101c090829003600319011261010a5760040190565b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b356001600160a01b038116810361010a5790565b90600182811c92168015610bf7575b6020831014610be357565b634e487b7160e01b5f52602260045260245ffd5b91607f1691610bd8565b5f9291815491610c1083610bc9565b8083529260018116908115610c655750600114610c2c57505050565b5f9081526020812093945091925b838310610c4b575060209250010190565b600181602092949394548385870101520191019190610c3a565b915050602093945060ff929192191683830152151560051b010190565b6101c081019081106001600160401b03821117610c9e57604052565b634e487b7160e01b5f52604160045260245ffd5b90601f801991011681019081106001600160401b03821117610c9e57604052565b9063ffffffff6040519181602084019446865230604086015216606084015216608082015260808152610d0760a082610cb2565b51902090565b63ffffffff165f908152600360205260409020546001600160a01b038116158015610d8a575b8015610d78575b610d7357610d5a63ffffffff8260c01c1663ffffffff8360a01c16611bc8565b9060e01c811115610d6a57505f90565b63ffffffff1690565b505f90565b5063ffffffff8160a01c164210610d3a565b5063ffffffff808260a01c1614610d33565b90610da8604293610ed7565b63ffffffff604051928160208501957f35c51a14934e12d8fa62e21f7a559b34fe6c14c04926b2fbde3edf03994515df8752166040850152166060830152608082015260808152610dfa60a082610cb2565b519020610e05611d7c565b906040519161190160f01b8352600283015260228201522090565b3563ffffffff8116810361010a5790565b3561ffff8116810361010a5790565b3565ffffffffffff8116810361010a5790565b903590601e198136030182121561010a57018035906001600160401b03821161010a5760200191813603831361010a57565b9291926001600160401b038211610c9e5760405191610eae601f8201601f191660200184610cb2565b82948184528183011161010a578281602093845f960137010152565b35801515810361010a5790565b610ee081610bb5565b90610eed60208201610e20565b91610efa60408301610e20565b610f0660608401610e20565b610f1260808501610e31565b610f1e60a08601610e40565b91610f2b60c08701610e20565b936040519760208901967f32d56b74c662ca47a31feafda16499ea96a5d66425be4a028adae996cd53be418852600160a01b600190031660408a015263ffffffff16606089015263ffffffff16608088015263ffffffff1660a087015261ffff1660c086015265ffffffffffff1660e085015263ffffffff166101008401526101008352610fbb61012084610cb2565b610fc860e0830183610e53565b3690610fd392610e85565b805190602001206101008301610fe99084610e53565b3690610ff492610e85565b8051906020012092610120810161100a90610eca565b906110186101408201610bb5565b906110266101808201610bb5565b916110346101a08301610bb5565b60408051602081019788529081019890985293151560608801526001600160a01b039081166080880152610160919091013560a087015290811660c08601521660e080850191909152835261108b61010084610cb2565b6040519283926020840195518091875e83019060208201905f8252519283915e016020015f815203601f1981018252610d079082610cb2565b5f516020611e935f395f51905f525c6110ea5760015f516020611e935f395f51905f525d565b633ee5aeb560e01b5f5260045ffd5b94929093919361110885610bb5565b604080516001600160a01b039092166020830190815263ffffffff8916918301919091529061113a8160608101610559565b51902095865f52600660205263ffffffff60405f20541680611272575063ffffffff8216804210156112605750916111788661117d95938795610d9c565b611bfe565b509091600482101561124c576003821461123a575061122b576001600160a01b036111a783610bb5565b161561121c576001600160a01b036111c66111c184610bb5565b611c8b565b6001600160a01b0390921691168082036112075750506111e59061165f565b905f52600660205260405f2063ffffffff821663ffffffff1982541617905590565b6377f0734360e11b5f5260045260245260445ffd5b639905827b60e01b5f5260045ffd5b638baa579f60e01b5f5260045ffd5b635682f3bf60e01b5f5260045260245ffd5b634e487b7160e01b5f52602160045260245ffd5b63728b7f5560e01b5f5260045260245ffd5b965050505050505090565b908060209392818452848401375f828201840152601f01601f1916010190565b91939492909463ffffffff831694855f52600360205260405f209182549160018060a01b0383169384156115ee5763ffffffff8460a01c1663ffffffff81146115db578042106115c5576112fb9063ffffffff8660c01c1690611bc8565b9360e01c84116115b35763ffffffff8a1693848103611596575060010192835465ffffffffffff8160101c16803a1161158057506040805163ffffffff808b1660208301908152908e169282019290925233606082015261135f8160808101610559565b519020805f52600560205260ff60405f205416611565576040805163ffffffff808c1660208301908152908f16928201929092526113a08160608101610559565b51902092835f52600460205261ffff8060405f205416931683101561154f5750906001915f52600560205260405f208260ff19825416179055019261ffff841161153b5761141e8b63ffffffff61144b9761145d97610559965f52600460205261ffff60405f20911661ffff198254161790555460401c1699610cd3565b98604051958694602086019963395c427f60e21b8b528c602488015260606044880152608487019161127d565b8481036023190160648601529161127d565b5a61138881106115255761138719810181811161153b5761148381879260061c90611bbb565b1061152557506114df937ff8353034468b8a80cb8fe3ca5621c12a08b478764217f3145f6dd4e688912e7b95935f809481945193f1156114e4575b6040519182913396836020909392919363ffffffff60408201951681520152565b0390a3565b6040805163ffffffff8716815260208101839052339186917fce08ccea875e1b6a1bd9c5a773b48df2c179bf66246f22c506d28d072e25dadd9190a36114be565b84631219653960e21b5f5260045260245260445ffd5b634e487b7160e01b5f52601160045260245ffd5b8b63540eb8a160e11b5f5260045260245260445ffd5b828b631e4e575360e31b5f526004526024523360445260645ffd5b63435e532d60e11b5f523a60045260245260445ffd5b63ffffffff859163184653a360e31b5f521660045260245260445ffd5b8862e5c8e360e21b5f5260045260245ffd5b8963b52d2c8b60e01b5f5260045260245260445ffd5b89638af9ea3960e01b5f5260045260245ffd5b886304ac0d9960e21b5f5260045260245ffd5b919091601f8311611612575b505050565b81831161161e57505050565b5f5260205f206020601f830160051c9210611657575b81601f9101920160051c03905f5b8281101561160d575f82820155600101611642565b5f9150611634565b906001600160a01b0361167183610bb5565b161561121c57606082019163ffffffff61168a84610e20565b1615611bac57608081019061ffff6116a183610e31565b1615611b9d5760c081019163ffffffff6116ba84610e20565b1615611b8e5760e08201906116cf8284610e53565b905015611b7f57602083019063ffffffff806116ea84610e20565b1614611b705761012084016116fe81610eca565b611b615761014085016001600160a01b0361171882610bb5565b16611b5257610160860135928315801590611b34575b8015611b16575b611b07576002549763ffffffff891663ffffffff811461153b5760010163ffffffff8116809a63ffffffff1916176002559a895f52600360205261179d60405f209760018060a01b036117878c610bb5565b8a546001600160a01b0319169116178955610e20565b875463ffffffff60a01b191660a09190911b63ffffffff60a01b161787556117c760408a01610e20565b875490916001600160e01b0319906117de90610e20565b60e01b169163ffffffff60c01b9060c01b169060018060c01b03161717865561ffff61180d6001880193610e31565b1661ffff1983541617825561182460a08901610e40565b9067ffffffffffff00006bffffffff0000000000000000611846855493610e20565b60401b169260101b16906bffffffffffffffffffff0000191617179055600284016118718688610e53565b906001600160401b038211610c9e576118948261188e8554610bc9565b85611601565b5f90601f8311600114611aa3576118c292915f9183611a25575b50508160011b915f199060031b1c19161790565b90555b600384016118d7610100880188610e53565b906001600160401b038211610c9e576118f48261188e8554610bc9565b5f90601f8311600114611a30579261193183611954946119e29b9997946119db9b99975f92611a255750508160011b915f199060031b1c19161790565b90555b6119416004860193610eca565b151560ff80198554169116178355610bb5565b8154610100600160a81b03191660089190911b610100600160a81b031617905560058201556119866101808601610bb5565b6006820180546001600160a01b0319166001600160a01b0390921691909117905560076119b66101a08701610bb5565b910180546001600160a01b0319166001600160a01b0390921691909117905583610e53565b3691610e85565b8051602090910120906001600160a01b03906119fd90610bb5565b16917fa7a3c077de35a5462725791050365b64fab6a449316a74c0ee603bfa972dd00b5f80a4565b013590505f806118ae565b601f19831691845f5260205f20925f5b818110611a8b5750936119e29a9896936119db9a989693600193836119549810611a72575b505050811b019055611934565b01355f19600384901b60f8161c191690555f8080611a65565b91936020600181928787013581550195019201611a40565b601f19831691845f5260205f20925f5b818110611aef5750908460019594939210611ad6575b505050811b0190556118c5565b01355f19600384901b60f8161c191690555f8080611ac9565b91936020600181928787013581550195019201611ab3565b6316fbbc6560e21b5f5260045ffd5b506001600160a01b03611b2c6101a08901610bb5565b161515611735565b506001600160a01b03611b4a6101808901610bb5565b16151561172e565b632caaeaaf60e21b5f5260045ffd5b632443676f60e21b5f5260045ffd5b63bd27271f60e01b5f5260045ffd5b633a60427960e21b5f5260045ffd5b63eaf856a160e01b5f5260045ffd5b63f6566e2760e01b5f5260045ffd5b63e3c2448f60e01b5f5260045ffd5b9190820391821161153b57565b9063ffffffff169081155f14611bdf575050600190565b63ffffffff611bef911642611bbb565b046001810180911161153b5790565b91907f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a08411611c80579160209360809260ff5f9560405194855216868401526040830152606082015282805260015afa15611c75575f516001600160a01b03811615611c6b57905f905f90565b505f906001905f90565b6040513d5f823e3d90fd5b5050505f9160039190565b803b15611d1e57604051637ac3c02f60e01b81526001600160a01b03919091169190602081600481865afa5f9181611cda575b50611cd65782639cc6273160e01b5f5260045260245ffd5b9150565b9091506020813d602011611d16575b81611cf660209383610cb2565b8101031261010a57516001600160a01b038116810361010a57905f611cbe565b3d9150611ce9565b639cc6273160e01b5f9081526001600160a01b0391909116600452602490fd5b60ff811690601f8211611d6d5760405191611d5a604084610cb2565b6020808452838101919036833783525290565b632cd44ac360e21b5f5260045ffd5b307f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03161480611e69575b15611dd7577f000000000000000000000000000000000000000000000000000000000000000090565b60405160208101907f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f82527f000000000000000000000000000000000000000000000000000000000000000060408201527f000000000000000000000000000000000000000000000000000000000000000060608201524660808201523060a082015260a08152610d0760c082610cb2565b507f00000000000000000000000000000000000000000000000000000000000000004614611dae56fe9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00",
}

// Coordinator is an auto generated Go binding around an Ethereum contract.
type Coordinator struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *Coordinator) GetABI() abi.ABI {
	return c.abi
}

// NewCoordinator creates a new instance of Coordinator.
func NewCoordinator() *Coordinator {
	parsed, err := CoordinatorMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &Coordinator{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *Coordinator) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackCALLBACKCALLRESERVE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc216ce4e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function CALLBACK_CALL_RESERVE() view returns(uint256)
func (coordinator *Coordinator) PackCALLBACKCALLRESERVE() []byte {
	enc, err := coordinator.abi.Pack("CALLBACK_CALL_RESERVE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCALLBACKCALLRESERVE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc216ce4e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function CALLBACK_CALL_RESERVE() view returns(uint256)
func (coordinator *Coordinator) TryPackCALLBACKCALLRESERVE() ([]byte, error) {
	return coordinator.abi.Pack("CALLBACK_CALL_RESERVE")
}

// UnpackCALLBACKCALLRESERVE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xc216ce4e.
//
// Solidity: function CALLBACK_CALL_RESERVE() view returns(uint256)
func (coordinator *Coordinator) UnpackCALLBACKCALLRESERVE(data []byte) (*big.Int, error) {
	out, err := coordinator.abi.Unpack("CALLBACK_CALL_RESERVE", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackCANCELLED is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xae71dcdf.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function CANCELLED() view returns(uint32)
func (coordinator *Coordinator) PackCANCELLED() []byte {
	enc, err := coordinator.abi.Pack("CANCELLED")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCANCELLED is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xae71dcdf.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function CANCELLED() view returns(uint32)
func (coordinator *Coordinator) TryPackCANCELLED() ([]byte, error) {
	return coordinator.abi.Pack("CANCELLED")
}

// UnpackCANCELLED is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xae71dcdf.
//
// Solidity: function CANCELLED() view returns(uint32)
func (coordinator *Coordinator) UnpackCANCELLED(data []byte) (uint32, error) {
	out, err := coordinator.abi.Unpack("CANCELLED", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackDELEGATESUBSCRIPTIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6c1591b5.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function DELEGATE_SUBSCRIPTION_TYPEHASH() view returns(bytes32)
func (coordinator *Coordinator) PackDELEGATESUBSCRIPTIONTYPEHASH() []byte {
	enc, err := coordinator.abi.Pack("DELEGATE_SUBSCRIPTION_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDELEGATESUBSCRIPTIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6c1591b5.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function DELEGATE_SUBSCRIPTION_TYPEHASH() view returns(bytes32)
func (coordinator *Coordinator) TryPackDELEGATESUBSCRIPTIONTYPEHASH() ([]byte, error) {
	return coordinator.abi.Pack("DELEGATE_SUBSCRIPTION_TYPEHASH")
}

// UnpackDELEGATESUBSCRIPTIONTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6c1591b5.
//
// Solidity: function DELEGATE_SUBSCRIPTION_TYPEHASH() view returns(bytes32)
func (coordinator *Coordinator) UnpackDELEGATESUBSCRIPTIONTYPEHASH(data []byte) ([32]byte, error) {
	out, err := coordinator.abi.Unpack("DELEGATE_SUBSCRIPTION_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackSUBSCRIPTIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9a7f640d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function SUBSCRIPTION_TYPEHASH() view returns(bytes32)
func (coordinator *Coordinator) PackSUBSCRIPTIONTYPEHASH() []byte {
	enc, err := coordinator.abi.Pack("SUBSCRIPTION_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSUBSCRIPTIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9a7f640d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function SUBSCRIPTION_TYPEHASH() view returns(bytes32)
func (coordinator *Coordinator) TryPackSUBSCRIPTIONTYPEHASH() ([]byte, error) {
	return coordinator.abi.Pack("SUBSCRIPTION_TYPEHASH")
}

// UnpackSUBSCRIPTIONTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x9a7f640d.
//
// Solidity: function SUBSCRIPTION_TYPEHASH() view returns(bytes32)
func (coordinator *Coordinator) UnpackSUBSCRIPTIONTYPEHASH(data []byte) ([32]byte, error) {
	out, err := coordinator.abi.Unpack("SUBSCRIPTION_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackCancelSubscription is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x31e451a9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function cancelSubscription(uint32 subscriptionId) returns()
func (coordinator *Coordinator) PackCancelSubscription(subscriptionId uint32) []byte {
	enc, err := coordinator.abi.Pack("cancelSubscription", subscriptionId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCancelSubscription is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x31e451a9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function cancelSubscription(uint32 subscriptionId) returns()
func (coordinator *Coordinator) TryPackCancelSubscription(subscriptionId uint32) ([]byte, error) {
	return coordinator.abi.Pack("cancelSubscription", subscriptionId)
}

// PackCreateSubscription is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x17bf9daa.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function createSubscription((address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub) returns(uint32)
func (coordinator *Coordinator) PackCreateSubscription(sub Subscription) []byte {
	enc, err := coordinator.abi.Pack("createSubscription", sub)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCreateSubscription is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x17bf9daa.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function createSubscription((address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub) returns(uint32)
func (coordinator *Coordinator) TryPackCreateSubscription(sub Subscription) ([]byte, error) {
	return coordinator.abi.Pack("createSubscription", sub)
}

// UnpackCreateSubscription is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x17bf9daa.
//
// Solidity: function createSubscription((address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub) returns(uint32)
func (coordinator *Coordinator) UnpackCreateSubscription(data []byte) (uint32, error) {
	out, err := coordinator.abi.Unpack("createSubscription", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackCreateSubscriptionDelegatee is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xacd208ea.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function createSubscriptionDelegatee(uint32 nonce, uint32 expiry, (address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub, uint8 v, bytes32 r, bytes32 s) returns(uint32)
func (coordinator *Coordinator) PackCreateSubscriptionDelegatee(nonce uint32, expiry uint32, sub Subscription, v uint8, r [32]byte, s [32]byte) []byte {
	enc, err := coordinator.abi.Pack("createSubscriptionDelegatee", nonce, expiry, sub, v, r, s)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCreateSubscriptionDelegatee is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xacd208ea.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function createSubscriptionDelegatee(uint32 nonce, uint32 expiry, (address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub, uint8 v, bytes32 r, bytes32 s) returns(uint32)
func (coordinator *Coordinator) TryPackCreateSubscriptionDelegatee(nonce uint32, expiry uint32, sub Subscription, v uint8, r [32]byte, s [32]byte) ([]byte, error) {
	return coordinator.abi.Pack("createSubscriptionDelegatee", nonce, expiry, sub, v, r, s)
}

// UnpackCreateSubscriptionDelegatee is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xacd208ea.
//
// Solidity: function createSubscriptionDelegatee(uint32 nonce, uint32 expiry, (address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub, uint8 v, bytes32 r, bytes32 s) returns(uint32)
func (coordinator *Coordinator) UnpackCreateSubscriptionDelegatee(data []byte) (uint32, error) {
	out, err := coordinator.abi.Unpack("createSubscriptionDelegatee", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackCurrentInterval is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9fa35eb5.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function currentInterval(uint32 subscriptionId) view returns(uint32)
func (coordinator *Coordinator) PackCurrentInterval(subscriptionId uint32) []byte {
	enc, err := coordinator.abi.Pack("currentInterval", subscriptionId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCurrentInterval is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9fa35eb5.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function currentInterval(uint32 subscriptionId) view returns(uint32)
func (coordinator *Coordinator) TryPackCurrentInterval(subscriptionId uint32) ([]byte, error) {
	return coordinator.abi.Pack("currentInterval", subscriptionId)
}

// UnpackCurrentInterval is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x9fa35eb5.
//
// Solidity: function currentInterval(uint32 subscriptionId) view returns(uint32)
func (coordinator *Coordinator) UnpackCurrentInterval(data []byte) (uint32, error) {
	out, err := coordinator.abi.Unpack("currentInterval", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackDelegateDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc25bf0e9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function delegateDigest(uint32 nonce, uint32 expiry, (address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub) view returns(bytes32)
func (coordinator *Coordinator) PackDelegateDigest(nonce uint32, expiry uint32, sub Subscription) []byte {
	enc, err := coordinator.abi.Pack("delegateDigest", nonce, expiry, sub)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDelegateDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc25bf0e9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function delegateDigest(uint32 nonce, uint32 expiry, (address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub) view returns(bytes32)
func (coordinator *Coordinator) TryPackDelegateDigest(nonce uint32, expiry uint32, sub Subscription) ([]byte, error) {
	return coordinator.abi.Pack("delegateDigest", nonce, expiry, sub)
}

// UnpackDelegateDigest is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xc25bf0e9.
//
// Solidity: function delegateDigest(uint32 nonce, uint32 expiry, (address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub) view returns(bytes32)
func (coordinator *Coordinator) UnpackDelegateDigest(data []byte) ([32]byte, error) {
	out, err := coordinator.abi.Unpack("delegateDigest", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackDelegateSubscriptionId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8055917f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function delegateSubscriptionId(address owner, uint32 nonce) view returns(uint32)
func (coordinator *Coordinator) PackDelegateSubscriptionId(owner common.Address, nonce uint32) []byte {
	enc, err := coordinator.abi.Pack("delegateSubscriptionId", owner, nonce)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDelegateSubscriptionId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8055917f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function delegateSubscriptionId(address owner, uint32 nonce) view returns(uint32)
func (coordinator *Coordinator) TryPackDelegateSubscriptionId(owner common.Address, nonce uint32) ([]byte, error) {
	return coordinator.abi.Pack("delegateSubscriptionId", owner, nonce)
}

// UnpackDelegateSubscriptionId is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8055917f.
//
// Solidity: function delegateSubscriptionId(address owner, uint32 nonce) view returns(uint32)
func (coordinator *Coordinator) UnpackDelegateSubscriptionId(data []byte) (uint32, error) {
	out, err := coordinator.abi.Unpack("delegateSubscriptionId", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackDeliverCompute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6e021332.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function deliverCompute(uint32 subscriptionId, uint32 deliveryInterval, bytes input, bytes output, bytes proof) returns()
func (coordinator *Coordinator) PackDeliverCompute(subscriptionId uint32, deliveryInterval uint32, input []byte, output []byte, proof []byte) []byte {
	enc, err := coordinator.abi.Pack("deliverCompute", subscriptionId, deliveryInterval, input, output, proof)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDeliverCompute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6e021332.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function deliverCompute(uint32 subscriptionId, uint32 deliveryInterval, bytes input, bytes output, bytes proof) returns()
func (coordinator *Coordinator) TryPackDeliverCompute(subscriptionId uint32, deliveryInterval uint32, input []byte, output []byte, proof []byte) ([]byte, error) {
	return coordinator.abi.Pack("deliverCompute", subscriptionId, deliveryInterval, input, output, proof)
}

// PackDeliverComputeDelegatee is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x032decba.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function deliverComputeDelegatee(uint32 nonce, uint32 expiry, (address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub, uint8 v, bytes32 r, bytes32 s, uint32 deliveryInterval, bytes input, bytes output, bytes proof) returns()
func (coordinator *Coordinator) PackDeliverComputeDelegatee(nonce uint32, expiry uint32, sub Subscription, v uint8, r [32]byte, s [32]byte, deliveryInterval uint32, input []byte, output []byte, proof []byte) []byte {
	enc, err := coordinator.abi.Pack("deliverComputeDelegatee", nonce, expiry, sub, v, r, s, deliveryInterval, input, output, proof)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDeliverComputeDelegatee is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x032decba.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function deliverComputeDelegatee(uint32 nonce, uint32 expiry, (address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub, uint8 v, bytes32 r, bytes32 s, uint32 deliveryInterval, bytes input, bytes output, bytes proof) returns()
func (coordinator *Coordinator) TryPackDeliverComputeDelegatee(nonce uint32, expiry uint32, sub Subscription, v uint8, r [32]byte, s [32]byte, deliveryInterval uint32, input []byte, output []byte, proof []byte) ([]byte, error) {
	return coordinator.abi.Pack("deliverComputeDelegatee", nonce, expiry, sub, v, r, s, deliveryInterval, input, output, proof)
}

// PackEip712Domain is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x84b0196e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (coordinator *Coordinator) PackEip712Domain() []byte {
	enc, err := coordinator.abi.Pack("eip712Domain")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackEip712Domain is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x84b0196e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (coordinator *Coordinator) TryPackEip712Domain() ([]byte, error) {
	return coordinator.abi.Pack("eip712Domain")
}

// Eip712DomainOutput serves as a container for the return parameters of contract
// method Eip712Domain.
type Eip712DomainOutput struct {
	Fields            [1]byte
	Name              string
	Version           string
	ChainId           *big.Int
	VerifyingContract common.Address
	Salt              [32]byte
	Extensions        []*big.Int
}

// UnpackEip712Domain is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x84b0196e.
//
// Solidity: function eip712Domain() view returns(bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)
func (coordinator *Coordinator) UnpackEip712Domain(data []byte) (Eip712DomainOutput, error) {
	out, err := coordinator.abi.Unpack("eip712Domain", data)
	outstruct := new(Eip712DomainOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.Fields = *abi.ConvertType(out[0], new([1]byte)).(*[1]byte)
	outstruct.Name = *abi.ConvertType(out[1], new(string)).(*string)
	outstruct.Version = *abi.ConvertType(out[2], new(string)).(*string)
	outstruct.ChainId = abi.ConvertType(out[3], new(big.Int)).(*big.Int)
	outstruct.VerifyingContract = *abi.ConvertType(out[4], new(common.Address)).(*common.Address)
	outstruct.Salt = *abi.ConvertType(out[5], new([32]byte)).(*[32]byte)
	outstruct.Extensions = *abi.ConvertType(out[6], new([]*big.Int)).(*[]*big.Int)
	return *outstruct, nil
}

// PackGetSubscription is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa17b920b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getSubscription(uint32 subscriptionId) view returns((address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address))
func (coordinator *Coordinator) PackGetSubscription(subscriptionId uint32) []byte {
	enc, err := coordinator.abi.Pack("getSubscription", subscriptionId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetSubscription is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa17b920b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getSubscription(uint32 subscriptionId) view returns((address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address))
func (coordinator *Coordinator) TryPackGetSubscription(subscriptionId uint32) ([]byte, error) {
	return coordinator.abi.Pack("getSubscription", subscriptionId)
}

// UnpackGetSubscription is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa17b920b.
//
// Solidity: function getSubscription(uint32 subscriptionId) view returns((address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address))
func (coordinator *Coordinator) UnpackGetSubscription(data []byte) (Subscription, error) {
	out, err := coordinator.abi.Unpack("getSubscription", data)
	if err != nil {
		return *new(Subscription), err
	}
	out0 := *abi.ConvertType(out[0], new(Subscription)).(*Subscription)
	return out0, nil
}

// PackHashSubscription is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe8eaf279.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hashSubscription((address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub) pure returns(bytes32)
func (coordinator *Coordinator) PackHashSubscription(sub Subscription) []byte {
	enc, err := coordinator.abi.Pack("hashSubscription", sub)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackHashSubscription is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe8eaf279.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function hashSubscription((address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub) pure returns(bytes32)
func (coordinator *Coordinator) TryPackHashSubscription(sub Subscription) ([]byte, error) {
	return coordinator.abi.Pack("hashSubscription", sub)
}

// UnpackHashSubscription is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xe8eaf279.
//
// Solidity: function hashSubscription((address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub) pure returns(bytes32)
func (coordinator *Coordinator) UnpackHashSubscription(data []byte) ([32]byte, error) {
	out, err := coordinator.abi.Unpack("hashSubscription", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackNodeResponded is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9b6d119c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function nodeResponded(uint32 subscriptionId, uint32 interval, address node) view returns(bool)
func (coordinator *Coordinator) PackNodeResponded(subscriptionId uint32, interval uint32, node common.Address) []byte {
	enc, err := coordinator.abi.Pack("nodeResponded", subscriptionId, interval, node)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackNodeResponded is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9b6d119c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function nodeResponded(uint32 subscriptionId, uint32 interval, address node) view returns(bool)
func (coordinator *Coordinator) TryPackNodeResponded(subscriptionId uint32, interval uint32, node common.Address) ([]byte, error) {
	return coordinator.abi.Pack("nodeResponded", subscriptionId, interval, node)
}

// UnpackNodeResponded is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x9b6d119c.
//
// Solidity: function nodeResponded(uint32 subscriptionId, uint32 interval, address node) view returns(bool)
func (coordinator *Coordinator) UnpackNodeResponded(data []byte) (bool, error) {
	out, err := coordinator.abi.Unpack("nodeResponded", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackResponseCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8f33dba1.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function responseCount(uint32 subscriptionId, uint32 interval) view returns(uint16)
func (coordinator *Coordinator) PackResponseCount(subscriptionId uint32, interval uint32) []byte {
	enc, err := coordinator.abi.Pack("responseCount", subscriptionId, interval)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackResponseCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8f33dba1.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function responseCount(uint32 subscriptionId, uint32 interval) view returns(uint16)
func (coordinator *Coordinator) TryPackResponseCount(subscriptionId uint32, interval uint32) ([]byte, error) {
	return coordinator.abi.Pack("responseCount", subscriptionId, interval)
}

// UnpackResponseCount is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8f33dba1.
//
// Solidity: function responseCount(uint32 subscriptionId, uint32 interval) view returns(uint16)
func (coordinator *Coordinator) UnpackResponseCount(data []byte) (uint16, error) {
	out, err := coordinator.abi.Unpack("responseCount", data)
	if err != nil {
		return *new(uint16), err
	}
	out0 := *abi.ConvertType(out[0], new(uint16)).(*uint16)
	return out0, nil
}

// PackSubscriptionCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x173b6d90.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function subscriptionCount() view returns(uint32)
func (coordinator *Coordinator) PackSubscriptionCount() []byte {
	enc, err := coordinator.abi.Pack("subscriptionCount")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSubscriptionCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x173b6d90.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function subscriptionCount() view returns(uint32)
func (coordinator *Coordinator) TryPackSubscriptionCount() ([]byte, error) {
	return coordinator.abi.Pack("subscriptionCount")
}

// UnpackSubscriptionCount is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x173b6d90.
//
// Solidity: function subscriptionCount() view returns(uint32)
func (coordinator *Coordinator) UnpackSubscriptionCount(data []byte) (uint32, error) {
	out, err := coordinator.abi.Unpack("subscriptionCount", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackTaskId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8fa6ae11.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function taskId(uint32 subscriptionId, uint32 interval) view returns(bytes32)
func (coordinator *Coordinator) PackTaskId(subscriptionId uint32, interval uint32) []byte {
	enc, err := coordinator.abi.Pack("taskId", subscriptionId, interval)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTaskId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8fa6ae11.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function taskId(uint32 subscriptionId, uint32 interval) view returns(bytes32)
func (coordinator *Coordinator) TryPackTaskId(subscriptionId uint32, interval uint32) ([]byte, error) {
	return coordinator.abi.Pack("taskId", subscriptionId, interval)
}

// UnpackTaskId is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8fa6ae11.
//
// Solidity: function taskId(uint32 subscriptionId, uint32 interval) view returns(bytes32)
func (coordinator *Coordinator) UnpackTaskId(data []byte) ([32]byte, error) {
	out, err := coordinator.abi.Unpack("taskId", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// CoordinatorCallbackFailed represents a CallbackFailed event raised by the Coordinator contract.
type CoordinatorCallbackFailed struct {
	Id       uint32
	Interval uint32
	Node     common.Address
	TaskId   [32]byte
	Raw      *types.Log // Blockchain specific contextual infos
}

const CoordinatorCallbackFailedEventName = "CallbackFailed"

// ContractEventName returns the user-defined event name.
func (CoordinatorCallbackFailed) ContractEventName() string {
	return CoordinatorCallbackFailedEventName
}

// UnpackCallbackFailedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event CallbackFailed(uint32 indexed id, uint32 interval, address indexed node, bytes32 taskId)
func (coordinator *Coordinator) UnpackCallbackFailedEvent(log *types.Log) (*CoordinatorCallbackFailed, error) {
	event := "CallbackFailed"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != coordinator.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(CoordinatorCallbackFailed)
	if len(log.Data) > 0 {
		if err := coordinator.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range coordinator.abi.Events[event].Inputs {
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

// CoordinatorComputeDelivered represents a ComputeDelivered event raised by the Coordinator contract.
type CoordinatorComputeDelivered struct {
	Id       uint32
	Interval uint32
	Node     common.Address
	TaskId   [32]byte
	Raw      *types.Log // Blockchain specific contextual infos
}

const CoordinatorComputeDeliveredEventName = "ComputeDelivered"

// ContractEventName returns the user-defined event name.
func (CoordinatorComputeDelivered) ContractEventName() string {
	return CoordinatorComputeDeliveredEventName
}

// UnpackComputeDeliveredEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ComputeDelivered(uint32 indexed id, uint32 interval, address indexed node, bytes32 taskId)
func (coordinator *Coordinator) UnpackComputeDeliveredEvent(log *types.Log) (*CoordinatorComputeDelivered, error) {
	event := "ComputeDelivered"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != coordinator.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(CoordinatorComputeDelivered)
	if len(log.Data) > 0 {
		if err := coordinator.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range coordinator.abi.Events[event].Inputs {
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

// CoordinatorEIP712DomainChanged represents a EIP712DomainChanged event raised by the Coordinator contract.
type CoordinatorEIP712DomainChanged struct {
	Raw *types.Log // Blockchain specific contextual infos
}

const CoordinatorEIP712DomainChangedEventName = "EIP712DomainChanged"

// ContractEventName returns the user-defined event name.
func (CoordinatorEIP712DomainChanged) ContractEventName() string {
	return CoordinatorEIP712DomainChangedEventName
}

// UnpackEIP712DomainChangedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event EIP712DomainChanged()
func (coordinator *Coordinator) UnpackEIP712DomainChangedEvent(log *types.Log) (*CoordinatorEIP712DomainChanged, error) {
	event := "EIP712DomainChanged"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != coordinator.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(CoordinatorEIP712DomainChanged)
	if len(log.Data) > 0 {
		if err := coordinator.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range coordinator.abi.Events[event].Inputs {
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

// CoordinatorSubscriptionCancelled represents a SubscriptionCancelled event raised by the Coordinator contract.
type CoordinatorSubscriptionCancelled struct {
	Id              uint32
	ContainerIdHash [32]byte
	Owner           common.Address
	Raw             *types.Log // Blockchain specific contextual infos
}

const CoordinatorSubscriptionCancelledEventName = "SubscriptionCancelled"

// ContractEventName returns the user-defined event name.
func (CoordinatorSubscriptionCancelled) ContractEventName() string {
	return CoordinatorSubscriptionCancelledEventName
}

// UnpackSubscriptionCancelledEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event SubscriptionCancelled(uint32 indexed id, bytes32 indexed containerIdHash, address indexed owner)
func (coordinator *Coordinator) UnpackSubscriptionCancelledEvent(log *types.Log) (*CoordinatorSubscriptionCancelled, error) {
	event := "SubscriptionCancelled"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != coordinator.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(CoordinatorSubscriptionCancelled)
	if len(log.Data) > 0 {
		if err := coordinator.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range coordinator.abi.Events[event].Inputs {
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

// CoordinatorSubscriptionCreated represents a SubscriptionCreated event raised by the Coordinator contract.
type CoordinatorSubscriptionCreated struct {
	Id              uint32
	ContainerIdHash [32]byte
	Owner           common.Address
	Raw             *types.Log // Blockchain specific contextual infos
}

const CoordinatorSubscriptionCreatedEventName = "SubscriptionCreated"

// ContractEventName returns the user-defined event name.
func (CoordinatorSubscriptionCreated) ContractEventName() string {
	return CoordinatorSubscriptionCreatedEventName
}

// UnpackSubscriptionCreatedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event SubscriptionCreated(uint32 indexed id, bytes32 indexed containerIdHash, address indexed owner)
func (coordinator *Coordinator) UnpackSubscriptionCreatedEvent(log *types.Log) (*CoordinatorSubscriptionCreated, error) {
	event := "SubscriptionCreated"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != coordinator.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(CoordinatorSubscriptionCreated)
	if len(log.Data) > 0 {
		if err := coordinator.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range coordinator.abi.Events[event].Inputs {
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
func (coordinator *Coordinator) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], coordinator.abi.Errors["EmptyContainerId"].ID.Bytes()[:4]) {
		return coordinator.UnpackEmptyContainerIdError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["GasPriceExceeded"].ID.Bytes()[:4]) {
		return coordinator.UnpackGasPriceExceededError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["InsufficientGasForCallback"].ID.Bytes()[:4]) {
		return coordinator.UnpackInsufficientGasForCallbackError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["IntervalMismatch"].ID.Bytes()[:4]) {
		return coordinator.UnpackIntervalMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["IntervalRedundancyReached"].ID.Bytes()[:4]) {
		return coordinator.UnpackIntervalRedundancyReachedError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["InvalidActiveAt"].ID.Bytes()[:4]) {
		return coordinator.UnpackInvalidActiveAtError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["InvalidFrequency"].ID.Bytes()[:4]) {
		return coordinator.UnpackInvalidFrequencyError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["InvalidMaxGasLimit"].ID.Bytes()[:4]) {
		return coordinator.UnpackInvalidMaxGasLimitError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["InvalidRedundancy"].ID.Bytes()[:4]) {
		return coordinator.UnpackInvalidRedundancyError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["InvalidShortString"].ID.Bytes()[:4]) {
		return coordinator.UnpackInvalidShortStringError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["InvalidSignature"].ID.Bytes()[:4]) {
		return coordinator.UnpackInvalidSignatureError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["InvalidSignatureS"].ID.Bytes()[:4]) {
		return coordinator.UnpackInvalidSignatureSError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["LazyNotSupported"].ID.Bytes()[:4]) {
		return coordinator.UnpackLazyNotSupportedError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["NodeAlreadyResponded"].ID.Bytes()[:4]) {
		return coordinator.UnpackNodeAlreadyRespondedError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["NotSubscriptionOwner"].ID.Bytes()[:4]) {
		return coordinator.UnpackNotSubscriptionOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["OwnerHasNoSigner"].ID.Bytes()[:4]) {
		return coordinator.UnpackOwnerHasNoSignerError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["OwnerMismatch"].ID.Bytes()[:4]) {
		return coordinator.UnpackOwnerMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["PaymentsNotSupported"].ID.Bytes()[:4]) {
		return coordinator.UnpackPaymentsNotSupportedError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["ReentrancyGuardReentrantCall"].ID.Bytes()[:4]) {
		return coordinator.UnpackReentrancyGuardReentrantCallError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["SignatureExpired"].ID.Bytes()[:4]) {
		return coordinator.UnpackSignatureExpiredError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["SignerMismatch"].ID.Bytes()[:4]) {
		return coordinator.UnpackSignerMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["StringTooLong"].ID.Bytes()[:4]) {
		return coordinator.UnpackStringTooLongError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["SubscriptionCompleted"].ID.Bytes()[:4]) {
		return coordinator.UnpackSubscriptionCompletedError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["SubscriptionIsCancelled"].ID.Bytes()[:4]) {
		return coordinator.UnpackSubscriptionIsCancelledError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["SubscriptionNotActive"].ID.Bytes()[:4]) {
		return coordinator.UnpackSubscriptionNotActiveError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["SubscriptionNotFound"].ID.Bytes()[:4]) {
		return coordinator.UnpackSubscriptionNotFoundError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["VerifierNotSupported"].ID.Bytes()[:4]) {
		return coordinator.UnpackVerifierNotSupportedError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["ZeroOwner"].ID.Bytes()[:4]) {
		return coordinator.UnpackZeroOwnerError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// CoordinatorEmptyContainerId represents a EmptyContainerId error raised by the Coordinator contract.
type CoordinatorEmptyContainerId struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error EmptyContainerId()
func CoordinatorEmptyContainerIdErrorID() common.Hash {
	return common.HexToHash("0xe98109e44b1717cf38ee1f194b00c98939a4913f605d0738116f9fd463bc3590")
}

// UnpackEmptyContainerIdError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error EmptyContainerId()
func (coordinator *Coordinator) UnpackEmptyContainerIdError(raw []byte) (*CoordinatorEmptyContainerId, error) {
	out := new(CoordinatorEmptyContainerId)
	if err := coordinator.abi.UnpackIntoInterface(out, "EmptyContainerId", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorGasPriceExceeded represents a GasPriceExceeded error raised by the Coordinator contract.
type CoordinatorGasPriceExceeded struct {
	GasPrice    *big.Int
	MaxGasPrice *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error GasPriceExceeded(uint256 gasPrice, uint256 maxGasPrice)
func CoordinatorGasPriceExceededErrorID() common.Hash {
	return common.HexToHash("0x86bca65a4368e0c56d3ffd91f4d4cc402ff8eddc4b3cf5251f0dc44b30ffbb47")
}

// UnpackGasPriceExceededError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error GasPriceExceeded(uint256 gasPrice, uint256 maxGasPrice)
func (coordinator *Coordinator) UnpackGasPriceExceededError(raw []byte) (*CoordinatorGasPriceExceeded, error) {
	out := new(CoordinatorGasPriceExceeded)
	if err := coordinator.abi.UnpackIntoInterface(out, "GasPriceExceeded", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorInsufficientGasForCallback represents a InsufficientGasForCallback error raised by the Coordinator contract.
type CoordinatorInsufficientGasForCallback struct {
	Required  *big.Int
	Available *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InsufficientGasForCallback(uint256 required, uint256 available)
func CoordinatorInsufficientGasForCallbackErrorID() common.Hash {
	return common.HexToHash("0x486594e4294b5c5cda5e4703b770d5a6063f94fe0fac7cf887908574a407e4b8")
}

// UnpackInsufficientGasForCallbackError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InsufficientGasForCallback(uint256 required, uint256 available)
func (coordinator *Coordinator) UnpackInsufficientGasForCallbackError(raw []byte) (*CoordinatorInsufficientGasForCallback, error) {
	out := new(CoordinatorInsufficientGasForCallback)
	if err := coordinator.abi.UnpackIntoInterface(out, "InsufficientGasForCallback", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorIntervalMismatch represents a IntervalMismatch error raised by the Coordinator contract.
type CoordinatorIntervalMismatch struct {
	Expected  uint32
	Delivered uint32
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error IntervalMismatch(uint32 expected, uint32 delivered)
func CoordinatorIntervalMismatchErrorID() common.Hash {
	return common.HexToHash("0xc2329d18127a49e388d1b03d2849e4e274b79040e9a5d7ba3daa3d6a8d0322b0")
}

// UnpackIntervalMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error IntervalMismatch(uint32 expected, uint32 delivered)
func (coordinator *Coordinator) UnpackIntervalMismatchError(raw []byte) (*CoordinatorIntervalMismatch, error) {
	out := new(CoordinatorIntervalMismatch)
	if err := coordinator.abi.UnpackIntoInterface(out, "IntervalMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorIntervalRedundancyReached represents a IntervalRedundancyReached error raised by the Coordinator contract.
type CoordinatorIntervalRedundancyReached struct {
	SubscriptionId uint32
	Interval       uint32
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error IntervalRedundancyReached(uint32 subscriptionId, uint32 interval)
func CoordinatorIntervalRedundancyReachedErrorID() common.Hash {
	return common.HexToHash("0xa81d714213c5aad17c24cd7e10022b15f0a9d67a7dfb551fb291e678ea3616d6")
}

// UnpackIntervalRedundancyReachedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error IntervalRedundancyReached(uint32 subscriptionId, uint32 interval)
func (coordinator *Coordinator) UnpackIntervalRedundancyReachedError(raw []byte) (*CoordinatorIntervalRedundancyReached, error) {
	out := new(CoordinatorIntervalRedundancyReached)
	if err := coordinator.abi.UnpackIntoInterface(out, "IntervalRedundancyReached", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorInvalidActiveAt represents a InvalidActiveAt error raised by the Coordinator contract.
type CoordinatorInvalidActiveAt struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidActiveAt()
func CoordinatorInvalidActiveAtErrorID() common.Hash {
	return common.HexToHash("0xbd27271fad217cf576f3e514842d799fe4f80f8b3fcf2e8a76981a27c8f6f6dc")
}

// UnpackInvalidActiveAtError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidActiveAt()
func (coordinator *Coordinator) UnpackInvalidActiveAtError(raw []byte) (*CoordinatorInvalidActiveAt, error) {
	out := new(CoordinatorInvalidActiveAt)
	if err := coordinator.abi.UnpackIntoInterface(out, "InvalidActiveAt", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorInvalidFrequency represents a InvalidFrequency error raised by the Coordinator contract.
type CoordinatorInvalidFrequency struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidFrequency()
func CoordinatorInvalidFrequencyErrorID() common.Hash {
	return common.HexToHash("0xe3c2448f2273253b5f1be8be0c2d17e11e6f8980095f6f1355c1fc778d617b2c")
}

// UnpackInvalidFrequencyError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidFrequency()
func (coordinator *Coordinator) UnpackInvalidFrequencyError(raw []byte) (*CoordinatorInvalidFrequency, error) {
	out := new(CoordinatorInvalidFrequency)
	if err := coordinator.abi.UnpackIntoInterface(out, "InvalidFrequency", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorInvalidMaxGasLimit represents a InvalidMaxGasLimit error raised by the Coordinator contract.
type CoordinatorInvalidMaxGasLimit struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidMaxGasLimit()
func CoordinatorInvalidMaxGasLimitErrorID() common.Hash {
	return common.HexToHash("0xeaf856a198ff22d964c165b32df2d4e654f050fa8dfce780a4c4a8a5d1a93cbd")
}

// UnpackInvalidMaxGasLimitError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidMaxGasLimit()
func (coordinator *Coordinator) UnpackInvalidMaxGasLimitError(raw []byte) (*CoordinatorInvalidMaxGasLimit, error) {
	out := new(CoordinatorInvalidMaxGasLimit)
	if err := coordinator.abi.UnpackIntoInterface(out, "InvalidMaxGasLimit", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorInvalidRedundancy represents a InvalidRedundancy error raised by the Coordinator contract.
type CoordinatorInvalidRedundancy struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidRedundancy()
func CoordinatorInvalidRedundancyErrorID() common.Hash {
	return common.HexToHash("0xf6566e27011c0d7f4f6c77d79666a2a06663770290a2ac7ead074e6e9f97786b")
}

// UnpackInvalidRedundancyError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidRedundancy()
func (coordinator *Coordinator) UnpackInvalidRedundancyError(raw []byte) (*CoordinatorInvalidRedundancy, error) {
	out := new(CoordinatorInvalidRedundancy)
	if err := coordinator.abi.UnpackIntoInterface(out, "InvalidRedundancy", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorInvalidShortString represents a InvalidShortString error raised by the Coordinator contract.
type CoordinatorInvalidShortString struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidShortString()
func CoordinatorInvalidShortStringErrorID() common.Hash {
	return common.HexToHash("0xb3512b0c6163e5f0bafab72bb631b9d58cd7a731b082f910338aa21c83d5c274")
}

// UnpackInvalidShortStringError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidShortString()
func (coordinator *Coordinator) UnpackInvalidShortStringError(raw []byte) (*CoordinatorInvalidShortString, error) {
	out := new(CoordinatorInvalidShortString)
	if err := coordinator.abi.UnpackIntoInterface(out, "InvalidShortString", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorInvalidSignature represents a InvalidSignature error raised by the Coordinator contract.
type CoordinatorInvalidSignature struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidSignature()
func CoordinatorInvalidSignatureErrorID() common.Hash {
	return common.HexToHash("0x8baa579fce362245063d36f11747a89dd489c54795634fc673cc0e0db51fedc5")
}

// UnpackInvalidSignatureError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidSignature()
func (coordinator *Coordinator) UnpackInvalidSignatureError(raw []byte) (*CoordinatorInvalidSignature, error) {
	out := new(CoordinatorInvalidSignature)
	if err := coordinator.abi.UnpackIntoInterface(out, "InvalidSignature", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorInvalidSignatureS represents a InvalidSignatureS error raised by the Coordinator contract.
type CoordinatorInvalidSignatureS struct {
	S [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidSignatureS(bytes32 s)
func CoordinatorInvalidSignatureSErrorID() common.Hash {
	return common.HexToHash("0x5682f3bf4b3bf8ad0bc0069bbb2507a8577586fdc58d6a2de6794b7cb704da54")
}

// UnpackInvalidSignatureSError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidSignatureS(bytes32 s)
func (coordinator *Coordinator) UnpackInvalidSignatureSError(raw []byte) (*CoordinatorInvalidSignatureS, error) {
	out := new(CoordinatorInvalidSignatureS)
	if err := coordinator.abi.UnpackIntoInterface(out, "InvalidSignatureS", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorLazyNotSupported represents a LazyNotSupported error raised by the Coordinator contract.
type CoordinatorLazyNotSupported struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error LazyNotSupported()
func CoordinatorLazyNotSupportedErrorID() common.Hash {
	return common.HexToHash("0x910d9dbc6798c0664fa24ccaf618d6514555c8170276bba5a5aea32d96068776")
}

// UnpackLazyNotSupportedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error LazyNotSupported()
func (coordinator *Coordinator) UnpackLazyNotSupportedError(raw []byte) (*CoordinatorLazyNotSupported, error) {
	out := new(CoordinatorLazyNotSupported)
	if err := coordinator.abi.UnpackIntoInterface(out, "LazyNotSupported", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorNodeAlreadyResponded represents a NodeAlreadyResponded error raised by the Coordinator contract.
type CoordinatorNodeAlreadyResponded struct {
	SubscriptionId uint32
	Interval       uint32
	Node           common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NodeAlreadyResponded(uint32 subscriptionId, uint32 interval, address node)
func CoordinatorNodeAlreadyRespondedErrorID() common.Hash {
	return common.HexToHash("0xf272ba986b5d9793a32af19d454f5ab9e030a82e7cb7caf6561c2d39a2e24cca")
}

// UnpackNodeAlreadyRespondedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NodeAlreadyResponded(uint32 subscriptionId, uint32 interval, address node)
func (coordinator *Coordinator) UnpackNodeAlreadyRespondedError(raw []byte) (*CoordinatorNodeAlreadyResponded, error) {
	out := new(CoordinatorNodeAlreadyResponded)
	if err := coordinator.abi.UnpackIntoInterface(out, "NodeAlreadyResponded", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorNotSubscriptionOwner represents a NotSubscriptionOwner error raised by the Coordinator contract.
type CoordinatorNotSubscriptionOwner struct {
	SubscriptionId uint32
	Caller         common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotSubscriptionOwner(uint32 subscriptionId, address caller)
func CoordinatorNotSubscriptionOwnerErrorID() common.Hash {
	return common.HexToHash("0xbbfdb8db6a8c0d1b77da9a2b3b82423f066d65939b7d5a72dcb528d612b6fb2d")
}

// UnpackNotSubscriptionOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotSubscriptionOwner(uint32 subscriptionId, address caller)
func (coordinator *Coordinator) UnpackNotSubscriptionOwnerError(raw []byte) (*CoordinatorNotSubscriptionOwner, error) {
	out := new(CoordinatorNotSubscriptionOwner)
	if err := coordinator.abi.UnpackIntoInterface(out, "NotSubscriptionOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorOwnerHasNoSigner represents a OwnerHasNoSigner error raised by the Coordinator contract.
type CoordinatorOwnerHasNoSigner struct {
	Owner common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnerHasNoSigner(address owner)
func CoordinatorOwnerHasNoSignerErrorID() common.Hash {
	return common.HexToHash("0x9cc62731996caa4f6f9c9ec8d5b826399f0970d670d5113b04d0b5e418d184b5")
}

// UnpackOwnerHasNoSignerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnerHasNoSigner(address owner)
func (coordinator *Coordinator) UnpackOwnerHasNoSignerError(raw []byte) (*CoordinatorOwnerHasNoSigner, error) {
	out := new(CoordinatorOwnerHasNoSigner)
	if err := coordinator.abi.UnpackIntoInterface(out, "OwnerHasNoSigner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorOwnerMismatch represents a OwnerMismatch error raised by the Coordinator contract.
type CoordinatorOwnerMismatch struct {
	Owner  common.Address
	Caller common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OwnerMismatch(address owner, address caller)
func CoordinatorOwnerMismatchErrorID() common.Hash {
	return common.HexToHash("0x4ecf968e710f082aed20dee0b47f673133b38a0b46f1fa50623312e5d384709a")
}

// UnpackOwnerMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OwnerMismatch(address owner, address caller)
func (coordinator *Coordinator) UnpackOwnerMismatchError(raw []byte) (*CoordinatorOwnerMismatch, error) {
	out := new(CoordinatorOwnerMismatch)
	if err := coordinator.abi.UnpackIntoInterface(out, "OwnerMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorPaymentsNotSupported represents a PaymentsNotSupported error raised by the Coordinator contract.
type CoordinatorPaymentsNotSupported struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error PaymentsNotSupported()
func CoordinatorPaymentsNotSupportedErrorID() common.Hash {
	return common.HexToHash("0x5beef1942f0bb33a19e440318f3f79b77c51fe1b30bcb25bf9a2a3bf7a735cf7")
}

// UnpackPaymentsNotSupportedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error PaymentsNotSupported()
func (coordinator *Coordinator) UnpackPaymentsNotSupportedError(raw []byte) (*CoordinatorPaymentsNotSupported, error) {
	out := new(CoordinatorPaymentsNotSupported)
	if err := coordinator.abi.UnpackIntoInterface(out, "PaymentsNotSupported", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorReentrancyGuardReentrantCall represents a ReentrancyGuardReentrantCall error raised by the Coordinator contract.
type CoordinatorReentrancyGuardReentrantCall struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ReentrancyGuardReentrantCall()
func CoordinatorReentrancyGuardReentrantCallErrorID() common.Hash {
	return common.HexToHash("0x3ee5aeb571de7fc460830b4d0017439a1ca56fb0bc39062227ade4fe4a24c1ca")
}

// UnpackReentrancyGuardReentrantCallError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ReentrancyGuardReentrantCall()
func (coordinator *Coordinator) UnpackReentrancyGuardReentrantCallError(raw []byte) (*CoordinatorReentrancyGuardReentrantCall, error) {
	out := new(CoordinatorReentrancyGuardReentrantCall)
	if err := coordinator.abi.UnpackIntoInterface(out, "ReentrancyGuardReentrantCall", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorSignatureExpired represents a SignatureExpired error raised by the Coordinator contract.
type CoordinatorSignatureExpired struct {
	Expiry uint32
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SignatureExpired(uint32 expiry)
func CoordinatorSignatureExpiredErrorID() common.Hash {
	return common.HexToHash("0x728b7f5571b77839d032eff0f2e4569331cde105b6e482992da0db7243224c55")
}

// UnpackSignatureExpiredError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SignatureExpired(uint32 expiry)
func (coordinator *Coordinator) UnpackSignatureExpiredError(raw []byte) (*CoordinatorSignatureExpired, error) {
	out := new(CoordinatorSignatureExpired)
	if err := coordinator.abi.UnpackIntoInterface(out, "SignatureExpired", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorSignerMismatch represents a SignerMismatch error raised by the Coordinator contract.
type CoordinatorSignerMismatch struct {
	Expected  common.Address
	Recovered common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SignerMismatch(address expected, address recovered)
func CoordinatorSignerMismatchErrorID() common.Hash {
	return common.HexToHash("0xefe0e6862620775bf32b1f3d7ba9c8e34430d75ac4f0a4714339d91d9eb20966")
}

// UnpackSignerMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SignerMismatch(address expected, address recovered)
func (coordinator *Coordinator) UnpackSignerMismatchError(raw []byte) (*CoordinatorSignerMismatch, error) {
	out := new(CoordinatorSignerMismatch)
	if err := coordinator.abi.UnpackIntoInterface(out, "SignerMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorStringTooLong represents a StringTooLong error raised by the Coordinator contract.
type CoordinatorStringTooLong struct {
	Str string
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error StringTooLong(string str)
func CoordinatorStringTooLongErrorID() common.Hash {
	return common.HexToHash("0x305a27a93f8e33b7392df0a0f91d6fc63847395853c45991eec52dbf24d72381")
}

// UnpackStringTooLongError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error StringTooLong(string str)
func (coordinator *Coordinator) UnpackStringTooLongError(raw []byte) (*CoordinatorStringTooLong, error) {
	out := new(CoordinatorStringTooLong)
	if err := coordinator.abi.UnpackIntoInterface(out, "StringTooLong", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorSubscriptionCompleted represents a SubscriptionCompleted error raised by the Coordinator contract.
type CoordinatorSubscriptionCompleted struct {
	SubscriptionId uint32
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SubscriptionCompleted(uint32 subscriptionId)
func CoordinatorSubscriptionCompletedErrorID() common.Hash {
	return common.HexToHash("0x0397238cfe6c1bfdbdba025c7f4553b8f27de9da7f0afbb90071aa877d211488")
}

// UnpackSubscriptionCompletedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SubscriptionCompleted(uint32 subscriptionId)
func (coordinator *Coordinator) UnpackSubscriptionCompletedError(raw []byte) (*CoordinatorSubscriptionCompleted, error) {
	out := new(CoordinatorSubscriptionCompleted)
	if err := coordinator.abi.UnpackIntoInterface(out, "SubscriptionCompleted", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorSubscriptionIsCancelled represents a SubscriptionIsCancelled error raised by the Coordinator contract.
type CoordinatorSubscriptionIsCancelled struct {
	SubscriptionId uint32
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SubscriptionIsCancelled(uint32 subscriptionId)
func CoordinatorSubscriptionIsCancelledErrorID() common.Hash {
	return common.HexToHash("0x8af9ea391d113b723e9f6712ac6b415117fdcfa4fedbe5339cfa64158107ceed")
}

// UnpackSubscriptionIsCancelledError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SubscriptionIsCancelled(uint32 subscriptionId)
func (coordinator *Coordinator) UnpackSubscriptionIsCancelledError(raw []byte) (*CoordinatorSubscriptionIsCancelled, error) {
	out := new(CoordinatorSubscriptionIsCancelled)
	if err := coordinator.abi.UnpackIntoInterface(out, "SubscriptionIsCancelled", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorSubscriptionNotActive represents a SubscriptionNotActive error raised by the Coordinator contract.
type CoordinatorSubscriptionNotActive struct {
	SubscriptionId uint32
	ActiveAt       uint32
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SubscriptionNotActive(uint32 subscriptionId, uint32 activeAt)
func CoordinatorSubscriptionNotActiveErrorID() common.Hash {
	return common.HexToHash("0xb52d2c8bab061324668e44d70ceb8de56240f0520470c33ef1cffbad60eec76f")
}

// UnpackSubscriptionNotActiveError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SubscriptionNotActive(uint32 subscriptionId, uint32 activeAt)
func (coordinator *Coordinator) UnpackSubscriptionNotActiveError(raw []byte) (*CoordinatorSubscriptionNotActive, error) {
	out := new(CoordinatorSubscriptionNotActive)
	if err := coordinator.abi.UnpackIntoInterface(out, "SubscriptionNotActive", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorSubscriptionNotFound represents a SubscriptionNotFound error raised by the Coordinator contract.
type CoordinatorSubscriptionNotFound struct {
	SubscriptionId uint32
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SubscriptionNotFound(uint32 subscriptionId)
func CoordinatorSubscriptionNotFoundErrorID() common.Hash {
	return common.HexToHash("0x12b03664d1b96b1f9f8d5faa6e82cbd908e7287168007f16de1cab637afd35ec")
}

// UnpackSubscriptionNotFoundError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SubscriptionNotFound(uint32 subscriptionId)
func (coordinator *Coordinator) UnpackSubscriptionNotFoundError(raw []byte) (*CoordinatorSubscriptionNotFound, error) {
	out := new(CoordinatorSubscriptionNotFound)
	if err := coordinator.abi.UnpackIntoInterface(out, "SubscriptionNotFound", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorVerifierNotSupported represents a VerifierNotSupported error raised by the Coordinator contract.
type CoordinatorVerifierNotSupported struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error VerifierNotSupported()
func CoordinatorVerifierNotSupportedErrorID() common.Hash {
	return common.HexToHash("0xb2abaabc1ce89534758af34c3ff9c6b37db1edb2e72c4e80bd4c070ebd4f1c51")
}

// UnpackVerifierNotSupportedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error VerifierNotSupported()
func (coordinator *Coordinator) UnpackVerifierNotSupportedError(raw []byte) (*CoordinatorVerifierNotSupported, error) {
	out := new(CoordinatorVerifierNotSupported)
	if err := coordinator.abi.UnpackIntoInterface(out, "VerifierNotSupported", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorZeroOwner represents a ZeroOwner error raised by the Coordinator contract.
type CoordinatorZeroOwner struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroOwner()
func CoordinatorZeroOwnerErrorID() common.Hash {
	return common.HexToHash("0x9905827b514da707a2fe590832730f62a8d762cc0f2ba71de8065112256c3068")
}

// UnpackZeroOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroOwner()
func (coordinator *Coordinator) UnpackZeroOwnerError(raw []byte) (*CoordinatorZeroOwner, error) {
	out := new(CoordinatorZeroOwner)
	if err := coordinator.abi.UnpackIntoInterface(out, "ZeroOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}
