#!/usr/bin/env bash
# The language-server latency benchmark: builds lsp-bench in release mode and times, in one run
# and interleaved, diagnostics after a single edit of a large translated page (didChange →
# publishDiagnostics, in process) against the baseline of parsing both pages (see
# Benchmarks/README.md, "lsp-bench"). Exits 1 when the median is 100 ms or more.
#
#   Scripts/bench-lsp.sh [--sections N] [--edits N]
#
# Set SCRATCH for another build folder (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH="${SCRATCH:-.build}"
swift build -c release --product lsp-bench --scratch-path "$SCRATCH" >&2
"$SCRATCH/release/lsp-bench" "$@"
