#!/usr/bin/env bash
# Cold start of `tdw --version` and `tdw scan` from a built checkout, against a bare `java -version`
# measured in the same run (the floor no Java tool can beat). Prints medians of N runs and ratios.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
n=${1:-15}
manifest="$here/testdata/captures/layer-bug/baseline/cmpl-layer-bug-rank0.json"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_ms() {
  local s e
  for _ in $(seq "$n"); do
    s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N)
    echo $(( (e - s) / 1000000 ))
  done | median
}
jvm=$(time_ms java -Xshare:auto -XX:TieredStopAtLevel=1 -version)
ver=$(time_ms "$here/bin/tdw" --version)
scan=$(time_ms "$here/bin/tdw" scan --manifest "$manifest")
echo "median of $n runs: java -version ${jvm} ms; tdw --version ${ver} ms (x$(awk "BEGIN{printf \"%.2f\", $ver/$jvm}") of bare JVM); tdw scan ${scan} ms (x$(awk "BEGIN{printf \"%.2f\", $scan/$jvm}"))"
echo "target: tdw --version under 500 ms -> $([ "$ver" -lt 500 ] && echo met || echo NOT met)"
