package guard

import (
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/stretchr/testify/assert"
)

func header(n, t uint64) *types.Header {
	return &types.Header{Number: new(big.Int).SetUint64(n), Time: t, BaseFee: big.NewInt(1_000_000_000), GasLimit: 30_000_000, GasUsed: 15_000_000}
}

func TestHeadsBlockTime(t *testing.T) {
	var h Heads
	assert.Equal(t, Head{}, h.Head())
	h.Observe(header(10, 1000))
	h.Observe(header(11, 1002))
	h.Observe(header(12, 1004))
	assert.Equal(t, time.Duration(0), h.Head().BlockTime, "unknown until three gaps")
	h.Observe(header(14, 1008)) // a skipped head: the gap per block
	assert.Equal(t, 2*time.Second, h.Head().BlockTime)
	h.Observe(header(15, 1008+3600)) // a test chain's clock jumps an hour
	assert.Equal(t, 2*time.Second, h.Head().BlockTime, "the median ignores one jump")
	assert.Equal(t, time.Unix(1008+3600, 0), h.Head().Time)
}

func TestNextBaseFee(t *testing.T) {
	gwei := big.NewInt(1_000_000_000)
	for _, tt := range []struct {
		used uint64
		want *big.Int
	}{
		{15_000_000, gwei},                      // at target: unchanged
		{30_000_000, big.NewInt(1_125_000_000)}, // full: +12.5%
		{0, big.NewInt(875_000_000)},            // empty: -12.5%
	} {
		h := header(1, 1)
		h.GasUsed = tt.used
		assert.Equal(t, tt.want, NextBaseFee(h), "gas used %d", tt.used)
	}
	assert.Nil(t, NextBaseFee(&types.Header{Number: big.NewInt(1)}))
}
