#!/usr/bin/env bash
# Whole-process manifest commands on two generated 100k-record manifests: `tdw diff` and `tdw scan` (JSON and text)
# against the peer measured in the same run, Python's `json.load` of both files (the least any Python tool does),
# with medians of N runs of wall and CPU time and the largest resident set of each.
#   bench/manifests.sh [records, default 100000] [runs, default 3]
# With TDW_PREVIOUS=/path/to/bin/tdw (a launcher of an earlier build, e.g. a copy of the previous commit's), its diff and
# scan run in the same loop as "previous", and their JSON outputs must be byte-identical to this build's.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
records=${1:-100000}
n=${2:-3}
dir=$(mktemp -d "${TMPDIR:-/tmp}/tdw-manifests.XXXXXX")
trap 'rm -rf "$dir"' EXIT
bcp="$here/bench/target/tdw-bench-0.1.0-SNAPSHOT.jar:$(cat "$here/app/target/classpath.txt")"
java -cp "$bcp" dev.tdw.bench.ManifestLoadBench --generate "$dir" "$records"
a="$dir/a-rank0.json"; b="$dir/b-rank0.json"
run() { # name, command...: appends "wall_ms cpu_ms rss_mib" to $dir/name
  local name=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$dir/t" "$@" >/dev/null 2>&1 || true
  awk '{printf "%d %d %d\n", $1 * 1000, ($2 + $3) * 1000, $4 / 1024}' "$dir/t" >>"$dir/$name"
}
previous=${TDW_PREVIOUS:-}
kinds="python diff diff_text scan"
if [[ -n "$previous" ]]; then
  kinds="python previous_diff diff diff_text previous_scan scan"
  "$previous" diff --left "$a" --right "$b" >"$dir/prev-diff.json" || true
  "$here/bin/tdw" diff --left "$a" --right "$b" >"$dir/diff.json" || true
  "$previous" scan --manifest "$a" --manifest "$b" >"$dir/prev-scan.json" || true
  "$here/bin/tdw" scan --manifest "$a" --manifest "$b" >"$dir/scan.json" || true
  cmp -s "$dir/prev-diff.json" "$dir/diff.json" && cmp -s "$dir/prev-scan.json" "$dir/scan.json" \
    || { echo "outputs differ from the previous build's" >&2; exit 1; }
fi
for _ in $(seq "$n"); do
  run python python3 -c 'import json, sys; [json.load(open(f)) for f in sys.argv[1:]]' "$a" "$b"
  if [[ -n "$previous" ]]; then
    run previous_diff "$previous" diff --left "$a" --right "$b"
    run previous_scan "$previous" scan --manifest "$a" --manifest "$b"
  fi
  run diff "$here/bin/tdw" diff --left "$a" --right "$b"
  run diff_text "$here/bin/tdw" diff --left "$a" --right "$b" --format text
  run scan "$here/bin/tdw" scan --manifest "$a" --manifest "$b"
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
col() { cut -d' ' -f"$2" "$dir/$1" | median; }
echo "machine: $(nproc) cpus, load average $(cut -d' ' -f1-3 /proc/loadavg); 2 x $records records, $(( $(stat -c %s "$a") / 1000000 )) MB each; medians of $n runs"
for k in $kinds; do
  case $k in
    previous_diff) what="previous build: tdw diff (JSON)" ;;
    previous_scan) what="previous build: tdw scan (JSON)" ;;
    python) what="python3 json.load of both (peer)" ;;
    diff) what="tdw diff (JSON)" ;;
    diff_text) what="tdw diff --format text" ;;
    scan) what="tdw scan of both (JSON)" ;;
  esac
  printf '%-40s %7s ms wall %7s ms cpu %6s MiB max RSS   x%s wall, x%s cpu, x%s RSS of the peer\n' "$what" "$(col $k 1)" "$(col $k 2)" \
    "$(col $k 3)" "$(awk "BEGIN{printf \"%.2f\", $(col $k 1)/$(col python 1)}")" "$(awk "BEGIN{printf \"%.2f\", $(col $k 2)/$(col python 2)}")" "$(awk "BEGIN{printf \"%.2f\", $(col $k 3)/$(col python 3)}")"
done
