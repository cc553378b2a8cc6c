#!/usr/bin/env bash
# Remote captures over SSH on loopback (docs/remote.md) against the same folders read locally, in the same run:
#  1. a 64-rank capture set (each side 64 manifests made from testdata/captures/tp4-origin, rank k from rank k mod 4):
#     wall time of `tdw diff --all` (its one verdict is the first verdict) through ssh:// vs local, medians of N runs;
#  2. the bytes a tensors view of one stage transfers: `tdw tensors --stage S --rank 0` on layer-bug over ssh:// (the
#     zips' directories, pickles and that stage's storages), with the cache emptied first, against a whole
#     `tdw tensors` (every stage) in the same run, also from an emptied cache.
# Needs /usr/sbin/sshd (apt-get install -y openssh-server) and a build (mvn -q -DskipTests package). The server is
# started on 127.0.0.1 by .ci/test-sshd with its own keys, and stopped at the end; the user's ~/.ssh is not used.
#   bench/remote.sh [runs, default 3]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
n=${1:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/tdw-remote-bench.XXXXXX")
trap 'bash "$here/.ci/test-sshd" stop "$work/sshd" || true; rm -rf "$work"' EXIT
bash "$here/.ci/test-sshd" start "$work/sshd" >/dev/null
# shellcheck disable=SC1091
. "$work/sshd/env"
home="$work/home"
mkdir -p "$home/.ssh"
cp "$TDW_SSH_USER_KEY" "$home/.ssh/id_ed25519"
echo "[127.0.0.1]:$TDW_SSH_PORT $(cut -d' ' -f1-2 "$TDW_SSH_HOST_KEY")" >"$home/.ssh/known_hosts"
export TDW_JAVA_OPTS="-Duser.home=$home"
export XDG_CACHE_HOME="$home/.cache"
tdw="$here/bin/tdw"
url() { echo "ssh://$TDW_SSH_USER@127.0.0.1:$TDW_SSH_PORT$1"; }

python3 - "$here/testdata/captures/tp4-origin" "$work/set" <<'PY'
import json, os, sys
src, dst = sys.argv[1], sys.argv[2]
for side in ("baseline", "candidate"):
    os.makedirs(f"{dst}/{side}")
    for r in range(64):
        m = json.load(open(f"{src}/{side}/cmpl-tp-rank{r % 4}.json"))
        m["rank"] = r
        json.dump(m, open(f"{dst}/{side}/cmpl-tp-rank{r}.json", "w"))
PY

wall() { # command...: prints the wall milliseconds, and fails when the command does
  local s e
  s=$(date +%s%N)
  "$@" >"$work/out" 2>"$work/err" || { cat "$work/err" >&2; return 1; }
  e=$(date +%s%N)
  echo $(((e - s) / 1000000))
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
L="$work/set/baseline"; R="$work/set/candidate"
"$tdw" diff --all --left "$L" --right "$R" >"$work/local.json"
"$tdw" diff --all --left "$(url "$L")" --right "$(url "$R")" >"$work/remote.json"
cmp -s "$work/local.json" "$work/remote.json" || { echo "remote output differs from the local one" >&2; exit 1; }
: >"$work/t-local"; : >"$work/t-remote"
for _ in $(seq "$n"); do
  wall "$tdw" diff --all --left "$L" --right "$R" >>"$work/t-local"
  wall "$tdw" diff --all --left "$(url "$L")" --right "$(url "$R")" >>"$work/t-remote"
done
tl=$(median <"$work/t-local"); tr=$(median <"$work/t-remote")
echo "machine: $(nproc) cpus, load average $(cut -d' ' -f1-3 /proc/loadavg); medians of $n runs"
printf '64-rank set, tdw diff --all, local           %6d ms wall\n' "$tl"
printf '64-rank set, tdw diff --all, ssh:// loopback %6d ms wall   x%s of local (target: within 2x)\n' "$tr" \
  "$(awk "BEGIN{printf \"%.2f\", $tr/$tl}")"

lb="$here/testdata/captures/layer-bug"
stage=layers.3.mlp.down
cached() { "$tdw" cache show | python3 -c 'import json,sys; print(json.load(sys.stdin)["bytes"])'; }
"$tdw" cache clear >/dev/null
"$tdw" tensors --stage "$stage" --left "$(url "$lb/baseline")" --right "$(url "$lb/candidate")" --rank 0 >"$work/stage-remote.json"
rows=$(cached)
"$tdw" tensors --stage "$stage" --left "$lb/baseline" --right "$lb/candidate" --rank 0 >"$work/stage-local.json"
cmp -s "$work/stage-local.json" "$work/stage-remote.json" || { echo "remote tensors --stage output differs from the local one" >&2; exit 1; }
"$tdw" cache clear >/dev/null
"$tdw" tensors --left "$(url "$lb/baseline")" --right "$(url "$lb/candidate")" --rank 0 >/dev/null
whole=$(cached)
"$tdw" tensors --stage "$stage" --left "$(url "$lb/baseline")" --right "$(url "$lb/candidate")" --rank 0 >/dev/null
again=$(cached)
files=$(du -sb "$lb/baseline"/*.pt "$lb/candidate"/*.pt | awk '{s+=$1} END {print s}')
printf 'tensors view of one stage (%s, layer-bug, both sides), cache emptied first:\n' "$stage"
printf '  only the rows shown: %8d bytes fetched   x%s of the whole read\n' "$rows" "$(awk "BEGIN{printf \"%.3f\", $rows/$whole}")"
printf '  every stage (whole): %8d bytes fetched   (the two payloads: %d bytes)\n' "$whole" "$files"
printf '  the stage again after the whole read: %d more bytes fetched (the entries are reused)\n' "$((again - whole))"
