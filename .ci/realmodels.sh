#!/usr/bin/env bash
# Generates the real-model suite into .tools/realmodels (idempotent): installs
# Debian's PyTorch stack (python3-torch, python3-torchvision, python3-onnx and
# python3-numpy, which the OIP tests' Python client and free_batch.py use too;
# about 1 GB) when /usr/bin/python3 cannot import it, then exports the models
# with workloads/onnx/realmodels/generate.py. The files are regenerated only
# when the generator changes. Debian's python packages import only under
# /usr/bin/python3, not a pyenv interpreter earlier on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
py=/usr/bin/python3
gen=workloads/onnx/realmodels/generate.py
out=.tools/realmodels
stamp=$(sha256sum "$gen" | cut -c1-16)
if [ -f "$out/manifest.json" ] && [ "$(cat "$out/stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "realmodels: ok ($out)"; exit 0
fi
if ! "$py" -c 'import torch, torchvision, onnx, numpy' 2>/dev/null; then
  if [ "$(id -u)" != 0 ]; then
    echo "realmodels: $py cannot import torch, torchvision, onnx and not root: apt-get install python3-torch python3-torchvision python3-onnx python3-numpy, then rerun" >&2; exit 1
  fi
  echo "realmodels: installing python3-torch python3-torchvision python3-onnx python3-numpy (apt, about 1.5 minutes)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends python3-torch python3-torchvision python3-onnx python3-numpy >/dev/null
fi
rm -rf "$out.tmp"
echo "realmodels: exporting ResNet-18, MobileNetV3-small and a transformer encoder with PyTorch (about 1 minute)"
"$py" "$gen" "$out.tmp" 2> >(grep -v -e Warning -e '^ ' >&2)
echo "$stamp" >"$out.tmp/stamp"
rm -rf "$out"
mv "$out.tmp" "$out"
echo "realmodels: ok ($out)"
