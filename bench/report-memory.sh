#!/usr/bin/env bash
# Peak memory of the report page against the JSON, in the same run: `tdw diff --format html --out FILE` and
# `tdw diff` (JSON to a file) on two generated manifests of N records each (ManifestLoadBench's records, ~320 bytes
# each; the right one from another seed, so every statistic differs and nearly every stage has a finding), each run
# R times, with the median wall and CPU time and the median of the largest resident sets, then html/json as a ratio.
#   bench/report-memory.sh [records, default 94000 (2 x 30 MB)] [runs, default 3]
# TDW_JAVA_OPTS (e.g. -Xmx1g) applies to both commands alike. Writes nothing but its own temporary folder.
# Needs `mvn -q -DskipTests package` (bench jar and bin/tdw).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
tdw="${TDW:-$here/bin/tdw}"
records=${1:-94000}
n=${2:-3}
dir=$(mktemp -d "${TMPDIR:-/tmp}/tdw-report-memory.XXXXXX")
trap 'rm -rf "$dir"' EXIT
bcp="$here/bench/target/tdw-bench-0.1.0-SNAPSHOT.jar:$(cat "$here/app/target/classpath.txt")"
mkdir "$dir/capture" "$dir/out" # the page never goes into a capture
java -cp "$bcp" dev.tdw.bench.ManifestLoadBench --generate "$dir/capture" "$records" 4321
a="$dir/capture/a-rank0.json"; b="$dir/capture/b-rank0.json"
run() { # name, command...: appends "wall_ms cpu_ms rss_kib" to $dir/name; a failed command stops the bench
  local name=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$dir/t" "$@" >"$dir/$name.out" 2>"$dir/$name.err" \
    || { echo "$name failed:" >&2; cat "$dir/$name.err" >&2; exit 1; }
  awk '{printf "%d %d %d\n", $1 * 1000, ($2 + $3) * 1000, $4}' "$dir/t" >>"$dir/$name"
}
for _ in $(seq "$n"); do # interleaved, so a neighbour's load falls on both alike
  run json "$tdw" diff --left "$a" --right "$b"
  run html "$tdw" diff --left "$a" --right "$b" --format html --out "$dir/out/report.html"
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
col() { cut -d' ' -f"$2" "$dir/$1" | median; }
echo "machine: $(nproc) cpus, load average $(cut -d' ' -f1-3 /proc/loadavg); 2 x $records records, $(( $(stat -c %s "$a") / 1000000 )) MB each; medians of $n runs${TDW_JAVA_OPTS:+; TDW_JAVA_OPTS=$TDW_JAVA_OPTS}"
for k in json html; do
  case $k in
    json) what="tdw diff (JSON on stdout)"; size=$(stat -c %s "$dir/json.out") ;;
    html) what="tdw diff --format html --out"; size=$(( $(stat -c %s "$dir/out/report.html") + $(stat -c %s "$dir/out/report.json") )) ;;
  esac
  printf '%-30s %7s ms wall %7s ms cpu %6s MiB max RSS  output %5d MB\n' "$what" "$(col $k 1)" "$(col $k 2)" \
    "$(( $(col $k 3) / 1024 ))" "$(( size / 1000000 ))"
done
echo "html / json max RSS: x$(awk "BEGIN{printf \"%.2f\", $(col html 3)/$(col json 3)}")"
