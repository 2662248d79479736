package fleet

import (
	"context"
	"fmt"
	"strings"

	clientv3 "go.etcd.io/etcd/client/v3"
)

// Delegated subscriptions posted to any member are stored in etcd before
// the member answers, under delegated/<id>, so every member admits them and
// the one that claims the creation delivers it, even if the member that
// answered died right after. The record goes once the delivery is final.

func (f *Fleet) delegatedKey(id string) string { return f.prefix + "delegated/" + id }

// PutDelegated stores a delegated subscription's body under id, once: a
// replay changes nothing.
func (f *Fleet) PutDelegated(ctx context.Context, id string, body []byte) error {
	rctx, cancel := f.session.rpc(ctx)
	defer cancel()
	k := f.delegatedKey(id)
	_, err := f.kv.Txn(rctx).If(clientv3.Compare(clientv3.CreateRevision(k), "=", 0)).Then(clientv3.OpPut(k, string(body))).Commit()
	if err != nil {
		return fmt.Errorf("fleet: store delegated subscription %s: %w", id, err)
	}
	return nil
}

// DeleteDelegated drops the record of a delegated subscription delivered
// (or given up).
func (f *Fleet) DeleteDelegated(ctx context.Context, id string) error {
	rctx, cancel := f.session.rpc(ctx)
	defer cancel()
	if _, err := f.kv.Delete(rctx, f.delegatedKey(id)); err != nil {
		return fmt.Errorf("fleet: drop delegated subscription %s: %w", id, err)
	}
	return nil
}

// WatchDelegated calls admit with every delegated subscription stored in
// the fleet, those there now and those stored later, until ctx is done;
// after a break it reads them all again (admit must take a replay).
func (f *Fleet) WatchDelegated(ctx context.Context, admit func(id string, body []byte)) {
	pfx := f.delegatedKey("")
	follow(ctx, f.o.Client, f.kv, pfx, f.o.LeaseTTL, func(resp *clientv3.GetResponse) {
		for _, kv := range resp.Kvs {
			admit(strings.TrimPrefix(string(kv.Key), pfx), kv.Value)
		}
	}, func(evs []*clientv3.Event) {
		for _, ev := range evs {
			if ev.Type == clientv3.EventTypePut && ev.IsCreate() {
				admit(strings.TrimPrefix(string(ev.Kv.Key), pfx), ev.Kv.Value)
			}
		}
	})
}
