package guard

import (
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/storage"
)

var (
	t0     = time.Unix(1_800_000_000, 0)
	alice  = common.HexToAddress("0xa11ce")
	mallet = common.HexToAddress("0x3a11e7")
)

func openStore(t *testing.T, dir string) *storage.Store {
	t.Helper()
	db, err := storage.Open(dir, storage.Options{})
	require.NoError(t, err)
	return db
}

func newGuard(t *testing.T, lim Limits) *Guard {
	t.Helper()
	db := openStore(t, t.TempDir())
	t.Cleanup(func() { _ = db.Close() })
	return New(storage.NewTable(db.Table(storage.TableRelay), storage.RelayGuardPrefix()), lim)
}

func TestCheck(t *testing.T) {
	head := Head{Time: t0, BaseFee: big.NewInt(10), BlockTime: 2 * time.Second}
	ok := Delivery{Key: "1", Owner: alice, Gas: 500_000, MaxFeePerGas: big.NewInt(100), Period: time.Minute, Opened: t0}
	tests := []struct {
		name   string
		change func(*Delivery)
		want   Action
		reason string
	}{
		{"honest", func(*Delivery) {}, Serve, ""},
		{"cancelled", func(d *Delivery) { d.Cancelled = true }, Refuse, "cancelled"},
		{"unpaid gas above cap", func(d *Delivery) { d.Gas = 1_000_001 }, Refuse, "chain.unpaid.max_gas"},
		{"unpaid gas at cap", func(d *Delivery) { d.Gas = 1_000_000 }, Serve, ""},
		{"paid gas above cap", func(d *Delivery) { d.Gas, d.Paid = 5_000_000, true }, Serve, ""},
		{"period below two blocks", func(d *Delivery) { d.Period = 3 * time.Second }, Refuse, "two block times"},
		{"period of two blocks", func(d *Delivery) { d.Period = 4 * time.Second }, Serve, ""},
		{"one-shot", func(d *Delivery) { d.Period = 0 }, Serve, ""},
		{"inline input too large", func(d *Delivery) { d.InputBytes = 128<<10 + 1 }, Refuse, "chain.max_input_bytes"},
		{"fetched input too large", func(d *Delivery) { d.InputBytes, d.InputsFetched = 128<<10+1, true }, Fail, "chain.max_input_bytes"},
		{"input at limit", func(d *Delivery) { d.InputBytes = 128 << 10 }, Serve, ""},
		{"fee cap below base fee", func(d *Delivery) { d.MaxFeePerGas = big.NewInt(9) }, Wait, "base fee"},
		{"no fee cap", func(d *Delivery) { d.MaxFeePerGas = nil }, Serve, ""},
		{"past the deadline", func(d *Delivery) { d.Opened = t0.Add(-time.Hour - time.Second) }, GiveUp, "chain.interval_deadline"},
		{"at the deadline", func(d *Delivery) { d.Opened = t0.Add(-time.Hour) }, Serve, ""},
	}
	g := newGuard(t, Limits{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := ok
			tt.change(&d)
			v, err := g.Check(d, head)
			require.NoError(t, err)
			assert.Equal(t, tt.want, v.Action, v.Reason)
			assert.Contains(t, v.Reason, tt.reason)
		})
	}
}

func TestBackoffAfterCallbackFailure(t *testing.T) {
	g := newGuard(t, Limits{BackoffBase: time.Minute})
	h := Head{Time: t0}
	d1 := Delivery{Key: "1", Owner: mallet, Gas: 900_000}
	d2 := Delivery{Key: "2", Owner: mallet, Gas: 900_000}
	honest := Delivery{Key: "3", Owner: alice, Gas: 900_000}

	next, err := g.Record(Result{Key: "1", Owner: mallet, Outcome: CallbackFailed, At: t0})
	require.NoError(t, err)
	assert.Equal(t, t0.Add(time.Minute), next)
	for _, d := range []Delivery{d1, d2} { // the owner waits, all its subscriptions with it
		v, err := g.Check(d, h)
		require.NoError(t, err)
		assert.Equal(t, Wait, v.Action, d.Key)
		assert.Equal(t, t0.Add(time.Minute), v.Until)
	}
	v, err := g.Check(honest, h)
	require.NoError(t, err)
	assert.Equal(t, Serve, v.Action, "another owner is not held back")

	// Each failure doubles the wait, per subscription and per owner.
	at := t0.Add(time.Minute)
	next, err = g.Record(Result{Key: "2", Owner: mallet, Outcome: Reverted, At: at})
	require.NoError(t, err)
	assert.Equal(t, at.Add(2*time.Minute), next, "owner's second failure")
	at = next
	next, err = g.Record(Result{Key: "1", Owner: mallet, Outcome: CallbackFailed, At: at})
	require.NoError(t, err)
	assert.Equal(t, at.Add(4*time.Minute), next, "owner's third failure")

	// A callback burning 90% of its limit counts as failed, delivered or not.
	at = next
	next, err = g.Record(Result{Key: "2", Owner: mallet, Outcome: Delivered, CallbackGasUsed: 900_000, CallbackGasLimit: 1_000_000, At: at})
	require.NoError(t, err)
	assert.Equal(t, at.Add(8*time.Minute), next)

	// A container failure backs off its subscription only.
	next, err = g.Record(Result{Key: "3", Owner: alice, Outcome: ContainerFailed, At: t0})
	require.NoError(t, err)
	assert.Equal(t, t0.Add(time.Minute), next)
	v, err = g.Check(Delivery{Key: "4", Owner: alice}, h)
	require.NoError(t, err)
	assert.Equal(t, Serve, v.Action)
	v, err = g.Check(honest, h)
	require.NoError(t, err)
	assert.Equal(t, Wait, v.Action)
	assert.Contains(t, v.Reason, "subscription backing off")

	// Success forgets nothing: the next failure waits twice as long.
	_, err = g.Record(Result{Key: "3", Owner: alice, Outcome: Delivered, At: t0.Add(time.Minute)})
	require.NoError(t, err)
	v, err = g.Check(honest, Head{Time: t0.Add(time.Minute)})
	require.NoError(t, err)
	assert.Equal(t, Serve, v.Action)
	next, err = g.Record(Result{Key: "3", Owner: alice, Outcome: ContainerFailed, At: t0.Add(2 * time.Minute)})
	require.NoError(t, err)
	assert.Equal(t, t0.Add(4*time.Minute), next)
}

func TestBackoffCapped(t *testing.T) {
	l := Limits{BackoffBase: time.Second, BackoffMax: time.Hour}.withDefaults()
	assert.Equal(t, time.Duration(0), l.backoff(0))
	assert.Equal(t, time.Second, l.backoff(1))
	assert.Equal(t, 8*time.Second, l.backoff(4))
	assert.Equal(t, time.Hour, l.backoff(100))
	assert.Equal(t, time.Hour, l.backoff(1<<30))
}

func TestOwnerDayBudget(t *testing.T) {
	g := newGuard(t, Limits{OwnerGasPerDay: 3_000_000})
	d := Delivery{Key: "1", Owner: mallet, Gas: 1_000_000}
	for i := range 3 {
		at := t0.Add(time.Duration(i) * time.Hour)
		v, err := g.Check(d, Head{Time: at})
		require.NoError(t, err)
		require.Equal(t, Serve, v.Action, "delivery %d", i)
		c, v, err := g.Charge(mallet, d.Gas, at)
		require.NoError(t, err)
		require.Equal(t, Serve, v.Action)
		_, err = g.Record(Result{Key: "1", Owner: mallet, Outcome: Delivered, Charge: c, GasUsed: d.Gas, At: at})
		require.NoError(t, err)
	}
	at := t0.Add(3 * time.Hour)
	v, err := g.Check(d, Head{Time: at})
	require.NoError(t, err)
	assert.Equal(t, Wait, v.Action)
	assert.Equal(t, at.Add(DefaultBackoffBase), v.Until, "asks again soon: charges in flight settle to less")
	g.lim.BackoffBase = Day
	v, err = g.Check(d, Head{Time: at})
	require.NoError(t, err)
	assert.Equal(t, time.Unix((t0.Unix()/3600+1)*3600, 0).Add(Day), v.Until, "at the latest when the first hour's gas leaves the window")
	_, v, err = g.Charge(mallet, 1, at)
	require.NoError(t, err)
	assert.Equal(t, Wait, v.Action, "nothing more is charged")

	v, err = g.Check(Delivery{Key: "9", Owner: alice, Gas: 1_000_000}, Head{Time: at})
	require.NoError(t, err)
	assert.Equal(t, Serve, v.Action, "another owner has its own budget")
	v, err = g.Check(Delivery{Key: "1", Owner: mallet, Gas: 1_000_000, Paid: true}, Head{Time: at})
	require.NoError(t, err)
	assert.Equal(t, Serve, v.Action, "paid work is not bounded by the unpaid budget")

	v, err = g.Check(d, Head{Time: v.Until})
	require.NoError(t, err)
	assert.Equal(t, Wait, v.Action, "a rolling day: the later charges still count")
	v, err = g.Check(d, Head{Time: t0.Add(Day + time.Hour)})
	require.NoError(t, err)
	assert.Equal(t, Serve, v.Action, "the first hour's charge left the window")
}

func TestChargeSettledToGasUsed(t *testing.T) {
	g := newGuard(t, Limits{OwnerGasPerDay: 2_000_000})
	c, v, err := g.Charge(alice, 1_000_000, t0)
	require.NoError(t, err)
	require.Equal(t, Serve, v.Action)
	c2, v, err := g.Charge(alice, 1_000_000, t0)
	require.NoError(t, err)
	require.Equal(t, Serve, v.Action)
	_, v, err = g.Charge(alice, 1_000_000, t0)
	require.NoError(t, err)
	require.Equal(t, Wait, v.Action, "charged before sending: concurrent deliveries never overdraw")

	_, err = g.Record(Result{Key: "1", Owner: alice, Outcome: Delivered, Charge: c, GasUsed: 200_000, At: t0})
	require.NoError(t, err)
	_, err = g.Record(Result{Key: "2", Owner: alice, Outcome: NotSent, Charge: c2, At: t0})
	require.NoError(t, err)
	own, err := g.owner(alice)
	require.NoError(t, err)
	require.Len(t, own.Gas, 1)
	assert.Equal(t, uint64(200_000), own.Gas[0].Gas, "only the gas used counts")

	c3, _, err := g.Charge(alice, 100_000, t0)
	require.NoError(t, err)
	_, err = g.Record(Result{Key: "3", Owner: alice, Outcome: Reverted, Charge: c3, GasUsed: 150_000, At: t0})
	require.NoError(t, err)
	own, err = g.owner(alice)
	require.NoError(t, err)
	assert.Equal(t, uint64(350_000), own.Gas[0].Gas, "gas used above the charge counts too")
}

// A lost race (the interval full, or this node already responded, by the
// time the delivery was mined) costs its gas but backs nobody off.
func TestLostRaceBacksNobodyOff(t *testing.T) {
	g := newGuard(t, Limits{OwnerGasPerDay: 2_000_000})
	c, _, err := g.Charge(alice, 300_000, t0)
	require.NoError(t, err)
	next, err := g.Record(Result{Key: "1", Owner: alice, Outcome: LostRace, Charge: c, GasUsed: 40_000, At: t0})
	require.NoError(t, err)
	assert.True(t, next.IsZero(), "tried again at once")
	for _, key := range []string{"1", "2"} {
		v, err := g.Check(Delivery{Key: key, Owner: alice}, Head{Time: t0.Add(time.Second)})
		require.NoError(t, err)
		assert.Equal(t, Serve, v.Action, "neither the subscription nor its owner is backed off")
	}
	own, err := g.owner(alice)
	require.NoError(t, err)
	require.Len(t, own.Gas, 1)
	assert.Equal(t, uint64(40_000), own.Gas[0].Gas, "the gas spent counts")
	assert.Zero(t, own.Failures)
}

func TestStateSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	db := openStore(t, dir)
	g := New(storage.NewTable(db.Table(storage.TableRelay), storage.RelayGuardPrefix()), Limits{})
	_, err := g.Record(Result{Key: "7", Owner: mallet, Outcome: CallbackFailed, At: t0})
	require.NoError(t, err)
	_, _, err = g.Charge(mallet, 1_000, t0)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	db = openStore(t, dir)
	defer db.Close()
	g = New(storage.NewTable(db.Table(storage.TableRelay), storage.RelayGuardPrefix()), Limits{})
	v, err := g.Check(Delivery{Key: "8", Owner: mallet}, Head{Time: t0.Add(time.Second)})
	require.NoError(t, err)
	assert.Equal(t, Wait, v.Action)
	assert.Equal(t, t0.Add(DefaultBackoffBase), v.Until)
	own, err := g.owner(mallet)
	require.NoError(t, err)
	assert.Equal(t, uint64(1_000), own.Gas[0].Gas)
}

func TestSweepBoundsRecords(t *testing.T) {
	g := newGuard(t, Limits{BackoffMax: time.Hour})
	for i := range 100 {
		owner := common.BigToAddress(big.NewInt(int64(i + 1)))
		_, err := g.Record(Result{Key: string(rune('a'+i%26)) + "x" + string(rune('0'+i/26)), Owner: owner, Outcome: Reverted, At: t0})
		require.NoError(t, err)
		_, _, err = g.Charge(owner, 10, t0)
		require.NoError(t, err)
	}
	count := func() int {
		n := 0
		require.NoError(t, g.kv.Scan(nil, func(_, _ []byte) error { n++; return nil }))
		return n
	}
	assert.Equal(t, 200, count())
	require.NoError(t, g.Tick(t0.Add(30*time.Minute)))
	assert.Equal(t, 200, count(), "back-offs and charges still matter")
	require.NoError(t, g.Sweep(t0.Add(Day+2*time.Hour)))
	assert.Equal(t, 0, count(), "nothing left once nothing matters")
}

func TestForget(t *testing.T) {
	g := newGuard(t, Limits{})
	_, err := g.Record(Result{Key: "5", Owner: alice, Outcome: ContainerFailed, At: t0})
	require.NoError(t, err)
	require.NoError(t, g.Forget("5"))
	v, err := g.Check(Delivery{Key: "5", Owner: alice}, Head{Time: t0})
	require.NoError(t, err)
	assert.Equal(t, Serve, v.Action)
}

func TestCut(t *testing.T) {
	assert.Equal(t, "short", Cut("short"))
	long := strings.Repeat("x", 2<<20)
	c := Cut(long)
	assert.LessOrEqual(t, len(c), MaxErrorBytes+40)
	assert.True(t, strings.HasPrefix(c, strings.Repeat("x", MaxErrorBytes)))
	assert.Contains(t, c, "2096640 bytes cut")
	// Never splits a rune.
	c = Cut(strings.Repeat("é", 600))
	assert.True(t, strings.HasPrefix(c, strings.Repeat("é", 256)))
	assert.NotContains(t, c, "\uFFFD")
	assert.Equal(t, "", CutErr(nil))
}
