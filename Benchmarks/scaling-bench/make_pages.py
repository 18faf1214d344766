#!/usr/bin/env python3
"""Writes a one-page ja/ru doc set for the scaling benchmarks (Benchmarks/README.md).

--headings N (Scripts/bench-headings.sh): each section is a heading (levels 2, 3, 3 in turn) and
one paragraph; the ru page has the same sections in the same order, translated, with the same
numbers and inline code, so lint aligns every section and compares every block. With
--missing-every K the ru page leaves out every K-th section (lint reports each as missing-section);
with --keep-every K it keeps only every K-th section, so most sections are missing and the aligner
works through long unmatched stretches.

--rows N (Scripts/bench-extract-memory.sh): one error-codes spec table of N rows, in both locales
(with --source-only, the ja page alone, and a configuration with the ja locale only).
"""
import argparse
import os

CONFIG = """source: ja
locales:
  ja: docs-ja
  ru: docs-ru
"""


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--headings", type=int, default=0)
    p.add_argument("--rows", type=int, default=0)
    p.add_argument("--missing-every", type=int, default=0)
    p.add_argument("--keep-every", type=int, default=0)
    p.add_argument("--source-only", action="store_true")
    p.add_argument("--out", required=True)
    a = p.parse_args()
    os.makedirs(os.path.join(a.out, "docs-ja"), exist_ok=True)
    if not a.source_only:
        os.makedirs(os.path.join(a.out, "docs-ru"), exist_ok=True)
    with open(os.path.join(a.out, "docspec.yml"), "w") as f:
        f.write(CONFIG.split("  ru:")[0] if a.source_only else CONFIG)
    if a.rows:
        write_rows(a)
        return
    ja = ["---\nid: headings\ntitle: 見出しの多いページ\n---\n\n# 見出しの多いページ\n\n"]
    ru = ["---\nid: headings\ntitle: Страница с множеством заголовков\n---\n\n# Страница с множеством заголовков\n\n"]
    for i in range(1, a.headings):
        level = "##" if i % 3 == 1 else "###"
        ja.append(f"{level} 項目 {i} の `value{i}`\n\n項目 {i} は値 {i * 7} を返し、`value{i}` に記録します。\n\n")
        if a.missing_every and i % a.missing_every == 0:
            continue
        if a.keep_every and i % a.keep_every != 0:
            continue
        ru.append(f"{level} Пункт {i}: `value{i}`\n\nПункт {i} возвращает значение {i * 7} и записывает его в `value{i}`.\n\n")
    for name, parts in (("docs-ja", ja), ("docs-ru", ru)):
        with open(os.path.join(a.out, name, "headings.md"), "w") as f:
            f.write("".join(parts))


def write_rows(a):
    head = "| エラー名 | コード | HTTP ステータス | 再試行 | 説明 |\n|---|---|---|---|---|\n"
    locales = (("docs-ja", "エラーコード", "要求 {} は処理できません。"),
               ("docs-ru", "Коды ошибок", "Запрос {} не может быть обработан."))
    for name, title, describe in locales[:1] if a.source_only else locales:
        rows = []
        for i in range(a.rows):
            status = (400, 401, 404, 429, 500)[i % 5]
            retry = ("no", "no", "no", "later", "yes")[i % 5]
            rows.append(f"| `Generated{i}Error` | `{status}{i:07d}` | `{status}` | `{retry}` | {describe.format(i)} |\n")
        with open(os.path.join(a.out, name, "rows.md"), "w") as f:
            f.write(f"---\nid: rows\ntitle: {title}\n---\n\n# {title}\n\n"
                    "<!-- docspec:table kind=error-codes symbol=GeneratedError complete -->\n\n" + head + "".join(rows))


if __name__ == "__main__":
    main()
