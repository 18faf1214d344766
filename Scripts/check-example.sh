#!/usr/bin/env bash
# The adopter example (Examples/Shapes: its own library, ja/ru docs, every table kind, plain
# error enums, an endpoint with its own environments): docspec check is clean; the generated
# tests build and pass; `docspec check --symbols` is clean, names a planted `symbol=` typo at
# its directive's line with the right name, and a renamed delegate parameter at its row, before
# any test build; a changed raw value in the library fails `swift test` at the docs-ja row; a
# doc-test that throws, fails an expectation, is marked compile-fail but compiles, or does not
# compile is reported at its docs-ja line. Isolation: with a `symbol=` typo on shapes.md,
# `docspec generate --symbols` writes a test failing at the directive for that table, and the
# other page's (strokes.md) tests still build and pass.
#
#   Scripts/check-example.sh          (SCRATCH: the example's build folder, default .build/example;
#                                      DOCSPEC_SCRATCH: docspec's, default .build)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
EXAMPLE=$ROOT/Examples/Shapes
SCRATCH=${SCRATCH:-$ROOT/.build/example}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/docspec-example.XXXXXX")
LIBRARY=$EXAMPLE/Sources/Shapes/Shapes.swift
PAGE=$EXAMPLE/docs-ja/shapes.md
cp "$LIBRARY" "$WORK/Shapes.swift.orig"
cp "$PAGE" "$WORK/shapes.md.orig"
cp -R "$EXAMPLE/Generated" "$WORK/Generated.orig"
restore() {
  cp "$WORK/Shapes.swift.orig" "$LIBRARY"
  cp "$WORK/shapes.md.orig" "$PAGE"
  rm -rf "$EXAMPLE/Generated" && cp -R "$WORK/Generated.orig" "$EXAMPLE/Generated"
}
trap 'restore; rm -rf "$WORK"' EXIT

step() { printf '\n== check-example: %s\n' "$1"; }
fail() { echo "check-example: FAILED: $1" >&2; exit 1; }

DOCSPEC_SCRATCH=${DOCSPEC_SCRATCH:-$ROOT/.build}
swift build --scratch-path "$DOCSPEC_SCRATCH" --product docspec >/dev/null
DOCSPEC=$(swift build --scratch-path "$DOCSPEC_SCRATCH" --product docspec --show-bin-path)/docspec

step "docspec check (docs lint clean, Generated/ up to date)"
(cd "$EXAMPLE" && "$DOCSPEC" check)

step "the generated tests build and pass"
(cd "$EXAMPLE" && swift build --build-tests --scratch-path "$SCRATCH" && swift test --skip-build --scratch-path "$SCRATCH")

step "docspec check --symbols on the library's symbol graph"
(cd "$EXAMPLE" && swift package --scratch-path "$SCRATCH" dump-symbol-graph > "$WORK/dump.log" 2>&1) || { cat "$WORK/dump.log"; fail "dump-symbol-graph"; }
GRAPHS=$(sed -n 's/^Files written to //p' "$WORK/dump.log" | tail -1)
[ -d "$GRAPHS" ] || fail "no symbol graph folder in: $(tail -3 "$WORK/dump.log")"
(cd "$EXAMPLE" && "$DOCSPEC" check --symbol-graphs "$GRAPHS")

# The planted divergences are checked on a copy of the docs: no test build, only the graph.
planted() {
  rm -rf "$WORK/docs" && mkdir -p "$WORK/docs"
  cp -R "$EXAMPLE/docs-ja" "$EXAMPLE/docs-ru" "$EXAMPLE/docspec.yml" "$EXAMPLE/Generated" "$WORK/docs/"
  for locale in ja ru; do sed -i "s/$1/$2/" "$WORK/docs/docs-$locale/shapes.md"; done
  (cd "$WORK/docs" && "$DOCSPEC" check --symbol-graphs "$GRAPHS" > "$WORK/out.log" 2> "$WORK/err.log") && fail "check --symbols passed with '$2'"
  cat "$WORK/err.log"
}

step "a symbol= typo (Corners → Corner) is named at the directive's line, with the right name"
line=$(grep -n 'symbol=Corners' "$EXAMPLE/docs-ja/shapes.md" | cut -d: -f1)
planted 'symbol=Corners ' 'symbol=Corner '
grep -qF "docs-ja/shapes.md:$line:1: error: symbol=Corner names no type of the library; did you mean 'Corners'? [unknown-symbol]" "$WORK/err.log" \
  || fail "the typo was not reported at docs-ja/shapes.md:$line with the suggestion"

step "a renamed delegate parameter label is reported at its row"
line=$(grep -n 'shape(_:didResize:)' "$EXAMPLE/docs-ja/shapes.md" | cut -d: -f1)
planted 'shape(_:didResize:)' 'shape(_:didScale:)'
grep -qF "docs-ja/shapes.md:$line:3: error: ShapeObserver has no method 'shape(_:didScale:)'; the library has 'shape(_:didResize:)' [missing-member]" "$WORK/err.log" \
  || fail "the renamed parameter was not reported at docs-ja/shapes.md:$line"

step "isolation: a symbol= typo on shapes.md is a test failing at its directive; strokes.md's tests build and pass"
line=$(grep -n 'symbol=Corners' "$PAGE" | cut -d: -f1)
sed -i 's/symbol=Corners /symbol=Corner /' "$PAGE"
(cd "$EXAMPLE" && "$DOCSPEC" generate --symbol-graphs "$GRAPHS" > "$WORK/gen.log" 2>&1) && fail "generate --symbols exited 0 with a symbol= typo"
grep -qF "docs-ja/shapes.md:$line:1: error: symbol=Corner names no type of the library; did you mean 'Corners'? [unknown-symbol]" "$WORK/gen.log" \
  || { cat "$WORK/gen.log"; fail "generate --symbols did not report the typo at docs-ja/shapes.md:$line"; }
(cd "$EXAMPLE" && swift build --build-tests --scratch-path "$SCRATCH" > "$WORK/build.log" 2>&1) \
  || { tail -20 "$WORK/build.log"; fail "the generated tests do not build with the typo's table left out"; }
(cd "$EXAMPLE" && swift test --skip-build --scratch-path "$SCRATCH" > "$WORK/test.log" 2>&1) && fail "swift test passed with a symbol= typo"
expect_isolated() { grep -qF -- "$1" "$WORK/test.log" || { grep -E '✘|↳' "$WORK/test.log" | tail -20; fail "$2"; }; }
expect_isolated "not generated (symbol check)\" recorded an issue at shapes.md:$line:1" "the typo's stand-in test did not fail at docs-ja/shapes.md:$line"
expect_isolated "docs-ja/shapes.md:$line: symbol=Corner names no type of the library; did you mean 'Corners'? [unknown-symbol]" \
  "the stand-in test's issue does not name the finding at docs-ja/shapes.md:$line"
expect_isolated 'Suite "docs-ja/strokes.md" passed' "the other page's (strokes.md) tests did not pass"
failed=$(grep -cE '^✘ Test .* recorded an issue' "$WORK/test.log" || true)
[ "$failed" = 1 ] || { grep -E '✘' "$WORK/test.log" | tail -20; fail "$failed failing tests with the typo (expected 1: its stand-in)"; }
restore

step "a changed raw value (pentagon = 5 → 6) fails swift test at the docs-ja row"
line=$(grep -n '| `5` | `pentagon`' "$EXAMPLE/docs-ja/shapes.md" | cut -d: -f1)
sed -i 's/case pentagon = 5/case pentagon = 6/' "$LIBRARY"
(cd "$EXAMPLE" && swift build --build-tests --scratch-path "$SCRATCH" >/dev/null && swift test --skip-build --scratch-path "$SCRATCH" > "$WORK/test.log" 2>&1) \
  && fail "swift test passed with a changed raw value"
grep -qF "docs-ja/shapes.md:$line: Corners has no case with raw value 5" "$WORK/test.log" \
  || { tail -20 "$WORK/test.log"; fail "the changed raw value was not reported at docs-ja/shapes.md:$line"; }
cp "$WORK/Shapes.swift.orig" "$LIBRARY"

# Doc-tests planted in the source page only (generation reads the source locale): each failure
# must name docs-ja/shapes.md and the line that caused it.
at() { grep -nF -- "$1" "$PAGE" | tail -1 | cut -d: -f1; }
expect_line() { grep -qF -- "$1" "$WORK/test.log" || { grep -E '✘|↳' "$WORK/test.log" | tail -20; fail "$2"; }; }

step "doc-test failures name the doc line: a throw, an expectation, a compile-fail sample that compiles"
cat >> "$PAGE" <<'SAMPLES'

```swift
let oneTry = Shape(size: 0, corners: .triangle)
try oneTry.validate()
```

```swift
let fine = Shape(size: 3, corners: .triangle)
try fine.validate()
let twoTries = Shape(size: 0, corners: .triangle)
try twoTries.validate()
```

```swift
let sizes = [3, 0].map { size in
    Shape(size: size, corners: .triangle)
}
try sizes[0].validate()
do {
    try sizes[1]
        .validate()
} catch {
    throw error
}
```

```swift
#expect(Corners.triangle.rawValue == 4)
```

```swift compile-fail
let compiles = Corners.triangle
```
SAMPLES
(cd "$EXAMPLE" && "$DOCSPEC" generate >/dev/null && swift build --build-tests --scratch-path "$SCRATCH" >/dev/null) || fail "the planted doc-tests do not build"
(cd "$EXAMPLE" && swift test --skip-build --scratch-path "$SCRATCH" > "$WORK/test.log" 2>&1) && fail "swift test passed with failing doc-tests"
line=$(at 'try oneTry.validate()')
expect_line "docs-ja/shapes.md:$line: the sample threw Shapes.ShapeError.invalidSize" "the throw was not reported at docs-ja/shapes.md:$line (its one 'try')"
line=$(at 'try twoTries.validate()')
expect_line "docs-ja/shapes.md:$line: the sample threw Shapes.ShapeError.invalidSize" \
  "the throw of a sample with two 'try' lines was not reported at the one that threw (docs-ja/shapes.md:$line)"
line=$(at 'throw error')
expect_line "docs-ja/shapes.md:$line: the sample threw Shapes.ShapeError.invalidSize" \
  "the rethrow from a catch block after a multi-line statement was not reported at docs-ja/shapes.md:$line"
line=$(at '#expect(Corners.triangle.rawValue == 4)')
expect_line "recorded an issue at shapes.md:$line:1: Expectation failed: (Corners.triangle.rawValue → 3) == 4" "the expectation was not reported at docs-ja/shapes.md:$line"
line=$(at 'let compiles = Corners.triangle')
expect_line "docs-ja/shapes.md:$line: the sample is marked compile-fail, but it compiles" "the compile-fail sample was not reported at docs-ja/shapes.md:$line"

step "a doc-test that does not compile fails the build at its doc line and column"
cp "$WORK/shapes.md.orig" "$PAGE"
printf '\n```swift\nlet broken: Int = Corners.triangle\n```\n' >> "$PAGE"
line=$(at 'let broken: Int')
(cd "$EXAMPLE" && "$DOCSPEC" generate >/dev/null) || fail "docspec generate failed on the planted sample"
(cd "$EXAMPLE" && swift build --build-tests --scratch-path "$SCRATCH" > "$WORK/test.log" 2>&1) && fail "a doc-test with a type error built"
expect_line "docs-ja/shapes.md:$line:27: error: cannot convert value of type 'Corners' to specified type 'Int'" "the compile error was not reported at docs-ja/shapes.md:$line:27"
restore

echo "check-example: OK"
