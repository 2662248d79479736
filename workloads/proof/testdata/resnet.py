"""Exports the residual proof fixtures (docs/proof.md) with Debian's PyTorch.

Run with /usr/bin/python3 (Debian's python3-torch, python3-onnx; see
.ci/realmodels.sh): python3 resnet.py OUTDIR [small|resnet20]. Deterministic
(seeded weights, random but with BatchNormalization statistics that keep the
activations in scale). Writes

  small     resnet_small.onnx: 1x3x8x8 -> conv 8@3x3 pad 1, BN, ReLU; an identity
            block (two padded convs, Add, ReLU); a stride-2 block with a 1x1
            stride-2 projection shortcut; two branches concatenated, times a
            constant, minus the block's output (Concat, Mul, Sub), ReLU;
            GlobalAveragePool, flatten, dense 10
  resnet20  resnet20.onnx: the CIFAR-10 ResNet-20 (3x32x32, 16/32/64 channels,
            19 convolutions, 9 residual Adds, 1x1 projection shortcuts where
            the shape changes), about 0.27M parameters
  and NAME.json: test images (values in [0, 1)) and PyTorch's logits.

The seeded network is untrained, so random images would all land in one
class; ResNet-20's 8 test images are instead optimised (gradient ascent
from random pixels, then rounded to 8 bits) so that image k's top-1 is class
k with a margin, and the argmax checks mean something.
"""
import json
import os
import sys

import torch
from torch import nn

torch.manual_seed(11)
out = sys.argv[1]
which = sys.argv[2] if len(sys.argv) > 2 else "small"
os.makedirs(out, exist_ok=True)


def conv_bn(cin, cout, k=3, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, k, stride=stride, padding=k // 2, bias=False), nn.BatchNorm2d(cout))


class Block(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.a = conv_bn(cin, cout, 3, stride)
        self.b = conv_bn(cout, cout, 3, 1)
        self.short = conv_bn(cin, cout, 1, stride) if stride != 1 or cin != cout else None

    def forward(self, x):
        h = self.b(torch.relu(self.a(x)))
        return torch.relu(h + (x if self.short is None else self.short(x)))


class Mix(nn.Module):
    """Concat of two branches, times a constant, minus the input."""

    def __init__(self, c):
        super().__init__()
        self.p = nn.Conv2d(c, c // 2, 1)
        self.q = nn.Conv2d(c, c // 2, 3, padding=1)
        self.k = nn.Parameter(torch.tensor([0.75]))

    def forward(self, x):
        return torch.relu(torch.cat([self.p(x), self.q(x)], 1) * self.k - x)


def small():
    return nn.Sequential(conv_bn(3, 8), nn.ReLU(), Block(8, 8, 1), Block(8, 16, 2), Mix(16),
                         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10))


def resnet20():
    layers = [conv_bn(3, 16), nn.ReLU()]
    cin = 16
    for cout, stride in ((16, 1), (32, 2), (64, 2)):
        for i in range(3):
            layers.append(Block(cin, cout, stride if i == 0 else 1))
            cin = cout
    return nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(64, 10))


def settle(model, shape):
    """BatchNormalization statistics from a few random batches (train mode,
    no gradient): the activations then stay in scale, as a trained
    network's do."""
    model.train()
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, nn.BatchNorm2d):
                m.momentum = None  # a cumulative average
        for _ in range(8):
            model(torch.rand(32, *shape))
    model.eval()
    return model


def toward_classes(model, images, margin=0.5, steps=300):
    """Image k pushed toward class k: Adam on the pixels (kept in [0, 1])
    until every image's class-k logit leads the others by margin, then
    rounded to 8 bits (and checked)."""
    target = torch.arange(len(images)) % 10
    x = images.clone().requires_grad_(True)
    opt = torch.optim.Adam([x], lr=0.02)
    for _ in range(steps):
        logits = model(x)
        own = logits.gather(1, target[:, None])[:, 0]
        other = logits.masked_fill(nn.functional.one_hot(target, 10).bool(), -1e9).max(1).values
        if (own - other).min() > margin:
            break
        opt.zero_grad()
        (-(own - other).clamp(max=2 * margin)).sum().backward()
        opt.step()
        with torch.no_grad():
            x.clamp_(0, 255 / 256)
    out = (x.detach() * 256).floor() / 256
    with torch.no_grad():
        got = model(out).argmax(1)
    assert torch.equal(got, target), f"optimised images' classes {got.tolist()}, want {target.tolist()}"
    return out


name, shape, model = ("resnet20", (3, 32, 32), resnet20()) if which == "resnet20" else ("resnet_small", (3, 8, 8), small())
settle(model, shape)
images = torch.rand(8, *shape)
images = (images * 256).floor() / 256  # 8-bit values
if which == "resnet20":
    for p in model.parameters():
        p.requires_grad_(False)
    images = toward_classes(model, images)
torch.onnx.export(model, images[:1], os.path.join(out, name + ".onnx"), input_names=["image"], output_names=["logits"],
                  opset_version=13, do_constant_folding=True)
with torch.no_grad():
    logits = model(images)
with open(os.path.join(out, name + ".json"), "w") as f:
    json.dump({"shape": [1, *shape], "images": images.flatten(1).tolist(), "logits": logits.tolist(),
               "params": sum(p.numel() for p in model.parameters())}, f)
