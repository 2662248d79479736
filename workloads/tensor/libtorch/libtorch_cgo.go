//go:build cgo

package libtorch

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdlib.h>
#include "shim/torchshim.h"

// The shim's functions, resolved once by ts_open.
static struct {
	int (*abi)(void);
	const char *(*version)(void);
	int (*set_threads)(int);
	ts_module *(*load)(const void *, size_t, char **);
	int (*num_inputs)(const ts_module *);
	const char *(*module_name)(const ts_module *);
	void (*module_free)(ts_module *);
	int (*forward)(ts_module *, const ts_tensor *, ts_tensor *, char **);
	void (*tensor_free)(ts_tensor *);
	void (*free_string)(char *);
} fns;

// ts_open loads the shim; it returns NULL or what went wrong.
static const char *ts_open(const char *path) {
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (h == NULL) return dlerror();
#define SYM(field, name) if ((*(void **)&fns.field = dlsym(h, name)) == NULL) return "the library lacks " name " (not libinfernode_torch.so?)";
	SYM(abi, "ts_abi")
	SYM(version, "ts_version")
	SYM(set_threads, "ts_set_threads")
	SYM(load, "ts_load")
	SYM(num_inputs, "ts_num_inputs")
	SYM(module_name, "ts_module_name")
	SYM(module_free, "ts_module_free")
	SYM(forward, "ts_forward")
	SYM(tensor_free, "ts_tensor_free")
	SYM(free_string, "ts_free_string")
#undef SYM
	return NULL;
}

static int call_abi(void) { return fns.abi(); }
static const char *call_version(void) { return fns.version(); }
static int call_set_threads(int n) { return fns.set_threads(n); }
static ts_module *call_load(const void *data, size_t len, char **err) { return fns.load(data, len, err); }
static int call_num_inputs(const ts_module *m) { return fns.num_inputs(m); }
static const char *call_module_name(const ts_module *m) { return fns.module_name(m); }
static void call_module_free(ts_module *m) { fns.module_free(m); }
static int call_forward(ts_module *m, const ts_tensor *in, ts_tensor *out, char **err) { return fns.forward(m, in, out, err); }
static void call_tensor_free(ts_tensor *t) { fns.tensor_free(t); }
static void call_free_string(char *s) { fns.free_string(s); }
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"unsafe"

	"github.com/infernode/infernode/internal/tensor"
)

// The shim bounds every tensor by the protocol's bound: the build fails
// if the two differ.
const _ = uint(C.TS_MAX_ELEMENTS-tensor.MaxTensorElements) + uint(tensor.MaxTensorElements-C.TS_MAX_ELEMENTS)

// shim is the process-wide loaded library (dlopen cannot be undone safely,
// and libtorch's threads are process-wide).
var shim struct {
	sync.Mutex
	library string
	version string
	threads int
}

// Runtime loads TorchScript models on libtorch.
type Runtime struct {
	version string
}

// Open loads the shim and libtorch (once per process), sets the intra-op
// threads, and returns a runtime. A missing or unloadable library is an
// error that says how to provide it.
func Open(cfg Config) (*Runtime, error) {
	if cfg.Library == "" {
		cfg.Library = DefaultLibrary
	}
	shim.Lock()
	defer shim.Unlock()
	if shim.library == "" {
		path := C.CString(cfg.Library)
		defer C.free(unsafe.Pointer(path))
		if msg := C.ts_open(path); msg != nil {
			return nil, libraryError(cfg.Library, errors.New(C.GoString(msg)))
		}
		if abi := int(C.call_abi()); abi != C.TS_ABI {
			return nil, libraryError(cfg.Library, fmt.Errorf("the library's interface is version %d, this program's %d (rebuild it: make libtorch)", abi, C.TS_ABI))
		}
		shim.library, shim.version = cfg.Library, C.GoString(C.call_version())
	} else if shim.library != cfg.Library {
		return nil, fmt.Errorf("libtorch: %s is already loaded in this process; cannot also load %s", shim.library, cfg.Library)
	}
	shim.threads = int(C.call_set_threads(C.int(cfg.Threads)))
	return &Runtime{version: shim.version}, nil
}

// Version is the libtorch version the shim was built against, e.g. "1.13.0".
func (r *Runtime) Version() string { return r.version }

// Model is a loaded TorchScript module. It is safe for concurrent use.
type Model struct {
	mod     *C.ts_module
	summary string
}

// Load reads a TorchScript archive. A file libtorch refuses (not
// TorchScript, truncated, corrupt, a forward() that takes other than one
// tensor) is a *ModelError.
func (r *Runtime) Load(raw []byte) (*Model, error) {
	if len(raw) == 0 {
		return nil, &ModelError{Err: errors.New("the model file is empty")}
	}
	var cerr *C.char
	mod := C.call_load(unsafe.Pointer(unsafe.SliceData(raw)), C.size_t(len(raw)), &cerr)
	if mod == nil {
		return nil, &ModelError{Err: fmt.Errorf("libtorch refused the TorchScript model: %s", takeErr(cerr))}
	}
	m := &Model{mod: mod}
	runtime.AddCleanup(m, func(p *C.ts_module) { C.call_module_free(p) }, mod)
	n := int(C.call_num_inputs(mod))
	name := C.GoString(C.call_module_name(mod))
	if n != 1 {
		return nil, &ModelError{Err: fmt.Errorf("%s.forward() takes %d tensors; the tensor workload feeds exactly one", name, n)}
	}
	m.summary = fmt.Sprintf("TorchScript %s (libtorch %s)", name, r.version)
	return m, nil
}

// Summary names the module's class and the runtime.
func (m *Model) Summary() string { return m.summary }

// Forward runs forward(in) without autograd and returns its tensor. What
// libtorch refuses about the input (a shape or dtype the model cannot take)
// is an *InputError. A running inference cannot be interrupted; ctx is
// checked before it starts.
func (m *Model) Forward(ctx context.Context, in tensor.Tensor) (tensor.Tensor, error) {
	if err := ctx.Err(); err != nil {
		return tensor.Tensor{}, err
	}
	scalar, ok := scalarTypes[in.DType]
	if !ok {
		return tensor.Tensor{}, &InputError{Msg: fmt.Sprintf("input is %s (dtype %d), which libtorch has no type for; send float32 (1), float64 (2), int64 (8) or another signed type", in.DType, int(in.DType))}
	}
	if len(in.Shape) > C.TS_MAX_DIMS {
		return tensor.Tensor{}, &InputError{Msg: fmt.Sprintf("input has %d dimensions; at most %d", len(in.Shape), C.TS_MAX_DIMS)}
	}
	data := in.Bytes()
	if in.Len() == 0 || len(data) == 0 {
		return tensor.Tensor{}, &InputError{Msg: fmt.Sprintf("input has no elements (shape %v)", in.Shape)}
	}
	var pin runtime.Pinner
	defer pin.Unpin()
	pin.Pin(unsafe.SliceData(data))
	var cin C.ts_tensor
	cin.dtype = C.int(scalar)
	cin.ndim = C.int(len(in.Shape))
	for i, d := range in.Shape {
		cin.shape[i] = C.int64_t(d)
	}
	cin.data = unsafe.Pointer(unsafe.SliceData(data))
	cin.nbytes = C.size_t(len(data))
	var out C.ts_tensor
	var cerr *C.char
	rc := C.call_forward(m.mod, &cin, &out, &cerr)
	runtime.KeepAlive(m)
	if rc != 0 {
		return tensor.Tensor{}, &InputError{Msg: fmt.Sprintf("libtorch: %s (the input is %s %v)", cleanErr(takeErr(cerr)), in.DType, in.Shape)}
	}
	defer C.call_tensor_free(&out)
	d, ok := dtypeOf(int(out.dtype))
	if !ok {
		return tensor.Tensor{}, fmt.Errorf("forward() returned a tensor of c10::ScalarType %d, which has no protocol dtype", int(out.dtype))
	}
	shape := make([]int, int(out.ndim))
	for i := range shape {
		shape[i] = int(out.shape[i])
	}
	var b []byte
	if out.nbytes > 0 {
		b = slices.Clone(unsafe.Slice((*byte)(out.data), int(out.nbytes)))
	}
	return tensor.NewTensor(d, shape, b)
}

// takeErr copies and frees a message the shim allocated.
func takeErr(p *C.char) string {
	if p == nil {
		return "unknown error"
	}
	defer C.call_free_string(p)
	return C.GoString(p)
}
