// torchshim: see torchshim.h.
#include "torchshim.h"

#include <ATen/Parallel.h>
#include <c10/core/CPUAllocator.h>
#include <caffe2/serialize/read_adapter_interface.h>
#include <torch/csrc/jit/ir/constants.h>
#include <torch/csrc/jit/ir/ir.h>
#include <torch/csrc/jit/passes/inliner.h>
#include <torch/script.h>
#include <torch/version.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

struct ts_module {
  torch::jit::Module mod;
  int inputs;
  std::string name;
};

namespace {

// memReader reads the archive from the caller's memory, refusing reads past
// its end (a truncated or corrupt archive's offsets).
class memReader final : public caffe2::serialize::ReadAdapterInterface {
 public:
  memReader(const void *data, size_t size) : data_(static_cast<const char *>(data)), size_(size) {}
  size_t size() const override { return size_; }
  size_t read(uint64_t pos, void *buf, size_t n, const char *what) const override {
    if (pos > size_ || n > size_ - pos) {
      throw std::runtime_error(std::string("truncated archive: ") + what + " lies past the end of the file");
    }
    std::memcpy(buf, data_ + pos, n);
    return n;
  }

 private:
  const char *data_;
  size_t size_;
};

void set_err(char **err, const std::string &msg) {
  if (err == nullptr) return;
  *err = static_cast<char *>(std::malloc(msg.size() + 1));
  if (*err != nullptr) std::memcpy(*err, msg.c_str(), msg.size() + 1);
}

// tl_cap is the most bytes one CPU allocation may take on this thread: set
// by ts_forward for its call, 0 (no bound) otherwise.
thread_local size_t tl_cap = 0;

// boundedAllocator is libtorch's CPU allocator with tl_cap enforced: an
// allocation past it throws before any memory is taken, so a model that
// builds a huge tensor fails its run instead of the process.
class boundedAllocator final : public c10::Allocator {
 public:
  explicit boundedAllocator(c10::Allocator *base) : base_(base) {}
  c10::DataPtr allocate(size_t n) const override {
    if (tl_cap != 0 && n > tl_cap) {
      throw std::runtime_error("the model asked for a tensor of " + std::to_string(n) + " bytes; at most " +
                               std::to_string(tl_cap) + " (" + std::to_string(TS_MAX_ELEMENTS) +
                               " elements of 8 bytes) are allowed, refused before it was allocated");
    }
    return base_->allocate(n);
  }
  c10::DeleterFnPtr raw_deleter() const override { return base_->raw_deleter(); }

 private:
  c10::Allocator *base_;
};

// installBound makes boundedAllocator the CPU allocator, once per process.
void installBound() {
  static std::once_flag once;
  std::call_once(once, [] {
    static boundedAllocator bounded(c10::GetDefaultCPUAllocator());
    c10::SetCPUAllocator(&bounded, /*priority=*/1);
  });
}

// capScope bounds this thread's allocations for its lifetime.
struct capScope {
  explicit capScope(size_t cap) { tl_cap = cap; }
  ~capScope() { tl_cap = 0; }
};

// constantInts returns the ints of v when v is a constant int list (a
// prim::Constant, or a prim::ListConstruct of constants).
bool constantInts(const torch::jit::Value *v, std::vector<int64_t> &out) {
  if (!v->type()->isSubtypeOf(*c10::ListType::ofInts())) return false;
  if (auto iv = torch::jit::toIValue(v)) {
    out = iv->toIntVector();
    return true;
  }
  const torch::jit::Node *n = v->node();
  if (n->kind() != c10::prim::ListConstruct) return false;
  out.clear();
  for (const torch::jit::Value *in : n->inputs()) {
    auto iv = torch::jit::toIValue(in);
    if (!iv || !iv->isInt()) return false;
    out.push_back(iv->toInt());
  }
  return true;
}

// checkShapes refuses a graph any of whose nodes takes a constant int list
// (a shape, for expand, zeros, ones, full, empty, repeat, view...) whose
// product passes TS_MAX_ELEMENTS: the size is in the file, so the bomb is
// refused before it runs.
void checkShapes(torch::jit::Block *b) {
  for (torch::jit::Node *n : b->nodes()) {
    for (const torch::jit::Value *in : n->inputs()) {
      std::vector<int64_t> dims;
      if (!constantInts(in, dims) || dims.empty()) continue;
      int64_t elems = 1;
      bool over = false;
      for (int64_t d : dims) {
        if (d <= 0) continue;  // -1: inferred from the input
        if (elems > TS_MAX_ELEMENTS / d) {
          over = true;
          break;
        }
        elems *= d;
      }
      if (over || elems > TS_MAX_ELEMENTS) {
        std::string shape;
        for (int64_t d : dims) shape += (shape.empty() ? "" : ", ") + std::to_string(d);
        throw std::runtime_error("forward() calls " + std::string(n->kind().toQualString()) + " with the constant shape [" +
                                 shape + "], more than " + std::to_string(TS_MAX_ELEMENTS) +
                                 " elements: a model bomb, refused before it runs");
      }
    }
    for (torch::jit::Block *sub : n->blocks()) checkShapes(sub);
  }
}

// guarded runs fn, turning any exception into *err and -1.
template <typename F>
int guarded(char **err, F fn) {
  try {
    fn();
    return 0;
  } catch (const c10::Error &e) {
    set_err(err, e.what_without_backtrace());
  } catch (const std::exception &e) {
    set_err(err, e.what());
  } catch (...) {
    set_err(err, "unknown C++ exception");
  }
  return -1;
}

}  // namespace

extern "C" {

int ts_abi(void) { return TS_ABI; }

const char *ts_version(void) { return TORCH_VERSION; }

int ts_set_threads(int n) {
  if (n > 0) at::set_num_threads(n);
  return at::get_num_threads();
}

ts_module *ts_load(const void *data, size_t len, char **err) {
  ts_module *out = nullptr;
  guarded(err, [&] {
    auto rai = std::make_shared<memReader>(data, len);
    auto m = std::make_unique<ts_module>(ts_module{torch::jit::load(rai, torch::kCPU), 0, ""});
    m->mod.eval();
    const auto &schema = m->mod.get_method("forward").function().getSchema();
    const auto &args = schema.arguments();
    for (size_t i = 1; i < args.size(); i++) {
      if (args[i].type()->kind() != c10::TypeKind::TensorType) {
        throw std::runtime_error("forward() argument " + args[i].name() + " is " + args[i].type()->str() +
                                 "; the tensor workload feeds tensors only");
      }
    }
    m->inputs = args.empty() ? 0 : static_cast<int>(args.size() - 1);
    const auto &rets = schema.returns();
    bool one = rets.size() == 1 && rets[0].type()->kind() == c10::TypeKind::TensorType;
    if (rets.size() == 1 && rets[0].type()->kind() == c10::TypeKind::TupleType) {
      const auto &elems = rets[0].type()->containedTypes();
      one = elems.size() == 1 && elems[0]->kind() == c10::TypeKind::TensorType;
    }
    if (!one) {
      std::string got;
      for (const auto &r : rets) got += (got.empty() ? "" : ", ") + r.type()->str();
      throw std::runtime_error("forward() returns " + got + "; the tensor workload returns one tensor");
    }
    auto g = m->mod.get_method("forward").graph()->copy();
    torch::jit::Inline(*g);
    checkShapes(g->block());
    m->name = m->mod.type()->name() ? m->mod.type()->name()->qualifiedName() : "module";
    out = m.release();
  });
  return out;
}

int ts_num_inputs(const ts_module *m) { return m->inputs; }

const char *ts_module_name(const ts_module *m) { return m->name.c_str(); }

void ts_module_free(ts_module *m) { delete m; }

int ts_forward(ts_module *m, const ts_tensor *in, ts_tensor *out, char **err) {
  std::memset(out, 0, sizeof(*out));
  return guarded(err, [&] {
    if (in->ndim < 0 || in->ndim > TS_MAX_DIMS) throw std::runtime_error("too many dimensions");
    // no_grad, as PyTorch callers run inference: under c10::InferenceMode
    // TorchScript 1.13 runs ResNet-18 about 8% slower (measured).
    torch::NoGradGuard no_grad;
    std::vector<int64_t> shape(in->shape, in->shape + in->ndim);
    auto dtype = static_cast<c10::ScalarType>(in->dtype);
    at::Tensor x = torch::from_blob(const_cast<void *>(in->data), shape, torch::TensorOptions().dtype(dtype));
    installBound();
    capScope cap(static_cast<size_t>(TS_MAX_TENSOR_BYTES));
    c10::IValue r = m->mod.forward({x});
    if (r.isTuple() && r.toTupleRef().elements().size() == 1) r = r.toTupleRef().elements()[0];
    if (!r.isTensor()) {
      throw std::runtime_error("forward() returned " + r.type()->str() +
                               "; the tensor workload returns one tensor");
    }
    at::Tensor y = r.toTensor();
    if (y.dim() > TS_MAX_DIMS) throw std::runtime_error("forward() returned a tensor of too many dimensions");
    // A view (expand) holds no memory yet: count before copying it out.
    if (y.numel() > TS_MAX_ELEMENTS) {
      throw std::runtime_error("forward() returned " + std::to_string(y.numel()) + " elements; at most " +
                               std::to_string(TS_MAX_ELEMENTS) + ", refused before they were copied");
    }
    // The output must not alias the caller's input memory (an identity
    // model returns its input).
    if (y.is_alias_of(x) || !y.is_contiguous()) y = y.contiguous().clone();
    auto *h = new at::Tensor(std::move(y));
    out->dtype = static_cast<int>(h->scalar_type());
    out->ndim = static_cast<int>(h->dim());
    for (int i = 0; i < out->ndim; i++) out->shape[i] = h->size(i);
    out->data = h->data_ptr();
    out->nbytes = h->nbytes();
    out->handle = h;
  });
}

void ts_tensor_free(ts_tensor *t) {
  delete static_cast<at::Tensor *>(t->handle);
  t->handle = nullptr;
  t->data = nullptr;
}

void ts_free_string(char *s) { std::free(s); }

}  // extern "C"
