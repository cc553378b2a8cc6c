"""Writes the hostile payloads of this directory with Python's own pickler, the way an attacker would.

Each file is laid out like torch.save output (a zip with <name>/data.pkl, <name>/data/0, <name>/version) and holds
a probe payload dict whose first tensor entry is genuine; the attack sits *after* it, so a reader that refuses it
only when it gets there would already have built the tensor. torch itself is not needed: stand-in modules named
torch and torch._utils make the pickler emit exactly the globals torch.save emits. expected.tsv lists, per file,
the text the refusal must contain; benign-*.pt files must load.

Run from this directory with python3 (3.8+): python3 generate.py
"""
import _compat_pickle
import builtins
import collections
import copyreg
import importlib
import io
import os
import pickle
import subprocess
import sys
import types
import zipfile


def module(name):
    m = types.ModuleType(name)
    sys.modules[name] = m
    return m


def define(mod, name, value):
    value.__module__ = mod.__name__
    value.__qualname__ = name
    setattr(mod, name, value)
    return value


torch = module("torch")
torch._utils = module("torch._utils")
rebuild = define(torch._utils, "_rebuild_tensor_v2", lambda *args: None)
FloatStorage = define(torch, "FloatStorage", type("FloatStorage", (), {}))
# A function with a whitelisted name in another module.
module("torchvision")
lookalike = define(module("torchvision._utils"), "_rebuild_tensor_v2", lambda *args: None)


class Storage:
    def __init__(self, key, numel, storage_class=FloatStorage):
        self.key, self.numel, self.storage_class = key, numel, storage_class


class Tensor:
    def __init__(self, storage, shape):
        self.storage, self.shape = storage, shape

    def __reduce__(self):
        return rebuild, (self.storage, 0, self.shape, (1,), False, collections.OrderedDict())


class Reduce:
    """Pickles as a call of fn(*args), as any object with __reduce__ does."""

    def __init__(self, fn, args, state=None):
        self.fn, self.args, self.state = fn, args, state

    def __reduce__(self):
        return (self.fn, self.args) if self.state is None else (self.fn, self.args, self.state)


class CallableReduce(Reduce):
    """A __reduce__ whose result is called again: the link of a __reduce__ chain."""

    def __call__(self, *args):
        raise AssertionError("never called while pickling")


class Evil:
    """A class of the attacker's own: protocol 2 pickles it with NEWOBJ and its state with BUILD."""

    def __init__(self):
        self.command = "id"


class TorchPickler(pickle.Pickler):
    def persistent_id(self, obj):
        if isinstance(obj, Storage):
            return ("storage", obj.storage_class, obj.key, "cpu", obj.numel)
        return None


def payload(evil, genuine=True):
    tensors = [("layers.0.mlp", Tensor(Storage("0", 4), (4,)))] if genuine else []
    if evil is not None:
        tensors.append(("evil", evil))
    return {"probe": "ascend-tensor-dump/1", "label": "hostile", "rank": 0, "metadata": {},
            "tensors": tensors, "inputs": [], "graph_slots": {}}


def write(name, obj, protocol=2):
    buf = io.BytesIO()
    TorchPickler(buf, protocol=protocol).dump(obj)
    stem = name[:-3]
    with zipfile.ZipFile(name, "w", zipfile.ZIP_STORED) as z:
        z.writestr(stem + "/data.pkl", buf.getvalue())
        z.writestr(stem + "/data/0", b"\x00\x00\x80\x3f" * 4)
        z.writestr(stem + "/version", "3\n")


expected = []


def hostile(name, evil, refusal, protocol=2):
    # Protocol 0 writes persistent ids as PERSID text, which no torch payload uses: that file holds only the attack.
    write(name, payload(evil, genuine=protocol > 0), protocol)
    expected.append(name + "\t" + refusal)


def named(fn, protocol=2):
    """The global the pickler writes for fn: below protocol 3 it uses Python 2 names (fix_imports), as torch.save."""
    module, name = fn.__module__, fn.__qualname__
    if protocol < 3:
        module, name = _compat_pickle.REVERSE_NAME_MAPPING.get((module, name), (module, name))
        module = _compat_pickle.REVERSE_IMPORT_MAPPING.get(module, module)
    return "refused pickle global " + module + "." + name


hostile("os-system.pt", Reduce(os.system, ("id",)), named(os.system))
hostile("os-system-protocol0.pt", Reduce(os.system, ("id",)), named(os.system, 0), protocol=0)
hostile("os-system-protocol4.pt", Reduce(os.system, ("id",)), named(os.system, 4), protocol=4)
hostile("os-system-protocol5.pt", Reduce(os.system, ("id",)), named(os.system, 5), protocol=5)
hostile("builtins-eval.pt", Reduce(builtins.eval, ("__import__('os').system('id')",)), named(builtins.eval))
hostile("builtins-exec-protocol4.pt", Reduce(builtins.exec, ("import os",)), named(builtins.exec, 4), protocol=4)
hostile("subprocess-popen.pt", Reduce(subprocess.Popen, (["id"],)), named(subprocess.Popen))
hostile("subprocess-popen-protocol4.pt", Reduce(subprocess.Popen, (["id"],)), named(subprocess.Popen, 4), protocol=4)
# getattr(importlib.import_module('os'), 'system')('id'): the first link is already refused.
chain = CallableReduce(builtins.getattr, (CallableReduce(importlib.import_module, ("os",)), "system"))
hostile("reduce-chain.pt", Reduce(chain, ("id",)), named(builtins.getattr))
hostile("lookalike-module.pt", Reduce(lookalike, ()), "refused pickle global torchvision._utils._rebuild_tensor_v2")
hostile("own-class-newobj-build.pt", Evil(), "refused pickle global __main__.Evil")
# BUILD on a whitelisted object: OrderedDict() followed by a state to set.
hostile("build-on-ordereddict.pt", Reduce(collections.OrderedDict, (), {"__class__": "x"}), "refused pickle opcode BUILD")
# The attack inside the persistent id of a storage.
hostile("global-in-persistent-id.pt", Tensor(Storage("0", 4, Reduce(os.system, ("id",))), (4,)), named(os.system))
copyreg.add_extension(os.system.__module__, "system", 0x7F)
hostile("extension-code-1.pt", Reduce(os.system, ("id",)), "refused pickle opcode EXT1")
copyreg.remove_extension(os.system.__module__, "system", 0x7F)
copyreg.add_extension(os.system.__module__, "system", 0x1234)
hostile("extension-code-2.pt", Reduce(os.system, ("id",)), "refused pickle opcode EXT2")
copyreg.remove_extension(os.system.__module__, "system", 0x1234)
copyreg.add_extension(os.system.__module__, "system", 0x12345678)
hostile("extension-code-4.pt", Reduce(os.system, ("id",)), "refused pickle opcode EXT4")
copyreg.remove_extension(os.system.__module__, "system", 0x12345678)

# What a user may legitimately write with torch.save(..., pickle_protocol=4 or 5): must load.
write("benign-protocol4.pt", payload(None), protocol=4)
write("benign-protocol5.pt", payload(None), protocol=5)

with open("expected.tsv", "w") as f:
    f.write("\n".join(expected) + "\n")
