// Package libtorch runs TorchScript models (torch.jit.save) on libtorch, the
// PyTorch C++ runtime (Debian's libtorch 1.13), through a small C shim
// (shim/torchshim.cpp, built by .ci/libtorch.sh into
// libinfernode_torch.so). The shim is opened with dlopen at Open, so this
// package compiles without libtorch's headers and a binary built with cgo
// starts without the library and reports its absence as an error.
//
// TorchScript is a restricted language compiled by libtorch, not Python:
// loading an archive runs no pickled Python code. A *Model holds one loaded
// module, shared by every Forward (TorchScript modules are safe for
// concurrent inference). Forward feeds one tensor in its own dtype (the
// container protocol's codes) and returns the single tensor forward()
// returns. Intra-op threads are process-wide (at::set_num_threads).
//
// Built without cgo (CGO_ENABLED=0), Open fails with ErrNoCgo and nothing
// else is usable.
package libtorch
