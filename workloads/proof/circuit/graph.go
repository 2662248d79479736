package circuit

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/infernode/infernode/workloads/onnx/engine"
)

// The float stage: the ONNX graph becomes a chain of float layers on one
// activation (a flat row-major vector with a shape). Linear steps are
// composed as they come (a bias or BatchNormalization folds into the layer
// before it, an average pool's division into the next layer's weights), so
// every linear layer in the chain is followed by a ReLU, a max pool or the
// end; ReLU is moved after a max pool that follows it (they commute), so it
// runs on a quarter of the values. The quantization (model.go) then rounds
// each composed layer once.

// term is one weight of a sparse row.
type term struct {
	in int
	w  float64
}

// flayer is a float layer.
type flayer struct {
	kind    Kind
	nodes   []string // the ONNX nodes folded into it
	ops     []string // what they were, for Describe ("conv 6@5×5", "avgpool 2×2")
	in, out int
	rows    [][]term  // Linear: per output, its sparse weights
	bias    []float64 // Linear
	windows [][]int   // Max
}

// Limits on what a model may make the compiler hold: a model file can come
// from a hub repository a job names, so its size must not be a way to make
// the workload allocate without bound. LeNet: 9,216 values, 711k weights.
const (
	maxValues = 1 << 21 // values of one activation
	maxTerms  = 1 << 23 // weights of one (composed) layer
)

// compiler turns graph nodes into float layers.
type compiler struct {
	g       *engine.Graph
	layers  []*flayer
	cur     string // the current activation's name
	shape   []int  // its shape (batch 1)
	dropped bool   // a final Softmax was seen
	err     error  // a limit push ran into
}

func (c *compiler) size() int { return product(c.shape) }

func (c *compiler) node(n engine.Node, last bool) error {
	where := fmt.Sprintf("operator %q (node %q)", n.OpType, n.Name)
	if c.dropped {
		return &UnsupportedError{What: where + " after a Softmax"}
	}
	if len(n.Outputs) < 1 || (len(n.Outputs) > 1 && n.OpType != "BatchNormalization") {
		return &UnsupportedError{What: fmt.Sprintf("%s with %d outputs", where, len(n.Outputs))}
	}
	// The activation must flow through the nodes as a chain; every other
	// input is a constant.
	var consts []string
	seen := false
	for _, name := range n.Inputs {
		switch {
		case name == c.cur && !seen:
			seen = true
		case name == "":
		default:
			if _, ok := c.g.Initializers[name]; !ok {
				return &UnsupportedError{What: fmt.Sprintf("%s reading %q, which is neither the previous layer's output nor a constant (the circuit is a chain of layers)", where, name)}
			}
			consts = append(consts, name)
		}
	}
	if !seen {
		return &UnsupportedError{What: fmt.Sprintf("%s that does not read the previous layer's output %q", where, c.cur)}
	}
	if len(n.Other) > 0 && !(n.OpType == "AveragePool" || n.OpType == "MaxPool" || n.OpType == "Conv") {
		return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, n.Other[0])}
	}
	var err error
	switch n.OpType {
	case "Gemm":
		err = c.gemm(n, where, consts)
	case "MatMul":
		if n.Inputs[0] != c.cur || len(consts) != 1 {
			return &UnsupportedError{What: where + " other than (previous output) × (constant matrix)"}
		}
		err = c.dense(n, where, consts[0], false, 1, "", 1)
	case "Add":
		err = c.add(n, where, consts)
	case "Relu":
		if len(consts) != 0 {
			return &UnsupportedError{What: where + " with extra inputs"}
		}
		c.push(&flayer{kind: ReLU, nodes: []string{n.Name}, ops: []string{"relu"}, in: c.size(), out: c.size()})
	case "Conv":
		err = c.conv(n, where, consts)
	case "AveragePool", "MaxPool", "GlobalAveragePool":
		err = c.pool(n, where, consts)
	case "BatchNormalization":
		err = c.batchNorm(n, where, consts)
	case "Flatten":
		err = c.flatten(n, where, consts)
	case "Reshape":
		err = c.reshape(n, where, consts)
	case "Softmax":
		if !last {
			return &UnsupportedError{What: where + " that is not the graph's last node (only a final Softmax is left out)"}
		}
		axis, ok := n.Ints["axis"]
		if !ok {
			axis = -1
			if c.g.Opset < 13 {
				axis = 1
			}
		}
		if axis != -1 && axis != int64(len(c.shape)-1) {
			return &UnsupportedError{What: fmt.Sprintf("%s over axis %d (only the last axis)", where, axis)}
		}
		c.dropped = true
	default:
		return &UnsupportedError{What: where}
	}
	if err != nil {
		return err
	}
	c.cur = n.Outputs[0]
	return nil
}

// push appends l, composing it with the linear layer before it when both
// are linear, and moving a max pool in front of a ReLU before it.
func (c *compiler) push(l *flayer) {
	k := len(c.layers) - 1
	if k >= 0 && l.kind == Linear && c.layers[k].kind == Linear {
		// Composing multiplies the rows' lengths: count before building.
		n := 0
		for _, row := range l.rows {
			for _, t := range row {
				n += len(c.layers[k].rows[t.in])
			}
		}
		if n > maxTerms {
			c.err = &UnsupportedError{What: fmt.Sprintf("model whose layers %s compose into %d weights (at most %d)", strings.Join(append(slices.Clone(c.layers[k].nodes), l.nodes...), ", "), n, maxTerms)}
			return
		}
	}
	switch {
	case k >= 0 && l.kind == Linear && c.layers[k].kind == Linear:
		c.layers[k] = compose(c.layers[k], l)
	case k >= 0 && l.kind == Max && c.layers[k].kind == ReLU:
		// max(relu(x)) = relu(max(x)), and the rescale a ReLU carries is
		// monotone too: the ReLU then runs on the pooled values only.
		relu := c.layers[k]
		c.layers = c.layers[:k]
		c.push(l)
		relu.in, relu.out = l.out, l.out
		relu.nodes = append(relu.nodes, l.nodes...)
		c.layers = append(c.layers, relu)
	default:
		c.layers = append(c.layers, l)
	}
}

// compose is b∘a for two linear layers.
func compose(a, b *flayer) *flayer {
	out := &flayer{kind: Linear, nodes: append(slices.Clone(a.nodes), b.nodes...), ops: append(slices.Clone(a.ops), b.ops...),
		in: a.in, out: b.out, rows: make([][]term, b.out), bias: make([]float64, b.out)}
	for o, row := range b.rows {
		acc := map[int]float64{}
		bias := b.bias[o]
		for _, t := range row {
			for _, u := range a.rows[t.in] {
				acc[u.in] += t.w * u.w
			}
			bias += t.w * a.bias[t.in]
		}
		for _, i := range slices.Sorted(maps.Keys(acc)) {
			out.rows[o] = append(out.rows[o], term{i, acc[i]})
		}
		out.bias[o] = bias
	}
	return out
}

func (c *compiler) gemm(n engine.Node, where string, consts []string) error {
	for name := range n.Ints {
		if name != "transA" && name != "transB" {
			return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
	}
	if n.Ints["transA"] != 0 {
		return &UnsupportedError{What: where + " with transA=1"}
	}
	if n.Inputs[0] != c.cur || len(consts) < 1 {
		return &UnsupportedError{What: where + " other than (previous output) × (constant matrix)"}
	}
	alpha, beta := float32(1), float32(1)
	for name, v := range n.Floats {
		switch name {
		case "alpha":
			alpha = v
		case "beta":
			beta = v
		default:
			return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
	}
	bias := ""
	if len(consts) == 2 {
		bias = consts[1]
	}
	return c.dense(n, where, consts[0], n.Ints["transB"] != 0, alpha, bias, beta)
}

// vectorInput reports whether the activation is a single vector ([n] or
// [1, n]), what Gemm and MatMul take.
func (c *compiler) vectorInput(where string) error {
	if len(c.shape) == 1 || (len(c.shape) == 2 && c.shape[0] == 1) {
		return nil
	}
	return &UnsupportedError{What: fmt.Sprintf("%s on an input of shape %v (Gemm and MatMul take a vector; add a Flatten)", where, c.shape)}
}

// dense appends W x + b from the constant matrix w ([n, out], or [out, n]
// when transposed) times alpha, and the optional bias times beta.
func (c *compiler) dense(n engine.Node, where, w string, trans bool, alpha float32, bias string, beta float32) error {
	if err := c.vectorInput(where); err != nil {
		return err
	}
	init := c.g.Initializers[w]
	if len(init.Shape) != 2 || init.Float == nil {
		return &UnsupportedError{What: fmt.Sprintf("%s with weight %q of shape %v (want a float matrix)", where, w, init.Shape)}
	}
	rows, cols := init.Shape[0], init.Shape[1]
	inDim, outDim := rows, cols
	if trans {
		inDim, outDim = cols, rows
	}
	if inDim != c.size() {
		return &UnsupportedError{What: fmt.Sprintf("%s: weight %q of shape %v does not fit an input of %d values", where, w, init.Shape, c.size())}
	}
	b, err := c.vector(bias, where, outDim, beta)
	if err != nil {
		return err
	}
	if err := limit(where, outDim, inDim*outDim); err != nil {
		return err
	}
	l := &flayer{kind: Linear, nodes: []string{n.Name}, ops: []string{fmt.Sprintf("dense %d→%d", inDim, outDim)},
		in: inDim, out: outDim, rows: make([][]term, outDim), bias: b}
	for o := range outDim {
		l.rows[o] = make([]term, 0, inDim)
		for i := range inDim {
			idx := i*cols + o
			if trans {
				idx = o*cols + i
			}
			l.rows[o] = append(l.rows[o], term{i, float64(alpha) * float64(init.Float[idx])})
		}
	}
	c.push(l)
	if len(c.shape) == 1 {
		c.shape = []int{outDim}
	} else {
		c.shape = []int{1, outDim}
	}
	return nil
}

func (c *compiler) add(n engine.Node, where string, consts []string) error {
	if len(consts) != 1 {
		return &UnsupportedError{What: where + " other than (previous output) + (constant)"}
	}
	b, err := c.vector(consts[0], where, c.size(), 1)
	if err != nil {
		return err
	}
	l := &flayer{kind: Linear, nodes: []string{n.Name}, ops: []string{"add"}, in: c.size(), out: c.size(), rows: make([][]term, c.size()), bias: b}
	for o := range l.rows {
		l.rows[o] = []term{{o, 1}}
	}
	c.push(l)
	return nil
}

// vector reads the constant name (empty: zeros), broadcast to n values,
// times mul.
func (c *compiler) vector(name, where string, n int, mul float32) ([]float64, error) {
	out := make([]float64, n)
	if name == "" {
		return out, nil
	}
	init := c.g.Initializers[name]
	size := product(init.Shape)
	okShape := (size == n || size == 1) && (len(init.Shape) <= 1 || (len(init.Shape) == 2 && init.Shape[0] == 1))
	if init.Float == nil || !okShape {
		return nil, &UnsupportedError{What: fmt.Sprintf("%s with constant %q of shape %v (want a float vector of %d values)", where, name, init.Shape, n)}
	}
	for i := range out {
		v := init.Float[0]
		if size == n {
			v = init.Float[i]
		}
		out[i] = float64(mul) * float64(v)
	}
	return out, nil
}

// image is the activation as C×H×W (the batch dimension 1 dropped).
func (c *compiler) image(where string) (ch, h, w int, err error) {
	if len(c.shape) != 4 || c.shape[0] != 1 {
		return 0, 0, 0, &UnsupportedError{What: fmt.Sprintf("%s on an input of shape %v (want 1×C×H×W)", where, c.shape)}
	}
	return c.shape[1], c.shape[2], c.shape[3], nil
}

// window is the 2-D kernel, strides and pads of a Conv or pool.
type window struct {
	kh, kw, sh, sw           int
	top, left, bottom, right int
}

// window reads a window's attributes; allowed lists the integer
// attributes the op may have beyond them.
func (c *compiler) window(n engine.Node, where string, kernel []int64, allowed ...string) (window, error) {
	// String attributes are not read: auto_pad's padding rules would need
	// its value, so every one (auto_pad included) is refused.
	if len(n.Other) > 0 {
		what := fmt.Sprintf("%s with attribute %q", where, n.Other[0])
		if n.Other[0] == "auto_pad" {
			what += " (give explicit pads)"
		}
		return window{}, &UnsupportedError{What: what}
	}
	for name := range n.IntLists {
		if !slices.Contains([]string{"kernel_shape", "strides", "pads", "dilations"}, name) {
			return window{}, &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
	}
	for name := range n.Ints {
		if !slices.Contains(allowed, name) {
			return window{}, &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
	}
	if len(n.Floats) > 0 {
		return window{}, &UnsupportedError{What: fmt.Sprintf("%s with a float attribute", where)}
	}
	if ks, ok := n.IntLists["kernel_shape"]; ok {
		kernel = ks
	}
	if len(kernel) != 2 {
		return window{}, &UnsupportedError{What: fmt.Sprintf("%s with kernel %v (only 2-D)", where, kernel)}
	}
	win := window{kh: int(kernel[0]), kw: int(kernel[1]), sh: 1, sw: 1}
	if s, ok := n.IntLists["strides"]; ok {
		if len(s) != 2 || s[0] < 1 || s[1] < 1 {
			return window{}, &UnsupportedError{What: fmt.Sprintf("%s with strides %v", where, s)}
		}
		win.sh, win.sw = int(s[0]), int(s[1])
	}
	if p, ok := n.IntLists["pads"]; ok {
		if len(p) != 4 || slices.ContainsFunc(p, func(v int64) bool { return v < 0 }) {
			return window{}, &UnsupportedError{What: fmt.Sprintf("%s with pads %v", where, p)}
		}
		win.top, win.left, win.bottom, win.right = int(p[0]), int(p[1]), int(p[2]), int(p[3])
	}
	if d, ok := n.IntLists["dilations"]; ok && slices.ContainsFunc(d, func(v int64) bool { return v != 1 }) {
		return window{}, &UnsupportedError{What: fmt.Sprintf("%s with dilations %v (only 1)", where, d)}
	}
	if win.kh < 1 || win.kw < 1 {
		return window{}, &UnsupportedError{What: fmt.Sprintf("%s with kernel %v", where, kernel)}
	}
	return win, nil
}

// limit refuses a layer of more than maxValues outputs or maxTerms weights.
func limit(where string, values, terms int) error {
	if values > maxValues || terms > maxTerms || values < 0 || terms < 0 {
		return &UnsupportedError{What: fmt.Sprintf("%s of %d outputs and %d weights (at most %d and %d)", where, values, terms, maxValues, maxTerms)}
	}
	return nil
}

// outSize is the output extent along one axis (floor mode).
func outSize(in, k, s, lo, hi int) int { return (in+lo+hi-k)/s + 1 }

func (c *compiler) conv(n engine.Node, where string, consts []string) error {
	ch, h, w, err := c.image(where)
	if err != nil {
		return err
	}
	if g, ok := n.Ints["group"]; ok && g != 1 {
		return &UnsupportedError{What: fmt.Sprintf("%s with group %d (only group 1)", where, g)}
	}
	if n.Inputs[0] != c.cur || len(consts) < 1 {
		return &UnsupportedError{What: where + " other than (previous output) ⊛ (constant kernel)"}
	}
	wt := c.g.Initializers[consts[0]]
	if len(wt.Shape) != 4 || wt.Float == nil || wt.Shape[1] != ch {
		return &UnsupportedError{What: fmt.Sprintf("%s with weight %q of shape %v (want a float kernel M×%d×kH×kW)", where, consts[0], wt.Shape, ch)}
	}
	win, err := c.window(n, where, []int64{int64(wt.Shape[2]), int64(wt.Shape[3])}, "group")
	if err != nil {
		return err
	}
	if win.kh != wt.Shape[2] || win.kw != wt.Shape[3] {
		return &UnsupportedError{What: fmt.Sprintf("%s whose kernel_shape does not match its weight's shape %v", where, wt.Shape)}
	}
	m := wt.Shape[0]
	bias := ""
	if len(consts) == 2 {
		bias = consts[1]
	}
	b, err := c.vector(bias, where, m, 1)
	if err != nil {
		return err
	}
	oh, ow := outSize(h, win.kh, win.sh, win.top, win.bottom), outSize(w, win.kw, win.sw, win.left, win.right)
	if oh < 1 || ow < 1 {
		return &UnsupportedError{What: fmt.Sprintf("%s: its kernel does not fit the %d×%d input", where, h, w)}
	}
	if err := limit(where, m*oh*ow, m*oh*ow*ch*win.kh*win.kw); err != nil {
		return err
	}
	l := &flayer{kind: Linear, nodes: []string{n.Name}, ops: []string{fmt.Sprintf("conv %d@%d×%d", m, win.kh, win.kw)},
		in: c.size(), out: m * oh * ow, rows: make([][]term, 0, m*oh*ow), bias: make([]float64, 0, m*oh*ow)}
	for oc := range m {
		for oy := range oh {
			for ox := range ow {
				var row []term
				for ic := range ch {
					for ky := range win.kh {
						y := oy*win.sh - win.top + ky
						if y < 0 || y >= h {
							continue
						}
						for kx := range win.kw {
							x := ox*win.sw - win.left + kx
							if x < 0 || x >= w {
								continue
							}
							if wv := wt.Float[((oc*ch+ic)*win.kh+ky)*win.kw+kx]; wv != 0 {
								row = append(row, term{(ic*h+y)*w + x, float64(wv)})
							}
						}
					}
				}
				l.rows = append(l.rows, row)
				l.bias = append(l.bias, b[oc])
			}
		}
	}
	c.push(l)
	c.shape = []int{1, m, oh, ow}
	return nil
}

func (c *compiler) pool(n engine.Node, where string, consts []string) error {
	ch, h, w, err := c.image(where)
	if err != nil {
		return err
	}
	if len(consts) != 0 {
		return &UnsupportedError{What: where + " with extra inputs"}
	}
	var win window
	if n.OpType == "GlobalAveragePool" {
		if len(n.Ints)+len(n.IntLists)+len(n.Floats)+len(n.Other) > 0 {
			return &UnsupportedError{What: where + " with attributes"}
		}
		win = window{kh: h, kw: w, sh: 1, sw: 1}
	} else {
		allowed := []string{"ceil_mode"}
		if n.OpType == "AveragePool" {
			allowed = append(allowed, "count_include_pad")
		} else {
			allowed = append(allowed, "storage_order")
		}
		if win, err = c.window(n, where, nil, allowed...); err != nil {
			return err
		}
		if n.Ints["ceil_mode"] != 0 {
			return &UnsupportedError{What: where + " with ceil_mode 1"}
		}
	}
	oh, ow := outSize(h, win.kh, win.sh, win.top, win.bottom), outSize(w, win.kw, win.sw, win.left, win.right)
	if oh < 1 || ow < 1 {
		return &UnsupportedError{What: fmt.Sprintf("%s: its kernel does not fit the %d×%d input", where, h, w)}
	}
	if err := limit(where, ch*oh*ow, ch*oh*ow*win.kh*win.kw); err != nil {
		return err
	}
	op := fmt.Sprintf("%spool %d×%d", map[bool]string{true: "max", false: "avg"}[n.OpType == "MaxPool"], win.kh, win.kw)
	l := &flayer{kind: Linear, nodes: []string{n.Name}, ops: []string{op}, in: c.size(), out: ch * oh * ow}
	if n.OpType == "MaxPool" {
		l.kind = Max
	}
	includePad := n.Ints["count_include_pad"] != 0
	for ic := range ch {
		for oy := range oh {
			for ox := range ow {
				var idx []int
				for ky := range win.kh {
					y := oy*win.sh - win.top + ky
					for kx := range win.kw {
						x := ox*win.sw - win.left + kx
						if y >= 0 && y < h && x >= 0 && x < w {
							idx = append(idx, (ic*h+y)*w+x)
						}
					}
				}
				if l.kind == Max {
					l.windows = append(l.windows, idx)
					continue
				}
				// The division is a constant of the sum: it folds into the
				// next layer's weights when the layers are composed.
				div := float64(len(idx))
				if includePad {
					div = float64(win.kh * win.kw)
				}
				row := make([]term, len(idx))
				for i, j := range idx {
					row[i] = term{j, 1 / div}
				}
				l.rows = append(l.rows, row)
				l.bias = append(l.bias, 0)
			}
		}
	}
	c.push(l)
	c.shape = []int{1, ch, oh, ow}
	return nil
}

// batchNorm is inference-mode BatchNormalization: per channel y = (x -
// mean)·scale/sqrt(var + eps) + bias, a linear layer composed into the one
// before it.
func (c *compiler) batchNorm(n engine.Node, where string, consts []string) error {
	if len(n.Outputs) != 1 {
		return &UnsupportedError{What: where + " in training mode (several outputs); export the model in eval mode"}
	}
	if n.Ints["training_mode"] != 0 {
		return &UnsupportedError{What: where + " with training_mode 1; export the model in eval mode"}
	}
	for name := range n.Ints {
		if name != "training_mode" && name != "spatial" {
			return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
	}
	if s, ok := n.Ints["spatial"]; ok && s != 1 {
		return &UnsupportedError{What: where + " with spatial 0"}
	}
	if len(consts) != 4 || len(n.Inputs) != 5 {
		return &UnsupportedError{What: where + " other than (previous output, scale, bias, mean, var) with constants"}
	}
	eps := 1e-5
	if v, ok := n.Floats["epsilon"]; ok {
		eps = float64(v)
	}
	if len(c.shape) < 2 || c.shape[0] != 1 {
		return &UnsupportedError{What: fmt.Sprintf("%s on an input of shape %v (want 1×C×...)", where, c.shape)}
	}
	ch := c.shape[1]
	per := c.size() / ch
	var p [4][]float64
	for i, name := range consts {
		init := c.g.Initializers[name]
		if init.Float == nil || product(init.Shape) != ch {
			return &UnsupportedError{What: fmt.Sprintf("%s with constant %q of shape %v (want %d values)", where, name, init.Shape, ch)}
		}
		p[i] = make([]float64, ch)
		for j, v := range init.Float {
			p[i][j] = float64(v)
		}
	}
	l := &flayer{kind: Linear, nodes: []string{n.Name}, ops: []string{"batchnorm"}, in: c.size(), out: c.size(),
		rows: make([][]term, c.size()), bias: make([]float64, c.size())}
	for o := range l.rows {
		k := o / per
		if p[3][k]+eps <= 0 {
			return fmt.Errorf("%s: variance %g + epsilon is not positive", where, p[3][k])
		}
		s := p[0][k] / math.Sqrt(p[3][k]+eps)
		l.rows[o] = []term{{o, s}}
		l.bias[o] = p[1][k] - p[2][k]*s
	}
	c.push(l)
	return nil
}

// flatten and reshape only rename the shape: the values stay row-major.
func (c *compiler) flatten(n engine.Node, where string, consts []string) error {
	if len(consts) != 0 {
		return &UnsupportedError{What: where + " with extra inputs"}
	}
	axis := int64(1)
	for name, v := range n.Ints {
		if name != "axis" {
			return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
		axis = v
	}
	if axis < 0 {
		axis += int64(len(c.shape))
	}
	if axis != 1 && !(axis == 0 && c.shape[0] == 1) {
		return &UnsupportedError{What: fmt.Sprintf("%s with axis %d (only 1: batch × features)", where, n.Ints["axis"])}
	}
	c.shape = []int{1, c.size()}
	return nil
}

func (c *compiler) reshape(n engine.Node, where string, consts []string) error {
	if len(consts) != 1 {
		return &UnsupportedError{What: where + " other than (previous output, constant shape)"}
	}
	if len(n.Ints) > 0 {
		for name, v := range n.Ints {
			if name != "allowzero" || v != 0 {
				return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
			}
		}
	}
	init := c.g.Initializers[consts[0]]
	if init.Int == nil || len(init.Shape) != 1 {
		return &UnsupportedError{What: fmt.Sprintf("%s with shape constant %q (want an integer vector)", where, consts[0])}
	}
	shape := make([]int, len(init.Int))
	infer, known := -1, 1
	for i, d := range init.Int {
		switch {
		case d == -1 && infer < 0:
			infer = i
		case d == 0 && i < len(c.shape):
			shape[i] = c.shape[i]
			known *= shape[i]
		case d > 0:
			shape[i] = int(d)
			known *= shape[i]
		default:
			return &UnsupportedError{What: fmt.Sprintf("%s to shape %v", where, init.Int)}
		}
	}
	if infer >= 0 {
		if known == 0 || c.size()%known != 0 {
			return &UnsupportedError{What: fmt.Sprintf("%s to shape %v of %d values", where, init.Int, c.size())}
		}
		shape[infer] = c.size() / known
	}
	if product(shape) != c.size() || (len(shape) > 0 && shape[0] != 1) {
		return &UnsupportedError{What: fmt.Sprintf("%s to shape %v of %d values (batch 1)", where, init.Int, c.size())}
	}
	c.shape = shape
	return nil
}

// evalFloat runs the float layers on x: the float model, against which
// setup reports the fixed point's error.
func evalFloat(layers []*flayer, x []float64) []float64 {
	cur := x
	for _, l := range layers {
		next := make([]float64, l.out)
		switch l.kind {
		case Linear:
			for o, row := range l.rows {
				s := l.bias[o]
				for _, t := range row {
					s += t.w * cur[t.in]
				}
				next[o] = s
			}
		case ReLU:
			for o := range next {
				next[o] = max(cur[o], 0)
			}
		case Max:
			for o, win := range l.windows {
				next[o] = math.Inf(-1)
				for _, i := range win {
					next[o] = max(next[o], cur[i])
				}
			}
		}
		cur = next
	}
	return cur
}
