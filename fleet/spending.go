package fleet

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// Spending holds the fleet's members to one unpaid-gas budget: each
// member's own guard (chain.unpaid.*) still judges its deliveries, and
// every unpaid charge it makes is also taken, in one etcd transaction,
// from the fleet's day ledger (spend/<day>/node and spend/<day>/<owner>),
// so n members never spend more than one chain.unpaid.gas_per_day and one
// owner_gas_per_day together. The fleet's day is the UTC day of the block
// time (the members' own guards keep their rolling day). A charge not
// spent (nothing sent, less gas used) is given back.
type Spending struct {
	o      *Options
	prefix string
	kv     clientv3.KV
	s      *Session

	one   sync.Mutex // one charge of this member's at a time: no contention with itself
	mu    sync.Mutex
	lease map[int64]clientv3.LeaseID // the ledger's lease of each day (two days' TTL)
	seen  map[string]ledgerValue     // last read of a ledger key (its revision)
}

// SpendLimits are the fleet-wide bounds (0: not bounded).
type SpendLimits struct {
	GasPerDay, OwnerGasPerDay uint64
}

type ledgerValue struct {
	gas uint64
	rev int64
}

func (sp *Spending) day(at time.Time) int64 { return at.Unix() / int64(24*time.Hour/time.Second) }

func (sp *Spending) keys(day int64, owner common.Address) (node, own string) {
	base := sp.prefix + "spend/" + strconv.FormatInt(day, 10) + "/"
	return base + "node", base + strings.ToLower(owner.Hex())
}

// Spend takes gas from the fleet's day budgets of the node and of owner at
// block time at. ok false (nothing taken) names the budget spent; err: etcd
// could not answer (nothing taken: spend nothing now).
func (sp *Spending) Spend(ctx context.Context, owner common.Address, gas uint64, at time.Time, lim SpendLimits) (ok bool, reason string, err error) {
	return sp.add(ctx, owner, int64(gas), at, lim)
}

// Refund gives back gas of a charge made at block time at that was not
// spent.
func (sp *Spending) Refund(ctx context.Context, owner common.Address, gas uint64, at time.Time) error {
	_, _, err := sp.add(ctx, owner, -int64(gas), at, SpendLimits{})
	return err
}

// add changes both ledgers by delta in one compare-and-swap transaction
// on their revisions, read again on a conflict (at most 64 tries).
func (sp *Spending) add(ctx context.Context, owner common.Address, delta int64, at time.Time, lim SpendLimits) (bool, string, error) {
	day := sp.day(at)
	nk, ok := sp.keys(day, owner)
	lease, err := sp.dayLease(ctx, day)
	if err != nil {
		return false, "", err
	}
	sp.one.Lock()
	defer sp.one.Unlock()
	fresh := false // the ledger values were read in this call
	for try := range 64 {
		if try > 0 { // another member charged meanwhile: a moment's back-off
			sleep(ctx, time.Duration(rand.IntN(1+try))*time.Millisecond)
		}
		sp.mu.Lock()
		n, o := sp.seen[nk], sp.seen[ok]
		sp.mu.Unlock()
		next := func(v uint64) uint64 {
			if delta < 0 && uint64(-delta) > v {
				return 0
			}
			return uint64(int64(v) + delta)
		}
		over := delta > 0 && (lim.GasPerDay > 0 && n.gas+uint64(delta) > lim.GasPerDay || lim.OwnerGasPerDay > 0 && o.gas+uint64(delta) > lim.OwnerGasPerDay)
		if over && !fresh { // what this member saw last may be high (another gave gas back): read it
			if err := sp.read(ctx, nk, ok); err != nil {
				return false, "", err
			}
			fresh = true
			continue
		}
		if delta > 0 {
			if lim.GasPerDay > 0 && n.gas+uint64(delta) > lim.GasPerDay {
				return false, fmt.Sprintf("the fleet's unpaid gas for the day spent (chain.unpaid.gas_per_day %d, all members together)", lim.GasPerDay), nil
			}
			if lim.OwnerGasPerDay > 0 && o.gas+uint64(delta) > lim.OwnerGasPerDay {
				return false, fmt.Sprintf("owner's unpaid gas for the day spent in the fleet (chain.unpaid.owner_gas_per_day %d, all members together)", lim.OwnerGasPerDay), nil
			}
		}
		rctx, cancel := sp.s.rpc(ctx)
		resp, err := sp.kv.Txn(rctx).
			If(clientv3.Compare(clientv3.ModRevision(nk), "=", n.rev), clientv3.Compare(clientv3.ModRevision(ok), "=", o.rev)).
			Then(clientv3.OpPut(nk, strconv.FormatUint(next(n.gas), 10), clientv3.WithLease(lease)),
				clientv3.OpPut(ok, strconv.FormatUint(next(o.gas), 10), clientv3.WithLease(lease))).
			Else(clientv3.OpGet(nk), clientv3.OpGet(ok)).Commit()
		cancel()
		if err != nil {
			return false, "", fmt.Errorf("fleet: spend %d gas of owner %s: %w", delta, owner.Hex(), err)
		}
		fresh = !resp.Succeeded
		sp.mu.Lock()
		if resp.Succeeded {
			rev := resp.Header.Revision
			sp.seen[nk], sp.seen[ok] = ledgerValue{next(n.gas), rev}, ledgerValue{next(o.gas), rev}
			sp.mu.Unlock()
			return true, "", nil
		}
		for i, k := range []string{nk, ok} {
			v := ledgerValue{}
			if kvs := resp.Responses[i].GetResponseRange().Kvs; len(kvs) > 0 {
				v.gas, _ = strconv.ParseUint(string(kvs[0].Value), 10, 64)
				v.rev = kvs[0].ModRevision
			}
			sp.seen[k] = v
		}
		if len(sp.seen) > 4*maxKnown { // a new day's keys: yesterday's go
			clear(sp.seen)
		}
		sp.mu.Unlock()
	}
	return false, "", fmt.Errorf("fleet: spend for owner %s: the ledger kept changing (64 tries)", owner.Hex())
}

// read reads the ledger keys into seen.
func (sp *Spending) read(ctx context.Context, keys ...string) error {
	rctx, cancel := sp.s.rpc(ctx)
	defer cancel()
	ops := make([]clientv3.Op, len(keys))
	for i, k := range keys {
		ops[i] = clientv3.OpGet(k)
	}
	resp, err := sp.kv.Txn(rctx).Then(ops...).Commit()
	if err != nil {
		return fmt.Errorf("fleet: read the spending ledger: %w", err)
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	for i, k := range keys {
		v := ledgerValue{}
		if kvs := resp.Responses[i].GetResponseRange().Kvs; len(kvs) > 0 {
			v.gas, _ = strconv.ParseUint(string(kvs[0].Value), 10, 64)
			v.rev = kvs[0].ModRevision
		}
		sp.seen[k] = v
	}
	return nil
}

// dayLease is the lease day's ledger keys live under: two days, so a day's
// ledger is gone once it can no longer be charged.
func (sp *Spending) dayLease(ctx context.Context, day int64) (clientv3.LeaseID, error) {
	sp.mu.Lock()
	l, ok := sp.lease[day]
	sp.mu.Unlock()
	if ok {
		return l, nil
	}
	rctx, cancel := sp.s.rpc(ctx)
	defer cancel()
	resp, err := sp.o.Client.Grant(rctx, int64(48*time.Hour/time.Second))
	if err != nil {
		return 0, fmt.Errorf("fleet: grant the spending ledger's lease: %w", err)
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	for d := range sp.lease {
		if d < day-1 {
			delete(sp.lease, d)
		}
	}
	sp.lease[day] = resp.ID
	return resp.ID, nil
}
