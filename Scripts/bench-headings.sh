#!/usr/bin/env bash
# Lint time against the number of headings on one page (issue 13, defect 1): builds docspec in
# release mode, writes a ja/ru page pair with N headings for each N given (default 10000 30000
# 100000), times `docspec lint` on each (best of RUNS runs, default 3: wall and CPU time) and
# prints the time ratios to the smallest N. Linear lint keeps the 100,000/10,000 ratio near 10
# (target: within 12). See Benchmarks/README.md, "heading-bench".
#
#   Scripts/bench-headings.sh [N…]
#
# MISSING_EVERY=K leaves every K-th section out of the ru page, so lint reports thousands of
# missing sections (each one's parent, subsections and insertion point must not rescan the page).
# KEEP_EVERY=K keeps only every K-th section in the ru page (KEEP_EVERY=10: 90 % of the sections
# missing), so page alignment works through long unmatched stretches.
#
# Needs swift, python3 and GNU time (/usr/bin/time). SCRATCH and WORK_DIR as for bench-lint.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/time ] || { echo "bench-headings: /usr/bin/time (GNU time) is required" >&2; exit 2; }
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh docspec-heading-bench

sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 30000 100000)
RUNS=${RUNS:-3}
declare -A wall cpu
printf '%10s %10s %12s %12s %10s %s\n' headings "page KB" "best wall s" "best CPU s" "peak MB" findings
for n in "${sizes[@]}"; do
  dir="$WORK/h$n"
  python3 Benchmarks/scaling-bench/make_pages.py --headings "$n" --missing-every "${MISSING_EVERY:-0}" --keep-every "${KEEP_EVERY:-0}" --out "$dir"
  kb=$(( $(wc -c < "$dir/docs-ja/headings.md") / 1024 ))
  best_wall="" best_cpu="" peak=0
  for _ in $(seq "$RUNS"); do
    status=0
    (cd "$dir" && /usr/bin/time -f '%e %U %S %M' -o "$dir/time.txt" "$BIN" lint --format json > "$dir/lint.json" 2> "$dir/lint.err") || status=$?
    [ "$status" -le 1 ] || { echo "bench-headings: docspec lint exited $status on $n headings" >&2; cat "$dir/lint.err" >&2; exit 1; }
    read -r w u sy rss < <(tail -n 1 "$dir/time.txt")  # GNU time puts "Command exited with non-zero status 1" first
    c=$(python3 -c 'import sys; print(f"{float(sys.argv[1]) + float(sys.argv[2]):.2f}")' "$u" "$sy")
    best_wall=$(python3 -c 'import sys; a = sys.argv[1]; print(sys.argv[2] if not a or float(sys.argv[2]) < float(a) else a)' "$best_wall" "$w")
    best_cpu=$(python3 -c 'import sys; a = sys.argv[1]; print(sys.argv[2] if not a or float(sys.argv[2]) < float(a) else a)' "$best_cpu" "$c")
    [ "$rss" -gt "$peak" ] && peak=$rss
  done
  wall[$n]=$best_wall
  cpu[$n]=$best_cpu
  findings=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["diagnostics"]))' "$dir/lint.json")
  printf '%10s %10s %12s %12s %10s %s\n' "$n" "$kb" "$best_wall" "$best_cpu" "$((peak / 1024))" "$findings"
done
base=${sizes[0]}
for n in "${sizes[@]:1}"; do
  python3 -c 'import sys; bw, w, bc, c, nb, nt = map(float, sys.argv[1:]); print(f"ratio {int(nt)}/{int(nb)} headings: wall {w / max(bw, 0.01):.2f}x, CPU {c / max(bc, 0.01):.2f}x (linear: {nt / nb:.1f}x)")' \
    "${wall[$base]}" "${wall[$n]}" "${cpu[$base]}" "${cpu[$n]}" "$base" "$n"
done
