"""Exports the tiny transformer of issue 43 with Debian's PyTorch.

Run with /usr/bin/python3 (Debian's python3-torch, python3-onnx; see
.ci/realmodels.sh): python3 transformer.py OUTDIR. Deterministic (seeded).
Writes

  transformer.onnx  input 1x16x64 (16 tokens, d = 64: embeddings, no lookup)
                    -> 2 encoder layers (4-head self-attention: MatMul of two
                    activations, Reshape, Transpose, Softmax; LayerNorm; a
                    ReLU feed-forward 64 -> 128 -> 64; residual Adds)
                    -> mean over tokens -> dense 10: the logits
  transformer.json  8 seeded test inputs and PyTorch's logits

Opset 13, so LayerNorm is exported as its parts (ReduceMean, Sub, Pow, Sqrt,
Div, Mul, Add): the proof circuit does not take it yet (docs/proof.md).
"""
import json
import math
import os
import sys

import torch
from torch import nn

torch.manual_seed(43)
out = sys.argv[1]
os.makedirs(out, exist_ok=True)

T, D, H, F = 16, 64, 4, 128


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(D, 3 * D)
        self.proj = nn.Linear(D, D)
        self.ln1 = nn.LayerNorm(D)
        self.ff1 = nn.Linear(D, F)
        self.ff2 = nn.Linear(F, D)
        self.ln2 = nn.LayerNorm(D)

    def forward(self, x):  # x: [T, D]
        q, k, v = self.qkv(x).split(D, dim=-1)
        q = q.reshape(T, H, D // H).transpose(0, 1)  # [H, T, D/H]
        k = k.reshape(T, H, D // H).transpose(0, 1)
        v = v.reshape(T, H, D // H).transpose(0, 1)
        att = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(D // H), dim=-1)  # [H, T, T]
        y = (att @ v).transpose(0, 1).reshape(T, D)
        x = self.ln1(x + self.proj(y))
        return self.ln2(x + self.ff2(torch.relu(self.ff1(x))))


class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(Encoder(), Encoder())
        self.head = nn.Linear(D, 10)

    def forward(self, x):  # x: [1, T, D]
        return self.head(self.layers(x.reshape(T, D)).mean(dim=0, keepdim=True))


model = Tiny().eval()
x = torch.randn(1, T, D)
torch.onnx.export(model, x, os.path.join(out, "transformer.onnx"), input_names=["tokens"], output_names=["logits"], opset_version=13)
inputs = torch.randn(8, 1, T, D)
with torch.no_grad():
    logits = [model(inputs[i]).reshape(-1).tolist() for i in range(8)]
with open(os.path.join(out, "transformer.json"), "w") as f:
    json.dump({"shape": [1, T, D], "inputs": [inputs[i].reshape(-1).tolist() for i in range(8)], "logits": logits,
               "params": sum(p.numel() for p in model.parameters())}, f)
