package contracts_test

import (
	"crypto/ecdsa"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/coordinator/ours"
)

// signed returns the calldata of createSubscriptionDelegatee for d signed by key.
func (e *env) sign(key *ecdsa.PrivateKey, d ours.DelegateSubscription) ours.Signature {
	e.t.Helper()
	sig, err := d.Sign(ours.Domain{ChainID: big.NewInt(1337), Coordinator: e.dep.Coordinator}, key)
	require.NoError(e.t, err)
	return sig
}

func createDelegatee(d ours.DelegateSubscription, sig ours.Signature) []byte {
	return coordABI.PackCreateSubscriptionDelegatee(d.Nonce, d.Expiry, d.Sub, sig.V, sig.R, sig.S)
}

func TestDelegatedSubscriptions(t *testing.T) {
	e := newEnv(t)
	signerKey, err := crypto.GenerateKey()
	require.NoError(t, err)
	consumer := e.deployTestConsumer(addrOf(signerKey))
	node := e.nodes[0]
	n := addrOf(node)

	newDelegate := func(nonce uint32) ours.DelegateSubscription {
		return ours.DelegateSubscription{Nonce: nonce, Expiry: uint32(e.now() + 100), Sub: e.sub(consumer)}
	}
	count := func() uint32 {
		return viewCall(e, e.dep.Coordinator, coordABI.PackSubscriptionCount(), coordABI.UnpackSubscriptionCount)
	}

	t.Run("valid signature creates, the digest matches Go", func(t *testing.T) {
		d := newDelegate(1)
		digest := viewCall(e, e.dep.Coordinator, coordABI.PackDelegateDigest(d.Nonce, d.Expiry, d.Sub), coordABI.UnpackDelegateDigest)
		require.Equal(t, d.Digest(ours.Domain{ChainID: big.NewInt(1337), Coordinator: e.dep.Coordinator}), common.Hash(digest))
		before := count()
		rcpt := e.send(node, e.dep.Coordinator, createDelegatee(d, e.sign(signerKey, d)))
		require.Equal(t, before+1, count())
		var created *coordinatorabi.CoordinatorSubscriptionCreated
		for _, l := range rcpt.Logs {
			if ev, err := coordABI.UnpackSubscriptionCreatedEvent(l); err == nil {
				created = ev
			}
		}
		require.NotNil(t, created)
		require.Equal(t, consumer, created.Owner)
		require.Equal(t, created.Id, viewCall(e, e.dep.Coordinator, coordABI.PackDelegateSubscriptionId(consumer, 1), coordABI.UnpackDelegateSubscriptionId))
		got := viewCall(e, e.dep.Coordinator, coordABI.PackGetSubscription(created.Id), coordABI.UnpackGetSubscription)
		require.Equal(t, d.Sub.ContainerId, got.ContainerId)
		require.Equal(t, d.Sub.Inputs, got.Inputs)
	})

	t.Run("replayed nonce returns the same id and never creates a second", func(t *testing.T) {
		d := newDelegate(2)
		sig := e.sign(signerKey, d)
		e.send(node, e.dep.Coordinator, createDelegatee(d, sig))
		id := viewCall(e, e.dep.Coordinator, coordABI.PackDelegateSubscriptionId(consumer, 2), coordABI.UnpackDelegateSubscriptionId)
		before := count()
		// Same request again, from another node, in a transaction.
		rcpt := e.send(e.nodes[1], e.dep.Coordinator, createDelegatee(d, sig))
		for _, l := range rcpt.Logs {
			_, err := coordABI.UnpackSubscriptionCreatedEvent(l)
			require.Error(t, err, "a replay must not emit SubscriptionCreated")
		}
		out := e.wantOK(n, e.dep.Coordinator, createDelegatee(d, sig))
		again, err := coordABI.UnpackCreateSubscriptionDelegatee(out)
		require.NoError(t, err)
		require.Equal(t, id, again)
		// Even a different subscription under the same (owner, nonce).
		d2 := d
		d2.Sub.ContainerId = "other"
		out = e.wantOK(n, e.dep.Coordinator, createDelegatee(d2, e.sign(signerKey, d2)))
		again, err = coordABI.UnpackCreateSubscriptionDelegatee(out)
		require.NoError(t, err)
		require.Equal(t, id, again)
		require.Equal(t, before, count())
	})

	t.Run("expired at exactly expiry", func(t *testing.T) {
		d := newDelegate(3)
		d.Expiry = uint32(e.now()) // block.timestamp >= expiry
		e.wantRevert(n, e.dep.Coordinator, createDelegatee(d, e.sign(signerKey, d)), &coordinatorabi.CoordinatorSignatureExpired{Expiry: d.Expiry})
		d.Expiry = uint32(e.now()) + 1 // one second later is still valid
		e.wantOK(n, e.dep.Coordinator, createDelegatee(d, e.sign(signerKey, d)))

		// The same in real transactions, landing exactly at expiry and one second before.
		d.Expiry = uint32(e.now()) + 10
		e.advanceTo(uint64(d.Expiry))
		_, err := e.trySend(node, e.dep.Coordinator, createDelegatee(d, e.sign(signerKey, d)), func(o *bind.TransactOpts) { o.GasLimit = 1_000_000 })
		require.Error(t, err, "a transaction mined at block.timestamp == expiry must revert")
		d.Expiry = uint32(e.now()) + 2
		e.send(node, e.dep.Coordinator, createDelegatee(d, e.sign(signerKey, d))) // mined at expiry-1
	})

	t.Run("wrong signer", func(t *testing.T) {
		d := newDelegate(4)
		other := e.nodes[2]
		sig := e.sign(other, d)
		e.wantRevert(n, e.dep.Coordinator, createDelegatee(d, sig),
			&coordinatorabi.CoordinatorSignerMismatch{Expected: addrOf(signerKey), Recovered: addrOf(other)})
		// A signature over different fields recovers to someone else too.
		d2 := d
		d2.Sub.Redundancy = 2
		e.wantRevert(n, e.dep.Coordinator, createDelegatee(d2, e.sign(signerKey, d)),
			&coordinatorabi.CoordinatorSignerMismatch{Expected: addrOf(signerKey), Recovered: mustRecover(t, e, d2, e.sign(signerKey, d))})
	})

	t.Run("high-s is rejected", func(t *testing.T) {
		d := newDelegate(5)
		high := e.sign(signerKey, d).HighS()
		e.wantRevert(n, e.dep.Coordinator, createDelegatee(d, high), &coordinatorabi.CoordinatorInvalidSignatureS{S: high.S})
	})

	t.Run("v other than 27/28 is rejected", func(t *testing.T) {
		d := newDelegate(6)
		sig := e.sign(signerKey, d)
		sig.V -= 27
		e.wantRevert(n, e.dep.Coordinator, createDelegatee(d, sig), &coordinatorabi.CoordinatorInvalidSignature{})
	})

	t.Run("owner without getSigner", func(t *testing.T) {
		d := newDelegate(7)
		d.Sub.Owner = n // an EOA
		e.wantRevert(n, e.dep.Coordinator, createDelegatee(d, e.sign(signerKey, d)), &coordinatorabi.CoordinatorOwnerHasNoSigner{Owner: n})
	})

	t.Run("owner contract without getSigner", func(t *testing.T) {
		d := newDelegate(12)
		d.Sub.Owner = e.dep.Coordinator // has code, no getSigner()
		e.wantRevert(n, e.dep.Coordinator, createDelegatee(d, e.sign(signerKey, d)), &coordinatorabi.CoordinatorOwnerHasNoSigner{Owner: e.dep.Coordinator})
	})

	t.Run("zero owner", func(t *testing.T) {
		d := newDelegate(13)
		d.Sub.Owner = common.Address{}
		e.wantRevert(n, e.dep.Coordinator, createDelegatee(d, e.sign(signerKey, d)), &coordinatorabi.CoordinatorZeroOwner{})
	})

	t.Run("signer change invalidates new signatures", func(t *testing.T) {
		d := newDelegate(8)
		sig := e.sign(signerKey, d)
		newSigner := e.nodes[3]
		e.send(e.deployer, consumer, testConsABI.PackSetSigner(addrOf(newSigner)))
		e.wantRevert(n, e.dep.Coordinator, createDelegatee(d, sig),
			&coordinatorabi.CoordinatorSignerMismatch{Expected: addrOf(newSigner), Recovered: addrOf(signerKey)})
		e.send(e.deployer, consumer, testConsABI.PackSetSigner(addrOf(signerKey)))
	})

	t.Run("a paying subscription without a factory wallet is rejected after the signature check", func(t *testing.T) {
		d := newDelegate(9)
		d.Sub.PaymentAmount = big.NewInt(1)
		e.wantRevert(n, e.dep.Coordinator, createDelegatee(d, e.sign(signerKey, d)), &coordinatorabi.CoordinatorInvalidWallet{})
	})

	t.Run("deliverComputeDelegatee creates and delivers atomically", func(t *testing.T) {
		d := newDelegate(10)
		d.Sub.Redundancy = 2
		sig := e.sign(signerKey, d)
		before := count()
		deliver := func(k *ecdsa.PrivateKey) {
			e.send(k, e.dep.Coordinator, coordABI.PackDeliverComputeDelegatee(d.Nonce, d.Expiry, d.Sub, sig.V, sig.R, sig.S, 1, []byte("in"), []byte("out"), nil, common.Address{}))
		}
		deliver(e.nodes[0])
		require.Equal(t, before+1, count())
		id := viewCall(e, e.dep.Coordinator, coordABI.PackDelegateSubscriptionId(consumer, 10), coordABI.UnpackDelegateSubscriptionId)
		require.Equal(t, uint16(1), viewCall(e, e.dep.Coordinator, coordABI.PackResponseCount(id, 1), coordABI.UnpackResponseCount))
		// A second node delivers against the same subscription: no second one.
		deliver(e.nodes[1])
		require.Equal(t, before+1, count())
		require.Equal(t, uint16(2), viewCall(e, e.dep.Coordinator, coordABI.PackResponseCount(id, 1), coordABI.UnpackResponseCount))
		require.Equal(t, []byte("out"), viewCall(e, consumer, testConsABI.PackLastOutput(), testConsABI.UnpackLastOutput))
		// A failed delivery rolls the creation back too.
		d3 := newDelegate(11)
		s3 := e.sign(signerKey, d3)
		e.wantRevert(n, e.dep.Coordinator, coordABI.PackDeliverComputeDelegatee(d3.Nonce, d3.Expiry, d3.Sub, s3.V, s3.R, s3.S, 2, nil, nil, nil, common.Address{}),
			&coordinatorabi.CoordinatorIntervalMismatch{Expected: 1, Delivered: 2})
	})
}

func mustRecover(t *testing.T, e *env, d ours.DelegateSubscription, sig ours.Signature) common.Address {
	a, err := d.Recover(ours.Domain{ChainID: big.NewInt(1337), Coordinator: e.dep.Coordinator}, sig)
	require.NoError(t, err)
	return a
}
