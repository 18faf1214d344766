#!/usr/bin/env bash
# Peak memory of `docspec extract` on one large page (issue 13): builds docspec in release mode,
# writes a ja page holding one error-codes spec table of N rows (default 200000, about 20 MB) and
# a configuration with that locale only, runs `docspec extract` under GNU time and prints the
# page size, the peak resident set and their ratio. See Benchmarks/README.md, "extract-memory".
#
#   Scripts/bench-extract-memory.sh [ROWS]
#
# Needs swift, python3 and GNU time (/usr/bin/time). SCRATCH and WORK_DIR as for bench-lint.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/time ] || { echo "bench-extract-memory: /usr/bin/time (GNU time) is required" >&2; exit 2; }
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh docspec-extract-memory

rows=${1:-200000}
dir="$WORK/rows$rows"
rm -rf "$dir"
python3 Benchmarks/scaling-bench/make_pages.py --rows "$rows" --source-only --out "$dir"
size=$(wc -c < "$dir/docs-ja/rows.md")
(cd "$dir" && /usr/bin/time -v -o "$dir/time.txt" "$BIN" extract > "$dir/extract.json" 2> "$dir/extract.err") || {
  echo "bench-extract-memory: docspec extract failed" >&2; cat "$dir/extract.err" >&2; exit 1; }
peak_kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$dir/time.txt")
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$dir/time.txt")
python3 -c 'import sys; rows, size, kb, wall, out = sys.argv[1:]; size = int(size); peak = int(kb) * 1024
print(f"{int(rows):,} rows: page {size / 1e6:.1f} MB, JSON {int(out) / 1e6:.1f} MB, wall {wall}, peak RSS {peak / 1e6:.0f} MB = {peak / size:.1f}x the page")' \
  "$rows" "$size" "$peak_kb" "$wall" "$(wc -c < "$dir/extract.json")"
