package relay

import (
	"encoding/json"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/fleet"
)

// IvState is the status of one (subscription, interval).
type IvState string

func (s IvState) final() bool { return s == IvDelivered || s == IvSkipped || s == IvFailed }

// Interval is the persisted status of one (subscription, interval).
type Interval struct {
	Progress
	Tx string `json:"tx,omitempty"`
	// SubBlockHash is the Sub.BlockHash this status belongs to: after a
	// reorg re-creates the subscription, the old status does not count.
	SubBlockHash common.Hash `json:"sub_block_hash,omitempty"`
}

// Delegated is a delegated subscription accepted over REST.
type Delegated struct {
	Body     json.RawMessage `json:"body"`
	Accepted uint64          `json:"accepted_head"`
	// SubID is the on-chain id once known (0 before).
	SubID uint32 `json:"sub_id,omitempty"`
	Progress
	// Final is when it became final (unix seconds, block time): the
	// record is deleted chain.delegated.retention later.
	Final int64 `json:"final_at,omitempty"`
}

// blockRef is a processed block.
type blockRef struct {
	Number uint64      `json:"number"`
	Hash   common.Hash `json:"hash"`
}

// Progress is the persisted progress of one delivery, an interval's or a
// delegated subscription's (its JSON fields are those of Interval and
// Delegated on disk).
type Progress struct {
	State    IvState `json:"state"`
	Attempts int     `json:"attempts"`
	// TxKey is the sender key of the attempt in flight, if any.
	TxKey string `json:"tx_key,omitempty"`
	// Claim is this fleet member's claim of the delivery (fleet.Claim),
	// fenced before each send; absent outside a fleet.
	Claim *fleet.Claim `json:"claim,omitempty"`
	Err   string       `json:"err,omitempty"`
}

const (
	IvRunning   IvState = "running"   // containers running or transaction in flight
	IvDelivered IvState = "delivered" // this node's delivery is on chain
	IvSkipped   IvState = "skipped"   // full, or closed before this node delivered
	IvFailed    IvState = "failed"    // attempts exhausted
)

// stampFinal records when d became final (block time head; the wall clock
// before the first head).
func stampFinal(d *Delegated, head uint64) {
	if d.State.final() && d.Final == 0 {
		d.Final = int64(head)
		if d.Final == 0 {
			d.Final = time.Now().Unix()
		}
	}
}
