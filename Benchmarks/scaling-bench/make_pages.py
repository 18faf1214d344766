#!/usr/bin/env python3
"""Writes a one-page ja/ru doc set for the scaling benchmarks (Benchmarks/README.md).

--headings N (Scripts/bench-headings.sh): each section is a heading (levels 2, 3, 3 in turn) and
one paragraph; the ru page has the same sections in the same order, translated, with the same
numbers and inline code, so lint aligns every section and compares every block. With
--missing-every K the ru page leaves out every K-th section (lint reports each as missing-section);
with --keep-every K it keeps only every K-th section, so most sections are missing and the aligner
works through long unmatched stretches.

--shape NAME --count N (Scripts/bench-scaling.sh): a hostile page shape of size N, the ja page
and its ru translation:
  plain        N sections, every one translated (as --headings N);
  missing      N sections, the ru page keeps every 10th (as --headings N --keep-every 10);
  extra        the ja page keeps every 10th of N sections, the ru page has them all;
  same-text    N sections with the same heading and the same paragraph, every 10th left out
               of the ru page (nothing tells the sections apart);
  same-slug    N headings whose ids are all the same (text that differs in punctuation only);
  anchor-links N in-page links (#ref-i), 10 per section; the ja page has the anchors, the ru
               page does not (N broken-anchor-link findings);
  dup-rows     one generic table of N rows that all have the same key, every 10th row left out
               of the ru page;
  code-samples N JSON code samples, a heading every 100, every 10th sample left out of the ru
               page.

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
    p.add_argument("--shape", default="")
    p.add_argument("--count", type=int, default=0)
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
    if a.shape == "plain":
        a.headings = a.count
    elif a.shape == "missing":
        a.headings, a.keep_every = a.count, 10
    elif a.shape:
        write_shape(a)
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


JA_HEAD = "---\nid: shape\ntitle: 形のページ\n---\n\n# 形のページ\n\n"
RU_HEAD = "---\nid: shape\ntitle: Страница формы\n---\n\n# Страница формы\n\n"
PUNCTUATION = "!?.,;:-_"


def write_shape(a):
    n = a.count
    ja, ru = [JA_HEAD], [RU_HEAD]
    if a.shape == "extra":
        for i in range(1, n):
            level = "##" if i % 3 == 1 else "###"
            if i % 10 == 0:
                ja.append(f"{level} 項目 {i} の `value{i}`\n\n項目 {i} は値 {i * 7} を返し、`value{i}` に記録します。\n\n")
            ru.append(f"{level} Пункт {i}: `value{i}`\n\nПункт {i} возвращает значение {i * 7} и записывает его в `value{i}`.\n\n")
    elif a.shape == "same-text":
        for i in range(1, n):
            ja.append("## 同じ見出し\n\n同じ本文です。\n\n")
            if i % 10:
                ru.append("## Одинаковый заголовок\n\nОдинаковый текст.\n\n")
    elif a.shape == "same-slug":
        for i in range(1, n):
            marks, k = "", i
            while k:
                marks += PUNCTUATION[k % len(PUNCTUATION)]
                k //= len(PUNCTUATION)
            ja.append(f"## 項目{marks}\n\n値 {i * 7} を返します。\n\n")
            ru.append(f"## Пункт{marks}\n\nВозвращает значение {i * 7}.\n\n")
    elif a.shape == "anchor-links":
        for s in range(n // 10):
            ids = range(s * 10, s * 10 + 10)
            ja.append(f"## 節 {s}\n\n" + " ".join(f'<a id="ref-{i}"></a>[参照 {i}](#ref-{i})' for i in ids) + "\n\n")
            ru.append(f"## Раздел {s}\n\n" + " ".join(f"[ссылка {i}](#ref-{i})" for i in ids) + "\n\n")
    elif a.shape == "dup-rows":
        head = "| 名前 | 値 | 説明 |\n|---|---|---|\n"
        ja.append("## 表\n\n" + head + "".join(f"| `same` | {i} | 値 {i} の説明 |\n" for i in range(n)) + "\n")
        ru.append("## Таблица\n\n" + head.replace("名前", "Имя").replace("値", "Значение").replace("説明", "Описание")
                  + "".join(f"| `same` | {i} | описание значения {i} |\n" for i in range(n) if i % 10) + "\n")
    elif a.shape == "code-samples":
        for i in range(n):
            if i % 100 == 0:
                ja.append(f"## 例 {i // 100}\n\n例を示します。\n\n")
                ru.append(f"## Пример {i // 100}\n\nПримеры ниже.\n\n")
            sample = f'```json\n{{"id": {i}, "name": "sample{i}"}}\n```\n\n'
            ja.append(sample)
            if i % 10:
                ru.append(sample)
    else:
        raise SystemExit(f"make_pages: unknown shape {a.shape}")
    for name, parts in (("docs-ja", ja), ("docs-ru", ru)):
        with open(os.path.join(a.out, name, "shape.md"), "w") as f:
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
