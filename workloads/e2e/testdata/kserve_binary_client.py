"""A KServe v2 / Open Inference Protocol client with the binary-data extension,
written from the protocol's text, independent of infernode's Go code: it builds
the request the way tritonclient.http does (a JSON header, its length in
Inference-Header-Content-Length, then each input's raw little-endian bytes) and
reads a binary reply the same way.

Usage: kserve_binary_client.py URL MODEL_JSON MODEL_ID
  URL         e.g. http://127.0.0.1:8080/v2/models/onnx/infer
  MODEL_JSON  a real-model suite file (.tools/realmodels/NAME.json) whose inputs are sent
  MODEL_ID    sent as parameters.model_id

Prints {"outputs": [{"name", "datatype", "shape", "data"}]} with data decoded
from the binary reply.
"""
import json
import sys
import urllib.request

import numpy as np

DTYPES = {1: ("FP32", np.float32), 2: ("FP64", np.float64), 8: ("INT64", np.int64)}
NP = {"FP32": np.float32, "FP64": np.float64, "INT64": np.int64, "INT32": np.int32}


def main():
    url, model_json, model_id = sys.argv[1:4]
    with open(model_json) as f:
        spec = json.load(f)
    inputs, blobs = [], []
    for name, t in spec["inputs"].items():
        datatype, np_type = DTYPES[t["dtype"]]
        arr = np.asarray(t["values"], dtype=np_type).reshape(t["shape"])
        raw = arr.astype(arr.dtype.newbyteorder("<")).tobytes(order="C")
        inputs.append({"name": name, "shape": list(arr.shape), "datatype": datatype,
                       "parameters": {"binary_data_size": len(raw)}})
        blobs.append(raw)
    header = json.dumps({"inputs": inputs, "outputs": [{"name": "output", "parameters": {"binary_data": True}}],
                         "parameters": {"model_id": model_id}}).encode()
    req = urllib.request.Request(url, data=header + b"".join(blobs), method="POST", headers={
        "Inference-Header-Content-Length": str(len(header)),
        "Content-Type": "application/octet-stream",
    })
    with urllib.request.urlopen(req, timeout=120) as resp:
        body = resp.read()
        hlen = resp.headers.get("Inference-Header-Content-Length")
    n = int(hlen) if hlen is not None else len(body)
    reply = json.loads(body[:n])
    off = n
    outs = []
    for o in reply["outputs"]:
        size = o.get("parameters", {}).get("binary_data_size")
        if size is None:
            data = o["data"]
        else:
            data = np.frombuffer(body[off:off + size], dtype=np.dtype(NP[o["datatype"]]).newbyteorder("<")).tolist()
            off += size
        outs.append({"name": o["name"], "datatype": o["datatype"], "shape": o["shape"], "data": data})
    if off != len(body):
        raise SystemExit(f"reply: {len(body) - off} bytes left over after the outputs")
    print(json.dumps({"outputs": outs}))


if __name__ == "__main__":
    main()
