#!/usr/bin/env bash
# tdw tensors on a generated pair of msprobe tensor-mode dumps (bench/msprobe_tensor_dump.py: the real files' shape,
# float32 tensors of 3 MiB per op in one bare-tensor .pt each; default 1 GiB of tensor files per side), against its peers
# measured in the same run: msprobe's own compare (`msprobe compare -tp -gp`, from its source in
# MSPROBE_SRC=<checkout>/python, run by bench/msprobe-peer.sh's Python only where it imports msprobe's compare with torch;
# the script says when it is absent), the same five msprobe metrics computed with NumPy
# over the same files (bench/msprobe_metrics_numpy.py, each file read whole as msprobe reads it), and reading every
# tensor file through the page cache (cat > /dev/null). Prints medians of N runs of wall time, CPU time and peak RSS
# (GNU time's %M), and the ratios peer / tdw.
# TDW=<launcher> runs another tdw than bin/tdw.
#   bench/msprobe-tensors.sh [MiB per side, default 1024] [runs, default 3] [scratch dir, default $TMPDIR]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
mib=${1:-1024}
n=${2:-3}
dir=$(mktemp -d "${3:-${TMPDIR:-/tmp}}/tdw-msprobe.XXXXXX")
trap 'rm -rf "$dir"' EXIT
ops=$(python3 "$here/bench/msprobe_tensor_dump.py" "$dir/dump" "$mib")
base="$dir/dump/baseline/step0/rank0"; cand="$dir/dump/candidate/step0/rank0"
bytes=$(du -cb "$base/dump_tensor_data" "$cand/dump_tensor_data" | tail -1 | cut -f1)
tdw=${TDW:-$here/bin/tdw}
msprobe=absent
# shellcheck source=msprobe-peer.sh
source "$here/bench/msprobe-peer.sh"
if msprobe_peer "${MSPROBE_SRC:-}" "$dir"; then msprobe=present; fi
run() { # name, command...: appends "wall_ms cpu_ms rss_kib" to $dir/name
  local name=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$dir/t" "$@" >"$dir/$name.out" 2>/dev/null
  awk '{printf "%d %d %d\n", $1 * 1000, ($2 + $3) * 1000, $4}' "$dir/t" >>"$dir/$name"
}
cat "$base"/dump_tensor_data/* "$cand"/dump_tensor_data/* >/dev/null
for _ in $(seq "$n"); do
  run read sh -c "cat '$base'/dump_tensor_data/* '$cand'/dump_tensor_data/* >/dev/null"
  run tdw "$tdw" tensors --left "$base/dump.json" --right "$cand/dump.json"
  run numpy python3 "$here/bench/msprobe_metrics_numpy.py" "$base/dump.json" "$cand/dump.json"
  if [[ $msprobe == present ]]; then
    rm -rf "$dir/msprobe-out"; mkdir "$dir/msprobe-out"
    PYTHONPATH="$msprobe_path" run msprobe "$msprobe_py" -m msprobe.msprobe compare -tp "$cand/dump.json" -gp "$base/dump.json" -o "$dir/msprobe-out"
  fi
done
grep -q "\"compared\" : $((ops * 3))," "$dir/tdw.out" || { echo "tdw did not compare all $((ops * 3)) tensor pairs" >&2; exit 1; }
[[ $(cut -d' ' -f1 "$dir/numpy.out") == $((ops * 3)) ]] || { echo "the NumPy peer did not compare all pairs" >&2; exit 1; }
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
col() { cut -d' ' -f"$2" "$dir/$1" | median; }
printf '%d ops x 3 tensors per side, %.1f MiB of tensor files in all, %d runs (medians)\n' "$ops" "$(echo "$bytes / 1048576" | bc -l)" "$n"
printf '%-34s %10s %10s %12s\n' "" "wall ms" "cpu ms" "peak RSS MiB"
peers="read tdw numpy"; [[ $msprobe == present ]] && peers="$peers msprobe"
for k in $peers; do
  printf '%-34s %10d %10d %12d\n' "$k" "$(col "$k" 1)" "$(col "$k" 2)" "$(( $(col "$k" 3) / 1024 ))"
done
ratio() { echo "scale=2; $(col "$1" "$3") / $(col "$2" "$3")" | bc; }
echo "numpy metrics / tdw: wall x$(ratio numpy tdw 1), cpu x$(ratio numpy tdw 2), peak RSS x$(ratio numpy tdw 3)"
echo "tdw / page-cache read: wall x$(ratio tdw read 1)"
if [[ $msprobe == present ]]; then
  echo "msprobe compare$msprobe_shim: $(find "$dir/msprobe-out" -name '*.csv' -o -name '*.xlsx' | wc -l) result file(s)"
  echo "msprobe compare / tdw: wall x$(ratio msprobe tdw 1), peak RSS x$(ratio msprobe tdw 3)"
else
  echo "msprobe compare: absent (needs MSPROBE_SRC=<Ascend/msprobe checkout>/python and a Python, MSPROBE_PYTHON, that imports it with torch); not measured"
fi
