#!/usr/bin/env bash
# Builds appstore-bench in release mode, starts the stand-in App Store server on 127.0.0.1 with a
# fresh P-256 key, runs the benchmark against it, and stops the stand-in.
#
#   Scripts/bench-appstore.sh [appstore-bench options, e.g. --requests 500 --jwt-iterations 5000]
#
# Needs swift, python3 and openssl. Set SCRATCH to use another build folder (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in swift python3 openssl; do
  command -v "$tool" >/dev/null || { echo "bench-appstore: $tool is required" >&2; exit 2; }
done

SCRATCH=${SCRATCH:-.build}
swift build -c release --product appstore-bench --scratch-path "$SCRATCH"
BIN="$(swift build -c release --product appstore-bench --scratch-path "$SCRATCH" --show-bin-path)/appstore-bench"

WORK=$(mktemp -d)
STANDIN_PID=""
cleanup() {
  if [ -n "$STANDIN_PID" ]; then kill "$STANDIN_PID" 2>/dev/null || true; wait "$STANDIN_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$WORK/AuthKey_BENCH.p8" 2>/dev/null
openssl pkey -in "$WORK/AuthKey_BENCH.p8" -pubout -out "$WORK/pub.pem"

KEY_ID=BENCHKEY01
ISSUER_ID=57246542-96fe-1a63-e053-0824d011072a
BUNDLE_ID=com.example.bench
python3 Tests/StandIn/appstore_standin.py --public-key "$WORK/pub.pem" --key-id "$KEY_ID" \
  --issuer-id "$ISSUER_ID" --bundle-id "$BUNDLE_ID" --ignore-stdin >"$WORK/port" &
STANDIN_PID=$!
for _ in $(seq 50); do [ -s "$WORK/port" ] && break; sleep 0.1; done
PORT=$(head -n 1 "$WORK/port")
[ -n "$PORT" ] || { echo "bench-appstore: the stand-in did not start" >&2; exit 1; }

echo "appstore-bench $(uname -m), $(nproc) CPUs, $(python3 --version)"
"$BIN" --key "$WORK/AuthKey_BENCH.p8" --key-id "$KEY_ID" --issuer-id "$ISSUER_ID" \
  --bundle-id "$BUNDLE_ID" --base-url "http://127.0.0.1:$PORT" "$@"
