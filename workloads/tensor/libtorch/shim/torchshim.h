/*
 * torchshim: a C interface to the parts of libtorch (the PyTorch C++
 * runtime) the tensor workload uses: load a TorchScript module from memory
 * and run its forward() on one tensor. No C++ exception crosses this
 * interface: every failure is a message in *err (malloc'ed; free it with
 * ts_free_string). Built into libinfernode_torch.so by .ci/libtorch.sh and
 * loaded with dlopen by the Go package workloads/tensor/libtorch.
 */
#ifndef INFERNODE_TORCHSHIM_H
#define INFERNODE_TORCHSHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* TS_ABI changes whenever a signature below does. */
#define TS_ABI 1
#define TS_MAX_DIMS 16
/* TS_MAX_ELEMENTS bounds every tensor of a model (the workload protocol's
 * output bound, protocol.MaxTensorElements); TS_MAX_TENSOR_BYTES bounds
 * every allocation a forward() makes: that many elements of 8 bytes. */
#define TS_MAX_ELEMENTS (1LL << 26)
#define TS_MAX_TENSOR_BYTES (8LL * TS_MAX_ELEMENTS)

typedef struct ts_module ts_module;

/* A tensor: dtype is a c10::ScalarType code (0 uint8, 1 int8, 2 int16,
 * 3 int32, 4 int64, 5 float16, 6 float32, 7 float64, 11 bool); data is
 * contiguous, little-endian, nbytes long. An output's handle owns its data
 * until ts_tensor_free. */
typedef struct {
  int dtype;
  int ndim;
  int64_t shape[TS_MAX_DIMS];
  const void *data;
  size_t nbytes;
  void *handle;
} ts_tensor;

int ts_abi(void);
/* The libtorch version the shim was built against, e.g. "1.13.0". */
const char *ts_version(void);
/* Sets the intra-op threads when n > 0; returns the threads in use. */
int ts_set_threads(int n);

/* Loads a TorchScript archive (torch.jit.save) from len bytes at data, in
 * eval mode. Returns NULL and sets *err on failure, and for a forward()
 * whose code names a constant shape of more than TS_MAX_ELEMENTS elements
 * (a model bomb: expand(x, [10**8]) is a hundred bytes). */
ts_module *ts_load(const void *data, size_t len, char **err);
/* The number of tensor arguments forward() takes (besides self). */
int ts_num_inputs(const ts_module *m);
/* The module's TorchScript class, e.g. "__torch__.torchvision.models.resnet.ResNet". */
const char *ts_module_name(const ts_module *m);
void ts_module_free(ts_module *m);

/* Runs forward(in) under no_grad. On success fills *out (free it with
 * ts_tensor_free) and returns 0; on failure returns -1 and sets *err. in's
 * data is only read during the call. Every CPU allocation the call makes
 * on its thread is at most TS_MAX_TENSOR_BYTES (beyond: an error before
 * the memory is taken), and an output of more than TS_MAX_ELEMENTS
 * elements is an error before it is copied out. */
int ts_forward(ts_module *m, const ts_tensor *in, ts_tensor *out, char **err);
void ts_tensor_free(ts_tensor *t);

void ts_free_string(char *s);

#ifdef __cplusplus
}
#endif
#endif
