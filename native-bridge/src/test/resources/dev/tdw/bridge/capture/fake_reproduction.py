#!/usr/bin/env python3
"""Stands in for a reproduction run with the probe inside: reads DUMP_PROBE_* like the probe does and writes
{label}-rank{rank}.json manifests (a real one from testdata, relabelled) plus the payload beside each.

Controlled by FAKE_* variables:
  FAKE_TEMPLATE    manifest to copy (its .pt payload is copied too)       required
  FAKE_LABEL       label of the written manifests                          default cmpl-fake
  FAKE_DELAY       seconds to wait before writing                          default 0.2
  FAKE_CHILD       1: start a child process first and write its pid to child.pid in the working directory
  FAKE_SLOW_WRITE  1: write each manifest in two halves, 0.5 s apart (a watcher must not take the first half)
  FAKE_HANG        1: after writing, wait until killed
  FAKE_IGNORE_TERM 1: ignore SIGTERM (stopping must escalate to SIGKILL)
  FAKE_EXIT        exit code                                               default 0
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

if os.environ.get("FAKE_IGNORE_TERM") == "1":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

probe = {k: v for k, v in os.environ.items() if k.startswith("DUMP_PROBE")}
with open("probe-env.json", "w") as f:
    json.dump(probe, f, indent=1, sort_keys=True)
print("reproduction started, pid", os.getpid(), flush=True)
print("a warning on stderr", file=sys.stderr, flush=True)

if os.environ.get("FAKE_CHILD") == "1":
    child = subprocess.Popen(["sleep", "300"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open("child.pid", "w") as f:
        f.write(str(child.pid))

time.sleep(float(os.environ.get("FAKE_DELAY", "0.2")))

if os.environ.get("DUMP_PROBE") == "1":
    out = os.environ.get("DUMP_PROBE_DIR", ".")
    label = os.environ.get("FAKE_LABEL", "cmpl-fake")
    template = os.environ["FAKE_TEMPLATE"]
    with open(template) as f:
        manifest = json.load(f)
    payload = manifest.get("tensor_file")
    os.makedirs(out, exist_ok=True)
    for rank in os.environ.get("DUMP_PROBE_RANKS", "0").split(","):
        name = "%s-rank%s" % (label, rank)
        if payload:
            shutil.copyfile(os.path.join(os.path.dirname(template), payload),
                            os.path.join(out, name + ".pt"))
            manifest["tensor_file"] = name + ".pt"
        manifest["label"] = label
        manifest["rank"] = int(rank)
        text = json.dumps(manifest, indent=2)
        with open(os.path.join(out, name + ".json"), "w") as f:
            half = len(text) // 2 if os.environ.get("FAKE_SLOW_WRITE") == "1" else len(text)
            f.write(text[:half])
            f.flush()
            if half < len(text):
                time.sleep(0.5)
                f.write(text[half:])
        print("wrote", name + ".json", flush=True)

if os.environ.get("FAKE_HANG") == "1":
    while True:
        time.sleep(1)
sys.exit(int(os.environ.get("FAKE_EXIT", "0")))
