#!/usr/bin/env bash
# Cold start of `tdw --version` and a tiny `tdw scan` from a built checkout, against a bare `java -version` measured
# in the same run (the floor no Java tool can beat). Each is run N times, interleaved, and the medians of wall time and
# of CPU time (user + sys of the process and everything it waited for, less disturbed by other load on a shared
# machine) are printed with ratios to the floor. Times are taken by one python3 process around each spawned command
# (a monotonic clock, and the child's rusage from wait4: microseconds, where /usr/bin/time rounds to 10 ms).
# Configurations: bin/tdw as shipped (per-command options: the quick compiler, with G1 for --version and a small scan, +
# archive), the same without the archive, the former launcher flags (-XX:TieredStopAtLevel=1, no archive), and when the
# package has been built (mvn -Ppackage -pl packaging -am package -DskipTests, or .ci/package-check) the image's
# lib/tdw-start (what /usr/bin/tdw runs) and its native jpackage launcher (which the menu entry runs), both with the
# image's own archive. TDW_PREVIOUS=<another build's bin/tdw> adds that build's two commands to the same run.
# TDW_BENCH_IDLE=0.08 makes each round wait until the rest of the machine is idle (bench/idle_gate.py).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
n=${1:-15}
manifest="$here/testdata/captures/layer-bug/baseline/cmpl-layer-bug-rank0.json"
cp="$here/app/target/tdw-app-0.1.0-SNAPSHOT.jar:$(cat "$here/app/target/classpath.txt")"
"$here/bin/tdw" --version >/dev/null # makes the archive if the build is newer
image="$here/packaging/target/dist/tdw/lib/tdw-start"
native="$here/packaging/target/dist/tdw/bin/tdw"
[[ -x "$image" && -x "$native" ]] || image=""
previous=${TDW_PREVIOUS:-}
[[ -z "$previous" ]] || "$previous" --version >/dev/null
old=(java -Xshare:auto -XX:TieredStopAtLevel=1 -cp "$cp" dev.tdw.app.Main)
nocds=(java -Xshare:auto -cp "$cp" dev.tdw.app.Main)
# Each configuration: ::: key label command...
configs=(
  ::: jvm "java -version (floor)" java -Xshare:auto -version
  ::: ver "tdw --version (bin/tdw: C1 + G1 + archive)" "$here/bin/tdw" --version
  ::: scan "tdw scan     (bin/tdw: C1 + G1 + archive)" "$here/bin/tdw" scan --manifest "$manifest"
)
[[ -z "$previous" ]] || configs+=(
  ::: ver_prev "tdw --version (TDW_PREVIOUS)" "$previous" --version
  ::: scan_prev "tdw scan     (TDW_PREVIOUS)" "$previous" scan --manifest "$manifest"
)
configs+=(
  ::: ver_nocds "tdw --version (full JIT, no archive)" "${nocds[@]}" --version
  ::: scan_nocds "tdw scan     (full JIT, no archive)" "${nocds[@]}" scan --manifest "$manifest"
  ::: ver_old "tdw --version (former flags: C1 only)" "${old[@]}" --version
  ::: scan_old "tdw scan     (former flags: C1 only)" "${old[@]}" scan --manifest "$manifest"
)
[[ -z "$image" ]] || configs+=(
  ::: ver_image "tdw --version (package: lib/tdw-start)" "$image" --version
  ::: scan_image "tdw scan     (package: lib/tdw-start)" "$image" scan --manifest "$manifest"
  ::: ver_native "tdw --version (package: native launcher)" "$native" --version
  ::: scan_native "tdw scan     (package: native launcher)" "$native" scan --manifest "$manifest"
)
echo "machine: $(nproc) cpus; before: $(uptime)"
TDW_BENCH_DIR="$here/bench" python3 - "$n" "${configs[@]}" <<'EOF'
import os, statistics, sys, time

sys.path.insert(0, os.environ["TDW_BENCH_DIR"])
import idle_gate

n = int(sys.argv[1])
configs = []  # [key, label, argv]
for word in sys.argv[2:]:
    if word == ":::":
        configs.append([])
    elif len(configs[-1]) < 2:
        configs[-1].append(word)
    elif len(configs[-1]) == 2:
        configs[-1].append([word])
    else:
        configs[-1][2].append(word)

devnull = os.open(os.devnull, os.O_WRONLY)
times = {key: [] for key, _, _ in configs}
for _ in range(n):
    idle_gate.wait()
    for key, label, argv in configs:
        start = time.perf_counter_ns()
        pid = os.posix_spawnp(argv[0], argv, os.environ,
                              file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
        _, status, usage = os.wait4(pid, 0)
        wall = (time.perf_counter_ns() - start) / 1e6
        if status != 0:
            sys.exit(f"startup.sh: {label} failed (wait status {status}): {' '.join(argv)}")
        times[key].append((wall, (usage.ru_utime + usage.ru_stime) * 1000))

def medians(key):
    return (statistics.median(w for w, _ in times[key]), statistics.median(c for _, c in times[key]))

print(f"medians of {n} interleaved runs, {idle_gate.describe()}")
floor_wall, floor_cpu = medians("jvm")
for key, label, _ in configs:
    wall, cpu = medians(key)
    ratio = "" if key == "jvm" else f"   x{wall / floor_wall:.2f} wall, x{cpu / floor_cpu:.2f} cpu of the floor"
    print(f"{label:<50} {wall:7.1f} ms wall {cpu:7.1f} ms cpu{ratio}")

def met(key):
    return "met" if medians(key)[0] <= 2.5 * floor_wall else "NOT met"

line = f"target (wall within 2.5x of java -version): bin/tdw --version {met('ver')}, scan {met('scan')}"
if "ver_image" in times:
    line += f"; package (lib/tdw-start) --version {met('ver_image')}, scan {met('scan_image')}"
print(line)
EOF
echo "after: $(uptime)"
