package torch

import (
	"fmt"
	"strings"

	"github.com/infernode/infernode/workloads/internal/kernels"
)

// builder turns the unpickled object graph into modules.
type builder struct {
	storages map[string][]float32
}

func (b *builder) module(v any, path string) (module, error) {
	o, ok := v.(*Object)
	if !ok {
		return nil, &UnsupportedError{What: fmt.Sprintf("%s: a %T where a torch.nn.Module was expected (is this a state_dict? save the whole model with torch.save(model))", path, v)}
	}
	state, ok := o.State.(*Dict)
	if !ok {
		return nil, fmt.Errorf("%s (%s): module without state", path, o.Class)
	}
	cls := o.Class
	if strings.HasPrefix(cls.Module, "torch.nn.modules.") {
		return b.builtin(cls, state, path)
	}
	// A user-defined module: its forward() is not in the file.
	children, err := b.children(state, path)
	if err != nil {
		return nil, err
	}
	if len(children) == 0 {
		return nil, &UnsupportedError{What: fmt.Sprintf("%s: module %s has no submodules", path, cls)}
	}
	var layers []*linear
	for _, c := range children {
		if l, ok := c.(*linear); ok {
			layers = append(layers, l)
		}
	}
	if len(layers) == len(children) {
		return &mlp{name: cls.Name, layers: layers}, nil
	}
	return &sequence{name: cls.Name, children: children}, nil
}

func (b *builder) children(state *Dict, path string) ([]module, error) {
	mv, ok := state.Get("_modules")
	if !ok {
		return nil, nil
	}
	md, ok := mv.(*Dict)
	if !ok {
		return nil, fmt.Errorf("%s: _modules is a %T", path, mv)
	}
	var out []module
	for i, k := range md.Keys {
		name, _ := k.(string)
		if md.Values[i] == nil {
			continue
		}
		m, err := b.module(md.Values[i], path+"."+name)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

func intAttr(state *Dict, key string, def int) int {
	if v, ok := state.Get(key); ok {
		if n, ok := v.(int64); ok {
			return int(n)
		}
	}
	return def
}

func (b *builder) builtin(cls Global, state *Dict, path string) (module, error) {
	switch name := cls.Name; name {
	case "Linear":
		return b.linear(state, path)
	case "ReLU":
		return &elementwise{"ReLU", kernels.Relu}, nil
	case "Sigmoid":
		return &elementwise{"Sigmoid", kernels.Sigmoid}, nil
	case "Tanh":
		return &elementwise{"Tanh", kernels.Tanh}, nil
	case "LeakyReLU":
		slope := float32(0.01)
		if v, ok := state.Get("negative_slope"); ok {
			if f, ok := v.(float64); ok {
				slope = float32(f)
			}
		}
		return &elementwise{fmt.Sprintf("LeakyReLU(%g)", slope), func(x float32) float32 {
			if x < 0 {
				return slope * x
			}
			return x
		}}, nil
	case "Softmax", "LogSoftmax":
		v, _ := state.Get("dim")
		dim, ok := v.(int64)
		if !ok {
			return nil, &UnsupportedError{What: fmt.Sprintf("%s: %s without an explicit dim", path, name)}
		}
		return &softmax{dim: int(dim), log: name == "LogSoftmax"}, nil
	case "Flatten":
		return &flatten{start: intAttr(state, "start_dim", 1), end: intAttr(state, "end_dim", -1)}, nil
	case "Identity", "Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout":
		return &identity{name: name}, nil
	case "Sequential":
		children, err := b.children(state, path)
		if err != nil {
			return nil, err
		}
		return &sequence{name: "Sequential", children: children}, nil
	}
	return nil, &UnsupportedError{What: fmt.Sprintf("module %s (at %s)", cls, path)}
}

func (b *builder) linear(state *Dict, path string) (module, error) {
	pv, ok := state.Get("_parameters")
	params, ok2 := pv.(*Dict)
	if !ok || !ok2 {
		return nil, fmt.Errorf("%s: Linear without _parameters", path)
	}
	wv, _ := params.Get("weight")
	w, err := b.dense(wv, path+".weight")
	if err != nil {
		return nil, err
	}
	if len(w.size) != 2 {
		return nil, fmt.Errorf("%s.weight has shape %v, want [out, in]", path, w.size)
	}
	l := &linear{out: w.size[0], in: w.size[1], w: w.data}
	if in := intAttr(state, "in_features", l.in); in != l.in {
		return nil, fmt.Errorf("%s: in_features %d but weight %v", path, in, w.size)
	}
	if bv, ok := params.Get("bias"); ok && bv != nil {
		bias, err := b.dense(bv, path+".bias")
		if err != nil {
			return nil, err
		}
		if len(bias.size) != 1 || bias.size[0] != l.out {
			return nil, fmt.Errorf("%s.bias has shape %v, want [%d]", path, bias.size, l.out)
		}
		l.b = bias.data
	}
	return l, nil
}

type denseTensor struct {
	size []int
	data []float32
}

// dense materialises a strided view of a storage as a row-major array.
func (b *builder) dense(v any, path string) (denseTensor, error) {
	t, ok := v.(*rawTensor)
	if !ok {
		return denseTensor{}, fmt.Errorf("%s is a %T, not a tensor", path, v)
	}
	st := b.storages[t.storage.key]
	n := kernels.Numel(t.size)
	if n > 1<<28 {
		return denseTensor{}, fmt.Errorf("%s is too large", path)
	}
	out := make([]float32, n)
	idx := make([]int, len(t.size))
	for k := range n {
		off := t.offset
		for d := range idx {
			off += idx[d] * t.stride[d]
		}
		if off < 0 || off >= len(st) {
			return denseTensor{}, fmt.Errorf("%s reads past its storage", path)
		}
		out[k] = st[off]
		for d := len(idx) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < t.size[d] {
				break
			}
			idx[d] = 0
		}
	}
	return denseTensor{size: t.size, data: out}, nil
}
