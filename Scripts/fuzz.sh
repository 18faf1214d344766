#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ (release, -sanitize=fuzzer,address) and runs them.
#
#   Scripts/fuzz.sh [TARGET|all] [SECONDS]      default: all, 600 seconds per target
#   Scripts/fuzz.sh list                        the targets
#   Scripts/fuzz.sh parse 60                    one target for a minute
#   Scripts/fuzz.sh all 30                      the CI smoke: each target 30 s, corpus replay included
#
# TARGET is parse, extract, drift, generate, signed-data, consumption, fix or lsp (see docs/fuzzing.md).
# Targets run one after another under `nice`. Each run starts from its working corpus
# ($FUZZ_WORK/corpus/TARGET, kept between runs), the seeds assembled for it ($FUZZ_WORK/seeds/TARGET:
# docs-ja/, docs-ru/, test fixtures, Fuzz/Seeds/, Fuzz/Regressions/ and, when present,
# ../shared/corpus/) and its dictionary. A crash, timeout or out-of-memory writes the input to
# $FUZZ_WORK/artifacts/TARGET/ and makes the script exit 1 after the remaining targets ran.
#
# Environment: FUZZ_WORK (default Fuzz/.build/fuzz-work), FUZZ_SHARED (default ../shared),
# FUZZ_FLAGS (extra libFuzzer flags, e.g. "-runs=1000000" or "-max_len=4096"), FUZZ_NICE (default 10).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

TARGETS=(parse extract drift generate signed-data consumption fix lsp)
target=${1:-all}
seconds=${2:-600}
if [ "$target" = list ]; then printf '%s\n' "${TARGETS[@]}"; exit 0; fi
if [ "$target" = all ]; then
  selected=("${TARGETS[@]}")
elif [[ " ${TARGETS[*]} " == *" $target "* ]]; then
  selected=("$target")
else
  echo "fuzz.sh: unknown target '$target' (one of: ${TARGETS[*]}, all, list)" >&2
  exit 2
fi
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: SECONDS must be a whole number (got '$seconds')" >&2; exit 2; }

WORK=${FUZZ_WORK:-$ROOT/Fuzz/.build/fuzz-work}
SHARED=${FUZZ_SHARED:-$ROOT/../shared}
NICE=${FUZZ_NICE:-10}
mkdir -p "$WORK"

# --- build ------------------------------------------------------------------------------------
# One product at a time: a build of every product may also plan the root package's executables
# (docspec, appstore-consumption), which do not compile with -parse-as-library.
build_args=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
echo "fuzz.sh: building ${selected[*]}" >&2
build_product() { # build_product TARGET: swift build's exit status (its output, minus ASan's link noise, on stderr)
  (cd Fuzz && nice -n "$NICE" swift build "${build_args[@]}" --product "fuzz-$1" 2>&1 | { grep -v '__asan_extra_spill_area' || true; } >&2; exit "${PIPESTATUS[0]}")
}
for t in "${selected[@]}"; do
  if ! build_product "$t"; then
    # An incremental build can fail to link after the sources moved under it (undefined symbols of
    # a module whose objects are stale); a binary left from an earlier build must not be fuzzed.
    # Retry once from a clean build folder (the working corpora in $WORK are kept).
    echo "fuzz.sh: building fuzz-$t failed; retrying from a clean Fuzz/.build" >&2
    find Fuzz/.build -mindepth 1 -maxdepth 1 ! -name fuzz-work -exec rm -rf {} +
    build_product "$t" || { echo "fuzz.sh: building fuzz-$t failed" >&2; exit 2; }
  fi
done
BIN=$(cd Fuzz && swift build -c release --show-bin-path)
for t in "${selected[@]}"; do
  [ -x "$BIN/fuzz-$t" ] || { echo "fuzz.sh: building fuzz-$t failed" >&2; exit 2; }
done

# --- seeds ------------------------------------------------------------------------------------
# A seed's file name: its path below the repository or the shared folder, with '_' for '/'.
seed_name() {
  local p=${1#"$ROOT"/}
  p=${p#"$SHARED"/}
  printf '%s' "$p" | tr '/' '_'
}

# Small files only: a seed over 256 KB slows every mutation of it.
copy_small() { # copy_small DEST FILE...
  local dest=$1; shift
  local f
  for f in "$@"; do
    [ -f "$f" ] || continue
    [ "$(wc -c < "$f")" -le 262144 ] || continue
    cp "$f" "$dest/$(seed_name "$f")"
  done
}

have_shared=false
if [ -d "$SHARED/corpus" ]; then have_shared=true; SHARED=$(cd "$SHARED" && pwd -P); else
  echo "fuzz.sh: no $SHARED/corpus; seeding from the repository only" >&2
fi

markdown_pages() {
  find "$ROOT/docs-ja" "$ROOT/docs-ru" "$ROOT/docs" "$ROOT/Tests" -name '*.md' -type f 2>/dev/null
  if $have_shared; then find "$SHARED/corpus" -name '*.md' -type f; fi
}

# Page pairs for drift: source bytes, 0xFF, target bytes.
pair_seeds() { # pair_seeds DEST
  local dest=$1 ja ru n=0 base
  pair_dirs() {
    echo "$ROOT/docs-ja $ROOT/docs-ru"
    find "$ROOT/Tests" -type d -name docs-ja | while read -r d; do echo "$d ${d%docs-ja}docs-ru"; done
    if $have_shared; then for s in "$SHARED"/corpus/*/; do echo "${s}ja ${s}ru"; done; fi
  }
  while read -r jdir rdir; do
    [ -d "$jdir" ] && [ -d "$rdir" ] || continue
    while read -r ja; do
      ru="$rdir/${ja#"$jdir"/}"
      [ -f "$ru" ] || continue
      n=$((n + 1))
      base=$(seed_name "$ja")
      { cat "$ja"; printf '\377'; cat "$ru"; } > "$dest/pair-$n-$base"
    done < <(find "$jdir" -name '*.md' -type f)
  done < <(pair_dirs)
}

# JSON code blocks of the docs (consumption request samples).
json_blocks() { # json_blocks DEST
  local dest=$1 f
  for f in "$ROOT"/docs-ja/*.md "$ROOT"/docs-ru/*.md; do
    awk -v out="$dest/json-$(basename "$f" .md)" '
      /^```json/ { inside = 1; n++; file = out "-" n; next }
      /^```/ && inside { inside = 0; close(file); next }
      inside { print > file }' "$f"
  done
}

# Compact JWS strings in the tests (App Store library vectors), as mode-0 inputs.
jws_strings() { # jws_strings DEST
  local dest=$1 n=0 tok
  while read -r tok; do
    n=$((n + 1))
    { printf '\000'; printf '%s' "$tok"; } > "$dest/test-jws-$n"
  done < <(grep -rhoE 'eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*' "$ROOT/Tests" | sort -u | head -50)
}

seeds_for() { # seeds_for TARGET -> prints the seed folder
  local t=$1 dest="$WORK/seeds/$1"
  rm -rf "$dest"
  mkdir -p "$dest"
  case $t in
    parse | extract | generate)
      local pages=()
      mapfile -t pages < <(markdown_pages)
      copy_small "$dest" "${pages[@]}" ;;
    drift | fix) pair_seeds "$dest" ;;
    consumption) json_blocks "$dest" ;;
    signed-data) jws_strings "$dest" ;;
  esac
  [ -d "$ROOT/Fuzz/Seeds/$t" ] && cp "$ROOT/Fuzz/Seeds/$t"/* "$dest/" 2>/dev/null || true
  [ -d "$ROOT/Fuzz/Regressions/$t" ] && cp "$ROOT/Fuzz/Regressions/$t"/* "$dest/" 2>/dev/null || true
  echo "$dest"
}

dict_for() {
  case $1 in
    consumption) echo "$ROOT/Fuzz/Dictionaries/consumption.dict" ;;
    signed-data) echo "$ROOT/Fuzz/Dictionaries/signed-data.dict" ;;
    lsp) echo "$ROOT/Fuzz/Dictionaries/lsp.dict" ;;
    *) echo "$ROOT/Fuzz/Dictionaries/markdown.dict" ;;
  esac
}

# --- run --------------------------------------------------------------------------------------
failed=()
summary=()
for t in "${selected[@]}"; do
  seeds=$(seeds_for "$t")
  corpus="$WORK/corpus/$t"
  artifacts="$WORK/artifacts/$t"
  log="$WORK/logs/$t.log"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  flags=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
         -dict="$(dict_for "$t")" -artifact_prefix="$artifacts/")
  # Big page pairs make each drift input slow; mutations stay small, seeds are read whole.
  if [ "$t" = drift ] || [ "$t" = fix ]; then flags+=(-max_len=16384); fi
  # shellcheck disable=SC2206
  flags+=(${FUZZ_FLAGS:-})
  echo "fuzz.sh: fuzz-$t for ${seconds}s ($(ls "$seeds" | wc -l) seeds, $(ls "$corpus" | wc -l) in corpus; log: $log)" >&2
  marker="$WORK/logs/$t.start"
  touch "$marker"
  start=$(date +%s)
  status=0
  # A verifier held in a global is reported as a leak at exit (see docs/fuzzing.md).
  # Swift's own backtracer would run after ASan's report and trip over it; libFuzzer prints the stack.
  SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no} ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} nice -n "$NICE" "$BIN/fuzz-$t" "${flags[@]}" "$corpus" "$seeds" > "$log" 2>&1 || status=$?
  elapsed=$(( $(date +%s) - start ))
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1 || true)
  runs=${runs:-?}
  rate=$( [ "$runs" != "?" ] && [ "$elapsed" -gt 0 ] && echo $((runs / elapsed)) || echo "?")
  found=$(find "$artifacts" -type f -newer "$marker" | wc -l)
  line=$(printf '%-12s %8ss %12s inputs %8s/s  corpus %6s  artifacts %s  exit %s' "$t" "$elapsed" "$runs" "$rate" "$(ls "$corpus" | wc -l)" "$found" "$status")
  summary+=("$line")
  if [ "$status" -ne 0 ] || [ "$found" -gt 0 ]; then
    failed+=("$t")
    echo "fuzz.sh: fuzz-$t FAILED (exit $status); end of its log:" >&2
    tail -40 "$log" >&2
  fi
done

echo "fuzz.sh: summary (target, time, inputs, inputs/s, corpus size, artifacts, exit status)"
printf '  %s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: failures in: ${failed[*]} (inputs in $WORK/artifacts/; reproduce with Fuzz/.build/release/fuzz-TARGET FILE)" >&2
  exit 1
fi
