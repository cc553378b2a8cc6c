"""Waits, before each round of a start-up benchmark, until the rest of the machine is idle.

On a machine shared with other work (2 cores here, another build or benchmark beside), a second thread of the measured
process only helps when the other core is free, so rounds taken under load say little about an idle machine.
TDW_BENCH_IDLE=<fraction> (e.g. 0.08) makes each round wait until the machine's CPU use over half a second is below
that fraction of all cores; unset, rounds run at once. What was waited for is reported beside the figures.
"""
import os
import time

LIMIT = float(os.environ.get("TDW_BENCH_IDLE", "0") or 0)
MAX_WAIT_S = 600  # a machine never idle for ten minutes makes the run fail rather than hang
waited = 0


def _busy(dt=0.5):
    def read():
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
        return sum(v), v[3] + v[4]  # all jiffies, idle + iowait
    t1, i1 = read()
    time.sleep(dt)
    t2, i2 = read()
    return 1 - (i2 - i1) / max(1, t2 - t1)


def wait():
    """Returns once the machine is idle (at once without TDW_BENCH_IDLE); raises after MAX_WAIT_S."""
    global waited
    if LIMIT <= 0:
        return
    start = time.monotonic()
    while _busy() > LIMIT:
        waited += 1
        if time.monotonic() - start > MAX_WAIT_S:
            raise SystemExit(f"the machine was not idle (under {LIMIT:.0%} CPU use) for {MAX_WAIT_S} s")
        time.sleep(0.5)


def describe():
    if LIMIT <= 0:
        return "rounds not gated on an idle machine (TDW_BENCH_IDLE unset)"
    return f"each round waited for CPU use under {LIMIT:.0%} of the machine ({waited} busy samples of 0.5 s skipped)"
