#!/usr/bin/env bash
# Where a tiny `tdw scan` spends its start: a timeline of phases for each launcher given (default: this checkout's
# bin/tdw; add another build's bin/tdw to compare), runs interleaved, medians printed. Each phase ends when the JVM
# loads the first class of the next one (-Xlog:class+load with uptime, milliseconds since the JVM started; the log
# itself costs a few milliseconds, so the total is a little above bench/startup.sh's), with the process's wall and CPU
# time, the number of classes loaded and how many of them did not come from the class-data archive. The manifest is
# read on a second thread while the command's thread builds picocli's model (ReadAhead), so that read has a line of its own;
# for a build before it, "parsing" includes the read and the line beside is the same read.
#   bench/startup-phases.sh [runs, default 11] [launcher...]      (TDW_BENCH_IDLE=0.08: rounds on an idle machine only)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
n=${1:-11}
shift || true
launchers=("$@")
[[ ${#launchers[@]} -gt 0 ]] || launchers=("$here/bin/tdw")
manifest="$here/testdata/captures/layer-bug/baseline/cmpl-layer-bug-rank0.json"
for l in "${launchers[@]}"; do "$l" --version >/dev/null; done # makes the archive if the build is newer
log=$(mktemp "${TMPDIR:-/tmp}/tdw-phases.XXXXXX")
trap 'rm -f "$log"' EXIT
echo "machine: $(nproc) cpus; before: $(uptime)"
TDW_BENCH_DIR="$here/bench" python3 - "$n" "$manifest" "$log" "${launchers[@]}" <<'EOF'
import os, re, statistics, sys, time

sys.path.insert(0, os.environ["TDW_BENCH_DIR"])
import idle_gate

n, manifest, log = int(sys.argv[1]), sys.argv[2], sys.argv[3]
launchers = sys.argv[4:]
# (phase of the command's thread that ends here, first class of the next phase)
marks = [("JVM start to Main", "dev.tdw.app.Main"),
         ("Main to the command's class", "dev.tdw.app.cli.ScanCommand"),
         ("picocli's model", "picocli.CommandLine$ParseResult"),
         ("parsing, waiting for the read", "dev.tdw.model.compare.Scan"),
         ("scanning it", "dev.tdw.model.report.ScanJson"),
         ("writing the JSON", "java.lang.Shutdown")]
# The manifest is read on a second thread meanwhile (ReadAhead), from the reader's first class to the manifest's.
beside = ("dev.tdw.model.capture.ManifestReader", "dev.tdw.model.capture.Manifest")
devnull = os.open(os.devnull, os.O_WRONLY)

def spawn(argv, env):
    start = time.perf_counter_ns()
    pid = os.posix_spawnp(argv[0], argv, env, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, status, usage = os.wait4(pid, 0)
    if status != 0:
        sys.exit(f"startup-phases.sh: {' '.join(argv)} failed (wait status {status})")
    return (time.perf_counter_ns() - start) / 1e6, (usage.ru_utime + usage.ru_stime) * 1000

floor = []
runs = {l: [] for l in launchers}
for _ in range(n):
    idle_gate.wait()
    floor.append(spawn(["java", "-Xshare:auto", "-version"], os.environ))
    for l in launchers:
        if os.path.exists(log):
            os.remove(log)
        env = dict(os.environ, TDW_JAVA_OPTS=(os.environ.get("TDW_JAVA_OPTS", "") + f" -Xlog:class+load:file={log}:uptime").strip())
        wall, cpu = spawn([l, "scan", "--manifest", manifest], env)
        first, count, other = {}, 0, 0
        with open(log) as f:
            for line in f:
                m = re.match(r"\[(\d+\.\d+)s\] (\S+) source: (.*)", line)
                if not m:
                    continue
                count += 1
                other += "shared objects file" not in m.group(3)
                first.setdefault(m.group(2), float(m.group(1)) * 1000)
        runs[l].append(([first.get(c, float("nan")) for _, c in marks], wall, cpu, count, other,
                        [first.get(c, float("nan")) for c in beside]))

med = statistics.median
print(f"medians of {n} interleaved runs, {idle_gate.describe()}; java -version {med(w for w, _ in floor):.1f} ms wall, {med(c for _, c in floor):.1f} ms cpu")
for l in launchers:
    r = runs[l]
    print(l)
    previous = 0.0
    for i, (phase, _) in enumerate(marks):
        at = med(x[0][i] for x in r)
        print(f"  {phase:<30} {at - previous:6.1f} ms   (ends at {at:6.1f})")
        previous = at
    read = [med(x[5][i] for x in r) for i in range(2)]
    print(f"  beside them: reading the manifest {read[1] - read[0]:6.1f} ms   (from {read[0]:6.1f} to {read[1]:6.1f})")
    print(f"  whole process: {med(x[1] for x in r):.1f} ms wall, {med(x[2] for x in r):.1f} ms cpu; "
          f"{med(x[3] for x in r):.0f} classes, {med(x[4] for x in r):.0f} not from the class-data archive")
EOF
echo "after: $(uptime)"
