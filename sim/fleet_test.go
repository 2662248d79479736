package sim

import (
	"container/heap"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/anishathalye/porcupine"
)

// The fleet simulator: three members run the fleet's claim protocol
// (docs/fleet.md, Claims) against a simulated etcd that injects etcd's
// known failure modes, on a simulated clock, every choice drawn from one
// seed. It models the protocol (claim under the member's lease, commit
// past it fenced by the lease and the claim's revision right before the
// send), not the fleet package's code: the process tests run that. After
// a run it checks the invariants (no interval paid twice, no revert, every
// interval delivered redundancy times while as many members live) and
// every slot's history of claims, commits, lease expiries and sends with
// porcupine against the slot's sequential specification.
//
// Failure modes: member crash (restarted later), SIGSTOP of a member
// (its pending steps run late, after it resumes, on what it believed),
// lease expiry, an etcd leader change renewing every lease for a full TTL
// (etcd#9395), a stalled old leader revoking a live member's lease
// (etcd#12528), an etcd outage (no answers; every lease renewed when it
// is back).

const (
	fsTTL    = 3000 // ms
	fsBlock  = 1000 // ms
	fsPeriod = 10_000
)

type fsScenario struct {
	seed  uint64
	hours float64
	subs  int
	// noFence: the planted bug, a commit that does not ask etcd.
	noFence bool
}

type fsEvent struct {
	at  int64 // ms
	seq int64
	fn  func()
}

type fsQueue []*fsEvent

func (q fsQueue) Len() int { return len(q) }
func (q fsQueue) Less(i, j int) bool {
	return q[i].at < q[j].at || q[i].at == q[j].at && q[i].seq < q[j].seq
}
func (q fsQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *fsQueue) Push(x any)   { *q = append(*q, x.(*fsEvent)) }
func (q *fsQueue) Pop() any {
	old := *q
	e := old[len(old)-1]
	*q = old[:len(old)-1]
	return e
}

type fsSlot struct {
	holder    int // member, -1: free
	lease     int64
	rev       int64
	committed bool
}

type fsMember struct {
	id           int
	lease        int64 // the lease it believes it holds (0: none)
	crashed      bool
	pausedUntil  int64
	epoch        int // bumped by a crash: steps of an earlier life are dropped
	failedRanges [][2]int64
}

type fsWorld struct {
	sc      fsScenario
	rng     *rand.Rand
	now     int64
	seq     int64
	q       fsQueue
	leases  map[int64]int64 // lease → expiry (ms), at etcd
	owner   map[int64]int   // lease → member
	nextID  int64
	rev     int64
	down    [][2]int64 // etcd outages
	slots   map[string]*fsSlot
	members []*fsMember
	// chain: deliveries of each (sub, interval), and reverts.
	delivered map[[2]int][]int
	reverts   []string
	late      int // broadcasts past the interval of a member stopped between its commit and its broadcast
	// windows: (member, interval key) whose commit-to-send window a
	// failure hit (the documented residual window).
	window  map[string]bool
	history []porcupine.Operation
	sent    map[string]bool // member/sub/interval journaled (txm's Call.Key)
}

func (w *fsWorld) at(t int64, fn func()) {
	w.seq++
	heap.Push(&w.q, &fsEvent{at: t, seq: w.seq, fn: fn})
}

func (w *fsWorld) etcdDown() bool {
	for _, d := range w.down {
		if w.now >= d[0] && w.now < d[1] {
			return true
		}
	}
	return false
}

func (w *fsWorld) record(slot string, client int, in, out any) {
	n := int64(len(w.history)) // etcd answers one at a time: the history's order is real time
	w.history = append(w.history, porcupine.Operation{ClientId: client, Input: fsIn{slot, in}, Call: 2 * n, Output: out, Return: 2*n + 1})
}

type fsIn struct {
	slot string
	op   any
}
type fsClaim struct{ m int }
type fsCommit struct {
	m     int
	lease int64
}
type fsSend struct{ m int }
type fsExpire struct{ lease int64 }

// expire drops every lease past its expiry and the pending claims under it.
func (w *fsWorld) expire() {
	if w.etcdDown() {
		return
	}
	for l, exp := range w.leases {
		if exp <= w.now {
			w.revoke(l)
		}
	}
}

func (w *fsWorld) revoke(l int64) {
	delete(w.leases, l)
	for k, s := range w.slots {
		if s.holder >= 0 && !s.committed && s.lease == l {
			s.holder, s.lease = -1, 0
			w.rev++
			w.record(k, 3, fsExpire{l}, true)
		}
	}
}

func (w *fsWorld) live(m *fsMember) bool {
	_, ok := w.leases[m.lease]
	return m.lease != 0 && ok && w.owner[m.lease] == m.id
}

// view is the members etcd holds live leases of (the watch).
func (w *fsWorld) view() []int {
	var ids []int
	for _, m := range w.members {
		if w.live(m) {
			ids = append(ids, m.id)
		}
	}
	return ids
}

// serves: member m's rank for sub among ids is below redundancy.
func serves(sub, m, r int, ids []int) bool {
	if !slices.Contains(ids, m) {
		ids = append(slices.Clone(ids), m)
	}
	sort.Slice(ids, func(i, j int) bool { return fsScore(sub, ids[i]) > fsScore(sub, ids[j]) })
	return slices.Index(ids, m) < r
}

func fsScore(sub, m int) uint64 {
	x := uint64(sub)*0x9E3779B97F4A7C15 ^ uint64(m+1)*0xC2B2AE3D27D4EB4F
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	return x
}

// step runs fn as member m's next step at t, or when it resumes if paused
// then; a step of an earlier life (before a crash) is dropped.
func (w *fsWorld) step(m *fsMember, t int64, fn func()) {
	epoch := m.epoch
	var run func()
	run = func() {
		if m.epoch != epoch || m.crashed {
			return
		}
		if w.now < m.pausedUntil {
			w.at(m.pausedUntil, run)
			return
		}
		fn()
	}
	w.at(t, run)
}

func subKey(sub int, k int64) string { return fmt.Sprintf("s%d/%d", sub, k) }

// try is member m's delivery of interval k of sub: containers, claim,
// commit, send; a try not sendable now is made again at the next block.
func (w *fsWorld) try(m *fsMember, sub, r int, k int64) {
	open, end := k*fsPeriod, (k+1)*fsPeriod
	if w.now+fsBlock >= end { // the interval ends before the next block
		return
	}
	again := func() { w.step(m, w.now+fsBlock, func() { w.try(m, sub, r, k) }) }
	if !serves(sub, m.id, r, w.view()) || m.lease == 0 {
		if w.now < open+fsTTL*3 {
			again()
		}
		return
	}
	w.step(m, w.now+200+w.rng.Int64N(600), func() { // the containers
		if w.now+fsBlock >= end {
			return
		}
		slot, ok := w.claim(m, sub, r, k)
		if !ok {
			again()
			return
		}
		w.step(m, w.now+5+w.rng.Int64N(40), func() { // the estimate, then the fence
			if ((w.now+10)/fsBlock+1)*fsBlock >= end { // late by now: the fence sends nothing
				return
			}
			if !w.commit(m, slot) {
				again()
				return
			}
			key := fmt.Sprintf("%d/%s", m.id, subKey(sub, k))
			w.window[key] = false
			w.step(m, w.now+1+w.rng.Int64N(5), func() { // sign, journal, broadcast
				paused := w.window[key]
				delete(w.window, key)
				if w.sent[key] { // the journal key: a second try of the same delivery sends nothing
					return
				}
				w.sent[key] = true
				w.record(slot, m.id, fsSend{m.id}, true)
				w.send(m, sub, r, k, paused)
			})
		})
	})
}

// claim is the claim transaction: lease alive, slot free, no other slot of
// this member's; the slot's key, or false when not claimed now.
func (w *fsWorld) claim(m *fsMember, sub, r int, k int64) (string, bool) {

	if w.etcdDown() {
		return "", false
	}
	base := subKey(sub, k)
	for j := range r {
		if s := w.slots[fmt.Sprintf("%s/%d", base, j)]; s != nil && s.holder == m.id {
			key := fmt.Sprintf("%s/%d", base, j)
			w.record(key, m.id, fsClaim{m.id}, "own")
			return key, true
		}
	}
	if !w.live(m) {
		return "", false // fenced
	}
	for j := range r {
		key := fmt.Sprintf("%s/%d", base, j)
		s := w.slots[key]
		if s == nil {
			s = &fsSlot{holder: -1}
			w.slots[key] = s
		}
		switch {
		case s.holder < 0:
			w.rev++
			s.holder, s.lease, s.rev, s.committed = m.id, m.lease, w.rev, false
			w.record(key, m.id, fsClaim{m.id}, "won")
			return key, true
		case s.committed:
			w.record(key, m.id, fsClaim{m.id}, "lost")
		default:
			w.record(key, m.id, fsClaim{m.id}, "busy")
		}
	}
	return "", false
}

// commit is the fence: the claim still this member's, under the lease it
// was made with, that lease alive.
func (w *fsWorld) commit(m *fsMember, key string) bool {
	s := w.slots[key]
	if w.sc.noFence { // the planted bug: no question to etcd
		w.record(key, m.id, fsCommit{m.id, m.lease}, "ok")
		return true
	}
	if w.etcdDown() {
		return false
	}
	if s.holder == m.id && s.committed {
		return true
	}
	if s.holder != m.id || !w.live(m) || s.lease != m.lease {
		w.record(key, m.id, fsCommit{m.id, m.lease}, "fenced")
		return false
	}
	w.rev++
	s.committed, s.rev = true, w.rev
	w.record(key, m.id, fsCommit{m.id, m.lease}, "ok")
	return true
}

// send is the chain: mined at the next block, delivered if the interval is
// open, not full, and this member has not delivered it; else reverted.
func (w *fsWorld) send(m *fsMember, sub, r int, k int64, paused bool) {
	mined := (w.now/fsBlock + 1) * fsBlock
	id := [2]int{sub, int(k)}
	got := w.delivered[id]
	switch {
	case mined >= (k+1)*fsPeriod && paused:
		// Paused in the milliseconds between its commit and its broadcast
		// (the window docs/fleet.md names): late, its own slot, never
		// paid twice; counted apart.
		w.late++
	case mined >= (k+1)*fsPeriod:
		w.reverts = append(w.reverts, fmt.Sprintf("m%d interval %s: mined at %d after the interval closed", m.id, subKey(sub, k), mined))
	case len(got) >= r || slices.Contains(got, m.id):
		w.reverts = append(w.reverts, fmt.Sprintf("m%d interval %s: already delivered by %v", m.id, subKey(sub, k), got))
	default:
		w.delivered[id] = append(got, m.id)
	}
}

// join grants member m a lease (etcd answering) and keeps it alive.
func (w *fsWorld) join(m *fsMember) {
	if m.crashed {
		return
	}
	if w.now < m.pausedUntil {
		w.at(m.pausedUntil, func() { w.join(m) })
		return
	}
	if w.etcdDown() {
		w.at(w.now+fsTTL/3, func() { w.join(m) })
		return
	}
	w.nextID++
	m.lease = w.nextID
	w.leases[m.lease], w.owner[m.lease] = w.now+fsTTL, m.id
	w.keepAlive(m, m.lease, m.epoch)
}

func (w *fsWorld) keepAlive(m *fsMember, lease int64, epoch int) {
	w.at(w.now+fsTTL/3, func() {
		if m.crashed || m.epoch != epoch {
			return
		}
		if w.now < m.pausedUntil {
			w.at(m.pausedUntil, func() { w.keepAlive(m, lease, epoch) })
			return
		}
		if w.etcdDown() {
			w.keepAlive(m, lease, epoch)
			return
		}
		if _, ok := w.leases[lease]; !ok { // lost: join anew
			m.lease = 0
			w.join(m)
			return
		}
		w.leases[lease] = w.now + fsTTL
		w.keepAlive(m, lease, epoch)
	})
}

// failures plans the faults: about one of each kind an hour.
func (w *fsWorld) failures(endMs int64) {
	for t := int64(60_000); t < endMs-60_000; t += 600_000 + w.rng.Int64N(1_800_000) {
		m := w.members[w.rng.IntN(3)]
		switch w.rng.IntN(5) {
		case 0: // SIGKILL, restarted 20-60 s later
			w.at(t, func() {
				if m.crashed || w.now < m.pausedUntil {
					return
				}
				m.crashed = true
				m.epoch++
				for key := range w.window {
					if key[0] == byte('0'+m.id) {
						w.window[key] = true
					}
				}
				back := w.now + 20_000 + w.rng.Int64N(40_000)
				m.failedRanges = append(m.failedRanges, [2]int64{w.now, back})
				w.at(back, func() { // restarted: it looks at what is due now
					m.crashed, m.lease = false, 0
					w.join(m)
					k := w.now / fsPeriod
					for sub := range w.sc.subs {
						w.step(m, w.now+500, func() { w.try(m, sub, red(sub), k) })
					}
				})
			})
		case 1: // SIGSTOP 5-20 s
			w.at(t, func() {
				if m.crashed || w.now < m.pausedUntil {
					return
				}
				m.pausedUntil = w.now + 5_000 + w.rng.Int64N(15_000)
				m.failedRanges = append(m.failedRanges, [2]int64{w.now, m.pausedUntil})
				for key := range w.window {
					if key[0] == byte('0'+m.id) {
						w.window[key] = true
					}
				}
			})
		case 2: // a leader change: every lease renewed for a full TTL
			w.at(t, func() {
				if w.etcdDown() {
					return
				}
				for l := range w.leases {
					w.leases[l] = w.now + fsTTL
				}
			})
		case 3: // a stalled old leader revokes a live member's lease
			w.at(t, func() {
				if !w.etcdDown() && m.lease != 0 {
					m.failedRanges = append(m.failedRanges, [2]int64{w.now, w.now + 2*fsTTL})
					w.revoke(m.lease)
				}
			})
		case 4: // etcd out 5-15 s; back, it renews every lease
			d := [2]int64{t, t + 5_000 + w.rng.Int64N(10_000)}
			w.down = append(w.down, d)
			w.at(d[1], func() {
				for l := range w.leases {
					w.leases[l] = w.now + fsTTL
				}
			})
		}
	}
}

// red is subscription sub's redundancy: 1 and 2 in turn.
func red(sub int) int { return 1 + sub%2 }

type fsResult struct {
	intervals, deliveries, excused, late int
	failure                              string
}

func (r fsResult) String() string {
	return fmt.Sprintf("%d intervals, %d deliveries, %d short excused (etcd out, or a member stopped between its commit and its broadcast), %d late broadcasts of a member stopped in that window",
		r.intervals, r.deliveries, r.excused, r.late)
}

func runFleetSim(sc fsScenario) fsResult {
	w := &fsWorld{sc: sc, rng: rand.New(rand.NewPCG(sc.seed, 45)), leases: map[int64]int64{}, owner: map[int64]int{},
		slots: map[string]*fsSlot{}, delivered: map[[2]int][]int{}, window: map[string]bool{}, sent: map[string]bool{}}
	for i := range 3 {
		w.members = append(w.members, &fsMember{id: i})
	}
	endMs := int64(sc.hours * float64(time.Hour/time.Millisecond))
	for _, m := range w.members {
		w.join(m)
	}
	w.failures(endMs)
	last := endMs/fsPeriod - 1
	for k := int64(1); k <= last; k++ {
		open := k * fsPeriod
		w.at(open, func() {
			for sub := range sc.subs {
				for _, m := range w.members {
					w.step(m, open+w.rng.Int64N(300), func() { w.try(m, sub, red(sub), k) })
				}
			}
		})
	}
	for tick := int64(0); tick < endMs; tick += 100 {
		w.at(tick, w.expire)
	}
	for w.q.Len() > 0 {
		e := heap.Pop(&w.q).(*fsEvent)
		if e.at > endMs+fsPeriod {
			break
		}
		w.now = e.at
		e.fn()
	}
	res := fsResult{late: w.late}
	linearizable := porcupine.CheckOperations(slotModel, w.history)
	if len(w.reverts) > 0 {
		res.failure = fmt.Sprintf("%d reverted (gas paid for nothing), first: %s; slot histories linearizable: %v", len(w.reverts), w.reverts[0], linearizable)
		return res
	}
	hit := func(a, b int64, rs [][2]int64) bool {
		for _, x := range rs {
			if x[0] < b && x[1] > a {
				return true
			}
		}
		return false
	}
	for k := int64(1); k <= last; k++ {
		open, end := k*fsPeriod, (k+1)*fsPeriod
		for sub := range sc.subs {
			res.intervals++
			got := w.delivered[[2]int{sub, int(k)}]
			res.deliveries += len(got)
			failed := 0
			for _, m := range w.members {
				if hit(open-fsTTL, end, m.failedRanges) {
					failed++
				}
			}
			want := min(red(sub), 3-failed)
			if len(got) >= want {
				continue
			}
			if hit(open-2*fsTTL, end, w.down) || w.windowHit(sub, k) {
				res.excused++
				continue
			}
			res.failure = fmt.Sprintf("interval %s (redundancy %d, %d members failed in it): %d deliveries %v, want %d", subKey(sub, k), red(sub), failed, len(got), got, want)
			return res
		}
	}
	if !linearizable {
		res.failure = "a slot's history of claims, commits, expiries and sends is not linearizable"
	}
	return res
}

func (w *fsWorld) windowHit(sub int, k int64) bool {
	for key, hit := range w.window {
		if hit && key[2:] == subKey(sub, k) {
			return true
		}
	}
	return false
}

// slotState is a slot's sequential specification: who holds it, under
// which lease, committed (sent under) or not.
type slotState struct {
	holder    int
	lease     int64
	committed bool
}

var slotModel = porcupine.Model{
	Partition: func(h []porcupine.Operation) [][]porcupine.Operation {
		by := map[string][]porcupine.Operation{}
		var keys []string
		for _, op := range h {
			k := op.Input.(fsIn).slot
			if _, ok := by[k]; !ok {
				keys = append(keys, k)
			}
			by[k] = append(by[k], op)
		}
		out := make([][]porcupine.Operation, 0, len(keys))
		for _, k := range keys {
			out = append(out, by[k])
		}
		return out
	},
	Init: func() any { return slotState{holder: -1} },
	Step: func(st, in, out any) (bool, any) {
		s := st.(slotState)
		switch op := in.(fsIn).op.(type) {
		case fsClaim:
			switch out {
			case "won":
				return s.holder < 0, slotState{holder: op.m, lease: -1}
			case "own":
				return s.holder == op.m, s
			case "busy":
				return s.holder >= 0 && s.holder != op.m && !s.committed, s
			case "lost":
				return s.holder >= 0 && s.holder != op.m && s.committed, s
			}
		case fsCommit:
			if out == "ok" {
				if s.holder != op.m {
					return false, s
				}
				s.committed = true
				return true, s
			}
			return true, s
		case fsExpire:
			if s.holder >= 0 && !s.committed {
				return true, slotState{holder: -1}
			}
			return false, s
		case fsSend:
			return s.holder == op.m && s.committed, s
		}
		return false, s
	},
}

var (
	flagFleetSeeds = flag.Int("sim.fleet.seeds", 0, "run this many fleet seeds from sim.seed (make sim FLEET_SEEDS=…)")
	flagFleetHours = flag.Float64("sim.fleet.hours", 72, "simulated hours per fleet seed with -sim.fleet.seeds")
	flagFleetSubs  = flag.Int("sim.fleet.subs", 6, "recurring subscriptions (every 10 s, redundancy 1 and 2) per fleet seed with -sim.fleet.seeds")
)

// fleetSeeds are the full tier's: short runs.
var fleetSeeds = []uint64{1, 2, 3}

// TestFleetSim runs the fleet simulator: by default (the full tier) three
// short seeds; with -sim.fleet.seeds (make sim) that many seeds of
// -sim.fleet.hours each (72).
func TestFleetSim(t *testing.T) {
	if testing.Short() {
		t.Skip("full tier")
	}
	seeds, hours, subs := fleetSeeds, 2.0, 15
	if *flagFleetSeeds > 0 {
		seeds, hours, subs = nil, *flagFleetHours, *flagFleetSubs
		for i := range *flagFleetSeeds {
			seeds = append(seeds, max(*flagSeed, 1)+uint64(i))
		}
	}
	start := time.Now()
	for _, seed := range seeds {
		t0 := time.Now()
		res := runFleetSim(fsScenario{seed: seed, hours: hours, subs: subs})
		t.Logf("fleet seed %d: %gh simulated in %.1fs: %s", seed, hours, time.Since(t0).Seconds(), res)
		if res.failure != "" {
			t.Errorf("fleet seed %d failed: %s\nreplay: make sim SEED=%d FLEET_SEEDS=1 FLEET_HOURS=%g FLEET_SUBS=%d", seed, res.failure, seed, hours, subs)
		}
	}
	fmt.Printf("fleet: %d seeds × %gh simulated in %.1fs\n", len(seeds), hours, time.Since(start).Seconds())
}

// TestFleetSimCatchesAMissingFence plants the bug (a commit that does not
// ask etcd: a member paused after its claim sends when it resumes, though
// its claim went with its lease and another member sent): a seed fails,
// and fails the same way when run again.
func TestFleetSimCatchesAMissingFence(t *testing.T) {
	if testing.Short() {
		t.Skip("full tier")
	}
	for seed := uint64(1); seed <= 20; seed++ {
		sc := fsScenario{seed: seed, hours: 6, subs: 15, noFence: true}
		first := runFleetSim(sc)
		if first.failure == "" {
			continue
		}
		if !strings.Contains(first.failure, "linearizable: false") {
			t.Fatalf("seed %d: porcupine did not flag the histories: %s", seed, first.failure)
		}
		again := runFleetSim(sc)
		require := first.failure == again.failure
		t.Logf("seed %d with the fence removed: %s (replayed: same failure %v)", seed, first.failure, require)
		if !require {
			t.Fatalf("seed %d did not replay: %q then %q", seed, first.failure, again.failure)
		}
		return
	}
	t.Fatal("no seed of 20 caught the missing fence")
}
