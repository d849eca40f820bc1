#!/usr/bin/env bash
# What a user pays to depend on shaped (BENCHMARKS.md, "Build time of a dependent"): a clean
# `cargo build --release` of a throwaway binary crate (`fn main() {}`) with one dependency,
# shaped by path with default features against ndarray with rayon (its products are
# matrixmultiply's, which it always has), each into a fresh target directory, in turn, for
# ROUNDS rounds (default 3). Prints wall and CPU seconds (user + system) per build and the ratio
# per round. Offline: both must be in the registry cache already (a first online build fills it).
#
#   scripts/dependent_build_time.sh [ROUNDS]
set -euo pipefail

rounds=${1:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

crate() { # name, dependency line
    mkdir -p "$work/$1/src"
    printf '[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2024"\n[workspace]\n[dependencies]\n%s\n' \
        "$1" "$2" > "$work/$1/Cargo.toml"
    echo 'fn main() {}' > "$work/$1/src/main.rs"
}
crate dep-ndarray 'ndarray = { version = "0.17.2", features = ["rayon"] }'
crate dep-shaped "shaped = { path = \"$root\" }"
# Resolve each crate's lock file once, outside the timed builds.
for c in dep-ndarray dep-shaped; do
    (cd "$work/$c" && cargo generate-lockfile --offline -q)
done

build() { # crate -> "wall cpu"
    rm -rf "$work/target-$1"
    (cd "$work/$1" && CARGO_TARGET_DIR="$work/target-$1" /usr/bin/time -f '%e %U %S' \
        cargo build --release --offline -q 2>&1 >/dev/null | tail -1) |
        awk '{ printf "%.2f %.2f", $1, $2 + $3 }'
}

echo "round  ndarray wall/cpu  shaped wall/cpu  shaped/ndarray wall/cpu"
for r in $(seq 1 "$rounds"); do
    read -r nw nc <<< "$(build dep-ndarray)"
    read -r sw sc <<< "$(build dep-shaped)"
    awk -v r="$r" -v nw="$nw" -v nc="$nc" -v sw="$sw" -v sc="$sc" \
        'BEGIN { printf "%5d  %6.2f / %6.2f  %6.2f / %6.2f  %5.2f / %5.2f\n", r, nw, nc, sw, sc, sw / nw, sc / nc }'
done
