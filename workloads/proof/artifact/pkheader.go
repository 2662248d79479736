package artifact

import (
	"encoding/binary"
	"fmt"
	"math/bits"
)

// Sizes of the proving key's encoding (gnark's groth16 BN254 raw form):
// an Fr element, and a G1 or G2 point compressed and not (the first byte's
// top two bits say which).
const (
	frBytes       = 32
	g1Compressed  = 32
	g2Compressed  = 64
	maxDomainLog2 = 28 // 2^28 constraints is far past what a workload proves
)

// checkProvingKey walks the proving key's header and every length it
// declares before gnark decodes it: the FFT domain must fit the circuit
// (ccs's constraints and public variables) and every slice, wire count and
// commitment count must fit in the bytes that follow, so that a hostile
// key that declares a 2^40 domain or a 2^32-point slice is refused
// without allocating for it. The walk itself allocates nothing.
func checkProvingKey(b []byte, nbConstraints, nbPublic int) error {
	r := keyReader{b: b}
	card := r.u64()
	r.skip(5*frBytes + 1) // the domain's constants and its precompute flag
	if r.err != nil {
		return r.err
	}
	limit := uint64(1) << min(maxDomainLog2, bits.Len64(uint64(nbConstraints+nbPublic))+2)
	switch {
	case card == 0 || card&(card-1) != 0:
		return fmt.Errorf("its FFT domain has %d points, not a power of two", card)
	case card > limit:
		return fmt.Errorf("its FFT domain has %d points; a circuit of %d constraints needs at most %d", card, nbConstraints, limit)
	case (card-1)*g1Compressed > uint64(len(b)):
		return fmt.Errorf("its FFT domain has %d points, more than its %d bytes can hold", card, len(b))
	}
	r.points(3, g1Compressed) // G1 alpha, beta, delta
	for range 4 {             // G1 A, B, Z, K
		r.slice(g1Compressed)
	}
	r.points(2, g2Compressed) // G2 beta, delta
	r.slice(g2Compressed)     // G2 B
	wires := r.u64()
	r.skip(16) // NbInfinityA, NbInfinityB
	if r.err == nil && wires > uint64(r.left())/2 {
		return fmt.Errorf("it declares %d wires, more than its remaining %d bytes can hold", wires, r.left())
	}
	r.skip(int(2 * wires)) // InfinityA, InfinityB: a byte per wire each
	commitments := r.u32()
	if r.err == nil && uint64(commitments)*8 > uint64(r.left()) {
		return fmt.Errorf("it declares %d commitment keys, more than its remaining %d bytes can hold", commitments, r.left())
	}
	for i := uint32(0); i < commitments && r.err == nil; i++ {
		r.slice(g1Compressed) // basis
		r.slice(g1Compressed) // basis·sigma
	}
	return r.err
}

// keyReader reads the proving key's encoding, the first error sticky.
type keyReader struct {
	b   []byte
	off int
	err error
}

func (r *keyReader) left() int { return len(r.b) - r.off }

func (r *keyReader) skip(n int) {
	if r.err != nil {
		return
	}
	if n < 0 || n > r.left() {
		r.err = fmt.Errorf("it ends at byte %d, inside a field of %d bytes", len(r.b), n)
		return
	}
	r.off += n
}

func (r *keyReader) u64() uint64 {
	at := r.off
	r.skip(8)
	if r.err != nil {
		return 0
	}
	return binary.BigEndian.Uint64(r.b[at:])
}

func (r *keyReader) u32() uint32 {
	at := r.off
	r.skip(4)
	if r.err != nil {
		return 0
	}
	return binary.BigEndian.Uint32(r.b[at:])
}

// points skips n points whose compressed size is size (twice that when the
// first byte's top bits say uncompressed).
func (r *keyReader) points(n uint64, size int) {
	for ; n > 0 && r.err == nil; n-- {
		if r.left() < 1 {
			r.skip(size)
			return
		}
		if r.b[r.off]&0xC0 == 0 { // uncompressed
			r.skip(2 * size)
		} else {
			r.skip(size)
		}
	}
}

// slice reads a slice's length and skips its points, refusing a length
// its remaining bytes cannot hold before it is walked.
func (r *keyReader) slice(size int) {
	n := r.u32()
	if r.err == nil && uint64(n)*uint64(size) > uint64(r.left()) {
		r.err = fmt.Errorf("it declares a list of %d points, more than its remaining %d bytes can hold", n, r.left())
		return
	}
	r.points(uint64(n), size)
}
