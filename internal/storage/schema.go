package storage

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
)

// This file is the whole key schema of the node's one Pebble database:
// every prefix, who owns it, and the layout of every key, built only by
// the functions below. A new subsystem adds its table here before it
// writes. BE8 is a big-endian uint64; %0Nd is a zero-padded decimal, so
// byte order is numeric order.
//
//	job/   jobs (this package): job records
//	jp/    jobs (this package): pending index
//	jf/    jobs (this package): finished index
//	jt/    jobs (this package): finish-time index for retention
//	jr/    jobs (this package): marker of a job containers keep (PUT /api/status)
//	jx/    jobs (this package): timeout index of such jobs while running
//	meta/  jobs (this package): store metadata
//	relay/ relay: last block, block hashes, subscriptions, intervals, delegated requests;
//	       relay/guard/: the spending guard's records (package guard)
//	nonce/ coordinator: the nonce journal of each sending account
//	pay/   reserved: payments
//	inet/  reserved: Infernet-dialect state
//	rc/    respcache: the response cache's entries and their index
//	chains/ node: which chain the unprefixed relay/ and nonce/ belong to
//	c/<chain id>/relay/, c/<chain id>/nonce/: the relay/ and nonce/ of
//	       every chain of a node but its first (ChainTable)

// Table prefixes: Store.Table hands a subsystem the part of the database
// under one of these, as a KeyValueStore of its own.
const (
	TableRelay    = "relay/"
	TableNonce    = "nonce/"
	TablePayments = "pay/"
	TableInfernet = "inet/"
	TableCache    = "rc/"
	// TableChains holds, under ChainsFirstKey, the chain id the
	// unprefixed relay/ and nonce/ tables belong to (docs/chains.md).
	TableChains = "chains/"
)

// ChainsFirstKey is chains/first: the id (EncodeUint64) of the chain whose
// state the unprefixed relay/ and nonce/ tables hold.
func ChainsFirstKey() []byte { return []byte("first") }

// ChainTable is the prefix of table (TableRelay, TableNonce) for a chain
// other than a node's first: c/<chain id>/<table>. A node's first chain
// keeps the unprefixed tables, so a single-chain data directory reads
// unchanged.
func ChainTable(chainID uint64, table string) string {
	return fmt.Sprintf("c/%d/%s", chainID, table)
}

// Jobs: the job store in this package.
var (
	prefixJob      = []byte("job/")
	prefixPending  = []byte("jp/")
	prefixFinished = []byte("jf/")
	prefixFinTime  = []byte("jt/")
	keyPing        = []byte("meta/ping") // never written; Ping reads it
	// Jobs that containers keep themselves (PUT /api/status): the marker
	// that tells them from the node's own jobs, and the timeout index of
	// those still running.
	prefixReported = []byte("jr/")
	prefixRepRun   = []byte("jx/")
)

// jobKey is job/<id>: the job record (codec.go).
func jobKey(id string) []byte {
	return append(append(make([]byte, 0, len(prefixJob)+len(id)), prefixJob...), id...)
}

// indexKey is <prefix><client>\x00<created BE8><id>, prefix jp/ (pending)
// or jf/ (finished); the value is empty. A client's jobs list in creation
// order.
func indexKey(prefix []byte, client string, created int64, id string) []byte {
	k := make([]byte, 0, len(prefix)+len(client)+1+8+len(id))
	k = append(append(append(k, prefix...), client...), 0)
	k = binary.BigEndian.AppendUint64(k, uint64(created))
	return append(k, id...)
}

// finTimeKey is jt/<finished BE8><id>; the value is empty. Retention
// purges in finish order.
func finTimeKey(finished int64, id string) []byte {
	k := make([]byte, 0, len(prefixFinTime)+8+len(id))
	k = append(k, prefixFinTime...)
	k = binary.BigEndian.AppendUint64(k, uint64(finished))
	return append(k, id...)
}

// reportedKey is jr/<id>, empty value: id is a job a container keeps
// (PUT /api/status), not one the node runs. Deleted with the job.
func reportedKey(id string) []byte {
	return append(append(make([]byte, 0, len(prefixReported)+len(id)), prefixReported...), id...)
}

// repRunKey is jx/<created BE8><id>, empty value: a reported job still
// running, in creation order, for its timeout.
func repRunKey(created int64, id string) []byte {
	k := make([]byte, 0, len(prefixRepRun)+8+len(id))
	k = append(k, prefixRepRun...)
	k = binary.BigEndian.AppendUint64(k, uint64(created))
	return append(k, id...)
}

// Relay table (relay/): keys below are relative to it. Values are JSON.

// RelayLastKey is relay/last: the last processed block (number, hash).
func RelayLastKey() []byte { return []byte("last") }

// RelayBlockPrefix is relay/block/: processed block hashes, for reorg walks.
func RelayBlockPrefix() []byte { return []byte("block/") }

// RelayBlockKey is relay/block/<number %020d>: that block's hash.
func RelayBlockKey(n uint64) []byte { return fmt.Appendf(nil, "block/%020d", n) }

// RelayBlockNumber parses the number out of a RelayBlockKey.
func RelayBlockNumber(key []byte) (uint64, error) {
	return strconv.ParseUint(string(key[len("block/"):]), 10, 64)
}

// RelaySubPrefix is relay/sub/: subscriptions.
func RelaySubPrefix() []byte { return []byte("sub/") }

// RelaySubKey is relay/sub/<id %010d>: one subscription.
func RelaySubKey(id uint32) []byte { return fmt.Appendf(nil, "sub/%010d", id) }

// RelayIntervalKey is relay/iv/<id %010d>/<interval %010d>: the status of
// one (subscription, interval).
func RelayIntervalKey(id, k uint32) []byte { return fmt.Appendf(nil, "iv/%010d/%010d", id, k) }

// RelayIntervalPrefix is relay/iv/<id %010d>/: the intervals' records of
// one subscription, in interval order.
func RelayIntervalPrefix(id uint32) []byte { return fmt.Appendf(nil, "iv/%010d/", id) }

// RelayDelegatedPrefix is relay/dlg/: delegated subscriptions.
func RelayDelegatedPrefix() []byte { return []byte("dlg/") }

// RelayDelegatedKey is relay/dlg/<owner 0x-lowercase-hex>/<nonce %010d>:
// one delegated subscription accepted over REST.
func RelayDelegatedKey(owner [20]byte, nonce uint32) []byte {
	return fmt.Appendf(nil, "dlg/%s/%010d", hexAddr(owner), nonce)
}

// RelayGuardPrefix is relay/guard/: the relay's spending guard's records
// (package guard; NewTable(relay, RelayGuardPrefix())). The Guard keys
// below are relative to it.
func RelayGuardPrefix() string { return "guard/" }

// GuardSubPrefix is relay/guard/sub/: back-off of subscriptions.
func GuardSubPrefix() []byte { return []byte("sub/") }

// GuardSubKey is relay/guard/sub/<key>: the back-off of one subscription,
// under the key the relay names it by (its id, or a delegated request's
// key).
func GuardSubKey(key string) []byte { return append(GuardSubPrefix(), key...) }

// GuardOwnerPrefix is relay/guard/own/: owners' back-off and unpaid gas.
func GuardOwnerPrefix() []byte { return []byte("own/") }

// GuardOwnerKey is relay/guard/own/<owner 0x-lowercase-hex>: one owner's
// back-off and unpaid gas by hour of the last day.
func GuardOwnerKey(owner [20]byte) []byte { return append(GuardOwnerPrefix(), hexAddr(owner)...) }

// Nonce table (nonce/): one sub-table per sending account.

// NonceAccountPrefix is nonce/<account 0x-lowercase-hex>/: the journal of
// one account (NewTable(nonces, NonceAccountPrefix(a))). The keys below
// are relative to it.
func NonceAccountPrefix(account [20]byte) string { return hexAddr(account) + "/" }

// NonceNextKey is nonce/<account>/next: the next nonce to reserve, BE8.
func NonceNextKey() []byte { return []byte("next") }

// NonceTxPrefix is nonce/<account>/tx/: the records by nonce.
func NonceTxPrefix() []byte { return []byte("tx/") }

// NonceTxKey is nonce/<account>/tx/<nonce %020d>: one nonce's record (JSON).
func NonceTxKey(n uint64) []byte { return fmt.Appendf(nil, "tx/%020d", n) }

// NonceIndexKey is nonce/<account>/key/<key>: the nonce (BE8) of the
// transaction sent under the caller's idempotency key.
func NonceIndexKey(key string) []byte { return append([]byte("key/"), key...) }

// Response cache table (rc/): keys below are relative to it.

// CacheValueKey is rc/v/<key 32 bytes>: one cached output (package
// respcache's record).
func CacheValueKey(key [32]byte) []byte { return append([]byte("v/"), key[:]...) }

// CacheIndexPrefix is rc/i/: the index the cache loads at start.
func CacheIndexPrefix() []byte { return []byte("i/") }

// CacheIndexKey is rc/i/<key 32 bytes>: the stored time (BE8 Unix
// nanoseconds) and size (BE8) of the entry under CacheValueKey(key).
func CacheIndexKey(key [32]byte) []byte { return append(CacheIndexPrefix(), key[:]...) }

func hexAddr(a [20]byte) string { return "0x" + hex.EncodeToString(a[:]) }
