// Package tensortest holds tensor inputs shared by tests and benchmarks.
package tensortest

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// ImageJSON is a 1x3x224x224 float32 image as clients send it: the tensor
// value object with float64-precision decimals, about 3 MB, the same on
// every call.
func ImageJSON() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	b.WriteString(`{"values": [`)
	for i := range 3 * 224 * 224 {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatFloat(float64(float32(r.NormFloat64())), 'g', -1, 64))
	}
	b.WriteString(`], "shape": [1, 3, 224, 224], "dtype": 1}`)
	return []byte(b.String())
}
