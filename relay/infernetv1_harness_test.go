package relay

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"math/big"
	"os"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/coordinator"
)

// The Infernet SDK v1 fixtures at the addresses local Infernet setups use
// (anvil's third default account at nonce 0).
var inetKnown = InfernetV1Addresses{
	Registry:      common.HexToAddress("0x663F3ad617193148711d28f5334eE4Ed07016602"),
	Coordinator:   common.HexToAddress("0x2E983A1Ba5e8b38AAAeC4B440B9dDcFBf72E15d1"),
	Inbox:         common.HexToAddress("0x8438Ad1C834623CfF278AB6829a248E37C2D7E3f"),
	Reader:        common.HexToAddress("0xBC9129Dc0487fc2E169941C75aABC539f208fb01"),
	Fee:           common.HexToAddress("0x6e989C01a3e3A94C973A62280a72EC335598490e"),
	WalletFactory: common.HexToAddress("0xF6168876932289D073567f347121A267095f3DD6"),
}

// deployInetV1 deploys the SDK from key in the README's order, the
// Registry first with the addresses the others will get. feeBps is the
// protocol fee (basis points) paid to the deployer.
func (h *harness) deployInetV1(key *ecdsa.PrivateKey, feeBps uint16) InfernetV1Addresses {
	h.t.Helper()
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := h.client.PendingNonceAt(context.Background(), from)
	require.NoError(h.t, err)
	at := func(i uint64) common.Address { return crypto.CreateAddress(from, nonce+i) }
	a := InfernetV1Addresses{Registry: at(0), Coordinator: at(1), Inbox: at(2), Reader: at(3), Fee: at(4), WalletFactory: at(5)}
	code := func(bin string, args []byte) []byte { return append(common.FromHex(bin), args...) }
	h.deploy(key, code(inetv1abi.RegistryMetaData.Bin, inetv1abi.NewRegistry().PackConstructor(a.Coordinator, a.Inbox, a.Reader, a.Fee, a.WalletFactory)))
	h.deploy(key, code(inetv1abi.EIP712CoordinatorMetaData.Bin, inetv1abi.NewEIP712Coordinator().PackConstructor(a.Registry)))
	h.deploy(key, code(inetv1abi.InboxMetaData.Bin, inetv1abi.NewInbox().PackConstructor(a.Registry)))
	h.deploy(key, code(inetv1abi.ReaderMetaData.Bin, inetv1abi.NewReader().PackConstructor(a.Registry)))
	h.deploy(key, code(inetv1abi.ProtocolFeeMetaData.Bin, inetv1abi.NewProtocolFee().PackConstructor(from, feeBps)))
	h.deploy(key, code(inetv1abi.WalletFactoryMetaData.Bin, inetv1abi.NewWalletFactory().PackConstructor(a.Registry)))
	return a
}

// deploy sends a contract creation from key and returns the address.
func (h *harness) deploy(key *ecdsa.PrivateKey, code []byte) common.Address {
	rc := h.send(key, nil, nil, code)
	require.NotEqual(h.t, common.Address{}, rc.ContractAddress)
	return rc.ContractAddress
}

// send is transact with an optional value and contract creation (to nil).
func (h *harness) send(key *ecdsa.PrivateKey, to *common.Address, value *big.Int, data []byte) *types.Receipt {
	t := h.t
	t.Helper()
	ctx := context.Background()
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := h.client.PendingNonceAt(ctx, from)
	require.NoError(t, err)
	gas, err := h.client.EstimateGas(ctx, ethereum.CallMsg{From: from, To: to, Data: data, Value: value})
	require.NoError(t, err)
	head, err := h.client.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	tip := big.NewInt(params.GWei)
	tx, err := types.SignNewTx(key, types.LatestSignerForChainID(h.chainID), &types.DynamicFeeTx{
		ChainID: h.chainID, Nonce: nonce, GasTipCap: tip, GasFeeCap: new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), tip),
		Gas: gas * 2, To: to, Data: data, Value: value,
	})
	require.NoError(t, err)
	require.NoError(t, h.client.SendTransaction(ctx, tx))
	var rc *types.Receipt
	require.Eventually(t, func() bool {
		rc, err = h.client.TransactionReceipt(ctx, tx.Hash())
		return err == nil && rc != nil
	}, 20*time.Second, 20*time.Millisecond)
	require.Equal(t, types.ReceiptStatusSuccessful, rc.Status, "transaction reverted")
	return rc
}

// inetConsumer is relay/testdata/inetv1/InetConsumer.sol, compiled.
type inetConsumer struct {
	abi  abi.ABI
	bin  []byte
	addr common.Address
}

func loadInetConsumer(t testing.TB) *inetConsumer {
	b, err := os.ReadFile("testdata/inetv1/InetConsumer.json")
	require.NoError(t, err)
	var art struct {
		ABI      json.RawMessage `json:"abi"`
		Bytecode string          `json:"bytecode"`
	}
	require.NoError(t, json.Unmarshal(b, &art))
	c := &inetConsumer{bin: common.FromHex(art.Bytecode)}
	c.abi, err = abi.JSON(bytes.NewReader(art.ABI))
	require.NoError(t, err)
	return c
}

func (c *inetConsumer) pack(t testing.TB, method string, args ...any) []byte {
	out, err := c.abi.Pack(method, args...)
	require.NoError(t, err)
	return out
}

// deployInetConsumer deploys a consumer of coord whose delegated signer is signer.
func (h *harness) deployInetConsumer(key *ecdsa.PrivateKey, coord, signer common.Address) *inetConsumer {
	c := loadInetConsumer(h.t)
	args, err := c.abi.Pack("", coord, signer)
	require.NoError(h.t, err)
	c.addr = h.deploy(key, append(append([]byte(nil), c.bin...), args...))
	return c
}

// inetSub are createSubscription's arguments.
type inetSub struct {
	containers        string
	frequency, period uint32
	redundancy        uint16
	lazy              bool
	token             common.Address
	amount            *big.Int
	wallet, verifier  common.Address
}

// subscribe creates a subscription through the consumer and returns its id.
func (h *harness) inetSubscribe(key *ecdsa.PrivateKey, c *inetConsumer, s inetSub) uint32 {
	if s.amount == nil {
		s.amount = new(big.Int)
	}
	rc := h.transact(key, c.addr, c.pack(h.t, "subscribe", s.containers, s.frequency, s.period, s.redundancy, s.lazy, s.token, s.amount, s.wallet, s.verifier))
	for _, l := range rc.Logs {
		if len(l.Topics) == 2 && l.Topics[0] == inetTopicCreated {
			return uint32(new(big.Int).SetBytes(l.Topics[1][:]).Uint64())
		}
	}
	h.t.Fatal("no SubscriptionCreated in the receipt")
	return 0
}

// inetCount is how many times node delivered interval k of id to c.
func (h *harness) inetCount(c *inetConsumer, id, k uint32, node common.Address) uint64 {
	out := h.call(c.addr, c.pack(h.t, "count", id, k, node))
	return new(big.Int).SetBytes(out).Uint64()
}

func (h *harness) inetDeliveries(c *inetConsumer) uint64 {
	return new(big.Int).SetBytes(h.call(c.addr, c.pack(h.t, "deliveries"))).Uint64()
}

// startInetNode starts a relay in the SDK v1 dialect; ro may adjust it further.
func (h *harness) startInetNode(keyIdx int, dir string, a InfernetV1Addresses, ro func(*Options)) *node {
	d := InfernetV1(a, InfernetV1Options{Containers: []string{"echo"}})
	return h.startNodeWith(keyIdx, dir, nil, func(so *coordinator.SenderOptions) { so.Decoder = d.Decoder() }, func(o *Options) {
		o.Dialect, o.StartBlock = d, 0
		if ro != nil {
			ro(o)
		}
	})
}

// advance moves anvil's clock by secs and mines one block.
func (h *harness) advance(secs uint64) {
	rpc := h.client.(rpcClienter).Client()
	require.NoError(h.t, rpc.CallContext(context.Background(), nil, "evm_increaseTime", secs))
	require.NoError(h.t, rpc.CallContext(context.Background(), nil, "evm_mine"))
}
