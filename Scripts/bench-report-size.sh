#!/usr/bin/env bash
# The HTML report's size guard: builds docspec in release mode, makes a doc set of --pairs page
# pairs (default 2,000) from copies of the ja/ru page pairs of the corpus (../shared/corpus: every
# page that exists in both ja/ and ru/ of a project, repeated in numbered folders until there are
# enough), writes `docspec report` for it and adds up the bytes of every file the report wrote.
# Exits 1 when the whole report is larger than --budget-mb megabytes (default 25, as
# docs/reports.md promises for 2,000 pairs), 2 when it cannot run.
#
#   Scripts/bench-report-size.sh [--pairs N] [--budget-mb M]
#
# Set CORPUS for another corpus folder, SCRATCH for another docspec build folder (default .build),
# DOCSPEC to use a built binary instead of building, WORK_DIR to keep the doc set and the report.
set -euo pipefail
cd "$(dirname "$0")/.."

PAIRS=2000
BUDGET_MB=25
while [ $# -gt 0 ]; do
  case "$1" in
    --pairs) PAIRS=$2; shift 2 ;;
    --budget-mb) BUDGET_MB=$2; shift 2 ;;
    *) echo "bench-report-size: unknown option '$1' (--pairs N, --budget-mb M)" >&2; exit 2 ;;
  esac
done
CORPUS=${CORPUS:-../shared/corpus}
[ -d "$CORPUS" ] || { echo "bench-report-size: no corpus at $CORPUS (set CORPUS)" >&2; exit 2; }

if [ -n "${DOCSPEC:-}" ]; then
  BIN=$DOCSPEC
  if [ -n "${WORK_DIR:-}" ]; then mkdir -p "$WORK_DIR"; WORK=$WORK_DIR; else WORK=$(mktemp -d "${TMPDIR:-/tmp}/docspec-report-size.XXXXXX"); trap 'rm -rf "$WORK"' EXIT; fi
else
  # shellcheck source=Scripts/bench-common.sh
  source Scripts/bench-common.sh docspec-report-size
fi

# The real pairs: <project>/<path> for every page in both <project>/ja and <project>/ru.
mapfile -t pairs < <(
  for project in "$CORPUS"/*/; do
    [ -d "$project/ja" ] && [ -d "$project/ru" ] || continue
    comm -12 <(cd "$project/ja" && find . -type f -name '*.md' | sort) <(cd "$project/ru" && find . -type f -name '*.md' | sort) \
      | sed "s|^\./|$(basename "$project")/|"
  done)
[ "${#pairs[@]}" -gt 0 ] || { echo "bench-report-size: no ja/ru page pairs in $CORPUS" >&2; exit 2; }

rm -rf "$WORK/ja" "$WORK/ru" "$WORK/report"
made=0
copy=0
while [ "$made" -lt "$PAIRS" ]; do
  for pair in "${pairs[@]}"; do
    [ "$made" -lt "$PAIRS" ] || break
    project=${pair%%/*}
    path=${pair#*/}
    for locale in ja ru; do
      mkdir -p "$WORK/$locale/$copy/$project/$(dirname "$path")"
      cp "$CORPUS/$project/$locale/$path" "$WORK/$locale/$copy/$project/$path"
    done
    made=$((made + 1))
  done
  copy=$((copy + 1))
done

status=0
(cd "$WORK" && "$BIN" report --html report --locale ja=ja --locale ru=ru --source ja --quiet >report.out 2>report.err) || status=$?
if [ "$status" -gt 1 ]; then
  echo "bench-report-size: docspec report exited $status:" >&2
  tail -5 "$WORK/report.err" >&2
  exit 2
fi
files=$(find "$WORK/report" -type f | wc -l)
bytes=$(find "$WORK/report" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
index=$(stat -c %s "$WORK/report/index.html")
budget=$((BUDGET_MB * 1000 * 1000))
tail -1 "$WORK/report.out"
awk -v b="$bytes" -v f="$files" -v i="$index" -v p="$PAIRS" -v k="${#pairs[@]}" -v g="$budget" 'BEGIN {
  printf "report for %d page pairs (%d real pairs repeated): %d files, %d bytes (%.1f MB); index.html %.1f MB; the rest %.1f KB per pair; %.3f of the %.0f MB budget\n",
    p, k, f, b, b / 1e6, i / 1e6, (b - i) / p / 1e3, b / g, g / 1e6 }'
if [ "$bytes" -gt "$budget" ]; then
  echo "bench-report-size: the report is over its budget of $BUDGET_MB MB for $PAIRS page pairs" >&2
  exit 1
fi
