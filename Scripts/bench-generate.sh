#!/usr/bin/env bash
# The generation benchmark: builds docspec in release mode, then for 100, 1,000 and 10,000 spec-table
# rows writes a synthetic package (docs in ja and ru, a library they describe, nothing outside) and
# measures `docspec generate` and the build of the generated test target against a baseline test
# target of one empty test (see Benchmarks/README.md, "generate-bench").
#
#   Scripts/bench-generate.sh [options of Benchmarks/generate-bench/bench_generate.py]
#   Scripts/bench-generate.sh --sizes 100,1000 --gen-reps 3
#
# Needs swift and python3. Set SCRATCH for another docspec build folder (default .build) and
# WORK_DIR to keep the synthetic packages (default: a temporary folder, removed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in swift python3; do
  command -v "$tool" >/dev/null || { echo "bench-generate: $tool is required" >&2; exit 2; }
done

# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh docspec-generate-bench

python3 Benchmarks/generate-bench/bench_generate.py --docspec "$BIN" --work "$WORK" "$@"
