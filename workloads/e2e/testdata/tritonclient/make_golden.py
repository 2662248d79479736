#!/usr/bin/env python3
"""Writes the golden requests of TestTritonclientForms: tritonclient.http's
requests as they go on the wire, reproduced from its sources (the request
body of _get_inference_request and the headers of
InferenceServerClient.infer, get_server_metadata and
get_model_repository_index, triton-inference-server/client,
src/python/library/tritonclient/http/; not its code): JSON compact as
python-rapidjson writes it, no Content-Type header, geventhttpclient's
User-Agent, and Inference-Header-Content-Length when binary tensors follow.
Run it from this directory; the files are committed."""
import gzip
import json
import struct
import zlib

HOST = "127.0.0.1:8000"
UA = "python/gevent-http-client-2.3.1"
IRIS = [1.0380048, 0.5586108, 1.1037828, 1.712096]
# float32 values as numpy's .item() gives them back
IRIS32 = [struct.unpack("<f", struct.pack("<f", v))[0] for v in IRIS]
RAW = struct.pack("<4f", *IRIS)


def dumps(obj):
    return json.dumps(obj, separators=(",", ":"))


def request(method, path, body=b"", headers=()):
    lines = [f"{method} {path} HTTP/1.1", f"User-Agent: {UA}", f"Host: {HOST}"]
    lines += [f"{k}: {v}" for k, v in headers]
    if method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def binary_infer(outputs):
    req = {"inputs": [{"name": "input", "shape": [1, 4], "datatype": "FP32",
                       "parameters": {"binary_data_size": len(RAW)}}]}
    if outputs:
        req["outputs"] = [{"name": "output", "parameters": {"binary_data": True}}]
    else:
        req["parameters"] = {"binary_data_output": True}
    js = dumps(req)
    return js.encode() + RAW, len(js)


files = {}
# infer with binary_data=False inputs and a JSON output: all JSON, no header length
js = dumps({"inputs": [{"name": "input", "shape": [1, 4], "datatype": "FP32", "data": IRIS32}],
            "outputs": [{"name": "output", "parameters": {"binary_data": False}}]})
files["infer_json.http"] = request("POST", "/v2/models/onnx/infer", js.encode())
# infer with the defaults: binary inputs, no outputs named (binary_data_output)
body, n = binary_infer(False)
files["infer_binary.http"] = request("POST", "/v2/models/onnx/infer", body,
                                     [("Inference-Header-Content-Length", n)])
# the same, compressed both ways
files["infer_binary_gzip.http"] = request(
    "POST", "/v2/models/onnx/infer", gzip.compress(body, mtime=0),
    [("Content-Encoding", "gzip"), ("Accept-Encoding", "gzip"), ("Inference-Header-Content-Length", n)])
body, n = binary_infer(True)
files["infer_binary_deflate.http"] = request(
    "POST", "/v2/models/onnx/versions/1/infer", zlib.compress(body),
    [("Content-Encoding", "deflate"), ("Accept-Encoding", "deflate"), ("Inference-Header-Content-Length", n)])
files["server_metadata.http"] = request("GET", "/v2")
files["repository_index.http"] = request("POST", "/v2/repository/index")
files["model_metadata.http"] = request("GET", "/v2/models/onnx")
for name, data in files.items():
    with open(name, "wb") as f:
        f.write(data)
