package contracts_test

import (
	"math/big"

	"github.com/ethereum/go-ethereum"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/internal/testabi/testconsumerabi"
)

type C = coordinatorabi.Subscription

func TestCreateSubscriptionRejects(t *testing.T) {
	e := newEnv(t)
	consumer := e.deployTestConsumer(addrOf(e.deployer))
	other := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	cases := []struct {
		name   string
		mutate func(*C)
		want   any
	}{
		{"owner is not the caller", func(s *C) { s.Owner = other }, &coordinatorabi.CoordinatorOwnerMismatch{Owner: other, Caller: consumer}},
		{"frequency 0", func(s *C) { s.Frequency = 0 }, &coordinatorabi.CoordinatorInvalidFrequency{}},
		{"redundancy 0", func(s *C) { s.Redundancy = 0 }, &coordinatorabi.CoordinatorInvalidRedundancy{}},
		{"maxGasLimit 0", func(s *C) { s.MaxGasLimit = 0 }, &coordinatorabi.CoordinatorInvalidMaxGasLimit{}},
		{"empty containerId", func(s *C) { s.ContainerId = "" }, &coordinatorabi.CoordinatorEmptyContainerId{}},
		{"activeAt is the cancelled marker", func(s *C) { s.ActiveAt = ^uint32(0) }, &coordinatorabi.CoordinatorInvalidActiveAt{}},
		{"paying without a wallet", func(s *C) { s.PaymentAmount = big.NewInt(1) }, &coordinatorabi.CoordinatorInvalidWallet{}},
		{"paying from a non-factory wallet", func(s *C) { s.PaymentAmount = big.NewInt(1); s.Wallet = other }, &coordinatorabi.CoordinatorInvalidWallet{Wallet: other}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := e.sub(consumer)
			tc.mutate(&s)
			e.wantRevert(addrOf(e.deployer), consumer, testConsABI.PackCreateRaw(testconsumerabi.Subscription(s)), tc.want)
		})
	}
	// And the valid one passes.
	e.wantOK(addrOf(e.deployer), consumer, testConsABI.PackCreateRaw(testconsumerabi.Subscription(e.sub(consumer))))
}

func TestRequestEmitsEventAndStoresSubscription(t *testing.T) {
	e := newEnv(t)
	user := e.nodes[0]
	rcpt := e.send(user, e.dep.ExampleConsumer, exampleABI.PackRequest("echo,upper", []byte{0xca, 0xfe}, 2))

	// The node reads SubscriptionCreated(id, keccak(containerId), owner).
	var created *coordinatorabi.CoordinatorSubscriptionCreated
	for _, l := range rcpt.Logs {
		if l.Address != e.dep.Coordinator {
			continue
		}
		ev, err := coordABI.UnpackSubscriptionCreatedEvent(l)
		require.NoError(t, err)
		created = ev
		require.Equal(t, coordABI.GetABI().Events["SubscriptionCreated"].ID, l.Topics[0])
		require.Equal(t, crypto.Keccak256Hash([]byte("echo,upper")), l.Topics[2])
	}
	require.NotNil(t, created, "no SubscriptionCreated from the Coordinator")
	require.Equal(t, uint32(1), created.Id)
	require.Equal(t, e.dep.ExampleConsumer, created.Owner)
	require.Equal(t, crypto.Keccak256Hash([]byte("echo,upper")), common.Hash(created.ContainerIdHash))

	sub := viewCall(e, e.dep.Coordinator, coordABI.PackGetSubscription(1), coordABI.UnpackGetSubscription)
	require.Equal(t, e.dep.ExampleConsumer, sub.Owner)
	require.Equal(t, "echo,upper", sub.ContainerId)
	require.Equal(t, []byte{0xca, 0xfe}, sub.Inputs)
	require.Equal(t, uint32(1), sub.Frequency)
	require.Equal(t, uint32(0), sub.Period)
	require.Equal(t, uint16(2), sub.Redundancy)
	require.Equal(t, uint32(1_000_000), sub.MaxGasLimit)
	require.Equal(t, uint32(e.now()), sub.ActiveAt)
	require.Equal(t, uint32(1), viewCall(e, e.dep.Coordinator, coordABI.PackSubscriptionCount(), coordABI.UnpackSubscriptionCount))

	// taskId = keccak256(abi.encode(block.chainid, coordinator, id, interval))
	want := taskID(1337, e.dep.Coordinator, 1, 1)
	require.Equal(t, want, viewCall(e, e.dep.Coordinator, coordABI.PackTaskId(1, 1), coordABI.UnpackTaskId))
	require.Equal(t, common.Hash(want), codec.TaskID(big.NewInt(1337), e.dep.Coordinator, 1, 1), "abi/codec agrees with the chain")
	require.Equal(t, codec.ContainerIDHash("echo,upper"), common.Hash(created.ContainerIdHash))
}

func taskID(chainID int64, coord common.Address, id, interval uint32) [32]byte {
	u256, _ := abi.NewType("uint256", "", nil)
	addr, _ := abi.NewType("address", "", nil)
	u32, _ := abi.NewType("uint32", "", nil)
	enc, err := abi.Arguments{{Type: u256}, {Type: addr}, {Type: u32}, {Type: u32}}.Pack(big.NewInt(chainID), coord, id, interval)
	if err != nil {
		panic(err)
	}
	return crypto.Keccak256Hash(enc)
}

func TestExampleConsumerRoundTrip(t *testing.T) {
	e := newEnv(t)
	node := e.nodes[0]
	e.send(e.nodes[1], e.dep.ExampleConsumer, exampleABI.PackRequest("echo", []byte("hi"), 1))
	rcpt := e.send(node, e.dep.Coordinator, e.deliverData(1, 1, []byte("out")))

	tid := taskID(1337, e.dep.Coordinator, 1, 1)
	var sawDelivered, sawResult bool
	for _, l := range rcpt.Logs {
		if ev, err := coordABI.UnpackComputeDeliveredEvent(l); err == nil {
			sawDelivered = true
			require.Equal(t, uint32(1), ev.Id)
			require.Equal(t, uint32(1), ev.Interval)
			require.Equal(t, addrOf(node), ev.Node)
			require.Equal(t, tid, ev.TaskId)
		}
		if ev, err := exampleABI.UnpackResultReceivedEvent(l); err == nil {
			sawResult = true
			require.Equal(t, tid, ev.TaskId)
			require.Equal(t, []byte("out"), ev.Output)
			require.Equal(t, []byte("proof"), ev.Proof)
		}
		_, err := coordABI.UnpackCallbackFailedEvent(l)
		require.Error(t, err, "callback must not fail")
	}
	require.True(t, sawDelivered)
	require.True(t, sawResult)
	res := viewCall(e, e.dep.ExampleConsumer, exampleABI.PackResults(tid), exampleABI.UnpackResults)
	require.Equal(t, []byte("out"), res.Output)
	require.Equal(t, []byte("proof"), res.Proof)
	require.Equal(t, big.NewInt(1), viewCall(e, e.dep.ExampleConsumer, exampleABI.PackDeliveries(), exampleABI.UnpackDeliveries))

	// Only the Coordinator may call the callback.
	e.wantRevert(addrOf(node), e.dep.ExampleConsumer, exampleABI.PackReceiveCompute(tid, []byte("x"), nil),
		&testconsumerabi.TestConsumerNotCoordinator{Caller: addrOf(node)})
}

func TestDeliverReverts(t *testing.T) {
	e := newEnv(t)
	consumer := e.deployTestConsumer(addrOf(e.deployer))
	n0, n1 := addrOf(e.nodes[0]), addrOf(e.nodes[1])

	oneShot := e.create(consumer, e.sub(consumer))
	future := e.sub(consumer)
	future.ActiveAt = uint32(e.now() + 1000)
	futureID := e.create(consumer, future)
	recurring := e.sub(consumer)
	recurring.Frequency, recurring.Period = 2, 10
	recurring.ActiveAt = uint32(e.now() - 20) // interval 3 now: past frequency 2
	doneID := e.create(consumer, recurring)
	cancelled := e.create(consumer, e.sub(consumer))
	e.send(e.deployer, consumer, testConsABI.PackCancel(cancelled))
	cheap := e.sub(consumer)
	cheap.MaxGasPrice = big.NewInt(1)
	cheapID := e.create(consumer, cheap)
	e.send(e.nodes[0], e.dep.Coordinator, e.deliverData(oneShot, 1, []byte("a")))

	cases := []struct {
		name string
		from common.Address
		data []byte
		want any
	}{
		{"unknown subscription", n1, e.deliverData(99, 1, nil), &coordinatorabi.CoordinatorSubscriptionNotFound{SubscriptionId: 99}},
		{"not active yet", n1, e.deliverData(futureID, 1, nil), &coordinatorabi.CoordinatorSubscriptionNotActive{SubscriptionId: futureID, ActiveAt: future.ActiveAt}},
		{"past frequency", n1, e.deliverData(doneID, 2, nil), &coordinatorabi.CoordinatorSubscriptionCompleted{SubscriptionId: doneID}},
		{"cancelled", n1, e.deliverData(cancelled, 1, nil), &coordinatorabi.CoordinatorSubscriptionIsCancelled{SubscriptionId: cancelled}},
		{"wrong interval", n1, e.deliverData(oneShot, 2, nil), &coordinatorabi.CoordinatorIntervalMismatch{Expected: 1, Delivered: 2}},
		{"interval 0", n1, e.deliverData(oneShot, 0, nil), &coordinatorabi.CoordinatorIntervalMismatch{Expected: 1, Delivered: 0}},
		{"same node twice", n0, e.deliverData(oneShot, 1, nil), &coordinatorabi.CoordinatorNodeAlreadyResponded{SubscriptionId: oneShot, Interval: 1, Node: n0}},
		{"redundancy reached", n1, e.deliverData(oneShot, 1, nil), &coordinatorabi.CoordinatorIntervalRedundancyReached{SubscriptionId: oneShot, Interval: 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { e.wantRevert(tc.from, e.dep.Coordinator, tc.data, tc.want) })
	}
	t.Run("gas price above maxGasPrice", func(t *testing.T) {
		gp := big.NewInt(2_000_000_000)
		_, got := e.call(n1, e.dep.Coordinator, e.deliverData(cheapID, 1, nil), gp, 0)
		require.Equal(t, &coordinatorabi.CoordinatorGasPriceExceeded{GasPrice: gp, MaxGasPrice: big.NewInt(1)}, got)
	})
}

func TestCancel(t *testing.T) {
	e := newEnv(t)
	consumer := e.deployTestConsumer(addrOf(e.deployer))
	s := e.sub(consumer)
	s.ContainerId = "a,b"
	id := e.create(consumer, s)

	// Only the owner cancels.
	e.wantRevert(addrOf(e.deployer), e.dep.Coordinator, coordABI.PackCancelSubscription(id),
		&coordinatorabi.CoordinatorNotSubscriptionOwner{SubscriptionId: id, Caller: addrOf(e.deployer)})
	e.wantRevert(addrOf(e.deployer), consumer, testConsABI.PackCancel(77), &coordinatorabi.CoordinatorSubscriptionNotFound{SubscriptionId: 77})

	rcpt := e.send(e.deployer, consumer, testConsABI.PackCancel(id))
	var ev *coordinatorabi.CoordinatorSubscriptionCancelled
	for _, l := range rcpt.Logs {
		if v, err := coordABI.UnpackSubscriptionCancelledEvent(l); err == nil {
			ev = v
		}
	}
	require.NotNil(t, ev)
	require.Equal(t, id, ev.Id)
	require.Equal(t, crypto.Keccak256Hash([]byte("a,b")), common.Hash(ev.ContainerIdHash))
	got := viewCall(e, e.dep.Coordinator, coordABI.PackGetSubscription(id), coordABI.UnpackGetSubscription)
	require.Equal(t, ^uint32(0), got.ActiveAt, "cancel sets activeAt to type(uint32).max")
	require.Equal(t, uint32(0), viewCall(e, e.dep.Coordinator, coordABI.PackCurrentInterval(id), coordABI.UnpackCurrentInterval))
	e.wantRevert(addrOf(e.nodes[0]), e.dep.Coordinator, e.deliverData(id, 1, nil), &coordinatorabi.CoordinatorSubscriptionIsCancelled{SubscriptionId: id})
	e.wantRevert(addrOf(e.deployer), consumer, testConsABI.PackCancel(id), &coordinatorabi.CoordinatorSubscriptionIsCancelled{SubscriptionId: id})
}

func TestIntervalAtPeriodBoundaries(t *testing.T) {
	e := newEnv(t)
	consumer := e.deployTestConsumer(addrOf(e.deployer))
	const period = 10
	// Subscriptions whose activeAt sits at every interesting offset from
	// block time T; AdjustTime then puts the latest block exactly at T.
	T := e.now() + 1000
	cases := []struct {
		elapsed uint64 // T - activeAt
		want    uint32 // expected interval, 0 = none deliverable
	}{
		{0, 1}, {period - 1, 1}, {period, 2}, {2*period - 1, 2}, {2 * period, 3}, {3 * period, 0}, // frequency 3
	}
	ids := make([]uint32, len(cases))
	for i, tc := range cases {
		s := e.sub(consumer)
		s.Period, s.Frequency = period, 3
		s.ActiveAt = uint32(T - tc.elapsed)
		ids[i] = e.create(consumer, s)
	}
	e.advanceTo(T + 1)
	require.Equal(t, T, e.now())
	for i, tc := range cases {
		got := viewCall(e, e.dep.Coordinator, coordABI.PackCurrentInterval(ids[i]), coordABI.UnpackCurrentInterval)
		require.Equal(t, tc.want, got, "elapsed %d", tc.elapsed)
		if tc.want == 0 {
			e.wantRevert(addrOf(e.nodes[0]), e.dep.Coordinator, e.deliverData(ids[i], 4, nil), &coordinatorabi.CoordinatorSubscriptionCompleted{SubscriptionId: ids[i]})
			continue
		}
		e.wantOK(addrOf(e.nodes[0]), e.dep.Coordinator, e.deliverData(ids[i], tc.want, nil))
		e.wantRevert(addrOf(e.nodes[0]), e.dep.Coordinator, e.deliverData(ids[i], tc.want+1, nil),
			&coordinatorabi.CoordinatorIntervalMismatch{Expected: tc.want, Delivered: tc.want + 1})
	}

	// Walk one subscription through its intervals in real transactions,
	// moving block time with AdjustTime to land exactly on the boundaries.
	s := e.sub(consumer)
	s.Period, s.Frequency = period, 2
	s.ActiveAt = uint32(e.now() + 5)
	id := e.create(consumer, s)
	node := e.nodes[0]
	e.advanceTo(uint64(s.ActiveAt) + period - 1) // last second of interval 1
	e.send(node, e.dep.Coordinator, e.deliverData(id, 1, []byte("1")))
	e.advanceTo(uint64(s.ActiveAt) + period) // first second of interval 2
	_, err := e.trySend(node, e.dep.Coordinator, e.deliverData(id, 1, nil), func(o *bind.TransactOpts) { o.GasLimit = 1_000_000 })
	require.Error(t, err, "interval 1 is over")
	e.advanceTo(uint64(s.ActiveAt) + 2*period - 1)
	e.send(node, e.dep.Coordinator, e.deliverData(id, 2, []byte("2")))
	require.Equal(t, big.NewInt(2), viewCall(e, consumer, testConsABI.PackCalls(), testConsABI.UnpackCalls))
	require.NoError(t, contracts.AdjustTime(e.ctx, e.sim, period*time.Second))
	e.wantRevert(addrOf(e.nodes[1]), e.dep.Coordinator, e.deliverData(id, 3, nil), &coordinatorabi.CoordinatorSubscriptionCompleted{SubscriptionId: id})
}

func TestRedundancy(t *testing.T) {
	e := newEnv(t)
	consumer := e.deployTestConsumer(addrOf(e.deployer))
	s := e.sub(consumer)
	s.Redundancy = 3
	id := e.create(consumer, s)
	for i := 0; i < 3; i++ {
		e.send(e.nodes[i], e.dep.Coordinator, e.deliverData(id, 1, []byte{byte(i)}))
		require.Equal(t, uint16(i+1), viewCall(e, e.dep.Coordinator, coordABI.PackResponseCount(id, 1), coordABI.UnpackResponseCount))
		require.True(t, viewCall(e, e.dep.Coordinator, coordABI.PackNodeResponded(id, 1, addrOf(e.nodes[i])), coordABI.UnpackNodeResponded))
		e.wantRevert(addrOf(e.nodes[i]), e.dep.Coordinator, e.deliverData(id, 1, nil),
			&coordinatorabi.CoordinatorNodeAlreadyResponded{SubscriptionId: id, Interval: 1, Node: addrOf(e.nodes[i])})
	}
	require.False(t, viewCall(e, e.dep.Coordinator, coordABI.PackNodeResponded(id, 1, addrOf(e.nodes[3])), coordABI.UnpackNodeResponded))
	e.wantRevert(addrOf(e.nodes[3]), e.dep.Coordinator, e.deliverData(id, 1, nil),
		&coordinatorabi.CoordinatorIntervalRedundancyReached{SubscriptionId: id, Interval: 1})
	require.Equal(t, big.NewInt(3), viewCall(e, consumer, testConsABI.PackCalls(), testConsABI.UnpackCalls))
}

func TestGasPriceCap(t *testing.T) {
	e := newEnv(t)
	consumer := e.deployTestConsumer(addrOf(e.deployer))
	s := e.sub(consumer)
	s.MaxGasPrice = big.NewInt(5_000_000_000) // 5 gwei
	id := e.create(consumer, s)
	n := addrOf(e.nodes[0])
	_, got := e.call(n, e.dep.Coordinator, e.deliverData(id, 1, nil), big.NewInt(5_000_000_001), 0)
	require.Equal(t, &coordinatorabi.CoordinatorGasPriceExceeded{GasPrice: big.NewInt(5_000_000_001), MaxGasPrice: s.MaxGasPrice}, got)
	_, got = e.call(n, e.dep.Coordinator, e.deliverData(id, 1, nil), big.NewInt(5_000_000_000), 0)
	require.Nil(t, got, "exactly maxGasPrice is allowed")

	// A real transaction above the cap reverts; at the cap it lands.
	_, err := e.trySend(e.nodes[0], e.dep.Coordinator, e.deliverData(id, 1, nil), func(o *bind.TransactOpts) {
		o.GasLimit = 2_000_000
		o.GasFeeCap, o.GasTipCap = big.NewInt(6_000_000_000), big.NewInt(6_000_000_000)
	})
	require.Error(t, err)
	e.send(e.nodes[1], e.dep.Coordinator, e.deliverData(id, 1, nil)) // default fees are far below 5 gwei here
}

func TestCallbackGas(t *testing.T) {
	e := newEnv(t)
	consumer := e.deployTestConsumer(addrOf(e.deployer))
	const limit = 1_000_000
	newSub := func() uint32 {
		s := e.sub(consumer)
		s.MaxGasLimit = limit
		return e.create(consumer, s)
	}

	t.Run("callback gets exactly maxGasLimit", func(t *testing.T) {
		id := newSub()
		e.send(e.nodes[0], e.dep.Coordinator, e.deliverData(id, 1, []byte("x")))
		g := viewCall(e, consumer, testConsABI.PackLastGas(), testConsABI.UnpackLastGas)
		// gasleft() at the top of _receiveCompute: the limit minus the
		// consumer's own dispatch and calldata decoding (a few hundred gas).
		require.LessOrEqual(t, g.Uint64(), uint64(limit))
		require.Greater(t, g.Uint64(), uint64(limit-3_000))
	})
	t.Run("too little gas for the callback reverts by name", func(t *testing.T) {
		id := newSub()
		n := addrOf(e.nodes[0])
		_, got := e.call(n, e.dep.Coordinator, e.deliverData(id, 1, nil), nil, limit)
		require.IsType(t, &coordinatorabi.CoordinatorInsufficientGasForCallback{}, got)
		require.Equal(t, big.NewInt(limit), got.(*coordinatorabi.CoordinatorInsufficientGasForCallback).Required)
		est, err := e.client.EstimateGas(e.ctx, ethereum.CallMsg{From: n, To: &e.dep.Coordinator, Data: e.deliverData(id, 1, nil)})
		require.NoError(t, err)
		require.Greater(t, est, uint64(limit)*64/63, "a node must supply limit*64/63 plus the Coordinator's overhead")
		_, got = e.call(n, e.dep.Coordinator, e.deliverData(id, 1, nil), nil, est)
		require.Nil(t, got)
	})
	for _, mode := range []struct {
		name string
		m    uint8
	}{{"reverting callback", 1}, {"callback burning all its gas", 3}} {
		t.Run(mode.name+" still counts the delivery", func(t *testing.T) {
			id := newSub()
			e.send(e.deployer, consumer, testConsABI.PackSetMode(mode.m))
			rcpt := e.send(e.nodes[0], e.dep.Coordinator, e.deliverData(id, 1, nil))
			var failed, delivered bool
			for _, l := range rcpt.Logs {
				if _, err := coordABI.UnpackCallbackFailedEvent(l); err == nil {
					failed = true
				}
				if _, err := coordABI.UnpackComputeDeliveredEvent(l); err == nil {
					delivered = true
				}
			}
			require.True(t, failed)
			require.True(t, delivered)
			require.Equal(t, uint16(1), viewCall(e, e.dep.Coordinator, coordABI.PackResponseCount(id, 1), coordABI.UnpackResponseCount))
			if mode.m == 3 {
				require.Greater(t, rcpt.GasUsed, uint64(limit), "the callback used its whole allowance")
				// ... and not more: the rest is the Coordinator's own work
				// (larger on this dev chain: EIP-8037 state gas; see docs/gas.md).
				require.Less(t, rcpt.GasUsed, uint64(limit+400_000))
			}
			e.send(e.deployer, consumer, testConsABI.PackSetMode(0))
		})
	}
	t.Run("callback cannot re-enter the Coordinator", func(t *testing.T) {
		id := newSub()
		e.send(e.deployer, consumer, testConsABI.PackSetMode(2))
		e.send(e.nodes[1], e.dep.Coordinator, e.deliverData(id, 1, nil))
		require.True(t, viewCall(e, consumer, testConsABI.PackReenterFailed(), testConsABI.UnpackReenterFailed))
		reason := viewCall(e, consumer, testConsABI.PackReenterReason(), testConsABI.UnpackReenterReason)
		v, err := coordABI.UnpackError(reason)
		require.NoError(t, err)
		require.Equal(t, &coordinatorabi.CoordinatorReentrancyGuardReentrantCall{}, v)
		e.send(e.deployer, consumer, testConsABI.PackSetMode(0))
	})
}

func TestGetContainerInputsWhenInputsEmpty(t *testing.T) {
	e := newEnv(t)
	rcpt := e.send(e.nodes[0], e.dep.ExampleConsumer, exampleABI.PackSubscribe("echo", nil, 3, 60, 1))
	var id uint32
	for _, l := range rcpt.Logs {
		if ev, err := coordABI.UnpackSubscriptionCreatedEvent(l); err == nil {
			id = ev.Id
		}
	}
	require.NotZero(t, id)
	sub := viewCall(e, e.dep.Coordinator, coordABI.PackGetSubscription(id), coordABI.UnpackGetSubscription)
	require.Empty(t, sub.Inputs, "the node must ask the owner")
	require.Equal(t, uint32(3), sub.Frequency)
	require.Equal(t, uint32(60), sub.Period)

	caller := addrOf(e.nodes[1])
	ts := uint32(e.now())
	in := viewCall(e, sub.Owner, exampleABI.PackGetContainerInputs(id, 1, ts, caller), exampleABI.UnpackGetContainerInputs)
	u32, _ := abi.NewType("uint32", "", nil)
	addr, _ := abi.NewType("address", "", nil)
	want, err := abi.Arguments{{Type: u32}, {Type: u32}, {Type: u32}, {Type: addr}}.Pack(id, uint32(1), ts, caller)
	require.NoError(t, err)
	require.Equal(t, want, in)
}
