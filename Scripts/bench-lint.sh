#!/usr/bin/env bash
# The lint benchmark: builds docspec in release mode, writes a synthetic ja/ru doc set of about
# --total-mb megabytes, and times, side by side in one run, bare cmark-gfm parsing (the floor),
# `docspec lint`, and the peer pipeline po4a-gettextize + pofilter on the same pages, as MB/s and
# peak memory (see Benchmarks/README.md, "lint-bench").
#
#   Scripts/bench-lint.sh [--total-mb N] [--runs K] [other options of Benchmarks/lint-bench/bench_lint.py]
#   Scripts/bench-lint.sh --total-mb 40 --runs 3 --skip-peer
#
# Needs swift, python3, gcc and pkg-config with libcmark-gfm-dev and libcmark-gfm-extensions-dev;
# installs po4a and translate-toolkit with apt-get when they are missing (as root, else through
# sudo). Set SCRATCH for another docspec build folder (default .build) and WORK_DIR to keep the
# doc set and outputs (default: a temporary folder, removed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in swift python3 gcc pkg-config; do
  command -v "$tool" >/dev/null || { echo "bench-lint: $tool is required" >&2; exit 2; }
done
pkg-config --exists libcmark-gfm || { echo "bench-lint: libcmark-gfm-dev is required (pkg-config libcmark-gfm)" >&2; exit 2; }

if [[ " $* " != *" --skip-peer "* ]] && { ! command -v po4a-gettextize >/dev/null || ! command -v pofilter >/dev/null; }; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  echo "bench-lint: installing po4a and translate-toolkit" >&2
  $SUDO apt-get install -y --no-install-recommends po4a translate-toolkit >&2
fi

# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh docspec-lint-bench

python3 Benchmarks/lint-bench/bench_lint.py --docspec "$BIN" --work "$WORK" "$@"
