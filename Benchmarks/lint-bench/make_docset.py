#!/usr/bin/env python3
"""Writes a deterministic synthetic doc set for the lint benchmark (Scripts/bench-lint.sh).

    make_docset.py <dir> [--total-mb 5] [--seed 1] [--drift-every 10]

Writes <dir>/ja (the source locale) and <dir>/ru (its translation): the same number of pages per
locale, about --total-mb megabytes of Markdown in all (both locales together). Every page has YAML
front matter (id, title), headings, Japanese or Russian prose paragraphs with inline code, links
and numbers, bulleted and numbered lists, plain GFM tables, one `docspec:table` int-enum table,
and fenced code blocks (swift, json, shell). Code, numbers, link targets and table keys are the
same in both locales; prose and table descriptions are translated.

Seeded drift, so lint has something to report: in every --drift-every-th page the ru translation
changes one number in a prose paragraph and one value in the spec table, and in every
(2 × --drift-every)-th page (offset by half) one section with its code block is missing in ru.
Prints one line: pages per locale, total bytes, and the pages with seeded drift.
"""

import argparse
import os
import random

JA_WORDS = [
    "購入フロー", "取引", "サブスクリプション", "通知", "署名付きデータ", "エンタイトルメント", "サーバー",
    "クライアント", "要求", "応答", "再試行", "期限", "検証", "証明書", "トークン", "ユーザー", "アプリ",
    "製品", "返金", "同意", "設定", "値", "表", "項目", "状態", "環境", "本番", "サンドボックス",
]
JA_TAILS = [
    "を確認します。", "は必ず記録してください。", "が返されることがあります。", "を送信する前に検証します。",
    "の値は変わりません。", "に注意してください。", "として扱います。", "は省略できません。",
    "を使って判定します。", "が必要になる場合があります。",
]
JA_JOIN = ["は", "と", "の", "で", "に", "から", "まで"]
RU_WORDS = [
    "поток покупки", "транзакция", "подписка", "уведомление", "подписанные данные", "право доступа",
    "сервер", "клиент", "запрос", "ответ", "повтор", "срок", "проверка", "сертификат", "токен",
    "пользователь", "приложение", "продукт", "возврат", "согласие", "настройка", "значение", "таблица",
    "поле", "состояние", "окружение", "рабочая среда", "песочница",
]
RU_TAILS = [
    "нужно проверить.", "следует всегда записывать.", "может вернуться в ответе.",
    "проверяется перед отправкой.", "не меняется.", "требует внимания.", "обрабатывается так же.",
    "нельзя пропускать.", "используется для решения.", "иногда необходимо.",
]
RU_JOIN = ["и", "для", "в", "из", "до", "после", "через"]
CODE_WORDS = ["transactionId", "originalTransactionId", "appAccountToken", "signedDate", "bundleId",
              "productId", "expiresDate", "revocationReason", "environment", "storefront"]
HEAD = {
    "ja": ["概要", "要求の形式", "応答の処理", "エラーの扱い", "再試行の方針", "検証の手順", "設定例", "注意点",
           "移行ガイド", "よくある質問"],
    "ru": ["Обзор", "Формат запроса", "Обработка ответа", "Обработка ошибок", "Политика повторов",
           "Порядок проверки", "Пример настройки", "Замечания", "Руководство по миграции", "Частые вопросы"],
}
TABLE_HEAD = {"ja": ["項目", "既定値", "説明"], "ru": ["Поле", "По умолчанию", "Описание"]}
ENUM_HEAD = {"ja": ["値", "ケース", "説明"], "ru": ["Значение", "Кейс", "Описание"]}
TITLE = {"ja": "合成ページ {}", "ru": "Синтетическая страница {}"}


def sentence(rng, locale, salt):
    """One sentence; uses only `rng`, so both locales draw the same invariant tokens."""
    words, tails, join = (JA_WORDS, JA_TAILS, JA_JOIN) if locale == "ja" else (RU_WORDS, RU_TAILS, RU_JOIN)
    n = 2 + salt % 3
    parts = [words[(salt * 7 + k * 13) % len(words)] for k in range(n)]
    sep = [join[(salt + k) % len(join)] for k in range(n - 1)]
    if locale == "ja":
        s = parts[0] + "".join(j + p for j, p in zip(sep, parts[1:]))
        return s + tails[salt % len(tails)]
    s = " ".join(p for pair in zip(parts, sep + [""]) for p in pair if p)
    return s[0].upper() + s[1:] + " " + tails[salt % len(tails)]


class Page:
    """Draws a page's invariant content once and renders it per locale."""

    def __init__(self, index, target_bytes, seed):
        self.index = index
        rng = random.Random(seed * 1_000_003 + index)
        self.sections = []
        size = 0
        s = 0
        # About 1.9 KB of ja text per section; keep adding sections until the page is big enough.
        while size < target_bytes or s < 3:
            sec = {
                "heading": s % len(HEAD["ja"]),
                "paras": [[(rng.randrange(10_000), rng.choice(CODE_WORDS), rng.randrange(1, 3600),
                            f"https://developer.apple.com/documentation/appstoreserverapi/{rng.choice(CODE_WORDS).lower()}")
                           for _ in range(rng.randrange(2, 4))] for _ in range(rng.randrange(1, 3))],
                "list": [(rng.randrange(10_000), rng.choice(CODE_WORDS)) for _ in range(rng.randrange(2, 6))],
                "table": [(rng.choice(CODE_WORDS), rng.randrange(0, 1000), rng.randrange(10_000))
                          for _ in range(rng.randrange(3, 9))] if s % 2 == 0 else None,
                "code": ("swift", "json", "shell")[s % 3],
                "code_seed": rng.randrange(1_000_000),
            }
            self.sections.append(sec)
            size += 1900 + (400 if sec["table"] else 0)
            s += 1
        self.enum_rows = [(v, f"case{v}") for v in range(rng.randrange(4, 12))]

    def render(self, locale, drift_number=False, drop_section=None):
        pid = f"page-{self.index:05d}"
        out = ["---", f"id: {pid}", f"title: {TITLE[locale].format(self.index)}", "---", "",
               f"# {TITLE[locale].format(self.index)}", ""]
        for k, sec in enumerate(self.sections):
            if k == drop_section:
                continue
            level = "###" if k % 3 == 2 else "##"
            out += [f"{level} {HEAD[locale][sec['heading']]} {k + 1}", ""]
            for p, para in enumerate(sec["paras"]):
                text = []
                for j, (salt, code, number, url) in enumerate(para):
                    if drift_number and k == 0 and p == 0 and j == 0:
                        number += 1
                    s = sentence(None, locale, salt)
                    if locale == "ja":
                        text.append(f"{s}`{code}` の値は {number} 秒以内に[公式ドキュメント]({url})で確認できます。")
                    else:
                        text.append(f"{s} Значение `{code}` можно проверить за {number} с в "
                                    f"[официальной документации]({url}).")
                out += [("" if locale == "ja" else " ").join(text), ""]
            for j, (salt, code) in enumerate(sec["list"]):
                marker = f"{j + 1}." if k % 2 else "-"
                out.append(f"{marker} `{code}`: {sentence(None, locale, salt)}")
            out.append("")
            if sec["table"]:
                out += ["| " + " | ".join(TABLE_HEAD[locale]) + " |", "|---|---:|---|"]
                for code, default, salt in sec["table"]:
                    out.append(f"| `{code}` | `{default}` | {sentence(None, locale, salt)} |")
                out.append("")
            out += code_block(sec["code"], sec["code_seed"], locale)
            if k == 1:
                out += [f"<!-- docspec:table kind=int-enum symbol=BenchLevel{self.index:05d} complete -->", "",
                        "| " + " | ".join(ENUM_HEAD[locale]) + " |", "|---|---|---|"]
                for v, case in self.enum_rows:
                    if drift_number and v == len(self.enum_rows) - 1:
                        v += 100
                    out.append(f"| `{v}` | `{case}` | {sentence(None, locale, v + 7)} |")
                out.append("")
        return "\n".join(out) + "\n"


def code_block(lang, seed, locale):
    rng = random.Random(seed)
    comment = {"ja": "値を確認する", "ru": "проверить значение"}[locale]
    names = [rng.choice(CODE_WORDS) for _ in range(rng.randrange(3, 8))]
    if lang == "swift":
        body = [f"// {comment}", "func check(_ response: Response) throws {"]
        body += [f"    guard response.{n} != nil else {{ throw BenchError.missing(\"{n}\") }}" for n in names]
        body += ["}"]
    elif lang == "json":
        body = ["{"] + [f'  "{n}{i}": {rng.randrange(100000)},' for i, n in enumerate(names)]
        body[-1] = body[-1].rstrip(",")
        body += ["}"]
    else:
        body = [f"# {comment}"] + [
            f"curl -s -H 'Authorization: Bearer $TOKEN' https://api.storekit.itunes.apple.com/inApps/v1/{n}/{rng.randrange(10**9)}"
            for n in names]
    return [f"```{lang}"] + body + ["```", ""]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--total-mb", type=float, default=5.0, help="total size of both locales (default 5)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--drift-every", type=int, default=10)
    args = ap.parse_args()
    target_total = int(args.total_mb * 1_000_000)
    rng = random.Random(args.seed)
    for loc in ("ja", "ru"):
        os.makedirs(os.path.join(args.dir, loc), exist_ok=True)
    total = 0
    i = 0
    drifted = []
    largest = 0
    while total < target_total:
        # Page sizes 4–60 KB of ja text, skewed to small pages; every 50th page is a large one.
        kb = 200 if i % 50 == 49 else int(4 + 56 * rng.random() ** 2)
        page = Page(i, kb * 1000, args.seed)
        drift_number = args.drift_every > 0 and i % args.drift_every == args.drift_every - 1
        drop = None
        if args.drift_every > 0 and i % (2 * args.drift_every) == args.drift_every // 2:
            drop = 2
        for loc in ("ja", "ru"):
            text = page.render(loc, drift_number=(loc == "ru" and drift_number),
                               drop_section=(drop if loc == "ru" else None))
            data = text.encode("utf-8")
            # Pages in a few subfolders, as real doc sets have.
            sub = os.path.join(args.dir, loc, f"part{i % 4}")
            os.makedirs(sub, exist_ok=True)
            with open(os.path.join(sub, f"page-{i:05d}.md"), "wb") as f:
                f.write(data)
            total += len(data)
            largest = max(largest, len(data))
        if drift_number or drop is not None:
            drifted.append(i)
        i += 1
    print(f"pages per locale: {i}; total bytes: {total}; largest page: {largest} bytes; "
          f"pages with seeded drift: {len(drifted)}")


if __name__ == "__main__":
    main()
