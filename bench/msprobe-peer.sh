# shellcheck shell=bash
# The peer of bench/msprobe.sh and bench/msprobe-tensors.sh: msprobe's own compare run from its source by Debian's
# python3 (MSPROBE_PYTHON, /usr/bin/python3 by default), sourced by both scripts.
# msprobe_peer SRC SCRATCH: with SRC the checkout's python/ folder, sets msprobe_py (the interpreter) and
# msprobe_path (its PYTHONPATH) and returns 0 when msprobe's compare imports there, else 1. einops is imported by
# msprobe's package (its fusion-attention bench functions, never by compare) and Debian has no package of it: where it
# is missing, an empty stand-in that raises if called goes on the path (SCRATCH/shim) and msprobe_shim says so.
msprobe_peer() {
  local src=$1 scratch=$2
  msprobe_py=${MSPROBE_PYTHON:-/usr/bin/python3}
  msprobe_path=$src
  msprobe_shim=""
  [[ -n $src && -f $src/msprobe/msprobe.py ]] || return 1
  if ! "$msprobe_py" -c 'import einops' 2>/dev/null; then
    mkdir -p "$scratch/shim/einops"
    echo 'def rearrange(*a, **k): raise NotImplementedError("einops is absent (bench/msprobe-peer.sh stand-in)")' >"$scratch/shim/einops/__init__.py"
    msprobe_path="$src:$scratch/shim"
    msprobe_shim=" (einops stand-in)"
  fi
  PYTHONPATH="$msprobe_path" "$msprobe_py" -c 'import msprobe.msprobe, msprobe.pytorch.compare.pt_compare' >/dev/null 2>&1
}
