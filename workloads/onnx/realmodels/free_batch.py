"""Copy an ONNX model with the first dimension of every graph input and
output made free (dim_param "batch"), the same graph and weights otherwise:
the real-model suite exports batch 1, and dynamic batching stacks requests
only along a free batch dimension.

Usage: /usr/bin/python3 free_batch.py IN.onnx OUT.onnx
"""
import sys

import onnx


def main():
    src, dst = sys.argv[1:3]
    model = onnx.load(src)
    for vi in list(model.graph.input) + list(model.graph.output):
        dims = vi.type.tensor_type.shape.dim
        if dims:
            dims[0].Clear()
            dims[0].dim_param = "batch"
    onnx.checker.check_model(model)
    onnx.save(model, dst)


if __name__ == "__main__":
    main()
