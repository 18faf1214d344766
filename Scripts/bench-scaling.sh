#!/usr/bin/env bash
# Lint time against the size of a hostile page (issue 13): builds docspec in release mode and, for
# each page shape (Benchmarks/scaling-bench/make_pages.py --shape: plain, missing, extra,
# same-text, same-slug, anchor-links, dup-rows, code-samples), writes a ja/ru page pair of each
# size given (default 10000 and 100000 headings, links, rows or samples), times `docspec lint`
# on it (best of RUNS runs, default 1: wall and CPU time) and prints each shape's CPU-time ratio
# of the largest to the smallest size. Linear lint keeps the 100,000/10,000 ratio near 10 (target:
# within 12). See Benchmarks/README.md, "scaling-bench".
#
#   Scripts/bench-scaling.sh [SHAPE…]
#
# SIZES="10000 100000" sets the sizes. Needs swift, python3 and GNU time (/usr/bin/time).
# SCRATCH and WORK_DIR as for bench-lint.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/time ] || { echo "bench-scaling: /usr/bin/time (GNU time) is required" >&2; exit 2; }
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh docspec-scaling-bench

shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(plain missing extra same-text same-slug anchor-links dup-rows code-samples)
read -r -a sizes <<< "${SIZES:-10000 100000}"
RUNS=${RUNS:-1}
echo "bench-scaling: load average $(cut -d' ' -f1-3 /proc/loadavg) at the start" >&2
printf '%-13s %8s %9s %11s %10s %9s %9s\n' shape size "page KB" "best wall s" "best CPU s" "peak MB" findings
summary=()
for shape in "${shapes[@]}"; do
  first_cpu=""
  for n in "${sizes[@]}"; do
    dir="$WORK/$shape-$n"
    rm -rf "$dir"
    python3 Benchmarks/scaling-bench/make_pages.py --shape "$shape" --count "$n" --out "$dir"
    kb=$(( $(cat "$dir"/docs-ja/*.md | wc -c) / 1024 ))
    best_wall="" best_cpu="" peak=0
    for _ in $(seq "$RUNS"); do
      status=0
      (cd "$dir" && /usr/bin/time -f '%e %U %S %M' -o "$dir/time.txt" "$BIN" lint --format json > "$dir/lint.json" 2> "$dir/lint.err") || status=$?
      [ "$status" -le 1 ] || { echo "bench-scaling: docspec lint exited $status on $shape $n" >&2; cat "$dir/lint.err" >&2; exit 1; }
      read -r w u sy rss < <(tail -n 1 "$dir/time.txt")
      c=$(python3 -c 'import sys; print(f"{float(sys.argv[1]) + float(sys.argv[2]):.2f}")' "$u" "$sy")
      best_wall=$(python3 -c 'import sys; a = sys.argv[1]; print(sys.argv[2] if not a or float(sys.argv[2]) < float(a) else a)' "$best_wall" "$w")
      best_cpu=$(python3 -c 'import sys; a = sys.argv[1]; print(sys.argv[2] if not a or float(sys.argv[2]) < float(a) else a)' "$best_cpu" "$c")
      [ "$rss" -gt "$peak" ] && peak=$rss
    done
    findings=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["diagnostics"]))' "$dir/lint.json")
    printf '%-13s %8s %9s %11s %10s %9s %9s\n' "$shape" "$n" "$kb" "$best_wall" "$best_cpu" "$((peak / 1024))" "$findings"
    if [ -z "$first_cpu" ]; then
      first_cpu=$best_cpu
    else
      summary+=("$(python3 -c 'import sys; s, b, c, nb, n = sys.argv[1:]; print(f"{s}: {n}/{nb}: CPU {float(c) / max(float(b), 0.01):.1f}x (linear: {int(n) / int(nb):.0f}x)")' \
        "$shape" "$first_cpu" "$best_cpu" "${sizes[0]}" "$n")")
    fi
    rm -rf "$dir"
  done
done
echo "bench-scaling: load average $(cut -d' ' -f1-3 /proc/loadavg) at the end" >&2
printf '%s\n' "${summary[@]}"
