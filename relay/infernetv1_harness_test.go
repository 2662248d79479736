package relay

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/contracts/infernetv1"
	v1dialect "github.com/infernode/infernode/coordinator/infernetv1"
	"github.com/infernode/infernode/internal/testabi/inetv1testabi"
	"github.com/infernode/infernode/txm"
)

// deployInetV1 deploys the SDK from key with a protocol fee of feeBps.
func (h *harness) deployInetV1(key *ecdsa.PrivateKey, feeBps uint16) v1dialect.Addresses {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	a, err := infernetv1.DeployWith(ctx, h.client, key, infernetv1.Options{ProtocolFee: &feeBps})
	require.NoError(h.t, err)
	return v1dialect.Addresses{Registry: a.Registry, Coordinator: a.Coordinator, Inbox: a.Inbox, Reader: a.Reader, Fee: a.Fee, WalletFactory: a.WalletFactory}
}

// inetWallet makes a Wallet for owner with the SDK's WalletFactory, sent from key.
func (h *harness) inetWallet(key *ecdsa.PrivateKey, a v1dialect.Addresses, owner common.Address) common.Address {
	h.t.Helper()
	factory := inetv1abi.NewWalletFactory()
	rc := h.transact(key, a.WalletFactory, factory.PackCreateWallet(owner))
	for _, l := range rc.Logs {
		if ev, err := factory.UnpackWalletCreatedEvent(l); err == nil {
			return ev.Wallet
		}
	}
	h.t.Fatal("no WalletCreated")
	return common.Address{}
}

// deploy sends a contract creation from key and returns the address.
func (h *harness) deploy(key *ecdsa.PrivateKey, code []byte) common.Address {
	rc := h.send(key, nil, nil, code)
	require.NotEqual(h.t, common.Address{}, rc.ContractAddress)
	return rc.ContractAddress
}

// inetConsumer is inetv1-contracts' InfernetTestSubscriptionConsumer:
// getContainerInputs serves its input, and it records every delivery.
type inetConsumer struct {
	abi  *inetv1testabi.InfernetTestSubscriptionConsumer
	addr common.Address
}

// deployInetConsumer deploys a subscription consumer of the SDK at registry.
func (h *harness) deployInetConsumer(key *ecdsa.PrivateKey, registry common.Address) *inetConsumer {
	art, err := contracts.LoadArtifact(contracts.InfernetTestSubscriptionConsumerName)
	require.NoError(h.t, err)
	c := &inetConsumer{abi: inetv1testabi.NewInfernetTestSubscriptionConsumer()}
	c.addr = h.deploy(key, append(append([]byte(nil), art.Bytecode...), c.abi.PackConstructor(registry)...))
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
	rc := h.transact(key, c.addr, c.abi.PackSubscribe(s.containers, []byte("in"), s.frequency, s.period, s.redundancy, s.lazy, s.token, s.amount, s.wallet, s.verifier))
	for _, l := range rc.Logs {
		if len(l.Topics) == 2 && l.Topics[0] == inetv1abi.NewEIP712Coordinator().GetABI().Events["SubscriptionCreated"].ID {
			return uint32(new(big.Int).SetBytes(l.Topics[1][:]).Uint64())
		}
	}
	h.t.Fatal("no SubscriptionCreated in the receipt")
	return 0
}

// inetDeliveriesOf reads every delivery c recorded.
func (h *harness) inetDeliveriesOf(c *inetConsumer) []inetv1testabi.InfernetTestRecorderDelivery {
	n, err := c.abi.UnpackDeliveryCount(h.call(c.addr, c.abi.PackDeliveryCount()))
	require.NoError(h.t, err)
	out := make([]inetv1testabi.InfernetTestRecorderDelivery, n.Int64())
	for i := range out {
		out[i], err = c.abi.UnpackDelivery(h.call(c.addr, c.abi.PackDelivery(big.NewInt(int64(i)))))
		require.NoError(h.t, err)
	}
	return out
}

// inetCount is how many times node delivered interval k of id to c.
func (h *harness) inetCount(c *inetConsumer, id, k uint32, node common.Address) uint64 {
	var n uint64
	for _, d := range h.inetDeliveriesOf(c) {
		if d.SubscriptionId == id && d.Interval == k && d.Node == node {
			n++
		}
	}
	return n
}

func (h *harness) inetDeliveries(c *inetConsumer) uint64 { return uint64(len(h.inetDeliveriesOf(c))) }

// startInetNode starts a relay in the SDK v1 dialect; ro may adjust it further.
func (h *harness) startInetNode(keyIdx int, dir string, a v1dialect.Addresses, ro func(*Options)) *node {
	d := v1dialect.New(a, v1dialect.Options{Containers: []string{"echo"}})
	return h.startNodeWith(keyIdx, dir, nil, func(so *txm.SenderOptions) { so.Decoder = d.Decoder() }, func(o *Options) {
		o.Dialect, o.StartBlock = d, 0
		if ro != nil {
			ro(o)
		}
	})
}

// advance moves anvil's clock by secs and mines one block.
func (h *harness) advance(secs uint64) {
	require.NoError(h.t, h.rpc.CallContext(context.Background(), nil, "evm_increaseTime", secs))
	require.NoError(h.t, h.rpc.CallContext(context.Background(), nil, "evm_mine"))
}
