#!/usr/bin/env bash
# Builds the tensor workload's libtorch shim (idempotent): installs Debian's
# libtorch-dev (the PyTorch C++ runtime 1.13 and its headers) when its
# headers are missing, then compiles workloads/tensor/libtorch/shim into
# .tools/lib/libinfernode_torch.so, which the workload opens with dlopen.
# The library is rebuilt only when the shim's sources change.
set -euo pipefail
cd "$(dirname "$0")/.."
src=workloads/tensor/libtorch/shim
out=.tools/lib/libinfernode_torch.so
stamp=$(cat "$src"/torchshim.h "$src"/torchshim.cpp | sha256sum | cut -c1-16)
if [ -f "$out" ] && [ "$(cat "$out.stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "libtorch: ok ($out)"; exit 0
fi
if [ ! -f /usr/include/torch/script.h ] || ! command -v g++ >/dev/null; then
  if [ "$(id -u)" != 0 ]; then
    echo "libtorch: libtorch-dev or g++ is missing and not root: apt-get install libtorch-dev g++, then rerun" >&2; exit 1
  fi
  echo "libtorch: installing libtorch-dev g++ (apt, about 1.5 minutes)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends libtorch-dev g++ >/dev/null
fi
mkdir -p .tools/lib
echo "libtorch: building $out (g++, about 1 minute)"
g++ -O2 -std=c++17 -shared -fPIC -Wall -I/usr/include/torch/csrc/api/include \
  "$src/torchshim.cpp" -o "$out.tmp" -ltorch -ltorch_cpu -lc10
mv "$out.tmp" "$out"
echo "$stamp" >"$out.stamp"
echo "libtorch: ok ($out)"
