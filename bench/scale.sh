#!/usr/bin/env bash
# The scale-out job (scale/, docs/scale.md) against the single-process tdw on the same generated capture set, in the
# same run. Spark runs in local mode as spark-submit would run tdw-scale.jar (the job jar beside Spark's libraries and
# its own Jackson), pinned to 1 and then 2 cores with taskset; tdw runs pinned to 1 core. Two workloads:
#   statistics: `tdw diff --all` vs `CompareJob --all` (input: the manifests' bytes)
#   tensors:    `tdw tensors` of the two roots vs `CompareJob --tensors` (input: the payloads' bytes)
# Every output of the job must be byte-identical to tdw's. Prints, per workload and core count, the wall time, the
# job's own time (its "wrote ... in X s" line: after Spark started, before it stopped), the input per second per core,
# and the ratio of tdw's per-core throughput to the job's (the issue's target: at most 1.3).
#   bench/scale.sh [ranks, default 16] [steps, default 4] [records per manifest, default 600] [MiB per payload, default 16]
#                  [runs, default 1] [scratch dir, default $TMPDIR]
# The issue's full size, 256 ranks x 4 steps and 64 GiB of tensors (32 GiB per side, 32 MiB per payload):
#   bench/scale.sh 256 4 600 32 1 /big/scratch     (needs 70 GB of scratch space and hours on 2 cores)
# Build first: mvn -q -o -DskipTests package -pl app,bench,scale -am
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
ranks=${1:-16}; steps=${2:-4}; records=${3:-600}; mib=${4:-16}; n=${5:-1}
dir=$(mktemp -d "${6:-${TMPDIR:-/tmp}}/tdw-scale.XXXXXX")
trap 'rm -rf "$dir"' EXIT
for f in "$here/scale/target/tdw-scale.jar" "$here/scale/target/spark-classpath.txt" "$here/bench/target/tdw-bench-0.1.0-SNAPSHOT.jar"; do
  [[ -f $f ]] || { echo "scale.sh: $f is missing; build first: mvn -q -o -DskipTests package -pl app,bench,scale -am" >&2; exit 2; }
done
(( $(nproc) >= 2 )) || { echo "scale.sh: needs 2 cores" >&2; exit 2; }
java -cp "$here/bench/target/tdw-bench-0.1.0-SNAPSHOT.jar:$(cat "$here/app/target/classpath.txt")" \
  dev.tdw.bench.ScaleSetGenerator "$dir/set" "$ranks" "$steps" "$records" "$mib"
left="$dir/set/baseline"; right="$dir/set/candidate"
manifest_bytes=$(find "$left" "$right" -name '*.json' -printf '%s\n' | awk '{s+=$1} END {print s}')
payload_bytes=$(find "$left" "$right" -name '*.pt' -printf '%s\n' | awk '{s+=$1} END {print s}')
# spark-submit's classpath: the job jar first, then Spark's libraries with Spark's own Jackson.
cp="$here/scale/target/tdw-scale.jar:$(ls "$here"/scale/target/cluster-jackson/*.jar | tr '\n' ':')$(cat "$here/scale/target/spark-classpath.txt")"
# The JVM flags Spark's own launcher passes on Java 17 (the module's spark.jvm.flags).
flags=$(sed -n '/<spark.jvm.flags>/,/<\/spark.jvm.flags>/p' "$here/scale/pom.xml" | sed 's/<[^>]*>//g' | tr '\n' ' ')
timed() { # name, command...: appends "wall_ms job_ms" (job_ms: the job's own line, or the wall time) to $dir/name
  local name=$1; shift
  local start end job
  start=$(date +%s%N)
  "$@" >"$dir/$name.out" 2>"$dir/$name.err" || { echo "scale.sh: $name failed:" >&2; tail -5 "$dir/$name.err" >&2; exit 1; }
  end=$(date +%s%N)
  job=$(sed -n 's/^tdw-scale: wrote .* in \([0-9.]*\) s$/\1/p' "$dir/$name.err")
  echo "$(( (end - start) / 1000000 )) $(awk -v j="${job:-}" -v w=$(( (end - start) / 1000000 )) 'BEGIN{print (j == "" ? w : int(j * 1000))}')" >>"$dir/$name"
}
job() { # name, cores, mode
  local name=$1 cores=$2 mode=$3 pin=0
  ((cores > 1)) && pin=0-$((cores - 1))
  rm -f "$dir/$name.json"
  # shellcheck disable=SC2086
  timed "$name" taskset -c "$pin" java $flags -Xmx2g -Dspark.master="local[$cores]" -Dspark.ui.enabled=false \
    -Dspark.driver.host=127.0.0.1 -cp "$cp" dev.tdw.scale.CompareJob --left "$left" --right "$right" "$mode" --out "$dir/$name.json"
  mv "$dir/$name.json" "$dir/$name.out"
}
for _ in $(seq "$n"); do
  timed tdw_all taskset -c 0 "$here/bin/tdw" diff --left "$left" --right "$right" --all
  job job_all_1 1 --all
  job job_all_2 2 --all
  timed tdw_tensors taskset -c 0 "$here/bin/tdw" tensors --left "$left" --right "$right" --threads 1
  job job_tensors_1 1 --tensors
  job job_tensors_2 2 --tensors
done
for k in all tensors; do
  for c in 1 2; do
    cmp -s "$dir/tdw_$k.out" "$dir/job_${k}_$c.out" || { echo "scale.sh: the job's $k output ($c cores) differs from tdw's" >&2; exit 1; }
  done
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
col() { cut -d' ' -f"$2" "$dir/$1" | median; }
echo "machine: $(nproc) cpus, load average $(cut -d' ' -f1-3 /proc/loadavg); $ranks ranks x $steps steps = $((ranks * steps)) pairs;" \
  "manifests $(awk "BEGIN{printf \"%.3f\", $manifest_bytes/1e9}") GB, payloads $(awk "BEGIN{printf \"%.3f\", $payload_bytes/1e9}") GB; medians of $n runs;" \
  "outputs byte-identical"
report() { # workload, bytes
  local k=$1 bytes=$2 base
  base=$(col "tdw_$k" 1)
  printf '%-8s tdw (1 core)      %7s ms wall                 %8.1f MB/s per core\n' "$k" "$base" "$(awk "BEGIN{print $bytes/1e3/$base}")"
  for c in 1 2; do
    local w j
    w=$(col "job_${k}_$c" 1); j=$(col "job_${k}_$c" 2)
    printf '%-8s job (%d core%s)    %7s ms wall, %7s ms job  %8.1f MB/s per core (wall %6.1f)  tdw/job per core: %.2f (wall %.2f)\n' \
      "$k" "$c" "$([[ $c == 1 ]] && echo ' ' || echo s)" "$w" "$j" "$(awk "BEGIN{print $bytes/1e3/$j/$c}")" "$(awk "BEGIN{print $bytes/1e3/$w/$c}")" \
      "$(awk "BEGIN{print ($j*$c)/$base}")" "$(awk "BEGIN{print ($w*$c)/$base}")"
  done
}
report all "$manifest_bytes"
report tensors "$payload_bytes"
