#!/usr/bin/env python3
"""Writes two large msprobe statistics dumps (left: the reference, right: the same with one planted defect) in the
shape msprobe's PrecisionDebugger writes (testdata/captures/msprobe): dump_path/step{N}/rank{R}/dump.json with
task/level/framework/dump_data_dir/data, op entries named {Api}.{name}.{call}.forward holding input_args,
input_kwargs and output, tensors as {type, dtype, shape, Max, Min, Mean, Norm, requires_grad}, scalar arguments as
{type, value}, bare NaN/Infinity nowhere but a causal mask's -Infinity Min, integer tensors with null Mean and Norm,
Distributed.all_reduce entries with their group, plus stack.json and construct.json beside each dump.json.

    bench/msprobe_gen.py DIR [--steps 8] [--ranks 4] [--entries 2000] [--seed 1]

--entries counts the stages (tensors and arguments, the rows of msprobe's compare) of one dump.json. The issue's
sizes: --steps 200 --ranks 8 --entries 2000 (about 1 GB of dump.json a side) and --steps 8 --ranks 64 --entries 2000
(1M stages a side). The defect: on rank 1 of the middle step, the scalar of one Tensor.__mul__ (halfway through the
dump) is 1.01 instead of 1.0 and every later float tensor of that rank moves by 1%; the other ranks are unchanged.
"""
import argparse
import json
import os
import random

HIDDEN = 64


def tensor(shape, lo, hi, mean, norm, dtype="torch.float32", grad=True):
    return {"type": "torch.Tensor", "dtype": dtype, "shape": shape, "Max": hi, "Min": lo, "Mean": mean, "Norm": norm,
            "requires_grad": grad}


def float_tensor(rng, shape, scale):
    return [shape, -rng.uniform(0.5, 2.0) * scale, rng.uniform(0.5, 2.0) * scale, rng.uniform(-0.01, 0.01) * scale,
            rng.uniform(5, 50) * scale]


def write_dump(path, rng, entries, defect_at):
    """One dump.json of `entries` stages; from stage index `defect_at` on (None: never) float tensors move by 1%."""
    calls = {}
    data, construct, stack = {}, {}, {}
    stage = 0
    moved = False

    def name(api):
        n = calls.get(api, 0)
        calls[api] = n + 1
        return "%s.%d.forward" % (api, n)

    def t(values):
        shape, lo, hi, mean, norm = values
        k = 1.01 if moved else 1.0
        return tensor(shape, lo * k, hi * k, mean * k, norm * k)

    layer = 0
    while stage < entries:
        kind = rng.random()
        if kind < 0.5:
            op = name("Functional.linear")
            x, w, y = (float_tensor(rng, [2, 16, HIDDEN], 1.0), float_tensor(rng, [HIDDEN, HIDDEN], 0.1),
                       float_tensor(rng, [2, 16, HIDDEN], 1.0))
            entry = {"input_args": [t(x), t(w), None], "input_kwargs": {}, "output": [t(y)]}
            stage += 4
        elif kind < 0.8:
            op = name("Tensor.__mul__")
            x, y = float_tensor(rng, [2, 16, HIDDEN], 1.0), float_tensor(rng, [2, 16, HIDDEN], 1.0)
            tx, scalar = t(x), 1.0
            if defect_at is not None and not moved and stage >= defect_at:
                moved, scalar = True, 1.01  # the defect: this op's scalar, and every float tensor after it
            entry = {"input_args": [tx, {"type": "float", "value": scalar}], "input_kwargs": {}, "output": [t(y)]}
            stage += 3
        elif kind < 0.9:
            op = name("Functional.embedding")
            ids = tensor([2, 16], 0, 127, None, None, "torch.int64", False)
            entry = {"input_args": [ids], "input_kwargs": {"padding_idx": None}, "output": [t(float_tensor(rng, [2, 16, HIDDEN], 0.3))]}
            stage += 3
        elif kind < 0.95:
            op = name("Functional.softmax")
            mask = tensor([1, 1, 16, 16], float("-inf"), 0.0, float("-inf"), float("inf"))
            entry = {"input_args": [mask], "input_kwargs": {"dim": {"type": "int", "value": -1}},
                     "output": [t(float_tensor(rng, [2, 4, 16, 16], 1.0))]}
            stage += 3
        else:
            op = name("Distributed.all_reduce")
            x = float_tensor(rng, [2, 16, HIDDEN], 1.0)
            entry = {"input_args": [t(x)], "input_kwargs": {"group": {"type": "ProcessGroup", "group_ranks": [0, 1], "group_id": "g0"}},
                     "output": [t(x)]}
            stage += 3
            layer += 1
        data[op] = entry
        construct[op] = "Module.model.layers.%d.Layer.forward.0" % layer
        stack[str(len(stack))] = [[op], ["File /home/user/repro/model.py, line %d, in forward, \n x = f(x)" % (100 + len(data) % 400)]]
    d = os.path.dirname(path)
    os.makedirs(d, exist_ok=True)
    # msprobe writes its files with json.dump(..., indent=1): the same here, so sizes are a real dump's.
    for name_, obj in (("dump.json", {"task": "statistics", "level": "mix", "framework": "pytorch", "dump_data_dir": None, "data": data}),
                       ("construct.json", construct), ("stack.json", stack)):
        with open(os.path.join(d, name_), "w") as f:
            json.dump(obj, f, indent=1)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dir")
    p.add_argument("--steps", type=int, default=8)
    p.add_argument("--ranks", type=int, default=4)
    p.add_argument("--entries", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    defect_step, defect_rank = a.steps // 2, min(1, a.ranks - 1)
    for step in range(a.steps):
        for rank in range(a.ranks):
            for side in ("left", "right"):
                # The same seed per (step, rank) on both sides: the dumps agree until the defect.
                rng = random.Random(a.seed * 1000003 + step * 1009 + rank)
                defect = a.entries // 2 if side == "right" and (step, rank) == (defect_step, defect_rank) else None
                write_dump(os.path.join(a.dir, side, "step%d" % step, "rank%d" % rank, "dump.json"), rng, a.entries, defect)


if __name__ == "__main__":
    main()
