package txm

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"
)

// BenchmarkLanesPerBlock measures transactions mined per block with
// max_in_flight 16 per lane and 1, 4 or 8 lanes, each lane's window kept
// full through Lanes.Send (calls routed by their lane key): one block
// takes what the windows hold, so the figure is 16 per lane until the
// block's gas runs out. Simulated chain, value transfers (docs/chains.md).
func BenchmarkLanesPerBlock(b *testing.B) {
	for _, n := range []int{1, 4, 8} {
		b.Run(fmt.Sprintf("lanes=%d", n), func(b *testing.B) {
			e := newLanesEnv(b, n, ether(100), SenderOptions{MaxInFlight: 16}, LanesOptions{}, false)
			ctx := context.Background()
			to := common.HexToAddress("0xaa")
			key := 0
			fill := func() {
				for {
					full := true
					for _, s := range e.senders {
						full = full && s.InFlight() >= 16
					}
					if full {
						return
					}
					key++
					k := fmt.Sprintf("deliver/%d/0/1", key)
					if e.senders[e.laneOf(e.lanes.LaneFor(fmt.Sprintf("deliver/%d", key)))].InFlight() >= 16 {
						continue
					}
					_, err := e.lanes.Send(ctx, Call{Key: k, To: to, Value: big.NewInt(1)})
					require.NoError(b, err)
				}
			}
			mined := 0
			b.ResetTimer()
			for range b.N {
				fill()
				before := e.lanes.InFlight()
				e.block(b)
				mined += before - e.lanes.InFlight()
			}
			b.ReportMetric(float64(mined)/float64(b.N), "txs/block")
		})
	}
}
