#!/usr/bin/env bash
# Regenerates docs/report-screenshot.png from the current docs: builds docspec, writes the HTML
# report of docs-ja/ against docs-ru/ into a temporary folder, and screenshots its
# ConsumptionRequest pair page in headless Chromium at 1280x2000 (the size HTMLReportBrowserTests
# checks). Needs Debian's chromium and fonts-ipafont-gothic (make deps installs both).
#
#   Scripts/report-screenshot.sh [page]     page: a pair page of the report (default ru-consumption-request.html)
#   DOCSPEC=<binary> Scripts/report-screenshot.sh   use that docspec instead of building one
set -euo pipefail
cd "$(dirname "$0")/.."
page="${1:-ru-consumption-request.html}"
chromium="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$chromium" ]; then
  echo "report-screenshot: chromium is not installed (apt-get install -y chromium fonts-ipafont-gothic, or make deps)" >&2
  exit 2
fi
if [ -n "${DOCSPEC:-}" ]; then
  bin="$DOCSPEC"
else
  swift build --product docspec
  bin="$(swift build --show-bin-path)/docspec"
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# lint's exit status 1 (findings) still writes the report.
"$bin" report --html "$tmp/report" || [ $? -eq 1 ]
if [ ! -f "$tmp/report/$page" ]; then
  echo "report-screenshot: the report has no page '$page'; pages: $(ls "$tmp/report" | tr '\n' ' ')" >&2
  exit 2
fi
"$chromium" --headless --disable-gpu --no-sandbox --no-first-run --user-data-dir="$tmp/profile" \
  --hide-scrollbars --window-size=1280,2000 --screenshot="$tmp/shot.png" "file://$tmp/report/$page" 2>/dev/null
# Written atomically: a failed run leaves the committed screenshot as it was.
cp "$tmp/shot.png" docs/report-screenshot.png.tmp
mv docs/report-screenshot.png.tmp docs/report-screenshot.png
echo "report-screenshot: docs/report-screenshot.png from $page ($(wc -c < docs/report-screenshot.png) bytes)"
