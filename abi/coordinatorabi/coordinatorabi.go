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
	ABI: "[{\"inputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"EmptyContainerId\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"gasPrice\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxGasPrice\",\"type\":\"uint256\"}],\"name\":\"GasPriceExceeded\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"required\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"available\",\"type\":\"uint256\"}],\"name\":\"InsufficientGasForCallback\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"expected\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"delivered\",\"type\":\"uint32\"}],\"name\":\"IntervalMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"}],\"name\":\"IntervalRedundancyReached\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidActiveAt\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidFrequency\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidMaxGasLimit\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidRedundancy\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidShortString\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidSignature\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"InvalidSignatureS\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"name\":\"InvalidWallet\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"}],\"name\":\"NodeAlreadyResponded\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"NotSubscriptionOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"OwnerHasNoSigner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"OwnerMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"}],\"name\":\"ProofRequestNotFound\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ReentrancyGuardReentrantCall\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"expiry\",\"type\":\"uint32\"}],\"name\":\"SignatureExpired\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"expected\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"recovered\",\"type\":\"address\"}],\"name\":\"SignerMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"string\",\"name\":\"str\",\"type\":\"string\"}],\"name\":\"StringTooLong\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"SubscriptionCompleted\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"SubscriptionIsCancelled\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"}],\"name\":\"SubscriptionNotActive\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"SubscriptionNotFound\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"UnauthorizedVerifier\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"UnsupportedVerifierToken\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"fee\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"}],\"name\":\"VerifierFeeTooHigh\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroOwner\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"name\":\"CallbackFailed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"taskId\",\"type\":\"bytes32\"}],\"name\":\"ComputeDelivered\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[],\"name\":\"EIP712DomainChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"}],\"name\":\"ProofRequested\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"active\",\"type\":\"bool\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"valid\",\"type\":\"bool\"}],\"name\":\"ProofVerified\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"containerIdHash\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"SubscriptionCancelled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"containerIdHash\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"}],\"name\":\"SubscriptionCreated\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"CALLBACK_CALL_RESERVE\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"CANCELLED\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"DELEGATE_SUBSCRIPTION_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"PROOF_VERIFICATION_WINDOW\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SUBSCRIPTION_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"WALLET_FACTORY\",\"outputs\":[{\"internalType\":\"contractWalletFactory\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"cancelSubscription\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"uint48\",\"name\":\"maxGasPrice\",\"type\":\"uint48\"},{\"internalType\":\"uint32\",\"name\":\"maxGasLimit\",\"type\":\"uint32\"},{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"internalType\":\"structSubscription\",\"name\":\"sub\",\"type\":\"tuple\"}],\"name\":\"createSubscription\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"nonce\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"expiry\",\"type\":\"uint32\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"uint48\",\"name\":\"maxGasPrice\",\"type\":\"uint48\"},{\"internalType\":\"uint32\",\"name\":\"maxGasLimit\",\"type\":\"uint32\"},{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"internalType\":\"structSubscription\",\"name\":\"sub\",\"type\":\"tuple\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"createSubscriptionDelegatee\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"currentInterval\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"nonce\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"expiry\",\"type\":\"uint32\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"uint48\",\"name\":\"maxGasPrice\",\"type\":\"uint48\"},{\"internalType\":\"uint32\",\"name\":\"maxGasLimit\",\"type\":\"uint32\"},{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"internalType\":\"structSubscription\",\"name\":\"sub\",\"type\":\"tuple\"}],\"name\":\"delegateDigest\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"nonce\",\"type\":\"uint32\"}],\"name\":\"delegateSubscriptionId\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"deliveryInterval\",\"type\":\"uint32\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"},{\"internalType\":\"address\",\"name\":\"nodeWallet\",\"type\":\"address\"}],\"name\":\"deliverCompute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"nonce\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"expiry\",\"type\":\"uint32\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"uint48\",\"name\":\"maxGasPrice\",\"type\":\"uint48\"},{\"internalType\":\"uint32\",\"name\":\"maxGasLimit\",\"type\":\"uint32\"},{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"internalType\":\"structSubscription\",\"name\":\"sub\",\"type\":\"tuple\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"},{\"internalType\":\"uint32\",\"name\":\"deliveryInterval\",\"type\":\"uint32\"},{\"internalType\":\"bytes\",\"name\":\"input\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"},{\"internalType\":\"address\",\"name\":\"nodeWallet\",\"type\":\"address\"}],\"name\":\"deliverComputeDelegatee\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eip712Domain\",\"outputs\":[{\"internalType\":\"bytes1\",\"name\":\"fields\",\"type\":\"bytes1\"},{\"internalType\":\"string\",\"name\":\"name\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"version\",\"type\":\"string\"},{\"internalType\":\"uint256\",\"name\":\"chainId\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"verifyingContract\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"},{\"internalType\":\"uint256[]\",\"name\":\"extensions\",\"type\":\"uint256[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"valid\",\"type\":\"bool\"}],\"name\":\"finalizeProofVerification\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"}],\"name\":\"getSubscription\",\"outputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"uint48\",\"name\":\"maxGasPrice\",\"type\":\"uint48\"},{\"internalType\":\"uint32\",\"name\":\"maxGasLimit\",\"type\":\"uint32\"},{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"internalType\":\"structSubscription\",\"name\":\"\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"activeAt\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"period\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"frequency\",\"type\":\"uint32\"},{\"internalType\":\"uint16\",\"name\":\"redundancy\",\"type\":\"uint16\"},{\"internalType\":\"uint48\",\"name\":\"maxGasPrice\",\"type\":\"uint48\"},{\"internalType\":\"uint32\",\"name\":\"maxGasLimit\",\"type\":\"uint32\"},{\"internalType\":\"string\",\"name\":\"containerId\",\"type\":\"string\"},{\"internalType\":\"bytes\",\"name\":\"inputs\",\"type\":\"bytes\"},{\"internalType\":\"bool\",\"name\":\"lazy\",\"type\":\"bool\"},{\"internalType\":\"address\",\"name\":\"verifier\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"paymentAmount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"paymentToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"wallet\",\"type\":\"address\"}],\"internalType\":\"structSubscription\",\"name\":\"sub\",\"type\":\"tuple\"}],\"name\":\"hashSubscription\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"taskId_\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"}],\"name\":\"inbox\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"output\",\"type\":\"bytes\"},{\"internalType\":\"bytes\",\"name\":\"proof\",\"type\":\"bytes\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"}],\"name\":\"nodeResponded\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"node\",\"type\":\"address\"}],\"name\":\"proofRequest\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"expiry\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"nodeWallet\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"escrow\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"}],\"name\":\"responseCount\",\"outputs\":[{\"internalType\":\"uint16\",\"name\":\"\",\"type\":\"uint16\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"subscriptionCount\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"subscriptionId\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"interval\",\"type\":\"uint32\"}],\"name\":\"taskId\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "Coordinator",
	Bin: "0x610180604052346101ac576040516100186040826101b0565b6014815260208101907f496e666572656e6365436f6f7264696e61746f720000000000000000000000008252604051916100536040846101b0565b600183526020830191603160f81b835261006c816101d3565b61012052610079846101d3565b61014052519020918260e05251902080610100524660a0526040519060208201927f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f8452604083015260608201524660808201523060a082015260a081526100e260c0826101b0565b5190206080523060c052604051610e55808201906001600160401b03821183831017610198576020918391612fc683393081520301905ff0801561018d5761016052604051612d87908161023f823960805181612c89015260a05181612d40015260c05181612c53015260e05181612cd801526101005181612cfe015261012051816107620152610140518161078c01526101605181818161112b0152818161241f0152612ba80152f35b6040513d5f823e3d90fd5b634e487b7160e01b5f52604160045260245ffd5b5f80fd5b601f909101601f19168101906001600160401b0382119082101761019857604052565b601f8151116101fe5760208151910151602082106101ef571790565b5f198260200360031b1b161790565b604460209160405192839163305a27a960e01b83528160048401528051918291826024860152018484015e5f828201840152601f01601f19168101030190fdfe6080806040526004361015610012575f80fd5b5f905f3560e01c9081630e2009f414611119575080631321414b146110605780631328922d14610f65578063173b6d9014610f4257806317bf9daa14610ee2578063196ab12314610ab457806331e451a9146109b957806332246cda1461099b5780636c1591b51461096057806372533bca146108c55780638055917f1461084457806384b0196e146107485780638f33dba1146106e15780638fa6ae11146106b45780639a7f640d146106795780639b6d119c146105f45780639fa35eb5146105c2578063a17b920b14610332578063acd208ea146102a5578063ae71dcdf14610286578063c216ce4e14610269578063c25bf0e914610214578063c509543d146101495763e8eaf27914610126575f80fd5b3461014657602061013e610139366111f7565b611593565b604051908152f35b80fd5b50346101465760c036600319011261014657610163611194565b61016b6111a7565b6044356001600160401b0381116102105761018a9036906004016111ca565b50506064356001600160401b038111610210576101ab9036906004016111ca565b906084356001600160401b03811161020c576101cb9036906004016111ca565b60a4359490939192906001600160a01b0386168603610208576101f5966101f0611780565b6119b7565b805f516020612d675f395f51905f525d80f35b8780fd5b8580fd5b8380fd5b50346101465760603660031901126101465761022e611194565b906102376111a7565b90604435906001600160401b038211610146576101c0600319833603011261014657602061013e600484018587611458565b503461014657806003193601126101465760206040516113888152f35b5034610146578060031936011261014657602060405163ffffffff8152f35b50346101465760c0366003190112610146576102bf611194565b6102c76111a7565b90604435906001600160401b038211610210576101c06003198336030112610210579161031491602094936102fa6111ba565b90610303611780565b60a4359360843593600401916117b5565b905f516020612d675f395f51905f525d63ffffffff60405191168152f35b50346101465760203660031901126101465761034c611194565b816040516103598161125a565b8181528160208201528160408201528160608201528160808201528160a08201528160c082015260e0810160609052610100810160609052816101208201528161014082015281610160820152816101808201526101a0015263ffffffff1681526003602052604090206040516103cf8161125a565b8154600160a01b600190038116825260208201928160a01c63ffffffff16845260408301908260c01c63ffffffff168252606084019260e01c8352600181015492608085019361ffff8116855260a08601908060101c65ffffffffffff16825260c087019060401c63ffffffff16815260405180806002870190610452916112cf565b0361045d9082611276565b60e08801908152604051918261047681600389016112cf565b036104819084611276565b61010089019283526004860154936101208a019860ff861615158a526101408b0195600160a01b600190039060081c1686526005880154966101608c01978852600160a01b6001900360068a015416986101808d01998a52600160a01b60019003906007015416996101a08d019a8b52604051809e819e60208352600160a01b6001900390511660208301525163ffffffff1690604001525163ffffffff1660608d01525163ffffffff1660808c01525161ffff1660a08b01525165ffffffffffff1660c08a01525163ffffffff1660e08901525161010088016101c090526101e0880161056e91611170565b9051878203601f19016101208901526105879190611170565b94511515610140870152516001600160a01b039081166101608701529051610180860152905181166101a08501529051166101c08301520390f35b50346101465760203660031901126101465760206105e66105e1611194565b6113c9565b63ffffffff60405191168152f35b50346101465760603660031901126101465760ff6040602092610615611194565b61061d6111a7565b61066361062861115a565b855163ffffffff9485168982019081529490931660208501526001600160a01b0316604084015281606084015b03601f198101835282611276565b5190208152600584522054166040519015158152f35b503461014657806003193601126101465760206040517f32d56b74c662ca47a31feafda16499ea96a5d66425be4a028adae996cd53be418152f35b503461014657604036600319011261014657602061013e6106d3611194565b6106db6111a7565b9061138f565b50346101465760403660031901126101465761ffff6040602092610703611194565b6106556107346107116111a7565b855163ffffffff9485168982019081529490911660208501529182906040850190565b519020815260048452205416604051908152f35b50346101465780600319360112610146576107e8906107867f0000000000000000000000000000000000000000000000000000000000000000612c12565b906107b07f0000000000000000000000000000000000000000000000000000000000000000612c12565b9060206107f6604051936107c48386611276565b8385525f368137604051968796600f60f81b885260e08589015260e0880190611170565b908682036040880152611170565b904660608601523060808601528260a086015284820360c08601528080855193848152019401925b82811061082d57505050500390f35b83518552869550938101939281019260010161081e565b5034610146576040366003190112610146576004356001600160a01b03811681036108c157604060209263ffffffff926106556108ad6108826111a7565b85516001600160a01b0390941688850190815263ffffffff9091166020820152929182906040850190565b519020815260068452205416604051908152f35b5080fd5b50346101465760603660031901126101465760406060916108e4611194565b6108ec6111a7565b6109296108f761115a565b855163ffffffff948516602082019081529490931660408401526001600160a01b031660608301528160808101610655565b5190208152600760205220600181549101546040519163ffffffff8116835260018060a01b039060201c1660208301526040820152f35b503461014657806003193601126101465760206040517f35c51a14934e12d8fa62e21f7a559b34fe6c14c04926b2fbde3edf03994515df8152f35b5034610146578060031936011261014657602060405162093a808152f35b50346101465760203660031901126101465763ffffffff6109d8611194565b1680825260036020526040822080546001600160a01b0381169291908315610aa057338403610a885763ffffffff808260a01c1614610a745763ffffffff60a01b191663ffffffff60a01b17815560405190610a45908290610a3e9082906002016112cf565b0382611276565b60208151910120907ff036be25a69122bfb61282fe5e71e5c38534a206742f8d5942f3291bd8f7c0818480a480f35b638af9ea3960e01b85526004839052602485fd5b63bbfdb8db60e01b8552600483905233602452604485fd5b6304ac0d9960e21b85526004839052602485fd5b5034610e7a576080366003190112610e7a57610ace611194565b610ad66111a7565b90610adf61115a565b60643590811592831592838103610e7a576040805163ffffffff80851660208301908152908916928201929092526001600160a01b0385166060820152610b298160808101610655565b51902090815f52600760205260405f2060405190610b468261122b565b805494600163ffffffff8716928385526020850197828060a01b039060201c1688520154916040840192835215610eb35763ffffffff1697885f52600360205263ffffffff60405f2093511642109560018060a01b03600485015460081c1633141580610e99575b610e86578b955f5260076020525f600160408220828155015560058401549283610c25575b868c8c7faf1556610075709bf885e17681512d329b1a40f799ee5196f79461e89b65645460808d8f8e63ffffffff604051971687526020870152336040870152606086015260018060a01b031693a380f35b6006850154600786015483516001600160a01b039081169892811697911694909190610e7e575b15610d6c575491519051926001600160a01b039283169290911690803b156102085785888094610c92604051978896879586946346d2a73360e01b865260048601611364565b03925af1908115610d61578591610d4c575b5050823b156102105760405163c704836960e01b81526001600160a01b03878116600483015292909216602483015260448201529082908290606490829084905af18015610d4157610d28575b5050907faf1556610075709bf885e17681512d329b1a40f799ee5196f79461e89b656454926080925b91928791945f808080610bd3565b81610d3591949394611276565b61020c5790855f610cf1565b6040513d84823e3d90fd5b81610d5691611276565b61021057835f610ca4565b6040513d87823e3d90fd5b549051929650939492936001600160a01b03169050853b15610e7a5760405163c704836960e01b81526001600160a01b039182166004820152908516602482015260448101919091525f8160648183895af18015610e6f57610e54575b5090818a9493923b15610e5057610dfb93858094604051968795869485936346d2a73360e01b85528d60048601611364565b03925af18015610d4157610e37575b5050907faf1556610075709bf885e17681512d329b1a40f799ee5196f79461e89b65645492608092610d1a565b81610e4491949394611276565b61020c5790855f610e0a565b8480fd5b610e64919493929a505f90611276565b5f989091925f610dc9565b6040513d5f823e3d90fd5b5f80fd5b508815610c4c565b631eb1c0a560e01b5f523360045260245ffd5b508687610bae5750336001600160a01b0389161415610bae565b6349e2aa7b60e01b5f90815263ffffffff918216600452908a166024526001600160a01b038716604452606490fd5b34610e7a57610ef0366111f7565b610ef981611350565b336001600160a01b0390911603610f15576105e6602091611f57565b610f1e90611350565b632767cb4760e11b5f9081526001600160a01b039190911660045233602452604490fd5b34610e7a575f366003190112610e7a57602063ffffffff60025416604051908152f35b34610e7a57610160366003190112610e7a57610f7f611194565b610f876111a7565b90604435906001600160401b038211610e7a576101c06003198336030112610e7a57610fb16111ba565b9260c43563ffffffff81168103610e7a5760e4356001600160401b038111610e7a57610fe19036906004016111ca565b5050610104356001600160401b038111610e7a576110039036906004016111ca565b91610124356001600160401b038111610e7a576110249036906004016111ca565b610144359790969195906001600160a01b0389168903610e7a5761104e996101f093610303611780565b5f5f516020612d675f395f51905f525d005b34610e7a576040366003190112610e7a576024356001600160a01b0381168103610e7a5760408051600435602082019081526001600160a01b03909316918101919091526110b18160608101610655565b5190205f52600860205261110760405f2061111560016110f3604051936110e3856110dc81846112cf565b0386611276565b610a3e60405180948193016112cf565b604051938493604085526040850190611170565b908382036020850152611170565b0390f35b34610e7a575f366003190112610e7a577f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b604435906001600160a01b0382168203610e7a57565b805180835260209291819084018484015e5f828201840152601f01601f1916010190565b6004359063ffffffff82168203610e7a57565b6024359063ffffffff82168203610e7a57565b6064359060ff82168203610e7a57565b9181601f84011215610e7a578235916001600160401b038311610e7a5760208381860195010111610e7a57565b6020600319820112610e7a57600435906001600160401b038211610e7a576101c0908290036003190112610e7a5760040190565b606081019081106001600160401b0382111761124657604052565b634e487b7160e01b5f52604160045260245ffd5b6101c081019081106001600160401b0382111761124657604052565b90601f801991011681019081106001600160401b0382111761124657604052565b90600182811c921680156112c5575b60208310146112b157565b634e487b7160e01b5f52602260045260245ffd5b91607f16916112a6565b5f92918154916112de83611297565b808352926001811690811561133357506001146112fa57505050565b5f9081526020812093945091925b838310611319575060209250010190565b600181602092949394548385870101520191019190611308565b915050602093945060ff929192191683830152151560051b010190565b356001600160a01b0381168103610e7a5790565b6001600160a01b03918216815291811660208301529091166040820152606081019190915260800190565b9063ffffffff60405191816020840194468652306040860152166060840152166080820152608081526113c360a082611276565b51902090565b63ffffffff165f908152600360205260409020546001600160a01b038116158015611446575b8015611434575b61142f5761141663ffffffff8260c01c1663ffffffff8360a01c166124dd565b9060e01c81111561142657505f90565b63ffffffff1690565b505f90565b5063ffffffff8160a01c1642106113f6565b5063ffffffff808260a01c16146113ef565b90611464604293611593565b63ffffffff604051928160208501957f35c51a14934e12d8fa62e21f7a559b34fe6c14c04926b2fbde3edf03994515df87521660408501521660608301526080820152608081526114b660a082611276565b5190206114c1612c50565b906040519161190160f01b8352600283015260228201522090565b3563ffffffff81168103610e7a5790565b3561ffff81168103610e7a5790565b3565ffffffffffff81168103610e7a5790565b903590601e1981360301821215610e7a57018035906001600160401b038211610e7a57602001918136038313610e7a57565b9291926001600160401b038211611246576040519161156a601f8201601f191660200184611276565b829481845281830111610e7a578281602093845f960137010152565b358015158103610e7a5790565b61159c81611350565b906115a9602082016114dc565b916115b6604083016114dc565b6115c2606084016114dc565b6115ce608085016114ed565b6115da60a086016114fc565b916115e760c087016114dc565b936040519760208901967f32d56b74c662ca47a31feafda16499ea96a5d66425be4a028adae996cd53be418852600160a01b600190031660408a015263ffffffff16606089015263ffffffff16608088015263ffffffff1660a087015261ffff1660c086015265ffffffffffff1660e085015263ffffffff16610100840152610100835261167761012084611276565b61168460e083018361150f565b369061168f92611541565b8051906020012061010083016116a5908461150f565b36906116b092611541565b805190602001209261012081016116c690611586565b906116d46101408201611350565b906116e26101808201611350565b916116f06101a08301611350565b60408051602081019788529081019890985293151560608801526001600160a01b039081166080880152610160919091013560a087015290811660c08601521660e080850191909152835261174761010084611276565b6040519283926020840195518091875e83019060208201905f8252519283915e016020015f815203601f19810182526113c39082611276565b5f516020612d675f395f51905f525c6117a65760015f516020612d675f395f51905f525d565b633ee5aeb560e01b5f5260045ffd5b9492909391936117c485611350565b604080516001600160a01b039092166020830190815263ffffffff891691830191909152906117f68160608101610655565b51902095865f52600660205263ffffffff60405f2054168061192e575063ffffffff82168042101561191c5750916118348661183995938795611458565b612513565b509091600482101561190857600382146118f657506118e7576001600160a01b0361186383611350565b16156118d8576001600160a01b0361188261187d84611350565b6125b4565b6001600160a01b0390921691168082036118c35750506118a190611f57565b905f52600660205260405f2063ffffffff821663ffffffff1982541617905590565b6377f0734360e11b5f5260045260245260445ffd5b639905827b60e01b5f5260045ffd5b638baa579f60e01b5f5260045ffd5b635682f3bf60e01b5f5260045260245ffd5b634e487b7160e01b5f52602160045260245ffd5b63728b7f5560e01b5f5260045260245ffd5b965050505050505090565b908060209392818452848401375f828201840152601f01601f1916010190565b919091601f831161196a575b505050565b81831161197657505050565b5f5260205f206020601f830160051c92106119af575b81601f9101920160051c03905f5b82811015611965575f8282015560010161199a565b5f915061198c565b91949593909563ffffffff831695865f52600360205260405f2094855460018060a01b038116968715611f2c5763ffffffff8260a01c1663ffffffff8114611f1957804210611f0357611a149063ffffffff8460c01c16906124dd565b9160e01c8211611ef15763ffffffff8b1691828103611ed4575060010190815465ffffffffffff8160101c16803a11611ebe57506040805163ffffffff808b1660208301908152908f1692820192909252336060820152611a788160808101610655565b519020805f52600560205260ff60405f205416611ea35788610655611abd8f60405192839160208301958690929163ffffffff60209181604085019616845216910152565b51902092835f52600460205261ffff8060405f2054169316831015611e8d5750906001915f52600560205260405f208260ff19825416179055019061ffff8211611d5557611b4c928c9263ffffffff925f52600460205261ffff60405f20911661ffff198254161790555460401c16968a5f526003602052611b4760405f209a87898d8686612654565b61138f565b9660ff60046060920154165f14611e3f575060408051602081018981523392820192909252611b7e8160608101610655565b5190205f52600860205260405f20916001600160401b03821161124657611baf82611ba98554611297565b85611959565b5f90601f8311600114611dd8579180611be192600195945f92611d69575b50508160011b915f199060031b1c19161790565b81555b01916001600160401b03821161124657611c0282611ba98554611297565b5f90601f8311600114611d7457611c2f92915f9183611d695750508160011b915f199060031b1c19161790565b90555b60405163395c427f60e21b6020820152836024820152606060448201525f6084820152608060648201525f60a482015260a48152611c7160c482611276565b915b5a6113888110611d3f57611387198101818111611d5557611c9981859260061c906124d0565b10611d3f57505f837ff8353034468b8a80cb8fe3ca5621c12a08b478764217f3145f6dd4e688912e7b95938280946020611cf99851940192f115611cfe575b6040519182913396836020909392919363ffffffff60408201951681520152565b0390a3565b6040805163ffffffff8716815260208101839052339186917fce08ccea875e1b6a1bd9c5a773b48df2c179bf66246f22c506d28d072e25dadd9190a3611cd8565b82631219653960e21b5f5260045260245260445ffd5b634e487b7160e01b5f52601160045260245ffd5b013590505f80611bcd565b601f19831691845f5260205f20925f5b818110611dc05750908460019594939210611da7575b505050811b019055611c32565b01355f19600384901b60f8161c191690555f8080611d9a565b91936020600181928787013581550195019201611d84565b601f19831691845f5260205f20925f5b818110611e275750916001959492918387959310611e0e575b505050811b018155611be4565b01355f19600384901b60f8161c191690555f8080611e01565b91936020600181928787013581550195019201611de8565b9193611e8793611e75610655939660405197889663395c427f60e21b60208901528c602489015260448801526084870191611939565b84810360231901606486015291611939565b91611c73565b8c63540eb8a160e11b5f5260045260245260445ffd5b828c631e4e575360e31b5f526004526024523360445260645ffd5b63435e532d60e11b5f523a60045260245260445ffd5b63ffffffff915063184653a360e31b5f521660045260245260445ffd5b8962e5c8e360e21b5f5260045260245ffd5b8a63b52d2c8b60e01b5f5260045260245260445ffd5b8a638af9ea3960e01b5f5260045260245ffd5b896304ac0d9960e21b5f5260045260245ffd5b90816020910312610e7a57518015158103610e7a5790565b906001600160a01b03611f6983611350565b16156118d857606082019163ffffffff611f82846114dc565b16156124c157608081019061ffff611f99836114ed565b16156124b25760c081019163ffffffff611fb2846114dc565b16156124a35760e0820190611fc7828461150f565b90501561249457602083019063ffffffff80611fe2846114dc565b16146124855761016084013590811515806123e7575b6123ba576002549563ffffffff871663ffffffff8114611d555760010163ffffffff8116809863ffffffff19161760025598875f52600360205261206060405f209560018060a01b0361204a8a611350565b88546001600160a01b03191691161787556114dc565b855463ffffffff60a01b191660a09190911b63ffffffff60a01b1617855561208a604088016114dc565b855490916001600160e01b0319906120a1906114dc565b60e01b169163ffffffff60c01b9060c01b169060018060c01b03161717845561ffff6120d060018601936114ed565b1661ffff198354161782556120e760a087016114fc565b9067ffffffffffff00006bffffffff00000000000000006121098554936114dc565b60401b169260101b16906bffffffffffffffffffff000019161717905560028201612134848661150f565b906001600160401b0382116112465761215182611ba98554611297565b5f90601f83116001146123565761217e92915f9183611d695750508160011b915f199060031b1c19161790565b90555b6003820161219361010086018661150f565b906001600160401b038211611246576121b082611ba98554611297565b5f90601f83116001146122e857826122a597959361229e9795936121e8935f92611d695750508160011b915f199060031b1c19161790565b90555b600482016121fc6101208801611586565b151560ff801983541691161781556122176101408801611350565b8154610100600160a81b03191660089190911b610100600160a81b031617905560058201556122496101808601611350565b6006820180546001600160a01b0319166001600160a01b0390921691909117905560076122796101a08701611350565b910180546001600160a01b0319166001600160a01b039092169190911790558361150f565b3691611541565b8051602090910120906001600160a01b03906122c090611350565b16917fa7a3c077de35a5462725791050365b64fab6a449316a74c0ee603bfa972dd00b5f80a4565b601f19831691845f5260205f20925f5b81811061233e57509260019285926122a59a989661229e9a989610612325575b505050811b0190556121eb565b01355f19600384901b60f8161c191690555f8080612318565b919360206001819287870135815501950192016122f8565b601f19831691845f5260205f20925f5b8181106123a25750908460019594939210612389575b505050811b019055612181565b01355f19600384901b60f8161c191690555f808061237c565b91936020600181928787013581550195019201612366565b6123c76101a08601611350565b633146914d60e11b5f9081526001600160a01b0391909116600452602490fd5b506123f56101a08601611350565b6040516321cd180960e11b81526001600160a01b03918216600482015290602090829060249082907f0000000000000000000000000000000000000000000000000000000000000000165afa908115610e6f575f91612456575b5015611ff8565b612478915060203d60201161247e575b6124708183611276565b810190611f3f565b5f61244f565b503d612466565b63bd27271f60e01b5f5260045ffd5b633a60427960e21b5f5260045ffd5b63eaf856a160e01b5f5260045ffd5b63f6566e2760e01b5f5260045ffd5b63e3c2448f60e01b5f5260045ffd5b91908203918211611d5557565b9063ffffffff169081155f146124f4575050600190565b63ffffffff6125049116426124d0565b0460018101809111611d555790565b91907f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0841161258a579160209360809260ff5f9560405194855216868401526040830152606082015282805260015afa15610e6f575f516001600160a01b0381161561258057905f905f90565b505f906001905f90565b5050505f9160039190565b90816020910312610e7a57516001600160a01b0381168103610e7a5790565b803b1561263457604051637ac3c02f60e01b81526001600160a01b03919091169190602081600481865afa5f9181612603575b506125ff5782639cc6273160e01b5f5260045260245ffd5b9150565b61262691925060203d60201161262d575b61261e8183611276565b810190612595565b905f6125e7565b503d612614565b639cc6273160e01b5f9081526001600160a01b0391909116600452602490fd5b9392936005830154955f9660018060a01b03600486015460081c1694811591828093612c0a575b612bfe5760068201549215926001600160a01b03168380612b7e575b612b605760078301546001600160a01b03168815612b02578b94612831575b5050505062093a8063ffffffff4216019163ffffffff831161281d5763ffffffff93929160019185604051946126eb8661122b565b16845260a083901b8390031660208085019182526040808601938452805163ffffffff8089169382019384528a16918101919091523360608201526127338160808101610655565b5190208b526007602052858060408d20955116168619855416178455518354906401000000008460c01b039060201b16906401000000008460c01b031916178355519101551663ffffffff604051921691828152836020820152817f9d05996dc05b53f001676e077ad154790d69af0a4830d9e9b5029d2b665259c660403393a3823b1561020c579085809493926127f96040519788968795869463081e79a960e41b865260048601526024850152336044850152608060648501526084840191611939565b03925af18015610d415761280b575050565b612816828092611276565b6101465750565b634e487b7160e01b89526011600452602489fd5b9091929350604051630480051d60e31b81528260048201526020816024818c5afa908115612ac1578c91612ae3575b5015612acc57604051636fcca69b60e01b8152600481018390526020816024818c5afa908115612ac1578c91612a8f575b50838111612a7857806129b1575b6128a990846124d0565b93546001600160a01b0316813b156129ad5760405163d072934760e01b81526001600160a01b039182166004820152908316602482015260448101859052908b908290606490829084905af180156129a257908b91612989575b50506001600160a01b03841690813b156129855760405163d072934760e01b81523360048201526001600160a01b03919091166024820152604481019290925289908290606490829084905af1801561297a57908991612965575b80806126b6565b8161296f91611276565b61020857875f61295e565b6040513d8b823e3d90fd5b8a80fd5b8161299391611276565b61299e57895f612903565b8980fd5b6040513d8d823e3d90fd5b8b80fd5b84546040516304ca658160e21b8152906001600160a01b03166020826004818e5afa918215612a6b578e92612a4a575b50833b15612a4657848e91612a0b856040519586948594630d67cfd960e01b865260048601611364565b038183875af18015612a3b57908d91612a26575b505061289f565b81612a3091611276565b6129ad578b5f612a1f565b6040513d8f823e3d90fd5b8d80fd5b612a6491925060203d60201161262d5761261e8183611276565b905f6129e1565b8e604051903d90823e3d90fd5b634dbd622360e01b8c52600452602483905260448bfd5b90506020813d602011612ab9575b81612aaa60209383611276565b810103126129ad57515f612891565b3d9150612a9d565b6040513d8e823e3d90fd5b60448b838a63449af39960e01b8352600452602452fd5b612afc915060203d60201161247e576124708183611276565b5f612860565b97509850985093505093505060018060a01b0390541692813b15610e7a575f8094612b4360405197889687958694630d67cfd960e01b865260048601611364565b03925af18015610e6f57612b545750565b5f612b5e91611276565b565b633146914d60e11b5f9081526001600160a01b038616600452602490fd5b506040516321cd180960e11b81526001600160a01b038681166004830152602090829060249082907f0000000000000000000000000000000000000000000000000000000000000000165afa908115610e6f575f91612bdf575b5015612697565b612bf8915060203d60201161247e576124708183611276565b5f612bd8565b50505050505050505050565b50861561267b565b60ff811690601f8211612c415760405191612c2e604084611276565b6020808452838101919036833783525290565b632cd44ac360e21b5f5260045ffd5b307f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03161480612d3d575b15612cab577f000000000000000000000000000000000000000000000000000000000000000090565b60405160208101907f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f82527f000000000000000000000000000000000000000000000000000000000000000060408201527f000000000000000000000000000000000000000000000000000000000000000060608201524660808201523060a082015260a081526113c360c082611276565b507f00000000000000000000000000000000000000000000000000000000000000004614612c8256fe9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f0060a034606c57601f610e5538819003918201601f19168301916001600160401b03831184841017607057808492602094604052833981010312606c57516001600160a01b0381168103606c57608052604051610dd090816100858239608051818181608c01526101920152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffdfe6080806040526004361015610012575f80fd5b5f3560e01c9081633b2bcbf11461018057508063439a3012146101405763b054a9e81461003d575f80fd5b3461013c57602036600319011261013c576004356001600160a01b0381169081900361013c57604051610c0e8082019082821067ffffffffffffffff8311176101285760409183916101c283397f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602081018590520301905ff090811561011d5760209160018060a01b031690815f525f835260405f20600160ff198254161790556040518281527fca0b7dde26052d34217ef1a0cee48085a07ca32da0a918609937a307d496bbf5843392a3604051908152f35b6040513d5f823e3d90fd5b634e487b7160e01b5f52604160045260245ffd5b5f80fd5b3461013c57602036600319011261013c576004356001600160a01b0381169081900361013c575f525f602052602060ff60405f2054166040519015158152f35b3461013c575f36600319011261013c577f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f3fe60a0346100f257601f610c0e38819003918201601f19168301916001600160401b038311848410176100f65780849260409485528339810103126100f2576100468161010a565b906001600160a01b039061005c9060200161010a565b169081156100df575f80546001600160a01b031981168417825560405193916001600160a01b03909116907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09080a3608052610aef908161011f82396080518181816102b30152818161038a0152818161055b01528181610609015261064c0152f35b631e4fbdf760e01b5f525f60045260245ffd5b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b51906001600160a01b03821682036100f25756fe6080604052600436101561001a575b3615610018575f80fd5b005b5f3560e01c80630d67cfd9146106385780633b2bcbf1146105f457806346d2a733146105475780635e0fac2e1461052457806370a08231146104f9578063715018a6146104a25780638da5cb5b1461047b5780639ae697bf14610443578063c704836914610379578063d0729347146102a2578063dd62ed3e14610245578063e1f21c67146101d5578063f2fde38b146101505763f3fef3a30361000e573461014c57604036600319011261014c576100d16106bb565b7f7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65602060243592610100610aa8565b610108610868565b6101128482610927565b5f546101299085906001600160a01b03168361095d565b6040519384526001600160a01b031692a25f5f516020610acf5f395f51905f525d005b5f80fd5b3461014c57602036600319011261014c576101696106bb565b610171610aa8565b6001600160a01b031680156101c2575f80546001600160a01b03198116831782556001600160a01b0316907f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09080a3005b631e4fbdf760e01b5f525f60045260245ffd5b3461014c577f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560206102063661071f565b9391610213939193610aa8565b6001600160a01b039081165f8181526001845260408082209690931680825295845282902086905590519485529293a3005b3461014c57604036600319011261014c5761025e6106bb565b602435906001600160a01b038216820361014c5760018060a01b03165f52600160205260405f209060018060a01b03165f52602052602060405f2054604051908152f35b3461014c576102b03661071f565b907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036103665760207fec36c0364d931187a76cf66d7eee08fad0ec2e8b7458a8d8b26b36769d4d13f39161030d610868565b61031884828761089d565b6103228482610927565b60018060a01b031693845f526002825260405f2061034185825461085b565b90556040519384526001600160a01b031692a35f5f516020610acf5f395f51905f525d005b63f01654df60e01b5f523360045260245ffd5b3461014c576103873661071f565b917f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036103665760207fc1c90b8e0705b212262c0dbd7580efe1862c2f185bf96899226f7596beb2db09916103e4610868565b6103ee8585610a55565b60018060a01b031692835f526001825260405f2060018060a01b0382165f52825260405f2061041e86825461085b565b90556040519485526001600160a01b031693a35f5f516020610acf5f395f51905f525d005b3461014c57602036600319011261014c576001600160a01b036104646106bb565b165f526002602052602060405f2054604051908152f35b3461014c575f36600319011261014c575f546040516001600160a01b039091168152602090f35b3461014c575f36600319011261014c576104ba610aa8565b5f80546001600160a01b0319811682556001600160a01b03167f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e08280a3005b3461014c57602036600319011261014c57602061051c6105176106bb565b6107df565b604051908152f35b3461014c57602036600319011261014c57602061051c6105426106bb565b61077a565b3461014c57610555366106d1565b919291907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036103665760207fd1398bee19313d6bf672ccb116e51f4a1a947e91c757907f51fbb5b5e56c698f916105b5610868565b6105bf8487610a55565b6105ca84828861095d565b6040519384526001600160a01b03908116958116941692a45f5f516020610acf5f395f51905f525d005b3461014c575f36600319011261014c576040517f00000000000000000000000000000000000000000000000000000000000000006001600160a01b03168152602090f35b3461014c57610646366106d1565b919291907f00000000000000000000000000000000000000000000000000000000000000006001600160a01b031633036103665760207fd1398bee19313d6bf672ccb116e51f4a1a947e91c757907f51fbb5b5e56c698f916106a6610868565b6106b184878761089d565b6105bf8487610927565b600435906001600160a01b038216820361014c57565b608090600319011261014c576004356001600160a01b038116810361014c57906024356001600160a01b038116810361014c57906044356001600160a01b038116810361014c579060643590565b606090600319011261014c576004356001600160a01b038116810361014c57906024356001600160a01b038116810361014c579060443590565b9190820391821161076657565b634e487b7160e01b5f52601160045260245ffd5b6107a690610787816107df565b6001600160a01b039091165f9081526002602052604090205490610759565b90565b90601f8019910116810190811067ffffffffffffffff8211176107cb57604052565b634e487b7160e01b5f52604160045260245ffd5b6001600160a01b0316806107f257504790565b6020602491604051928380926370a0823160e01b82523060048301525afa908115610850575f91610821575090565b90506020813d602011610848575b8161083c602093836107a9565b8101031261014c575190565b3d915061082f565b6040513d5f823e3d90fd5b9190820180921161076657565b5f516020610acf5f395f51905f525c61088e5760015f516020610acf5f395f51905f525d565b633ee5aeb560e01b5f5260045ffd5b60018060a01b031691825f52600160205260405f2060018060a01b0383165f5260205260405f20548181106108f757906108d691610759565b915f52600160205260405f209060018060a01b03165f5260205260405f2055565b608493926040519363246fb68960e21b8552600485015260018060a01b0316602484015260448301526064820152fd5b6109308161077a565b9082821061093d57505050565b632e2a182f60e11b5f5260018060a01b031660045260245260445260645ffd5b8215610a50576001600160a01b0316806109dd57505f80808085855af13d156109d8573d67ffffffffffffffff81116107cb57604051906109a8601f8201601f1916602001836107a9565b81525f60203d92013e5b156109bb575050565b63296c17bb60e21b5f5260018060a01b031660045260245260445ffd5b6109b2565b916040519163a9059cbb60e01b5f5260018060a01b031660045260245260205f60448180865af19060015f5114821615610a2f575b60405215610a1d5750565b635274afe760e01b5f5260045260245ffd5b906001811516610a4757823b15153d15161690610a12565b503d5f823e3d90fd5b505050565b6001600160a01b03165f81815260026020526040902054909190818110610a8f5790610a8091610759565b905f52600260205260405f2055565b82637db8b08b60e01b5f5260045260245260445260645ffd5b5f546001600160a01b03163303610abb57565b63118cdaa760e01b5f523360045260245ffdfe9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00",
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

// PackPROOFVERIFICATIONWINDOW is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x32246cda.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function PROOF_VERIFICATION_WINDOW() view returns(uint32)
func (coordinator *Coordinator) PackPROOFVERIFICATIONWINDOW() []byte {
	enc, err := coordinator.abi.Pack("PROOF_VERIFICATION_WINDOW")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPROOFVERIFICATIONWINDOW is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x32246cda.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function PROOF_VERIFICATION_WINDOW() view returns(uint32)
func (coordinator *Coordinator) TryPackPROOFVERIFICATIONWINDOW() ([]byte, error) {
	return coordinator.abi.Pack("PROOF_VERIFICATION_WINDOW")
}

// UnpackPROOFVERIFICATIONWINDOW is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x32246cda.
//
// Solidity: function PROOF_VERIFICATION_WINDOW() view returns(uint32)
func (coordinator *Coordinator) UnpackPROOFVERIFICATIONWINDOW(data []byte) (uint32, error) {
	out, err := coordinator.abi.Unpack("PROOF_VERIFICATION_WINDOW", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
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

// PackWALLETFACTORY is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0e2009f4.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function WALLET_FACTORY() view returns(address)
func (coordinator *Coordinator) PackWALLETFACTORY() []byte {
	enc, err := coordinator.abi.Pack("WALLET_FACTORY")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackWALLETFACTORY is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0e2009f4.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function WALLET_FACTORY() view returns(address)
func (coordinator *Coordinator) TryPackWALLETFACTORY() ([]byte, error) {
	return coordinator.abi.Pack("WALLET_FACTORY")
}

// UnpackWALLETFACTORY is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x0e2009f4.
//
// Solidity: function WALLET_FACTORY() view returns(address)
func (coordinator *Coordinator) UnpackWALLETFACTORY(data []byte) (common.Address, error) {
	out, err := coordinator.abi.Unpack("WALLET_FACTORY", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
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
// the contract method with ID 0xc509543d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function deliverCompute(uint32 subscriptionId, uint32 deliveryInterval, bytes input, bytes output, bytes proof, address nodeWallet) returns()
func (coordinator *Coordinator) PackDeliverCompute(subscriptionId uint32, deliveryInterval uint32, input []byte, output []byte, proof []byte, nodeWallet common.Address) []byte {
	enc, err := coordinator.abi.Pack("deliverCompute", subscriptionId, deliveryInterval, input, output, proof, nodeWallet)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDeliverCompute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc509543d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function deliverCompute(uint32 subscriptionId, uint32 deliveryInterval, bytes input, bytes output, bytes proof, address nodeWallet) returns()
func (coordinator *Coordinator) TryPackDeliverCompute(subscriptionId uint32, deliveryInterval uint32, input []byte, output []byte, proof []byte, nodeWallet common.Address) ([]byte, error) {
	return coordinator.abi.Pack("deliverCompute", subscriptionId, deliveryInterval, input, output, proof, nodeWallet)
}

// PackDeliverComputeDelegatee is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1328922d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function deliverComputeDelegatee(uint32 nonce, uint32 expiry, (address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub, uint8 v, bytes32 r, bytes32 s, uint32 deliveryInterval, bytes input, bytes output, bytes proof, address nodeWallet) returns()
func (coordinator *Coordinator) PackDeliverComputeDelegatee(nonce uint32, expiry uint32, sub Subscription, v uint8, r [32]byte, s [32]byte, deliveryInterval uint32, input []byte, output []byte, proof []byte, nodeWallet common.Address) []byte {
	enc, err := coordinator.abi.Pack("deliverComputeDelegatee", nonce, expiry, sub, v, r, s, deliveryInterval, input, output, proof, nodeWallet)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDeliverComputeDelegatee is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1328922d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function deliverComputeDelegatee(uint32 nonce, uint32 expiry, (address,uint32,uint32,uint32,uint16,uint48,uint32,string,bytes,bool,address,uint256,address,address) sub, uint8 v, bytes32 r, bytes32 s, uint32 deliveryInterval, bytes input, bytes output, bytes proof, address nodeWallet) returns()
func (coordinator *Coordinator) TryPackDeliverComputeDelegatee(nonce uint32, expiry uint32, sub Subscription, v uint8, r [32]byte, s [32]byte, deliveryInterval uint32, input []byte, output []byte, proof []byte, nodeWallet common.Address) ([]byte, error) {
	return coordinator.abi.Pack("deliverComputeDelegatee", nonce, expiry, sub, v, r, s, deliveryInterval, input, output, proof, nodeWallet)
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

// PackFinalizeProofVerification is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x196ab123.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function finalizeProofVerification(uint32 subscriptionId, uint32 interval, address node, bool valid) returns()
func (coordinator *Coordinator) PackFinalizeProofVerification(subscriptionId uint32, interval uint32, node common.Address, valid bool) []byte {
	enc, err := coordinator.abi.Pack("finalizeProofVerification", subscriptionId, interval, node, valid)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFinalizeProofVerification is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x196ab123.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function finalizeProofVerification(uint32 subscriptionId, uint32 interval, address node, bool valid) returns()
func (coordinator *Coordinator) TryPackFinalizeProofVerification(subscriptionId uint32, interval uint32, node common.Address, valid bool) ([]byte, error) {
	return coordinator.abi.Pack("finalizeProofVerification", subscriptionId, interval, node, valid)
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

// PackInbox is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1321414b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function inbox(bytes32 taskId_, address node) view returns(bytes output, bytes proof)
func (coordinator *Coordinator) PackInbox(taskId [32]byte, node common.Address) []byte {
	enc, err := coordinator.abi.Pack("inbox", taskId, node)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackInbox is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1321414b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function inbox(bytes32 taskId_, address node) view returns(bytes output, bytes proof)
func (coordinator *Coordinator) TryPackInbox(taskId [32]byte, node common.Address) ([]byte, error) {
	return coordinator.abi.Pack("inbox", taskId, node)
}

// InboxOutput serves as a container for the return parameters of contract
// method Inbox.
type InboxOutput struct {
	Output []byte
	Proof  []byte
}

// UnpackInbox is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x1321414b.
//
// Solidity: function inbox(bytes32 taskId_, address node) view returns(bytes output, bytes proof)
func (coordinator *Coordinator) UnpackInbox(data []byte) (InboxOutput, error) {
	out, err := coordinator.abi.Unpack("inbox", data)
	outstruct := new(InboxOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.Output = *abi.ConvertType(out[0], new([]byte)).(*[]byte)
	outstruct.Proof = *abi.ConvertType(out[1], new([]byte)).(*[]byte)
	return *outstruct, nil
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

// PackProofRequest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x72533bca.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function proofRequest(uint32 subscriptionId, uint32 interval, address node) view returns(uint32 expiry, address nodeWallet, uint256 escrow)
func (coordinator *Coordinator) PackProofRequest(subscriptionId uint32, interval uint32, node common.Address) []byte {
	enc, err := coordinator.abi.Pack("proofRequest", subscriptionId, interval, node)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackProofRequest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x72533bca.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function proofRequest(uint32 subscriptionId, uint32 interval, address node) view returns(uint32 expiry, address nodeWallet, uint256 escrow)
func (coordinator *Coordinator) TryPackProofRequest(subscriptionId uint32, interval uint32, node common.Address) ([]byte, error) {
	return coordinator.abi.Pack("proofRequest", subscriptionId, interval, node)
}

// ProofRequestOutput serves as a container for the return parameters of contract
// method ProofRequest.
type ProofRequestOutput struct {
	Expiry     uint32
	NodeWallet common.Address
	Escrow     *big.Int
}

// UnpackProofRequest is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x72533bca.
//
// Solidity: function proofRequest(uint32 subscriptionId, uint32 interval, address node) view returns(uint32 expiry, address nodeWallet, uint256 escrow)
func (coordinator *Coordinator) UnpackProofRequest(data []byte) (ProofRequestOutput, error) {
	out, err := coordinator.abi.Unpack("proofRequest", data)
	outstruct := new(ProofRequestOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.Expiry = *abi.ConvertType(out[0], new(uint32)).(*uint32)
	outstruct.NodeWallet = *abi.ConvertType(out[1], new(common.Address)).(*common.Address)
	outstruct.Escrow = abi.ConvertType(out[2], new(big.Int)).(*big.Int)
	return *outstruct, nil
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

// CoordinatorProofRequested represents a ProofRequested event raised by the Coordinator contract.
type CoordinatorProofRequested struct {
	Id       uint32
	Interval uint32
	Node     common.Address
	Verifier common.Address
	Raw      *types.Log // Blockchain specific contextual infos
}

const CoordinatorProofRequestedEventName = "ProofRequested"

// ContractEventName returns the user-defined event name.
func (CoordinatorProofRequested) ContractEventName() string {
	return CoordinatorProofRequestedEventName
}

// UnpackProofRequestedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ProofRequested(uint32 indexed id, uint32 interval, address indexed node, address verifier)
func (coordinator *Coordinator) UnpackProofRequestedEvent(log *types.Log) (*CoordinatorProofRequested, error) {
	event := "ProofRequested"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != coordinator.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(CoordinatorProofRequested)
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

// CoordinatorProofVerified represents a ProofVerified event raised by the Coordinator contract.
type CoordinatorProofVerified struct {
	Id       uint32
	Interval uint32
	Node     common.Address
	Active   bool
	Verifier common.Address
	Valid    bool
	Raw      *types.Log // Blockchain specific contextual infos
}

const CoordinatorProofVerifiedEventName = "ProofVerified"

// ContractEventName returns the user-defined event name.
func (CoordinatorProofVerified) ContractEventName() string {
	return CoordinatorProofVerifiedEventName
}

// UnpackProofVerifiedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ProofVerified(uint32 indexed id, uint32 interval, address indexed node, bool active, address verifier, bool valid)
func (coordinator *Coordinator) UnpackProofVerifiedEvent(log *types.Log) (*CoordinatorProofVerified, error) {
	event := "ProofVerified"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != coordinator.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(CoordinatorProofVerified)
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
	if bytes.Equal(raw[:4], coordinator.abi.Errors["InvalidWallet"].ID.Bytes()[:4]) {
		return coordinator.UnpackInvalidWalletError(raw[4:])
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
	if bytes.Equal(raw[:4], coordinator.abi.Errors["ProofRequestNotFound"].ID.Bytes()[:4]) {
		return coordinator.UnpackProofRequestNotFoundError(raw[4:])
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
	if bytes.Equal(raw[:4], coordinator.abi.Errors["UnauthorizedVerifier"].ID.Bytes()[:4]) {
		return coordinator.UnpackUnauthorizedVerifierError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["UnsupportedVerifierToken"].ID.Bytes()[:4]) {
		return coordinator.UnpackUnsupportedVerifierTokenError(raw[4:])
	}
	if bytes.Equal(raw[:4], coordinator.abi.Errors["VerifierFeeTooHigh"].ID.Bytes()[:4]) {
		return coordinator.UnpackVerifierFeeTooHighError(raw[4:])
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

// CoordinatorInvalidWallet represents a InvalidWallet error raised by the Coordinator contract.
type CoordinatorInvalidWallet struct {
	Wallet common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidWallet(address wallet)
func CoordinatorInvalidWalletErrorID() common.Hash {
	return common.HexToHash("0x628d229a841691b6765c5c9cb0fb3211bb9ad75f6705a4865c23da1f97e389c2")
}

// UnpackInvalidWalletError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidWallet(address wallet)
func (coordinator *Coordinator) UnpackInvalidWalletError(raw []byte) (*CoordinatorInvalidWallet, error) {
	out := new(CoordinatorInvalidWallet)
	if err := coordinator.abi.UnpackIntoInterface(out, "InvalidWallet", raw); err != nil {
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

// CoordinatorProofRequestNotFound represents a ProofRequestNotFound error raised by the Coordinator contract.
type CoordinatorProofRequestNotFound struct {
	SubscriptionId uint32
	Interval       uint32
	Node           common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ProofRequestNotFound(uint32 subscriptionId, uint32 interval, address node)
func CoordinatorProofRequestNotFoundErrorID() common.Hash {
	return common.HexToHash("0x49e2aa7bd21807930e158eab04f7dbfacd0022ca323a98864770e40405b53032")
}

// UnpackProofRequestNotFoundError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ProofRequestNotFound(uint32 subscriptionId, uint32 interval, address node)
func (coordinator *Coordinator) UnpackProofRequestNotFoundError(raw []byte) (*CoordinatorProofRequestNotFound, error) {
	out := new(CoordinatorProofRequestNotFound)
	if err := coordinator.abi.UnpackIntoInterface(out, "ProofRequestNotFound", raw); err != nil {
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

// CoordinatorUnauthorizedVerifier represents a UnauthorizedVerifier error raised by the Coordinator contract.
type CoordinatorUnauthorizedVerifier struct {
	Caller common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error UnauthorizedVerifier(address caller)
func CoordinatorUnauthorizedVerifierErrorID() common.Hash {
	return common.HexToHash("0x1eb1c0a58f4c6c676db85cc415d748a4b5e0df991e349f921769674b6a0e62eb")
}

// UnpackUnauthorizedVerifierError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error UnauthorizedVerifier(address caller)
func (coordinator *Coordinator) UnpackUnauthorizedVerifierError(raw []byte) (*CoordinatorUnauthorizedVerifier, error) {
	out := new(CoordinatorUnauthorizedVerifier)
	if err := coordinator.abi.UnpackIntoInterface(out, "UnauthorizedVerifier", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorUnsupportedVerifierToken represents a UnsupportedVerifierToken error raised by the Coordinator contract.
type CoordinatorUnsupportedVerifierToken struct {
	Verifier common.Address
	Token    common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error UnsupportedVerifierToken(address verifier, address token)
func CoordinatorUnsupportedVerifierTokenErrorID() common.Hash {
	return common.HexToHash("0x449af399fb1dcdaf630484ca339d3973c24b8ade81e077e6939303a4bbf09fd7")
}

// UnpackUnsupportedVerifierTokenError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error UnsupportedVerifierToken(address verifier, address token)
func (coordinator *Coordinator) UnpackUnsupportedVerifierTokenError(raw []byte) (*CoordinatorUnsupportedVerifierToken, error) {
	out := new(CoordinatorUnsupportedVerifierToken)
	if err := coordinator.abi.UnpackIntoInterface(out, "UnsupportedVerifierToken", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// CoordinatorVerifierFeeTooHigh represents a VerifierFeeTooHigh error raised by the Coordinator contract.
type CoordinatorVerifierFeeTooHigh struct {
	Fee           *big.Int
	PaymentAmount *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error VerifierFeeTooHigh(uint256 fee, uint256 paymentAmount)
func CoordinatorVerifierFeeTooHighErrorID() common.Hash {
	return common.HexToHash("0x4dbd6223593306dfa8df1005269fd0b9a6d4d258bd018925891c58e505bf708c")
}

// UnpackVerifierFeeTooHighError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error VerifierFeeTooHigh(uint256 fee, uint256 paymentAmount)
func (coordinator *Coordinator) UnpackVerifierFeeTooHighError(raw []byte) (*CoordinatorVerifierFeeTooHigh, error) {
	out := new(CoordinatorVerifierFeeTooHigh)
	if err := coordinator.abi.UnpackIntoInterface(out, "VerifierFeeTooHigh", raw); err != nil {
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
