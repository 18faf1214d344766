# Shared by the benchmark scripts (sourced, not run): builds docspec in release mode into
# $SCRATCH (default .build) and sets BIN to it; sets WORK to $WORK_DIR when given (kept), else to
# a fresh temporary folder removed on exit. $1 names the temporary folder.
SCRATCH=${SCRATCH:-.build}
swift build -c release --product docspec --scratch-path "$SCRATCH" >&2
BIN="$(swift build -c release --product docspec --scratch-path "$SCRATCH" --show-bin-path)/docspec"

if [ -n "${WORK_DIR:-}" ]; then
  mkdir -p "$WORK_DIR"
  WORK=$WORK_DIR
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
fi
