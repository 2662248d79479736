#!/usr/bin/python3
"""Writes the tensor workload's TorchScript fixtures:

  iris.pt   the iris fixture (iris.torch, a full-model torch.save) as
            TorchScript (torch.jit.trace), for the tests that run the same
            model on the pickle reader and on libtorch. The class below is
            the fixture's: the pickle names
            iris_classification_model.IrisClassificationModel, and its
            forward() is what the pickle reader's MLP reading assumes.
  add.pt    forward(x, y) = x + y: two inputs, which the workload refuses.
  pair.pt   forward(x) = (x, 2x): two outputs, which the workload refuses.

Usage: cd workloads/tensor/testdata && /usr/bin/python3 torchscript_fixtures.py
"""
import sys
import types

import torch


class IrisClassificationModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = torch.nn.Linear(4, 50)
        self.layer2 = torch.nn.Linear(50, 50)
        self.layer3 = torch.nn.Linear(50, 3)

    def forward(self, x):
        x = torch.relu(self.layer1(x))
        x = torch.relu(self.layer2(x))
        return torch.softmax(self.layer3(x), dim=1)


mod = types.ModuleType("iris_classification_model")
mod.IrisClassificationModel = IrisClassificationModel
sys.modules["iris_classification_model"] = mod
model = torch.load("iris.torch").eval()
x = torch.tensor([[1.0380048, 0.5586108, 1.1037828, 1.712096]])  # wltest.IrisInput
torch.jit.save(torch.jit.trace(model, (x,)), "iris.pt")
print(model(x).tolist())


class Add(torch.nn.Module):
    def forward(self, x, y):
        return x + y


class Pair(torch.nn.Module):
    def forward(self, x):
        return x, 2 * x


torch.jit.save(torch.jit.script(Add()), "add.pt")
torch.jit.save(torch.jit.script(Pair()), "pair.pt")
