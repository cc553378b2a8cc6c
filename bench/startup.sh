#!/usr/bin/env bash
# Cold start of `tdw --version` and a tiny `tdw scan` from a built checkout, against a bare `java -version` measured
# in the same run (the floor no Java tool can beat). Each is run N times, interleaved, and the medians of wall time and
# of CPU time (user + sys, less disturbed by other load on a shared machine) are printed with ratios to the floor.
# Configurations: bin/tdw as shipped (per-command options: the quick compiler and the serial collector for these, + archive), the same without the archive,
# the former launcher flags (-XX:TieredStopAtLevel=1, no archive), and when the package has been built (mvn -Ppackage
# -pl packaging -am package -DskipTests, or .ci/package-check) the image's lib/tdw-start (what /usr/bin/tdw runs) and
# its native jpackage launcher (which the menu entry runs), both with the image's own archive.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
n=${1:-15}
manifest="$here/testdata/captures/layer-bug/baseline/cmpl-layer-bug-rank0.json"
cp="$here/app/target/tdw-app-0.1.0-SNAPSHOT.jar:$(cat "$here/app/target/classpath.txt")"
"$here/bin/tdw" --version >/dev/null # makes the archive if the build is newer
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run() { # name, command...: appends "wall_ms cpu_ms" to $out/name
  local name=$1; shift
  /usr/bin/time -f "%e %U %S" -o "$out/t" "$@" >/dev/null 2>&1 || true
  awk '{printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000}' "$out/t" >>"$out/$name"
}
image="$here/packaging/target/dist/tdw/lib/tdw-start"
native="$here/packaging/target/dist/tdw/bin/tdw"
[[ -x "$image" && -x "$native" ]] || image=""
old=(java -Xshare:auto -XX:TieredStopAtLevel=1 -cp "$cp" dev.tdw.app.Main)
nocds=(java -Xshare:auto -cp "$cp" dev.tdw.app.Main)
for _ in $(seq "$n"); do
  run jvm java -Xshare:auto -version
  run ver "$here/bin/tdw" --version
  run scan "$here/bin/tdw" scan --manifest "$manifest"
  run ver_nocds "${nocds[@]}" --version
  run scan_nocds "${nocds[@]}" scan --manifest "$manifest"
  run ver_old "${old[@]}" --version
  run scan_old "${old[@]}" scan --manifest "$manifest"
  if [[ -n "$image" ]]; then
    run ver_image "$image" --version
    run scan_image "$image" scan --manifest "$manifest"
    run ver_native "$native" --version
    run scan_native "$native" scan --manifest "$manifest"
  fi
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
wall() { cut -d' ' -f1 "$out/$1" | median; }
cpu() { cut -d' ' -f2 "$out/$1" | median; }
jw=$(wall jvm); jc=$(cpu jvm)
echo "machine: $(nproc) cpus, $(uptime); medians of $n interleaved runs"
printf '%-44s %6s ms wall %6s ms cpu\n' "java -version (floor)" "$jw" "$jc"
for k in ver scan ver_nocds scan_nocds ver_old scan_old ${image:+ver_image scan_image ver_native scan_native}; do
  case $k in
    ver) what="tdw --version (bin/tdw: C1 + serial GC + archive)" ;;
    scan) what="tdw scan     (bin/tdw: C1 + serial GC + archive)" ;;
    ver_nocds) what="tdw --version (full JIT, no archive)" ;;
    scan_nocds) what="tdw scan     (full JIT, no archive)" ;;
    ver_old) what="tdw --version (former flags: C1 only)" ;;
    scan_old) what="tdw scan     (former flags: C1 only)" ;;
    ver_image) what="tdw --version (package: lib/tdw-start)" ;;
    scan_image) what="tdw scan     (package: lib/tdw-start)" ;;
    ver_native) what="tdw --version (package: native launcher)" ;;
    scan_native) what="tdw scan     (package: native launcher)" ;;
  esac
  w=$(wall $k); c=$(cpu $k)
  printf '%-44s %6s ms wall %6s ms cpu   x%s wall of the floor\n' "$what" "$w" "$c" "$(awk "BEGIN{printf \"%.2f\", $w/$jw}")"
done
met() { awk "BEGIN{print ($(wall "$1") <= 2.5*$jw) ? \"met\" : \"NOT met\"}"; }
echo "target (wall within 2.5x of java -version): bin/tdw --version $(met ver), scan $(met scan)${image:+; package (lib/tdw-start) --version $(met ver_image), scan $(met scan_image)}"
