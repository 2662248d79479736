package circuit

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// Calibration search limits: scale bits beyond 24 or weight bits beyond 24
// buy nothing a top-1 check on real samples would notice, and the search
// must end.
const (
	maxCalibrateScale  = 24
	maxCalibrateWeight = 24
	// MaxCalibrationSamples bounds the samples Calibrate evaluates (each
	// costs a run of the model per fixed point tried).
	MaxCalibrationSamples = 256
)

// Calibration is what Calibrate chose, and why.
type Calibration struct {
	Options Options
	// Samples: how many inputs it was chosen on; Min and Max: their
	// smallest and largest value.
	Samples  int
	Min, Max float64
	// MaxErr and MaxLogit: the largest logit difference against the float
	// model on the samples, and the largest float logit; ArgmaxAgree: on
	// how many samples the argmax agrees (all of them).
	MaxErr, MaxLogit float64
	ArgmaxAgree      int
	// Tried: how many fixed points were compiled and run.
	Tried int
	// Why says it in words, for setup's output.
	Why string
}

// Calibrate chooses the fixed point of an ONNX model from sample inputs:
// the input range is the tightest power of two holding every sample
// (non-negative when no sample is below 0, which saves a bit a value in the
// public inputs), the scale the fewest bits at which some weight precision
// keeps the float model's top-1 on every sample and every value within the
// field, and the weight bits the fewest that do it at that scale. Fewer
// input bits pack more values into a public input word (each word costs
// about 6,700 gas to verify), and fewer bits overall make every ReLU's
// sign check shorter.
func Calibrate(onnx []byte, samples [][]float64) (*Model, Calibration, error) {
	f, err := parse(onnx)
	if err != nil {
		return nil, Calibration{}, err
	}
	n := product(f.inShape)
	if len(samples) == 0 {
		return nil, Calibration{}, fmt.Errorf("calibration: no samples")
	}
	if len(samples) > MaxCalibrationSamples {
		return nil, Calibration{}, fmt.Errorf("calibration: %d samples, at most %d", len(samples), MaxCalibrationSamples)
	}
	cal := Calibration{Samples: len(samples), Min: math.Inf(1), Max: math.Inf(-1)}
	// want: each sample's float top-1; margin: how far its logit is above
	// the next one. A fixed point whose logits all stay within half the
	// margin keeps the top-1 with room to spare, not by luck.
	want := make([]int, len(samples))
	margin := make([]float64, len(samples))
	for k, x := range samples {
		if len(x) != n {
			return nil, cal, fmt.Errorf("calibration sample %d has %d values, the model's input %v takes %d", k, len(x), f.inShape, n)
		}
		for i, v := range x {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, cal, fmt.Errorf("calibration sample %d value %d is %g", k, i, v)
			}
			cal.Min, cal.Max = min(cal.Min, v), max(cal.Max, v)
		}
		fl := evalFloat(f.layers, x)
		want[k] = argmax(fl)
		margin[k] = math.Inf(1)
		for i, v := range fl {
			if i != want[k] {
				margin[k] = min(margin[k], fl[want[k]]-v)
			}
		}
	}
	nonNeg := cal.Min >= 0
	// agrees compiles opt and reports the first sample whose top-1 it
	// changes (-1: none), or the compile error.
	agrees := func(opt Options) (*Model, int, error) {
		cal.Tried++
		m, err := f.quantize(opt, false)
		if err != nil {
			return nil, 0, err
		}
		for k, x := range samples {
			xq, err := m.QuantizeInput(x)
			if err != nil {
				return nil, 0, err
			}
			fixed := Floats(m.Eval(xq), m.OutScale)
			if argmax(fixed) != want[k] {
				return m, k, nil
			}
			fl := evalFloat(f.layers, x)
			for i := range fixed {
				if 2*math.Abs(fixed[i]-fl[i]) >= margin[k] {
					return m, k, nil
				}
			}
		}
		return m, -1, nil
	}
	var why []string
	for s := 1; s <= maxCalibrateScale; s++ {
		r := inputRangeBits(samples, s)
		opt := Options{ScaleBits: s, WeightBits: maxCalibrateWeight, InputRangeBits: r, RangeSet: true, NonNegative: nonNeg}
		_, bad, err := agrees(opt)
		if err != nil || bad >= 0 {
			if err == nil {
				why = append(why[:0], fmt.Sprintf("scale bits %d changes sample %d's top-1 at any weight precision", s, bad))
			} else {
				why = append(why[:0], fmt.Sprintf("scale bits %d does not fit: %v", s, err))
			}
			continue
		}
		// The fewest weight bits at this scale: top-1 agreement grows with
		// precision, so a bisection finds the edge.
		lo, hi := 1, maxCalibrateWeight // hi agrees
		var firstBad int
		for lo < hi {
			mid := (lo + hi) / 2
			o := opt
			o.WeightBits = mid
			if _, b, err := agrees(o); err == nil && b < 0 {
				hi = mid
			} else {
				lo = mid + 1
				firstBad = b
			}
		}
		opt.WeightBits = hi
		m, _, err := agrees(opt)
		if err != nil {
			return nil, cal, err
		}
		// Each ReLU checks its input to the bits the samples need, with
		// reluMargin to spare, where that is fewer than its static bound.
		opt.ReluBits = m.reluBits(samples)
		if m, err = f.quantized(opt); err != nil {
			return nil, cal, err
		}
		cal.Options = opt
		cal.MaxErr, cal.MaxLogit, cal.ArgmaxAgree = m.FloatErrorOn(samples)
		sign := "signed"
		if nonNeg {
			sign = "non-negative"
		}
		w := fmt.Sprintf("weight bits %d are the fewest that keep every top-1 at that scale", hi)
		if hi > 1 {
			w += fmt.Sprintf(" (%d changes sample %d's)", hi-1, firstBad)
		}
		cal.Why = fmt.Sprintf("%d samples in [%g, %g]: %s inputs below 2^%d (input range bits %d); scale bits %d are the fewest that keep the float model's top-1 on every sample (%s); %s; each ReLU checks its input to %d bits more than the samples reach (relu bits %v); %d fixed points tried",
			len(samples), cal.Min, cal.Max, sign, cal.Options.InputRangeBits, cal.Options.InputRangeBits, s, strings.Join(why, "; "), w, reluMargin, opt.ReluBits, cal.Tried)
		if s == 1 {
			cal.Why = strings.Replace(cal.Why, " ()", "", 1)
		}
		return m, cal, nil
	}
	return nil, cal, fmt.Errorf("calibration: no fixed point up to %d scale bits keeps the float model's top-1 on every sample (%s); check the samples' logits for ties", maxCalibrateScale, strings.Join(why, "; "))
}

// reluMargin: a calibrated ReLU checks its input to 2^reluMargin times the
// largest magnitude the samples reach.
const reluMargin = 2

// reluBits are, per ReLU layer, the bits the samples' values need plus
// reluMargin.
func (m *Model) reluBits(samples [][]float64) []int {
	var out []int
	for _, l := range m.Layers {
		if l.Kind == ReLU {
			out = append(out, 1)
		}
	}
	for _, x := range samples {
		xq, err := m.QuantizeInput(x)
		if err != nil {
			continue
		}
		vals := m.evalAll(xq)
		j := 0
		for _, l := range m.Layers {
			if l.Kind != ReLU {
				continue
			}
			for o := range l.Out {
				v := new(big.Int).Add(vals[l.From+o], l.Half)
				out[j] = max(out[j], v.BitLen()+reluMargin)
			}
			j++
		}
	}
	return out
}

// inputRangeBits is the smallest r >= 0 with every sample's quantized
// magnitude below 2^(s+r).
func inputRangeBits(samples [][]float64, s int) int {
	top := 0
	for _, x := range samples {
		for _, v := range x {
			top = max(top, new(big.Int).Abs(quantize(v, s)).BitLen())
		}
	}
	return max(top-s, 0)
}
