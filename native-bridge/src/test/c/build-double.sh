#!/bin/sh
# Builds the CANN test double in the three layouts the Java loader must handle:
#   current/  libascendcl.so libnnopbase.so libopapi_math.so libopapi_nn.so libopapi_transformer.so
#             (current CANN split)
#   legacy/   libascendcl.so libnnopbase.so libopapi.so                      (older CANN, one operator library)
#   single/   libascend_double.so and the three legacy names as symlinks to it
#   broken/   libascendcl.so linked against a library that is then removed (a dependency that does not load)
#   opp/      an empty folder for ASCEND_OPP_PATH, which the locator checks
# Usage: build-double.sh <source dir> <output dir>. Called by the Maven test build only.
set -eu
src=$1
out=$2
cc=${CC:-gcc}
flags="-std=gnu11 -O1 -g -Wall -Wextra -Werror -fPIC -pthread -fvisibility=hidden -shared -I$src"
rpath='-Wl,-rpath,$ORIGIN'

rm -rf "$out"
mkdir -p "$out/current" "$out/legacy" "$out/single" "$out/broken" "$out/opp"

for layout in current legacy; do
    dir=$out/$layout
    $cc $flags -o "$dir/libascendcl.so" "$src/runtime.c" -Wl,-soname,libascendcl.so
    $cc $flags -o "$dir/libnnopbase.so" "$src/tensor.c" -Wl,-soname,libnnopbase.so -L"$dir" -lascendcl "$rpath" -lm
done
libs="-L$out/current -lnnopbase -lascendcl $rpath -lm"
$cc $flags -o "$out/current/libopapi_math.so" "$src/ops_math.c" -Wl,-soname,libopapi_math.so $libs
$cc $flags -o "$out/current/libopapi_nn.so" "$src/ops_nn.c" -Wl,-soname,libopapi_nn.so $libs
$cc $flags -o "$out/current/libopapi_transformer.so" "$src/ops_transformer.c" -Wl,-soname,libopapi_transformer.so $libs
$cc $flags -DTDW_DOUBLE_WITHOUT_GMM_V5 -o "$out/legacy/libopapi.so" "$src/ops_math.c" "$src/ops_nn.c" "$src/ops_transformer.c" -Wl,-soname,libopapi.so \
    -L"$out/legacy" -lnnopbase -lascendcl "$rpath" -lm

$cc $flags -o "$out/single/libascend_double.so" "$src/runtime.c" "$src/tensor.c" "$src/ops_math.c" "$src/ops_nn.c" "$src/ops_transformer.c" \
    -Wl,-soname,libascend_double.so -lm
for name in libascendcl.so libnnopbase.so libopapi.so; do
    ln -s libascend_double.so "$out/single/$name"
done

echo 'int tdw_double_gone(void) { return 0; }' | $cc $flags -x c -o "$out/broken/libtdw_double_gone.so" - -Wl,-soname,libtdw_double_gone.so
$cc $flags -o "$out/broken/libascendcl.so" "$src/runtime.c" -Wl,-soname,libascendcl.so -L"$out/broken" -Wl,--no-as-needed \
    -ltdw_double_gone
rm "$out/broken/libtdw_double_gone.so"
