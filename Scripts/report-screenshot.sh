#!/usr/bin/env bash
# Regenerates the report screenshots in docs/ from the current docs: builds docspec, copies
# docs-ja/, docs-ru/ and docspec.yml into a temporary folder, plants three drifts in the ru copy
# of consumption-request.md (a link made plain text, a number changed, a subsection removed: the
# bundled docs themselves are clean, and a clean report shows no prose drift), writes the HTML
# report there and screenshots, in headless Chromium:
#   docs/report-screenshot.png        the ConsumptionRequest pair page at 1280x2000 (findings,
#                                     the prose drift side by side, then the spec tables)
#   docs/report-index-screenshot.png  the index at 1400x900 (worst first, with the filters)
# Needs Debian's chromium and fonts-ipafont-gothic (make deps installs both).
#
#   Scripts/report-screenshot.sh
#   DOCSPEC=<binary> Scripts/report-screenshot.sh   use that docspec instead of building one
set -euo pipefail
cd "$(dirname "$0")/.."
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
cp -R docs-ja docs-ru docspec.yml "$tmp/"
page="$tmp/docs-ru/consumption-request.md"
plant() {  # plant <what> <perl substitution>: fails when the current docs no longer have the text
  local before
  before="$(cat "$page")"
  perl -0pi -e "$2" "$page"
  if [ "$before" = "$(cat "$page")" ]; then
    echo "report-screenshot: cannot plant '$1' in docs-ru/consumption-request.md (the page changed); update the script" >&2
    exit 2
  fi
}
plant "link made plain text" 's/\[(Отправка сведений о потреблении \(V2\))\]\(send-consumption-information-v2\.md\)(\. В нём)/$1$2/'
plant "number changed" 's/тело с 12 полями/тело с 11 полями/'
plant "subsection removed" 's/\n### Правила, связывающие поля\n.*?(\n## )/$1/s'
# The planted drift makes lint exit 1; the report is still written.
(cd "$tmp" && "$bin" report --html report --quiet) || [ $? -eq 1 ]
for f in index.html ru-consumption-request.html; do
  if [ ! -f "$tmp/report/$f" ]; then
    echo "report-screenshot: the report has no page '$f'; pages: $(ls "$tmp/report" | tr '\n' ' ')" >&2
    exit 2
  fi
done
shot() {  # shot <page> <width,height> <docs file>
  "$chromium" --headless --disable-gpu --no-sandbox --no-first-run --user-data-dir="$tmp/profile" \
    --hide-scrollbars --window-size="$2" --screenshot="$tmp/shot.png" "file://$tmp/report/$1" 2>/dev/null
  # Written atomically: a failed run leaves the committed screenshot as it was.
  cp "$tmp/shot.png" "docs/$3.tmp"
  mv "docs/$3.tmp" "docs/$3"
  echo "report-screenshot: docs/$3 from $1 ($(wc -c < "docs/$3") bytes)"
}
shot ru-consumption-request.html 1280,2000 report-screenshot.png
shot index.html 1400,900 report-index-screenshot.png
