"""Exports the LeNet-class proof fixtures (docs/proof.md) with Debian's PyTorch.

Run with /usr/bin/python3 (Debian's python3-torch, python3-onnx; see
.ci/realmodels.sh): python3 lenet.py OUTDIR. Deterministic (seeded). Writes

  lenet_avg.onnx, lenet_max.onnx  1x1x28x28 -> conv 6@5x5, relu, pool 2,
                                  conv 16@5x5, relu, pool 2, flatten, dense 10
  lenet.json                      test images (8-bit pixels, image = pixels/255)
                                  and each model's float logits
  conv_bn.onnx                    conv, BatchNormalization, relu,
                                  GlobalAveragePool, flatten, dense (+ its
                                  input and float logits in lenet.json)
  lstm.onnx, conv_group2.onnx     outside the circuit's op set

MNIST is not available offline, so the networks are trained for a few
seconds on synthetic digits (ten fixed stroke templates, shifted, with
noise): the weights are those of a trained network, not random ones.
"""
import json
import os
import sys

import torch
from torch import nn

torch.manual_seed(7)
out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def lenet(pool):
    return nn.Sequential(
        nn.Conv2d(1, 6, 5), nn.ReLU(), pool(2),
        nn.Conv2d(6, 16, 5), nn.ReLU(), pool(2),
        nn.Flatten(), nn.Linear(256, 10))


templates = (torch.rand(10, 1, 28, 28) > 0.8).float()
templates = nn.functional.avg_pool2d(templates, 3, 1, 1).clamp(0, 1)


def batch(n):
    y = torch.randint(0, 10, (n,))
    x = templates[y]
    x = torch.roll(x, shifts=(int(torch.randint(-2, 3, ())), int(torch.randint(-2, 3, ()))), dims=(2, 3))
    x = (x + 0.3 * torch.rand_like(x)).clamp(0, 1)
    return (x * 255).round() / 255, y  # 8-bit pixels, as MNIST's


def train(model, steps=300):
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for _ in range(steps):
        x, y = batch(64)
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    return model


def export(model, name, x):
    torch.onnx.export(model, x, os.path.join(out, name), input_names=["image"], output_names=["logits"],
                      opset_version=13, do_constant_folding=True)


images, labels = batch(8)
# Pixels as 8-bit integers: image = pixels / 255.
fixtures = {"shape": [1, 1, 28, 28], "pixels": [(im.flatten() * 255).round().int().tolist() for im in images],
            "labels": labels.tolist()}
def avg(k):
    return nn.AvgPool2d(k, count_include_pad=False)  # without a Pad node in the export


for kind, pool in (("avg", avg), ("max", nn.MaxPool2d)):
    m = train(lenet(pool))
    export(m, f"lenet_{kind}.onnx", images[:1])
    with torch.no_grad():
        fixtures[f"lenet_{kind}"] = [m(im[None]).flatten().tolist() for im in images]

# Conv + BatchNormalization kept as an ONNX node (TrainingMode.PRESERVE on
# an eval-mode model keeps it, in inference form).
bn = nn.Sequential(nn.Conv2d(1, 4, 3, stride=2, padding=1), nn.BatchNorm2d(4), nn.ReLU(),
                   nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 3))
with torch.no_grad():
    bn[1].running_mean.uniform_(-0.2, 0.2)
    bn[1].running_var.uniform_(0.5, 2)
    bn[1].weight.uniform_(0.5, 1.5)
    bn[1].bias.uniform_(-0.1, 0.1)
bn.eval()
torch.onnx.export(bn, images[:1], os.path.join(out, "conv_bn.onnx"), input_names=["image"], output_names=["logits"],
                  opset_version=13, do_constant_folding=False, training=torch.onnx.TrainingMode.PRESERVE)
with torch.no_grad():
    fixtures["conv_bn"] = [bn(im[None]).flatten().tolist() for im in images]


class LSTM(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(28, 8, batch_first=True)

    def forward(self, x):
        return self.lstm(x)[0]


torch.onnx.export(LSTM().eval(), torch.rand(1, 28, 28), os.path.join(out, "lstm.onnx"), opset_version=13)
torch.onnx.export(nn.Sequential(nn.Conv2d(2, 4, 3, groups=2)).eval(), torch.rand(1, 2, 8, 8),
                  os.path.join(out, "conv_group2.onnx"), opset_version=13)

with open(os.path.join(out, "lenet.json"), "w") as f:
    json.dump(fixtures, f)
