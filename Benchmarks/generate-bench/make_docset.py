#!/usr/bin/env python3
"""Writes a synthetic DocSpec package for the generation benchmark (Scripts/bench-generate.sh).

    make_docset.py write <dir> --rows N [--table-rows R] [--test-targets T]
    make_docset.py touch <dir>      # edit one row of the source locale (one generated file changes)
    make_docset.py manifest <dir> --test-targets T   # rewrite Package.swift for T test targets

The package depends on nothing outside it: a library `BenchLib`, docs in `docs-ja/` (source) and
`docs-ru/` (translation), `docspec.yml`, and a test target `GeneratedConformanceTests` over
`Generated/` (written by `docspec generate`, not by this script). N rows are split over the kinds
as a quarter each of error-codes, int-enum and string-enum (every enum table marked `complete`)
and the rest `fields` rows (tables of 10 keys, each type with its ```json sample, 25 tables a
page). Enum and error tables hold at most R rows each (default: all of a kind in one table, the
largest argument arrays). The library matches the docs, so every generated test passes.

With T test targets (default 1), the pages are split over `GeneratedConformanceTests0` …
`GeneratedConformanceTests<T-1>` (page files in name order, dealt round-robin), each over the
same `Generated/` folder with its own `sources:` list: the "generated target per page group"
option of isolation, measured against one target. With T = 1 the manifest is the usual one.
"""

import argparse
import json
import os
import sys

FIELDS_PER_TYPE = 10
TYPES_PER_PAGE = 25
STATUSES = [400, 403, 404, 429]
UUID = "5D1F8A04-6C1B-4C3A-9E0B-2F6A8E1D7C55"

HEADERS = {
    "error-codes": {"ja": ["エラー名", "コード", "HTTP ステータス", "再試行", "説明"],
                    "ru": ["Имя ошибки", "Код", "HTTP-статус", "Повтор", "Описание"]},
    "int-enum": {"ja": ["値", "ケース", "説明"], "ru": ["Значение", "Кейс", "Описание"]},
    "string-enum": {"ja": ["値", "説明"], "ru": ["Значение", "Описание"]},
    "fields": {"ja": ["キー", "型", "必須", "許容値", "エラー", "説明"],
               "ru": ["Ключ", "Тип", "Обязательно", "Допустимые значения", "Ошибка", "Описание"]},
}
YES = {"ja": "はい", "ru": "да"}
NO = {"ja": "いいえ", "ru": "нет"}
TEXT = {
    "ja": {"errors": "エラーコード", "levels": "レベル", "kinds": "種類", "fields": "フィールド",
           "intro": "この表は合成ベンチマーク用に生成されました。", "sample": "有効な本体の例です。",
           "error": "エラー {} の説明。", "level": "レベル {} の説明。", "kind": "種類 {} の説明。",
           "field": "フィールド {} の説明。"},
    "ru": {"errors": "Коды ошибок", "levels": "Уровни", "kinds": "Виды", "fields": "Поля",
           "intro": "Эта таблица создана для синтетического теста производительности.",
           "sample": "Пример корректного тела.", "error": "Описание ошибки {}.",
           "level": "Описание уровня {}.", "kind": "Описание вида {}.", "field": "Описание поля {}."},
}


def chunks(n, size):
    """Splits range(n) into consecutive ranges of at most `size` items."""
    size = size or max(n, 1)
    return [range(start, min(start + size, n)) for start in range(0, n, size)]


def table(kind, locale, symbol, rows, complete=True):
    head = HEADERS[kind][locale]
    flags = " complete" if complete else ""
    out = [f"<!-- docspec:table kind={kind} symbol={symbol}{flags} -->", "",
           "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out + [""]


def error_code(i):
    return 4000000 + i


def error_name(i):
    return f"Bench{error_code(i)}Error"


def field_spec(g):
    """The g-th field overall: (type, allowed-values cell, JSON sample value, Swift type, check)."""
    k = g % 4
    if k == 0:
        return "int32", "`0...7`", 0, "Int", "(0...7).contains(v)"
    if k == 1:
        return "bool", "`true`", True, "Bool", "v == true"
    if k == 2:
        return "string", '`"A"`, `"B"`, `"C"`', "A", "String", '["A", "B", "C"].contains(v)'
    return "string", '`UUID`, `""`', UUID, "String", "v.isEmpty || UUID(uuidString: v) != nil"


# DocSpec's own targets the synthetic package copies.
DOCSPEC_SOURCES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources")


MANIFEST = """// swift-tools-version:6.0
// Synthetic package of the DocSpec generation benchmark (Benchmarks/generate-bench). Nothing outside:
// DocSpecTesting and DocSpecConformance are copies of DocSpec's targets of those names.
import PackageDescription

let package = Package(
    name: "DocSpecGenerateBench",
    targets: [
        .target(name: "DocSpecConformance"),
        .target(name: "DocSpecTesting", dependencies: ["DocSpecConformance"]),
        .target(name: "BenchLib", dependencies: ["DocSpecConformance"]),
{tests}
    ],
    swiftLanguageModes: [.v6]
)
"""


def manifest(root, test_targets):
    """Writes Package.swift with one test target over Generated/, or `test_targets` targets over
    page groups of it (the generated file of each source page, `<page>.swift`)."""
    if test_targets <= 1:
        tests = ('        .testTarget(name: "GeneratedConformanceTests", dependencies: ["BenchLib", "DocSpecTesting"], path: "Generated",\n'
                 '                    exclude: ["data"]),')
    else:
        pages = sorted(n[:-3] + ".swift" for n in os.listdir(os.path.join(root, "docs-ja")) if n.endswith(".md"))
        groups = [pages[k::test_targets] for k in range(test_targets)]
        tests = "\n".join(
            f'        .testTarget(name: "GeneratedConformanceTests{k}", dependencies: ["BenchLib", "DocSpecTesting"], path: "Generated",\n'
            f'                    exclude: ["data"], sources: [{", ".join(chr(34) + p + chr(34) for p in group)}]),'
            for k, group in enumerate(groups) if group)
    with open(os.path.join(root, "Package.swift"), "w", encoding="utf-8") as f:
        f.write(MANIFEST.format(tests=tests))


def write(root, rows, table_rows, test_targets=1):
    quarter = rows // 4
    n_errors = n_levels = n_kinds = quarter
    n_fields = rows - 3 * quarter
    n_errors = max(n_errors, 1)  # fields rows name an error
    n_types = (n_fields + FIELDS_PER_TYPE - 1) // FIELDS_PER_TYPE

    def path(*parts):
        p = os.path.join(root, *parts)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        return p

    def put(rel, text):
        with open(path(rel), "w", encoding="utf-8") as f:
            f.write(text)

    # The generated tests call DocSpecTesting: copied from this repository, so the package
    # builds on its own and the baseline (same package, same dependencies) builds it too.
    for target in ("DocSpecConformance", "DocSpecTesting"):
        source = os.path.join(DOCSPEC_SOURCES, target)
        for name in sorted(os.listdir(source)):
            if name.endswith(".swift"):
                with open(os.path.join(source, name), encoding="utf-8") as f:
                    put(os.path.join("Sources", target, name), f.read())
    put("docspec.yml", "source: ja\nlocales:\n  ja: docs-ja\n  ru: docs-ru\noutput: Generated\nimports:\n  - BenchLib\n")
    os.makedirs(os.path.join(root, "Generated"), exist_ok=True)

    swift = ["// Synthetic library of the DocSpec generation benchmark; matches docs-ja/ and docs-ru/.",
             "import DocSpecConformance", "import Foundation", "",
             "public struct BenchValidationError: Error, CustomNSError, CustomStringConvertible {",
             "    public let errorCode: Int",
             "    public static var errorDomain: String { \"BenchLib\" }",
             "    public var description: String { \"Bench\\(errorCode)Error\" }",
             "}", ""]
    docs = {"ja": [], "ru": []}  # (file name, lines)

    def enum_tables(kind, count, prefix, name, declare, cells):
        """The tables of one kind over rows range(count), at most table_rows each: an enum
        `<prefix><t>` per table (`declare(part)` gives its cases and members) and a page
        `<name>-<t>.md` per table and locale, titled TEXT[locale][name] (`cells(locale, i)` gives
        row i's cells)."""
        for t, part in enumerate(chunks(count, table_rows)):
            symbol = f"{prefix}{t}"
            adopts = ", DocSpecNamed, DocSpecHTTPStatus, DocSpecRetryable" if kind == "error-codes" else ""
            swift.extend([f"public enum {symbol}: {'String' if kind == 'string-enum' else 'Int'}, CaseIterable, Sendable{adopts} {{"]
                         + declare(part) + ["}", ""])
            for loc in docs:
                docs[loc].append((f"{name}-{t:02}.md", [f"# {TEXT[loc][name]} {t}", "", TEXT[loc]["intro"], ""]
                                  + table(kind, loc, symbol, [cells(loc, i) for i in part])))

    enum_tables("error-codes", n_errors, "BenchError", "errors",
                lambda part: [f"    case e{error_code(i)} = {error_code(i)}" for i in part]
                + ["    public var documentedName: String { \"Bench\\(rawValue)Error\" }",
                   f"    public var httpStatus: Int {{ {STATUSES}[rawValue % 4] }}",
                   "    public var isRetryable: Bool { rawValue % 3 == 0 }"],
                lambda loc, i: [f"`{error_name(i)}`", f"`{error_code(i)}`", f"`{STATUSES[error_code(i) % 4]}`",
                                "`yes`" if error_code(i) % 3 == 0 else "`no`", TEXT[loc]["error"].format(i)])
    enum_tables("int-enum", n_levels, "BenchLevel", "levels",
                lambda part: [f"    case level{i} = {i}" for i in part],
                lambda loc, i: [f"`{i}`", f"`level{i}`", TEXT[loc]["level"].format(i)])
    enum_tables("string-enum", n_kinds, "BenchKind", "kinds",
                lambda part: [f"    case kind{i} = \"KIND_{i}\"" for i in part],
                lambda loc, i: [f"`KIND_{i}`", TEXT[loc]["kind"].format(i)])

    # fields: one struct and one table per 10 keys, 25 tables a page
    fields_swift = ["// Synthetic library of the DocSpec generation benchmark: the `fields` types.",
                    "import Foundation", ""]
    pages = {"ja": {}, "ru": {}}
    for t in range(n_types):
        symbol = f"BenchFields{t}"
        keys = range(t * FIELDS_PER_TYPE, min((t + 1) * FIELDS_PER_TYPE, n_fields))
        fields_swift += [f"public struct {symbol}: Codable, Sendable {{"]
        checks = []
        sample = {}
        for g in keys:
            ftype, allowed, value, swift_type, check = field_spec(g)
            required = g % 3 != 2
            code = error_code(g % n_errors)
            fields_swift.append(f"    public var field{g}: {swift_type}?")
            throw = f"throw BenchValidationError(errorCode: {code})"
            if required:
                checks.append(f"        guard let v = field{g}, {check} else {{ {throw} }}")
            else:
                checks.append(f"        if let v = field{g}, !({check}) {{ {throw} }}")
            sample[f"field{g}"] = value
        fields_swift += ["    public func validate() throws {"] + checks + ["    }", "}", ""]
        page = t // TYPES_PER_PAGE
        for loc in docs:
            rows_ = []
            for g in keys:
                ftype, allowed, _, _, _ = field_spec(g)
                rows_.append([f"`field{g}`", f"`{ftype}`", YES[loc] if g % 3 != 2 else NO[loc], allowed,
                              f"`{error_name(g % n_errors)}`", TEXT[loc]["field"].format(g)])
            lines = pages[loc].setdefault(page, [f"# {TEXT[loc]['fields']} {page}", "", TEXT[loc]["intro"], ""])
            lines += [f"## {symbol}", ""] + table("fields", loc, symbol, rows_, complete=False)
            lines += [TEXT[loc]["sample"], "", f"```json {symbol}", json.dumps(sample, indent=2), "```", ""]
    for loc in docs:
        for page, lines in sorted(pages[loc].items()):
            docs[loc].append((f"fields-{page:02}.md", lines))

    put(os.path.join("Sources", "BenchLib", "BenchLib.swift"), "\n".join(swift))
    put(os.path.join("Sources", "BenchLib", "BenchFields.swift"), "\n".join(fields_swift))
    for loc, files in docs.items():
        for name, lines in files:
            put(os.path.join(f"docs-{loc}", name), "\n".join(lines))
    manifest(root, test_targets)
    total = n_errors + n_levels + n_kinds + n_fields
    print(f"make_docset: {root}: {total} rows (error-codes {n_errors}, int-enum {n_levels}, string-enum {n_kinds}, "
          f"fields {n_fields} in {n_types} types), {len(docs['ja'])} pages per locale")


def touch(root):
    """Changes one row of the source locale: the HTTP status of the middle row of errors-00.md.
    Only that page's generated file changes (its test then fails: this is a build benchmark)."""
    p = os.path.join(root, "docs-ja", "errors-00.md")
    with open(p, encoding="utf-8") as f:
        lines = f.read().split("\n")
    rows = [i for i, l in enumerate(lines) if l.startswith("| `Bench")]
    i = rows[len(rows) // 2]
    cells = lines[i].split(" | ")
    cells[2] = "`599`" if cells[2] != "`599`" else "`598`"
    lines[i] = " | ".join(cells)
    with open(p, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"make_docset: touched docs-ja/errors-00.md:{i + 1}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("write")
    w.add_argument("dir")
    w.add_argument("--rows", type=int, required=True)
    w.add_argument("--table-rows", type=int, default=0, help="at most this many rows per enum/error table (0: no limit)")
    w.add_argument("--test-targets", type=int, default=1, help="split the pages over this many test targets (default 1)")
    t = sub.add_parser("touch")
    t.add_argument("dir")
    m = sub.add_parser("manifest")
    m.add_argument("dir")
    m.add_argument("--test-targets", type=int, default=1)
    a = ap.parse_args()
    if a.cmd == "write":
        if a.rows < 4:
            sys.exit("make_docset: --rows must be at least 4")
        write(a.dir, a.rows, a.table_rows, a.test_targets)
    elif a.cmd == "manifest":
        manifest(a.dir, a.test_targets)
    else:
        touch(a.dir)


if __name__ == "__main__":
    main()
