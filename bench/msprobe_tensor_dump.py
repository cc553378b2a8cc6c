#!/usr/bin/env python3
"""Writes a pair of msprobe tensor-mode dumps (baseline, candidate) in the shape of the real ones
(testdata/captures/msprobe/s4_*): dump_path/step0/rank0/{dump.json, stack.json, construct.json, dump_tensor_data/*.pt},
each .pt one bare float32 tensor as torch.save writes it (a zip of data.pkl, data/0, version; storage location npu:0),
each op Functional.linear.N.forward with input.0 [2, S, H], input.1 [H, H] and output.0 [2, S, H]. The candidate's
tensors equal the baseline's but for ops from the middle on, moved by about 1e-6 relative. No torch needed: the pickle
names torch's globals through stand-in modules. Usage: msprobe_tensor_dump.py OUT_DIR MIB_PER_SIDE"""
import collections
import json
import os
import pickle
import sys
import types
import zipfile

import numpy as np


def _stand_in(module, name, value):
    mod = sys.modules.setdefault(module, types.ModuleType(module))
    value.__module__ = module
    value.__qualname__ = name
    value.__name__ = name
    setattr(mod, name, value)
    return value


class FloatStorage:
    pass


_stand_in("torch", "FloatStorage", FloatStorage)


def _rebuild_tensor_v2(*args):
    raise RuntimeError("a stand-in: never called here")


_stand_in("torch._utils", "_rebuild_tensor_v2", _rebuild_tensor_v2)


class _Storage:
    def __init__(self, numel):
        self.numel = numel


class _Tensor:
    def __init__(self, shape):
        self.shape = shape

    def __reduce__(self):
        stride, step = [], 1
        for d in reversed(self.shape):
            stride.insert(0, step)
            step *= d
        return (_rebuild_tensor_v2, (_Storage(step), 0, tuple(self.shape), tuple(stride), False,
                                     collections.OrderedDict()))


class _Pickler(pickle.Pickler):
    def persistent_id(self, obj):
        if isinstance(obj, _Storage):
            return ("storage", FloatStorage, "0", "npu:0", obj.numel)
        return None


def write_pt(path, array):
    import io
    buf = io.BytesIO()
    _Pickler(buf, protocol=2).dump(_Tensor(list(array.shape)))
    top = os.path.basename(path)[:-3]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        z.writestr(top + "/data.pkl", buf.getvalue())
        z.writestr(top + "/byteorder", "little")
        z.writestr(top + "/data/0", np.ascontiguousarray(array, dtype="<f4").tobytes())
        z.writestr(top + "/version", "3\n")


def stats(a, name):
    return {"type": "torch.Tensor", "dtype": "torch.float32", "shape": list(a.shape),
            "Max": float(a.max()), "Min": float(a.min()), "Mean": float(a.mean()),
            "Norm": float(np.linalg.norm(a.astype(np.float64))), "requires_grad": True, "data_name": name}


def main():
    out, mib = sys.argv[1], int(sys.argv[2])
    hidden, seq = 512, 256
    per_op = (2 * seq * hidden * 2 + hidden * hidden) * 4
    ops = max(1, (mib << 20) // per_op)
    rng = np.random.default_rng(7)
    sides = {"baseline": {}, "candidate": {}}
    for side in sides:
        os.makedirs(os.path.join(out, side, "step0", "rank0", "dump_tensor_data"))
    for i in range(ops):
        op = f"Functional.linear.{i}.forward"
        x = rng.standard_normal((2, seq, hidden), dtype=np.float32)
        w = (rng.standard_normal((hidden, hidden), dtype=np.float32) / np.float32(hidden ** 0.5)).astype(np.float32)
        y = (x @ w.T).astype(np.float32)
        for side, entries in sides.items():
            tensors = [("input.0", x), ("input.1", w), ("output.0", y)]
            if side == "candidate" and i >= ops // 2:
                tensors = [(n, (t * (1 + rng.standard_normal(t.shape, dtype=np.float32) * np.float32(1e-6))).astype(np.float32))
                           for n, t in tensors]
            folder = os.path.join(out, side, "step0", "rank0", "dump_tensor_data")
            args = []
            for n, t in tensors:
                name = f"{op}.{n}.pt"
                write_pt(os.path.join(folder, name), t)
                args.append((n, stats(t, name)))
            entries[op] = {"input_args": [args[0][1], args[1][1]], "input_kwargs": {}, "output": [args[2][1]]}
    for side, entries in sides.items():
        rank = os.path.join(out, side, "step0", "rank0")
        with open(os.path.join(rank, "dump.json"), "w") as f:
            json.dump({"task": "tensor", "level": "L1", "framework": "pytorch",
                       "dump_data_dir": "/home/user/repro/" + side + "/step0/rank0/dump_tensor_data", "data": entries}, f, indent=1)
        with open(os.path.join(rank, "construct.json"), "w") as f:
            json.dump({}, f)
        with open(os.path.join(rank, "stack.json"), "w") as f:
            json.dump({}, f)
    print(ops)


if __name__ == "__main__":
    main()
