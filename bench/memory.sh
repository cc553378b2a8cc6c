#!/usr/bin/env bash
# The largest manifest `tdw scan` and the largest pair `tdw diff` (JSON to a file) handle, in the default heap and in
# -Xmx1g: two generated manifests of N records each (ManifestLoadBench's records, ~320 bytes each), then scan of one and
# diff of both under each heap, with exit code, wall and CPU time, largest resident set and the last message line.
#   bench/memory.sh RECORDS [RECORDS...]     e.g. bench/memory.sh 1000000 2600000 3600000
# HEAPS="-Xmx1g" (or "default", or both, the default) chooses the heaps.
# Writes nothing but its own temporary folder. Needs `mvn -q -DskipTests package` (bench jar and bin/tdw).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
tdw="${TDW:-$here/bin/tdw}"
bcp="$here/bench/target/tdw-bench-0.1.0-SNAPSHOT.jar:$(cat "$here/app/target/classpath.txt")"
echo "machine: $(nproc) cpus, $(free -g | awk '/Mem:/ {print $2}') GB, default max heap $(java -XX:+PrintFlagsFinal -version 2>/dev/null \
  | awk '/ MaxHeapSize / {printf "%.1f GB", $4 / 2^30}'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for records in "$@"; do
  dir=$(mktemp -d "${TMPDIR:-/tmp}/tdw-memory.XXXXXX")
  java -cp "$bcp" dev.tdw.bench.ManifestLoadBench --generate "$dir" "$records"
  a="$dir/a-rank0.json"; b="$dir/b-rank0.json"
  for heap in ${HEAPS:-default -Xmx1g}; do
    opts=""; [[ $heap == default ]] || opts=$heap
    for cmd in scan diff; do
      if [[ $cmd == scan ]]; then args=(scan --manifest "$a"); else args=(diff --left "$a" --right "$b"); fi
      rc=0
      TDW_JAVA_OPTS="$opts" /usr/bin/time -f "%e %U %S %M" -o "$dir/t" "$tdw" "${args[@]}" >"$dir/out.json" 2>"$dir/err" || rc=$?
      read -r wall user sys rss < <(tail -n 1 "$dir/t")
      printf '%9d records (%4d MB) %-4s %-8s exit %d  %7.1f s wall %7.1f s cpu %6d MiB RSS  output %5d MB  %s\n' "$records" \
        "$(( $(stat -c %s "$a") / 1000000 ))" "$cmd" "$heap" "$rc" "$wall" "$(awk "BEGIN{print $user + $sys}")" "$(( rss / 1024 ))" \
        "$(( $(stat -c %s "$dir/out.json") / 1000000 ))" "$(grep -v '^ *$' "$dir/err" | grep -v '^Picked up' | tail -n 1 | cut -c1-160)"
    done
  done
  rm -rf "$dir"
done
