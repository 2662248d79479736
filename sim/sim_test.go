package sim

import (
	"context"
	"flag"
	"fmt"
	"math/big"
	"os"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/ethereum/go-ethereum/core/types"

	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/relay"
	"github.com/infernode/infernode/simchain"
	"github.com/infernode/infernode/txm"
)

var (
	flagSeed  = flag.Uint64("sim.seed", 0, "replay this seed (make sim SEED=…)")
	flagSeeds = flag.Int("sim.seeds", 0, "run this many seeds from sim.seed (make sim SEEDS=…)")
	flagHours = flag.Float64("sim.hours", 24, "simulated hours per seed for -sim.seed/-sim.seeds")
	flagSubs  = flag.Int("sim.subs", 200, "subscriptions per seed for -sim.seed/-sim.seeds")
)

// ciSeeds are the full tier's: short runs, every fault, a crash each.
var ciSeeds = []uint64{1, 2, 3}

// TestSim runs the simulator: by default (the full tier) a fixed set of
// short seeds; with -sim.seed and -sim.seeds (make sim) the seeds asked
// for, each a simulated day of 200 subscriptions unless told otherwise.
func TestSim(t *testing.T) {
	if testing.Short() {
		t.Skip("full tier")
	}
	seeds, dur, subs := ciSeeds, 2*time.Hour, 60
	if *flagSeed != 0 || *flagSeeds > 0 {
		dur, subs = time.Duration(*flagHours*float64(time.Hour)), *flagSubs
		first := max(*flagSeed, 1)
		seeds = []uint64{first}
		for i := 1; i < *flagSeeds; i++ {
			seeds = append(seeds, first+uint64(i))
		}
	}
	var simulated time.Duration
	start := time.Now()
	for _, seed := range seeds {
		sc := scenario{seed: seed, duration: dur, subs: subs, crashes: 2, rates: simchain.DefaultRates}
		t0 := time.Now()
		res := run(t, sc)
		simulated += dur
		t.Logf("seed %d: simulated %s in %.1fs: %s", seed, dur, time.Since(t0).Seconds(), res)
		if res.failure != "" {
			t.Errorf("seed %d failed: %s\nreplay: make sim SEED=%d SIM_HOURS=%g SIM_SUBS=%d", seed, res.failure, seed, dur.Hours(), subs)
		}
	}
	wall := time.Since(start)
	fmt.Printf("simulated %s in %.1fs (%d seeds; %.0f simulated hours per wall minute)\n",
		fmtHours(simulated), wall.Seconds(), len(seeds), simulated.Hours()/wall.Minutes())
}

func fmtHours(d time.Duration) string { return fmt.Sprintf("%gh", d.Hours()) }

// TestSimReplaysAFailure breaks an invariant on purpose (a subscription
// checked against a redundancy of 0) and shows that the seed fails the
// same way when run again.
func TestSimReplaysAFailure(t *testing.T) {
	if testing.Short() {
		t.Skip("full tier")
	}
	sc := scenario{seed: 35, duration: 30 * time.Minute, subs: 20, crashes: 1, rates: simchain.DefaultRates, sabotage: true}
	first := run(t, sc)
	if first.failure == "" {
		t.Fatal("the sabotaged invariant did not fail")
	}
	again := run(t, sc)
	if again.failure != first.failure {
		t.Fatalf("seed %d failed differently on replay:\n first: %s\n again: %s", sc.seed, first.failure, again.failure)
	}
	t.Logf("seed %d fails the same way twice: %s", sc.seed, first.failure)
}

// result is what a run did.
type result struct {
	failure                     string
	blocks, delivered, givenUp  int
	sent                        int64
	calls                       uint64
	restarts, faultBlocks, subs int
	// reasons counts the given-up intervals (and delegated requests) by
	// their recorded reason (reasonClass).
	reasons map[string]int
}

func (r result) String() string {
	return fmt.Sprintf("%d blocks (%d with faults), %d subscriptions, %d intervals delivered, %d given up with a reason, %d transactions sent, %d RPC calls, %d restarts; given up by reason: %s",
		r.blocks, r.faultBlocks, r.subs, r.delivered, r.givenUp, r.sent, r.calls, r.restarts, byCount(r.reasons))
}

// giveUp counts one interval given up for reason; spanned marks one an
// earlier interval's hold covered (no record of its own).
func (r *result) giveUp(reason string, spanned bool) {
	if r.reasons == nil {
		r.reasons = map[string]int{}
	}
	c := reasonClass(reason)
	if spanned {
		c += " (spanned by an earlier interval's hold)"
	}
	r.reasons[c]++
	r.givenUp++
}

var (
	reHex    = regexp.MustCompile(`0x[0-9a-fA-F]+`)
	reNumber = regexp.MustCompile(`[0-9]+(\.[0-9]+)?`)
)

// reasonClass is a recorded reason with its numbers and addresses taken
// out, so that reasons of one kind count together.
func reasonClass(reason string) string {
	c := reNumber.ReplaceAllString(reHex.ReplaceAllString(reason, "0x…"), "#")
	if len(c) > 90 {
		c = c[:90] + "…"
	}
	return c
}

// byCount lists the reasons, most frequent first.
func byCount(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%d %q", m[k], k)
	}
	if b.Len() == 0 {
		return "none"
	}
	return b.String()
}

// run runs sc in a synctest bubble: simulated time, one block a second.
func run(t *testing.T, sc scenario) result {
	var res result
	synctest.Test(t, func(t *testing.T) {
		w := newWorld(sc)
		w.fail = func(format string, args ...any) {
			if !w.failed {
				w.failed, w.failMsg = true, fmt.Sprintf("block %d: ", w.chain.Head().Number.Uint64())+fmt.Sprintf(format, args...)
			}
		}
		res = w.run()
	})
	// Pebble keeps pooled objects holding channels (sync.Pool): ones made
	// in this bubble must not reach the next, and a pool is emptied by two
	// collections.
	runtime.GC()
	runtime.GC()
	return res
}

func (w *world) run() result {
	blocks := uint64(w.sc.duration / time.Second)
	crashAt := map[uint64]bool{}
	for range w.sc.crashes {
		crashAt[20+w.rng.Uint64N(max(blocks-40, 1))] = true
	}
	if err := w.start(); err != nil {
		return result{failure: err.Error()}
	}
	next := 0
	for n := uint64(1); n <= blocks && !w.failed; n++ {
		time.Sleep(time.Second)
		w.chain.Mine(time.Now())
		for ; next < len(w.plan) && w.plan[next].at <= n; next++ {
			w.act(w.plan[next])
		}
		for _, p := range w.plan {
			if p.cancelAt == n && p.id != 0 {
				w.userTx(p.owner, coordABI.PackCancelSubscription(p.id))
				p.cancelled = w.chain.Head().Time
			}
		}
		if crashAt[n] && w.node != nil {
			w.kill()
			w.restarts++
		}
		// A start that fails (its first reads rate-limited, say) is
		// tried again at the next block, as the node retries its chain
		// setup.
		if w.node == nil {
			if err := w.start(); err != nil {
				w.log.Warn("sim: start", "err", err)
			}
		}
		w.checkStep()
	}
	// Settle: a few more blocks with no faults for what is in flight.
	for range 120 {
		time.Sleep(time.Second)
		w.chain.Mine(time.Now())
		if w.node == nil {
			_ = w.start()
		}
	}
	if w.node == nil {
		w.fail("the node did not start again")
	}
	var res result
	if w.node != nil {
		res = w.checkEnd()
	}
	w.stop()
	res.restarts, res.blocks, res.sent, res.calls, res.faultBlocks = w.restarts, int(blocks), w.sent.Load(), w.chain.Calls(), w.faults.Len()
	res.subs = len(w.plan)
	if w.failed {
		res.failure = w.failMsg
	}
	return res
}

// act creates a planned subscription (a user's transaction) or submits a
// delegated one to the node.
func (w *world) act(p *planned) {
	head := w.chain.Head()
	p.sub.ActiveAt += uint32(head.Time)
	if !p.delegated {
		w.userTx(p.owner, coordABI.PackCreateSubscription(p.sub))
		return
	}
	p.expiry += uint32(head.Time)
	ds := ours.DelegateSubscription{Nonce: p.nonce, Expiry: p.expiry, Sub: p.sub}
	sig, err := ds.Sign(ours.Domain{ChainID: chainID, Coordinator: coordAddr}, p.owner.key)
	if err != nil {
		w.fail("sign: %v", err)
		return
	}
	body, err := ours.EncodeDelegated(&ours.DelegatedRequest{Delegate: ds, Sig: sig, Data: []byte(`{"n":0}`)})
	if err != nil {
		w.fail("encode: %v", err)
		return
	}
	// Refusals are the node's to make (expired, beyond the horizon, too
	// many pending): a refused request is not due.
	if w.node == nil { // down: the client is refused (connection refused)
		p.refused = "node down"
		return
	}
	if err := w.node.r.SubmitDelegated(context.Background(), "sim", body); err != nil {
		p.refused = err.Error()
	}
}

// userTx sends a user's transaction to the Coordinator.
func (w *world) userTx(o *owner, data []byte) {
	tx := types.MustSignNewTx(o.key, types.LatestSignerForChainID(chainID), &types.DynamicFeeTx{
		ChainID: chainID, Nonce: o.nonce, GasTipCap: gwei, GasFeeCap: new(big.Int).Mul(gwei, big.NewInt(1000)),
		Gas: 1_000_000, To: &coordAddr, Data: data})
	o.nonce++
	if err := w.chain.Submit(tx); err != nil {
		w.fail("user transaction: %v", err)
	}
}

// checkStep runs after every block: it learns the ids of the
// subscriptions created so far, and checks what must hold at every
// moment (the fee caps are checked on every broadcast, by the gate).
func (w *world) checkStep() {
	for id := w.known + 1; id <= w.chain.Count(); id++ {
		s := w.chain.Subscription(id)
		if p, ok := w.byInputs[string(s.Inputs)]; ok && p.id == 0 {
			p.id = id
		}
		w.known = id
	}
}

// checkEnd checks the invariants at the end of a run.
func (w *world) checkEnd() result {
	var res result
	end := w.chain.Head().Time
	kv := w.node.db.Table(storage.TableRelay)
	for i, p := range w.plan {
		if p.id == 0 {
			if p.delegated && p.refused == "" && uint64(p.expiry)+60 < end {
				var d relay.Delegated
				ok, err := storage.GetJSON(kv, storage.RelayDelegatedKey(p.owner.addr, p.nonce), &d)
				if err == nil && ok && d.State != relay.IvDelivered && d.State != relay.IvRunning && d.Err != "" {
					res.giveUp("delegated: "+d.Err, false) // e.g. its signature expired before it could be sent
					continue
				}
				w.fail("delegated subscription %d of %s accepted and neither created nor given up with a reason (record %v: %+v)", p.nonce, p.owner.addr, ok, d.Progress)
			}
			continue
		}
		s := p.sub // as created: a cancellation hides activeAt on chain
		redundancy := s.Redundancy
		if w.sc.sabotage && i == int(w.sc.seed)%len(w.plan) {
			redundancy = 0
		}
		for k := uint32(1); k <= s.Frequency; k++ {
			start := uint64(s.ActiveAt) + uint64(k-1)*uint64(s.Period)
			got := w.chain.Responses(p.id, k)
			if got > redundancy {
				w.fail("subscription %d interval %d delivered %d times, more than its redundancy %d", p.id, k, got, redundancy)
			}
			closes := start + uint64(max(s.Period, 1))
			if s.Period == 0 {
				closes = start + 600
			}
			due := closes+60 < end && !p.owner.hostile && (p.cancelled == 0 || closes+60 < p.cancelled)
			if !due {
				continue
			}
			if got > 0 {
				res.delivered++
				continue
			}
			var iv relay.Interval
			ok, err := storage.GetJSON(kv, storage.RelayIntervalKey(p.id, k), &iv)
			if err != nil {
				w.fail("read interval %d/%d: %v", p.id, k, err)
				continue
			}
			// Given up with a recorded reason: failed or skipped, or held
			// back (the guard's reason) until the interval closed; a hold
			// is the subscription's, so the record of the interval it
			// began in covers the later ones it spanned.
			if ok && iv.State != relay.IvDelivered && iv.Err != "" {
				res.giveUp(iv.Err, false)
				continue
			}
			if held := w.heldBefore(kv, p.id, k); held != "" {
				res.giveUp(held, true)
				continue
			}
			if os.Getenv("SIM_DUMP") != "" {
				_ = kv.Scan(fmt.Appendf(nil, "iv/%010d/", p.id), func(key, v []byte) error {
					fmt.Printf("%s %s\n", key, v)
					return nil
				})
			}
			g := w.chain.Genesis()
			w.fail("subscription %d interval %d (blocks %d-%d; period %d, max gas price %s, limit %d, delegated %v) missed with no recorded reason (record %v: %+v); faults then: %s",
				p.id, k, start-g, closes-g, s.Period, s.MaxGasPrice, s.MaxGasLimit, p.delegated, ok, iv.Progress, w.faults.Describe(start-g-5, closes-g))
		}
	}
	w.checkJournal()
	return res
}

// heldBefore is the reason recorded for the latest interval of id before
// k that has a record, if it was not delivered: the subscription was held
// (the guard's reason, "held: …") or backing off after that interval's
// failure, and the hold spans later intervals.
func (w *world) heldBefore(kv storage.KeyValueStore, id, k uint32) string {
	for j := k - 1; j >= 1; j-- {
		var iv relay.Interval
		ok, err := storage.GetJSON(kv, storage.RelayIntervalKey(id, j), &iv)
		if err != nil || !ok {
			continue
		}
		if iv.State != relay.IvDelivered && iv.Err != "" {
			return iv.Err
		}
		return ""
	}
	return ""
}

// checkJournal: every nonce the node used is on chain or accounted for in
// the journal, nothing left in flight, no gap.
func (w *world) checkJournal() {
	recs, err := w.node.s.Records()
	if err != nil {
		w.fail("journal: %v", err)
		return
	}
	onChain, err := w.chain.NonceAt(context.Background(), w.me, nil)
	if err != nil {
		w.fail("nonce: %v", err)
		return
	}
	seen := map[uint64]bool{}
	for _, r := range recs {
		seen[r.Nonce] = true
		if r.State != txm.StateConfirmed && r.State != txm.StateFailed {
			w.fail("journal: nonce %d (%s) still %s at the end", r.Nonce, r.Key, r.State)
		}
		if r.Nonce >= onChain && r.State == txm.StateConfirmed {
			w.fail("journal: nonce %d confirmed but the chain's nonce is %d", r.Nonce, onChain)
		}
	}
	pending, _ := w.chain.PendingNonceAt(context.Background(), w.me)
	if pending != onChain {
		w.fail("nonce gap: %d transactions of the node still pending at the end (chain nonce %d)", pending-onChain, onChain)
	}
}
