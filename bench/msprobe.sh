#!/usr/bin/env bash
# tdw diff --all over two generated msprobe statistics dumps (bench/msprobe_gen.py: the shape of msprobe's own files),
# wall, CPU and peak RSS (/usr/bin/time) against, in the same run: reading one side's dump.json text (cat), and the
# peer, msprobe's own compare, only where it is present (MSPROBE_SRC=<Ascend/msprobe checkout>/python, run from source
# by Debian's python3 as bench/msprobe-peer.sh says, MSPROBE_PYTHON=/usr/bin/python3 by default, with what msprobe imports: pandas, numpy, yaml,
# packaging, psutil, protobuf, matplotlib, torch, tqdm, openpyxl; its compare is run per step folder, every rank of the
# step, as `msprobe compare -tp -gp`).
#   bench/msprobe.sh [steps, default 8] [ranks, default 4] [entries per dump.json, default 2000] [runs, default 3]
# The issue's sizes: bench/msprobe.sh 200 8 2000 1 (about 1 GB of dump.json a side) and bench/msprobe.sh 8 64 2000 1.
# TDW=<launcher> runs another tdw than this checkout's bin/tdw (built with mvn -q -DskipTests package); TDW_BEFORE=<launcher>
# also runs an earlier build in the same rounds (its output must be the same), for a before/after in one run.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
steps=${1:-8}; ranks=${2:-4}; entries=${3:-2000}; n=${4:-3}
tdw=${TDW:-$here/bin/tdw}
dir=$(mktemp -d "${TMPDIR:-/tmp}/tdw-msprobe.XXXXXX")
trap 'rm -rf "$dir"' EXIT
python3 "$here/bench/msprobe_gen.py" "$dir/dump" --steps "$steps" --ranks "$ranks" --entries "$entries"
left="$dir/dump/left"; right="$dir/dump/right"
bytes=$(find "$left" -name dump.json -printf '%s\n' | awk '{s += $1} END {print s}')
run() { # name, command...: appends "wall_ms cpu_ms rss_mib" to $dir/name
  local name=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$dir/t" "$@" >"$dir/$name.out" 2>"$dir/$name.err" || true
  awk '{printf "%d %d %d\n", $1 * 1000, ($2 + $3) * 1000, $4 / 1024}' "$dir/t" >>"$dir/$name"
}
kinds="read tdw"
before=${TDW_BEFORE:-}
[[ -n $before ]] && kinds="read before tdw"
peer=absent
# shellcheck source=msprobe-peer.sh
source "$here/bench/msprobe-peer.sh"
if msprobe_peer "${MSPROBE_SRC:-}" "$dir"; then
  peer=present; kinds="$kinds msprobe"
fi
msprobe_compare() { # every step folder, all its ranks, as msprobe's users run it
  for s in "$left"/step*; do
    PYTHONPATH="$msprobe_path" "$msprobe_py" -m msprobe.msprobe compare -tp "$right/$(basename "$s")" -gp "$s" \
      -o "$dir/msprobe-out/$(basename "$s")" >/dev/null 2>&1
  done
}
export -f msprobe_compare 2>/dev/null || true
for _ in $(seq "$n"); do
  run read sh -c "find '$left' -name dump.json -exec cat {} + >/dev/null"
  [[ -n $before ]] && run before "$before" diff --left "$left" --right "$right" --all
  run tdw "$tdw" diff --left "$left" --right "$right" --all
  if [[ $peer == present ]]; then
    rm -rf "$dir/msprobe-out"
    run msprobe env left="$left" right="$right" dir="$dir" msprobe_py="$msprobe_py" msprobe_path="$msprobe_path" bash -c msprobe_compare
  fi
done
[[ -z $before ]] || cmp -s "$dir/before.out" "$dir/tdw.out" || { echo "the earlier build's output differs from this one's" >&2; exit 1; }
grep -q '"verdict" : "DIVERGENT"' "$dir/tdw.out" || { echo "tdw diff --all did not find the planted defect:" >&2; head -c 2000 "$dir/tdw.out" "$dir/tdw.err" >&2; exit 1; }
if [[ $peer == present ]]; then
  echo "msprobe compare wrote $(find "$dir/msprobe-out" -name '*.csv' | wc -l) result CSV(s) for $steps x $ranks (step, rank) pairs (last run)"
fi
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
col() { cut -d' ' -f"$2" "$dir/$1" | median; }
ratio() { awk "BEGIN{printf \"%.2f\", $1/($2 > 0 ? $2 : 1)}"; }
mib=$(( bytes / 1048576 ))
echo "machine: $(nproc) cpus, load average $(cut -d' ' -f1-3 /proc/loadavg); $steps steps x $ranks ranks x $entries stages a side;"
echo "one side's dump.json text: $mib MiB ($bytes bytes); medians of $n runs; msprobe compare (peer): $peer$msprobe_shim"
for k in $kinds; do
  case $k in
    read) what="cat of one side's dump.json" ;;
    tdw) what="tdw diff --all" ;;
    before) what="tdw diff --all, earlier build" ;;
    msprobe) what="msprobe compare, every step (peer)" ;;
  esac
  printf '%-36s %8s ms wall %8s ms cpu %6s MiB max RSS\n' "$what" "$(col $k 1)" "$(col $k 2)" "$(col $k 3)"
done
echo "tdw: x$(ratio "$(col tdw 1)" "$(col read 1)") the wall of reading one side's text; peak RSS x$(ratio "$(col tdw 3)" "$mib") one side's dump.json text"
if [[ -n $before ]]; then
  echo "earlier build / tdw: x$(ratio "$(col before 1)" "$(col tdw 1)") wall, x$(ratio "$(col before 2)" "$(col tdw 2)") cpu, x$(ratio "$(col before 3)" "$(col tdw 3)") peak RSS"
fi
if [[ $peer == present ]]; then
  [[ -z $before ]] || echo "msprobe compare / earlier build: x$(ratio "$(col msprobe 1)" "$(col before 1)") wall, x$(ratio "$(col msprobe 3)" "$(col before 3)") peak RSS"
  echo "msprobe compare / tdw: x$(ratio "$(col msprobe 1)" "$(col tdw 1)") wall, x$(ratio "$(col msprobe 3)" "$(col tdw 3)") peak RSS"
else
  echo "msprobe compare: absent (set MSPROBE_SRC to a checkout's python/ folder; $msprobe_py must import it), no peer ratio"
fi
