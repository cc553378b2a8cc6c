#!/usr/bin/env bash
# Whole-process tensor comparison: `tdw tensors` on a generated pair (bf16 unless TDW_DTYPE names another; default 1 GiB per payload), with the
# former launcher settings (C1 only, which is what bin/tdw used before; one thread) against bin/tdw as shipped (full
# compiler, one thread per processor), each next to the machine's figure measured in the same run: the time to read
# both files through the page cache (cat > /dev/null, after one warm-up read). Prints medians of N runs of wall and
# CPU time (user + sys), GB/s of input, and ratios. The outputs of all configurations must be identical. The machine's
# second figure is the in-process mapped read of the same two files (TensorCompareBench --read-left/--read-right).
# With TDW_PREVIOUS=/path/to/bin/tdw (the launcher of an earlier build), that build also runs as it was launched before
# (C1 only, one thread): the original figure the 3x target is measured against. With TDW_BEFORE=/path/to/bin/tdw (a
# build of this tree before a change), that build also runs with its own launcher as it is, interleaved with this one.
# A small pair (8 MiB per payload) through bin/tdw splits the CPU of a process into a fixed part (start-up, compilation,
# output) and a rate per byte: marginal GB/s per cpu-second = (big - small input) / (big - small CPU).
# TDW_DTYPE=float16 or float32 generates both pairs in that type instead of bf16 (same shapes: the files grow with it).
# TDW_NOISE_ULPS=K moves every right element by -K to +K ulps at random (most elements differ, as between an eager and a
# graph run) instead of one element in 997.
#   bench/tensors.sh [MiB per payload, default 1024] [runs, default 3] [scratch dir, default $TMPDIR]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
mib=${1:-1024}
n=${2:-3}
dir=$(mktemp -d "${3:-${TMPDIR:-/tmp}}/tdw-tensors.XXXXXX")
trap 'rm -rf "$dir"' EXIT
bcp="$here/bench/target/tdw-bench-0.1.0-SNAPSHOT.jar:$(cat "$here/app/target/classpath.txt")"
dtype=${TDW_DTYPE:-bfloat16}
java -cp "$bcp" dev.tdw.bench.TensorCompareBench --mib "$mib" --dtype "$dtype" --noise-ulps "${TDW_NOISE_ULPS:-0}" --generate "$dir" >/dev/null
java -cp "$bcp" dev.tdw.bench.TensorCompareBench --mib 8 --dtype "$dtype" --noise-ulps "${TDW_NOISE_ULPS:-0}" --generate "$dir/pair8" >/dev/null
l="$dir/left.pt"; r="$dir/right.pt"
bytes=$(( $(stat -c %s "$l") + $(stat -c %s "$r") ))
small_bytes=$(( $(stat -c %s "$dir/pair8/left.pt") + $(stat -c %s "$dir/pair8/right.pt") ))
cp="$here/app/target/tdw-app-0.1.0-SNAPSHOT.jar:$(cat "$here/app/target/classpath.txt")"
cat "$l" "$r" >/dev/null
previous=${TDW_PREVIOUS:-}
before=${TDW_BEFORE:-}
run() { # name, command...: appends "wall_ms cpu_ms" to $dir/name and keeps the output as $dir/name.out
  local name=$1; shift
  /usr/bin/time -f "%e %U %S" -o "$dir/t" "$@" >"$dir/$name.out" 2>/dev/null
  awk '{printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000}' "$dir/t" >>"$dir/$name"
}
for _ in $(seq "$n"); do
  run read cat "$l" "$r"
  [[ -n "$previous" ]] && TDW_JAVA_OPTS=-XX:TieredStopAtLevel=1 run prev "$previous" tensors --left "$l" --right "$r" --threads 1
  run old java -Xshare:auto -XX:TieredStopAtLevel=1 -cp "$cp" dev.tdw.app.Main tensors --left "$l" --right "$r" --threads 1
  run full1 "$here/bin/tdw" tensors --left "$l" --right "$r" --threads 1
  run now "$here/bin/tdw" tensors --left "$l" --right "$r"
  [[ -n "$before" ]] && run before "$before" tensors --left "$l" --right "$r"
  run small "$here/bin/tdw" tensors --left "$dir/pair8/left.pt" --right "$dir/pair8/right.pt"
done
for k in full1 now ${previous:+prev} ${before:+before}; do
  cmp -s "$dir/old.out" "$dir/$k.out" || { echo "outputs differ: old vs $k" >&2; exit 1; }
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
wall() { cut -d' ' -f1 "$dir/$1" | median; }
cpu() { cut -d' ' -f2 "$dir/$1" | median; }
echo "machine: $(nproc) cpus, load average $(cut -d' ' -f1-3 /proc/loadavg); $(awk "BEGIN{printf \"%.3f\", $bytes/1e9}") GB of $dtype input (both files); medians of $n runs"
line() { # name, label
  local w c; w=$(wall "$1"); c=$(cpu "$1")
  printf '%-52s %7s ms wall = %5.2f GB/s   %7s ms cpu = %5.2f GB/s per cpu-second\n' "$2" "$w" \
    "$(awk "BEGIN{print $bytes/1e6/($w>0?$w:1)}")" "$c" "$(awk "BEGIN{print $bytes/1e6/($c>0?$c:1)}")"
}
line read "machine: read both files (cat > /dev/null, cached)"
echo "$(java -cp "$bcp" dev.tdw.bench.TensorCompareBench --read-left "$l" --read-right "$r" --runs "$n")"
[[ -n "$previous" ]] && line prev "tdw tensors, previous build, former launcher, 1 thread"
line old "tdw tensors, former launcher (C1 only), 1 thread"
line full1 "tdw tensors, bin/tdw (full JIT), --threads 1"
line now "tdw tensors, bin/tdw (full JIT), $(nproc) threads"
[[ -n "$before" ]] && line before "tdw tensors, TDW_BEFORE's bin/tdw, $(nproc) threads"
awk -v label="tdw tensors, bin/tdw, 8 MiB pair" -v w="$(wall small)" -v c="$(cpu small)" -v big="$(cpu now)" \
  -v bytes="$bytes" -v small="$small_bytes" 'BEGIN {
    printf "%-52s %7s ms wall   %7s ms cpu: the fixed part of a process (%.3f GB)\n", label, w, c, small / 1e9
    if (big > c) printf "marginal rate of bin/tdw default: %.2f GB/s per cpu-second beyond the fixed part\n", (bytes - small) / 1e6 / (big - c)
  }'
[[ -n "$before" ]] && echo "ratio: bin/tdw default vs TDW_BEFORE: x$(awk "BEGIN{printf \"%.2f\", $(wall before)/$(wall now)}") wall, x$(awk "BEGIN{printf \"%.2f\", $(cpu before)/$(cpu now)}") cpu"
[[ -n "$previous" ]] && echo "ratio: bin/tdw default vs previous build as launched before: x$(awk "BEGIN{printf \"%.2f\", $(wall prev)/$(wall now)}") wall, x$(awk "BEGIN{printf \"%.2f\", $(cpu prev)/$(cpu now)}") cpu"
echo "ratios: bin/tdw default vs former launcher: x$(awk "BEGIN{printf \"%.2f\", $(wall old)/$(wall now)}") wall, full JIT alone x$(awk "BEGIN{printf \"%.2f\", $(cpu old)/$(cpu full1)}") cpu; default at $(awk "BEGIN{printf \"%.2f\", $(wall read)/$(wall now)}") of the read rate; outputs identical"
awk -v bytes="$bytes" -v c="$(cpu now)" -v prev="${previous:+$(wall prev)}" -v w="$(wall now)" 'BEGIN {
  r = bytes / 1e6 / c
  printf "targets (issue 16): %.2f GB/s per cpu-second (%s 1.5)", r, (r >= 1.5 ? "met, >=" : "not met, <")
  if (prev != "") printf "; x%.2f wall vs the previous build (%s 3)", prev / w, (prev / w >= 3 ? "met, >=" : "not met, <")
  printf "\n"
}'
