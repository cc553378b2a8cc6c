#!/usr/bin/env python3
"""The peer of tdw tensors on msprobe tensor dumps where msprobe itself cannot run (it needs torch): msprobe's five
metrics (cosine, max absolute and relative error, shares below 0.1% and 0.5% relative error, as its npy_compare.py
defines them) with NumPy over the same pairs of dump_tensor_data/*.pt, each file read whole as msprobe reads it.
Written for the benchmark from the definitions in docs/msprobe.md; prints the pairs compared and a checksum.
Usage: msprobe_metrics_numpy.py BASELINE_DUMP_JSON CANDIDATE_DUMP_JSON"""
import io
import json
import os
import pickle
import sys
import zipfile

import numpy as np

_TYPES = {"FloatStorage": np.float32, "DoubleStorage": np.float64, "HalfStorage": np.float16, "LongStorage": np.int64,
          "IntStorage": np.int32, "BoolStorage": np.bool_}


class _Unpickler(pickle.Unpickler):
    def __init__(self, data, zf, top):
        super().__init__(io.BytesIO(data))
        self.zf, self.top = zf, top

    def find_class(self, module, name):
        if (module, name) == ("torch._utils", "_rebuild_tensor_v2"):
            return lambda storage, offset, shape, stride, *rest: np.lib.stride_tricks.as_strided(
                storage[offset:], shape=shape, strides=[s * storage.itemsize for s in stride])
        if (module, name) == ("collections", "OrderedDict"):
            return dict
        if module == "torch" and name in _TYPES:
            return name
        raise pickle.UnpicklingError(f"refused {module}.{name}")

    def persistent_load(self, pid):
        _, kind, key, _location, numel = pid
        return np.frombuffer(self.zf.read(self.top + "data/" + key), dtype=_TYPES[kind])[:numel]


def load(path):
    with zipfile.ZipFile(path) as zf:
        top = zf.namelist()[0].split("/")[0] + "/"
        return np.squeeze(np.array(_Unpickler(zf.read(top + "data.pkl"), zf, top).load()))


def metrics(n, b):
    single = n.dtype in (np.float16, np.float32) and b.dtype in (np.float16, np.float32)
    kind = np.float32 if single else np.float64
    nk, bk = n.astype(kind), b.astype(kind)
    zero = bk == 0
    eps = np.finfo(kind).eps
    nk[zero] += eps
    bk[zero] += eps
    rel = np.abs((nk - bk) / bk)
    n64, b64 = n.reshape(-1).astype(np.float64), b.reshape(-1).astype(np.float64)
    cos = n64.dot(b64) / (np.linalg.norm(n64) * np.linalg.norm(b64))
    return [cos, np.max(np.abs(n64 - b64)), np.max(rel), np.sum(rel < kind(0.001)) / rel.size,
            np.sum(rel < kind(0.005)) / rel.size]


def tensors(entry):
    for part in ("input_args", "output"):
        for item in entry.get(part, []):
            if isinstance(item, dict) and "data_name" in item:
                yield item["data_name"]


def main():
    bench_json, npu_json = sys.argv[1], sys.argv[2]
    bench = json.load(open(bench_json))["data"]
    npu = json.load(open(npu_json))["data"]
    bdir = os.path.join(os.path.dirname(bench_json), "dump_tensor_data")
    ndir = os.path.join(os.path.dirname(npu_json), "dump_tensor_data")
    count, total = 0, 0.0
    for op, entry in bench.items():
        if op not in npu:
            continue
        for bname, nname in zip(tensors(entry), tensors(npu[op])):
            total += float(sum(metrics(load(os.path.join(ndir, nname)), load(os.path.join(bdir, bname)))))
            count += 1
    print(count, f"{total:.9g}")


if __name__ == "__main__":
    main()
