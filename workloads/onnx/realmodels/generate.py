#!/usr/bin/python3
"""Exports the real-model suite: architectures from torchvision and torch.nn
with their default (random) initialisation, a seeded input, and PyTorch's own
output for that input.

Usage: /usr/bin/python3 workloads/onnx/realmodels/generate.py OUTDIR

For each model NAME it writes to OUTDIR:
  NAME.onnx         torch.onnx.export (opset 13)
  NAME.pt           TorchScript (torch.jit.trace + save)
  NAME.pth          full-model torch.save(model) (a pickle of the module tree)
  NAME.json         {"input": NAME, "inputs": {name: tensor}, "outputs": [tensor],
                     "export_s": seconds} with tensors in the container
                    protocol's {values, shape, dtype} form (dtype 1 = float32,
                    8 = int64).
and OUTDIR/manifest.json listing the names. Needs Debian's python3-torch,
python3-torchvision and python3-onnx (they import only under /usr/bin/python3).
"""
import json
import os
import sys
import time

import onnx
import torch
import torchvision

DTYPES = {torch.float32: 1, torch.int64: 8}


def tensor_json(t):
    t = t.detach().contiguous()
    return {"values": t.flatten().tolist(), "shape": list(t.shape), "dtype": DTYPES[t.dtype]}


class Encoder(torch.nn.Module):
    """A small transformer encoder over token ids: embedding, two
    TransformerEncoder layers, a linear head over the mean of the sequence."""

    def __init__(self, vocab=1000, d=64, heads=4, layers=2, classes=10):
        super().__init__()
        self.embed = torch.nn.Embedding(vocab, d)
        layer = torch.nn.TransformerEncoderLayer(d, heads, dim_feedforward=128, dropout=0.0, batch_first=True)
        self.encoder = torch.nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
        self.head = torch.nn.Linear(d, classes)

    def forward(self, tokens):
        return self.head(self.encoder(self.embed(tokens)).mean(dim=1))


def models():
    g = torch.Generator().manual_seed(7)
    yield "resnet18", torchvision.models.resnet18(), {"input": torch.randn(1, 3, 224, 224, generator=g)}
    yield "mobilenet_v3_small", torchvision.models.mobilenet_v3_small(), {
        "input": torch.randn(1, 3, 224, 224, generator=g)}
    yield "transformer_encoder", Encoder(), {"tokens": torch.randint(0, 1000, (1, 16), generator=g)}


def main(out):
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    torch.set_num_threads(1)
    names = []
    for name, model, inputs in models():
        model.eval()
        args = tuple(inputs.values())
        start = time.time()
        with torch.no_grad():
            expected = model(*args)
        # Exported and traced with autograd on: under no_grad the encoder
        # layer takes its fused fast path, which has no ONNX export.
        path = os.path.join(out, name + ".onnx")
        torch.onnx.export(model, args, path, input_names=list(inputs), output_names=["output"], opset_version=13)
        onnx.checker.check_model(onnx.load(path))
        torch.jit.save(torch.jit.trace(model, args, check_trace=False), os.path.join(out, name + ".pt"))
        torch.save(model, os.path.join(out, name + ".pth"))
        took = time.time() - start
        with open(os.path.join(out, name + ".json"), "w") as f:
            json.dump({"inputs": {k: tensor_json(v) for k, v in inputs.items()},
                       "outputs": [tensor_json(expected)], "export_s": round(took, 2)}, f)
        names.append(name)
        print(f"realmodels: {name}: exported in {took:.1f}s ({os.path.getsize(path)} bytes of onnx)", flush=True)
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump({"models": names, "torch": torch.__version__, "torchvision": torchvision.__version__,
                   "onnx": onnx.__version__}, f)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: generate.py OUTDIR")
    main(sys.argv[1])
