#!/usr/bin/env bash
# Issue 22's E0 (concatenate two [1024, 1024] f32 along axis 0) counted in instructions, shaped
# beside numpy, under callgrind: a figure this shared 2-core host's noise does not move.
#
# shaped: benches/insns.rs's `e0_shaped`, counted alone (--toggle-collect), 10 calls.
# numpy: a Python run of 11 `np.concatenate` calls minus one of 1 (everything else in the two
# runs is the same), so Python's call overhead is counted with numpy, as a numpy user pays it.
# Both copy through the same glibc `memmove` (the variant valgrind's CPU selects).
#
# Usage: scripts/e0_instructions.sh   (needs valgrind and python3 with numpy)
set -euo pipefail
cd "$(dirname "$0")/.."
exe=$(cargo bench --bench insns --no-run --message-format=json 2>/dev/null |
    grep '"name":"insns"' | grep -o '"executable":"[^"]*"' | cut -d'"' -f4)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
total() { grep -E '^(totals|summary):' "$1" | head -1 | awk '{print $2}'; }
valgrind --tool=callgrind --quiet --callgrind-out-file="$tmp/rs" --toggle-collect=e0_shaped \
    "$exe" e0 shaped 10
shaped=$(( $(total "$tmp/rs") / 10 ))
py=$(python3 -c 'import sys; print(sys.executable)')
cat > "$tmp/np.py" <<'PY'
import sys
import numpy as np
N = 1024
def values(n, shift=0):
    i = np.arange(n, dtype=np.int64) + shift
    return (((i * 37 + 11) % 101) * 0.5 - 20.0).astype(np.float32)
a = values(N * N).reshape(N, N)
b = values(N * N, 7).reshape(N, N)
for _ in range(int(sys.argv[1])):
    np.concatenate([a, b], axis=0)
PY
for n in 1 11; do
    env -u OPENBLAS_CORETYPE OPENBLAS_NUM_THREADS=1 valgrind --tool=callgrind --quiet \
        --callgrind-out-file="$tmp/np$n" "$py" "$tmp/np.py" "$n"
done
numpy=$(( ($(total "$tmp/np11") - $(total "$tmp/np1")) / 10 ))
echo "E0 instructions per call: shaped $shaped, numpy $numpy, ratio" \
    "$(python3 -c "print(f'{$shaped / $numpy:.3f}')")"
