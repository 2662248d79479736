package libtorch

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/infernode/infernode/internal/tensor"
)

// Engine is the inference engine's name in /service-resources.
const Engine = "libtorch"

// ErrNoCgo is Open's error in a binary built with CGO_ENABLED=0.
var ErrNoCgo = errors.New("this binary was built without cgo (CGO_ENABLED=0) and cannot load libtorch; build it with CGO_ENABLED=1 and a C compiler")

// DefaultLibrary is the shim Open loads when Config.Library is empty: the
// dynamic loader's search path finds it (the image holds it in /usr/lib).
const DefaultLibrary = "libinfernode_torch.so"

// Config configures the runtime.
type Config struct {
	// Library (TENSORFW_TORCH_LIB) is the path of libinfernode_torch.so;
	// empty means DefaultLibrary.
	Library string
	// Threads (TENSORFW_THREADS) is the intra-op threads of every
	// inference; 0 keeps libtorch's choice (one per core).
	Threads int
}

// ConfigFromEnv reads TENSORFW_TORCH_LIB and TENSORFW_THREADS.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := Config{Library: strings.TrimSpace(getenv("TENSORFW_TORCH_LIB"))}
	if v := strings.TrimSpace(getenv("TENSORFW_THREADS")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1024 {
			return Config{}, fmt.Errorf("TENSORFW_THREADS %q is not a thread count; use 0 (libtorch's choice) to 1024", v)
		}
		c.Threads = n
	}
	return c, nil
}

// libraryError explains a shim that could not be loaded.
func libraryError(path string, err error) error {
	hint := "set TENSORFW_TORCH_LIB to the path of libinfernode_torch.so (`make libtorch` builds it into .tools/lib; it needs Debian's libtorch1.13)"
	if path != DefaultLibrary {
		if _, statErr := os.Stat(path); statErr != nil {
			return fmt.Errorf("libtorch: library %s: %w; %s", path, statErr, hint)
		}
	}
	return fmt.Errorf("libtorch: load %s: %w; %s", path, err, hint)
}

// InputError is a caller mistake in the tensor given to Forward.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// ModelError is a model file libtorch refuses: not a TorchScript archive,
// truncated, or with a forward() the workload cannot feed.
type ModelError struct{ Err error }

func (e *ModelError) Error() string { return e.Err.Error() }
func (e *ModelError) Unwrap() error { return e.Err }

// scalarTypes maps protocol dtypes to c10::ScalarType codes. libtorch 1.13
// has no unsigned types wider than 8 bits.
var scalarTypes = map[tensor.DType]int{
	tensor.Uint8: 0, tensor.Int8: 1, tensor.Int16: 2, tensor.Int32: 3, tensor.Int64: 4,
	tensor.Float16: 5, tensor.Float32: 6, tensor.Float64: 7, tensor.Bool: 11,
}

// dtypeOf is the protocol dtype of a c10::ScalarType code.
func dtypeOf(scalar int) (tensor.DType, bool) {
	for d, s := range scalarTypes {
		if s == scalar {
			return d, true
		}
	}
	return 0, false
}

// cleanErr keeps what a libtorch error says about the failure: the
// TorchScript interpreter prefixes it with a traceback of the model's code.
func cleanErr(msg string) string {
	if i := strings.LastIndex(msg, "RuntimeError: "); i >= 0 {
		msg = msg[i+len("RuntimeError: "):]
	}
	return strings.TrimSpace(msg)
}
