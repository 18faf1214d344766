import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel
import Testing

// The product's own configuration: a Japanese source and its Russian translation, with no
// English page in the run (issue 12). Markers show where each finding is expected.

@Suite("Japanese source, Russian translation")
struct JapaneseToRussianTests {
    // MARK: untranslated text, judged by the target's script

    @Test("A Russian page left in English (a third language) is reported although the source is Japanese")
    func russianPageLeftInEnglish() throws {
        let source = ja("""
            # インストール

            インストーラをダウンロードして実行します。数分で終わります。

            キャッシュを削除してからもう一度試してください。
            """)
        let target = ru("""
            # Установка

            1️⃣Download the installer and run it. The setup takes a few minutes.

            Удалите кэш и попробуйте ещё раз.
            """)
        try expectDrift(source, target, rules: [UntranslatedTextRule()], [Finding("untranslated-text", .warning, at: target[1])])
    }

    @Test("A Russian page that is wholly English is one finding; English kept in both translations is not")
    func wholePageInEnglish() throws {
        let source = ja("""
            # インストール

            インストーラをダウンロードして実行します。数分で終わります。

            キャッシュを削除してからもう一度試してください。

            > Stories of the people who keep this project running every day.

            設定ファイルは自動で作られます。
            """)
        let target = ru("""
            1️⃣# Installing the toolkit

            2️⃣Download the installer and run it. The setup takes a few minutes.

            3️⃣If the installer stops, delete the cache folder and try again.

            > Stories of the people who keep this project running every day.

            4️⃣The configuration file is created for you automatically.
            """)
        let found = try drift(source, target, rules: [UntranslatedTextRule()])
        #expect(found.map(\.ruleID) == ["untranslated-text"], "\(found)")
        #expect(found.first?.location == target[1])
        #expect(found.first?.notes.map(\.location) == [target[1], target[2], target[3], target[4]])
        #expect(found.first?.notes.first?.message.contains("Latin script") == true, "\(found)")
    }

    @Test("Product names, identifiers and short Latin phrases in a Russian page are not untranslated text")
    func latinNamesInRussian() throws {
        let source = ja("""
            # 概要

            React Server Components と `npm` を使います。

            | 名前 | 説明 |
            |---|---|
            | Web Content Accessibility Guidelines | 指針 |
            """)
        let target = ru("""
            # Обзор

            Используются React Server Components и `npm`.

            | Имя | Описание |
            |---|---|
            | Web Content Accessibility Guidelines | Руководство |
            """)
        try expectDrift(source, target, rules: [UntranslatedTextRule()], [])
    }

    // MARK: links

    @Test("Locale markers that are not in the run (en-US, ru-RU, en.wikipedia.org) are not link drift; another page is")
    func localeOnlyLinkDifferences() throws {
        let source = ja("""
            # 概要

            [Array](https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array) と
            [国際化](https://ja.wikipedia.org/wiki/国際化と地域化) と [ガイド](https://example.com/pt-BR/guide/intro) を参照。

            [ドキュメント](/docs/api/list) と [web](/web/docs) も読んでください。
            """)
        let target = ru("""
            # Обзор

            См. [Array](https://developer.mozilla.org/ru-RU/docs/Web/JavaScript/Reference/Global_Objects/Array),
            [интернационализацию](https://en.wikipedia.org/wiki/Internationalization_and_localization) и
            [руководство](https://example.com/guide/intro).

            Прочитайте также [документацию](1️⃣/docs/list) и [web](/web/docs).
            """)
        try expectDrift(source, target, rules: [StructureDriftRule()], [Finding("link-mismatch", .warning, at: target[1], note: source.location(of: "/docs/api/list"))])
    }

    @Test("Locale markers: BCP 47 tags are recognised, ordinary path words are not")
    func localeMarkers() {
        for tag in ["ru", "ja", "en-US", "ru-RU", "pt_BR", "zh-Hans", "zh-Hant-TW", "es-419", "sr-Latn"] {
            #expect(LinkTarget.isLocale(tag, []), "\(tag)")
        }
        for word in ["docs", "api", "web", "guide", "v2", "js", "reference", "en-US-x", "eng", "xx", "react-dom"] {
            #expect(!LinkTarget.isLocale(word, []), "\(word)")
        }
    }

    @Test("Fragments of external URLs are compared; fragments of localised or site links are not")
    func externalFragments() throws {
        let source = ja("""
            # 概要

            [RFC 9110](https://www.rfc-editor.org/rfc/rfc9110#section-6) と [MDN](https://developer.mozilla.org/ja/docs/Web/HTTP#概要) と [ガイド](/ja/guide/list#key) を参照。
            """)
        let target = ru("""
            # Обзор

            См. [RFC 9110](1️⃣https://www.rfc-editor.org/rfc/rfc9110#section-6.5.1), [MDN](https://developer.mozilla.org/ru/docs/Web/HTTP#обзор) и [руководство](/ru/guide/list#klyuch).
            """)
        try expectDrift(source, target, rules: [StructureDriftRule()], [Finding("link-mismatch", .warning, at: target[1], note: source.location(of: "https://www.rfc-editor.org/rfc/rfc9110#section-6)"))])
    }

    @Test("An in-page link whose heading was translated or removed in the translation is reported")
    func inPageLinks() throws {
        let source = ja("""
            # 概要

            [構文](#syntax) と [例](#examples) と [注記](#note) と [上](#top) を見てください。

            <a id="top"></a>

            ## 構文 {#syntax}

            構文の説明です。

            ## 例

            例の説明です。

            ## Note

            注記です。
            """)
        let target = ru("""
            # Обзор

            См. [синтаксис](1️⃣#syntax), [примеры](#примеры), [примечание](2️⃣#note) и [начало](#top).

            <a id="top"></a>

            ## Синтаксис

            Описание синтаксиса.

            ## Примеры

            Описание примеров.
            """)
        let found = try drift(source, target, rules: [StructureDriftRule()]).filter { $0.ruleID == "broken-anchor-link" }
        #expect(found.map(\.location) == [target[1], target[2]].map { Location(file: $0.file, line: $0.line, column: 1) }, "\(found)")
        #expect(found.map { $0.notes.map(\.location) } == [[source.firstLine(of: "## 構文")], [source.firstLine(of: "## Note")]])
    }

    @Test("An in-page link whose fragment the translator rewrote to lead nowhere is reported where the source's link in its place leads to a heading")
    func rewrittenInPageLink() throws {
        let source = ja("""
            # API

            詳しくは[構文](#構文)と[例](#例)を参照してください。

            2️⃣## 構文

            構文の説明です。

            ## 例

            例の説明です。
            """)
        let target = ru("""
            # API

            1️⃣Подробнее см. [синтаксис](#синтакс) и [примеры](#примеры).

            ## Синтаксис

            Описание синтаксиса.

            ## Примеры

            Описание примеров.
            """)
        let found = try drift(source, target, rules: [StructureDriftRule()]).filter { $0.ruleID == "broken-anchor-link" }
        #expect(found.map(Finding.init) == [Finding("broken-anchor-link", .warning, at: target[1], note: source[2])], "\(found)")
        #expect(found.first?.message.contains("'#синтакс' leads nowhere in ru") == true && found.first?.message.contains("'#構文'") == true, "\(found)")
        // Both links leading to the translation's headings: silent; the source's own link leading
        // nowhere says nothing of the translation's.
        try expectDrift(source, ru(target.marked.text.replacingOnce("#синтакс", with: "#синтаксис")), rules: [StructureDriftRule()], [])
        try expectDrift(
            ja(source.marked.text.replacingOnce("(#構文)", with: "(#syntax)")), ru(target.marked.text), rules: [StructureDriftRule()], [])
    }

    @Test("A rewritten in-page link in a list item after a code block nested in the item is found too")
    func rewrittenInPageLinkAfterNestedBlock() throws {
        let source = ja("""
            # API

            - 手順:

              ```sh
              make
              ```

              詳しくは[構文](#構文)を参照してください。

            2️⃣## 構文

            構文の説明です。
            """)
        let target = ru("""
            # API

            - Шаги:

              ```sh
              make
              ```

              Подробнее см. 1️⃣[синтаксис](#синтакс).

            ## Синтаксис

            Описание синтаксиса.
            """)
        let found = try drift(source, target, rules: [StructureDriftRule()]).filter { $0.ruleID == "broken-anchor-link" }
        #expect(found.count == 1 && found.first?.message.contains("'#синтакс' leads nowhere in ru") == true, "\(found)")
        #expect(found.map(\.location?.line) == [target[1].line], "\(found)")
    }

    // MARK: tokens that are not drift

    @Test("Digits inside an ideographic word, multipliers, qualifiers, quotes, backticks and code elsewhere on the page are not drift")
    func equivalentTokens() throws {
        let source = ja("""
            # 整数型

            リテラルは 16進数 や 8進数 で書けます。最大 12 万件、合計 3億 バイトまで保存できます。

            定数 `Node.ELEMENT_NODE` と `'beforebegin'` を使い、`true` を返します。`Vec<T>` を使います。

            ```rust
            let v: Vec<i32> = Vec::new();
            ```

            上限は 500 件です。
            """)
        let target = ru("""
            # Целочисленные типы

            Литералы записываются в шестнадцатеричной или восьмеричной системе. Хранится до 120 000 записей, всего 300 000 000 байт.

            Используйте константу `ELEMENT_NODE` и `"beforebegin"`; функция возвращает true.

            ```rust
            let v: Vec<i32> = Vec::new();
            ```

            Предел — 1️⃣50 записей.
            """)
        try expectDrift(source, target, rules: [StructureDriftRule()], [Finding("number-mismatch", .warning, at: target[1], note: source.location(of: "500"))])
    }

    @Test("A translator's gloss in console output is not a code difference; a changed output line is")
    func consoleGlosses() throws {
        let source = ja("""
            # 実行

            ```console
            thread 'main' panicked at 'index out of bounds: the len is 5 but the index is 10', src/main.rs:19:19
            スレッド'main'は'範囲外アクセス: 長さは5ですが、添え字は10でした', src/main.rs:19:19
            でパニックしました
            note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
            ```

            ```console
            $ cargo run
            Hello, world!
            ```
            """)
        let target = ru("""
            # Запуск

            ```console
            thread 'main' panicked at 'index out of bounds: the len is 5 but the index is 10', src/main.rs:19:19
            note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
            ```

            ```console
            $ cargo run
            1️⃣Hello, world?
            ```
            """)
        try expectDrift(source, target, rules: [CodeSampleDriftRule()], [Finding("code-sample-mismatch", at: target[1], note: source.firstLine(of: "Hello, world!"))])
    }

    // MARK: messages and identities

    @Test("Long values that differ late are shown from where they differ")
    func messagesShowTheDifference() throws {
        let source = ja("""
            # 概要

            [仕様](https://developer.apple.com/documentation/appstoreserverapi/get_transaction_history_v1) を参照。
            """)
        let target = ru("""
            # Обзор

            См. [спецификацию](https://developer.apple.com/documentation/appstoreserverapi/get_transaction_history_v2).
            """)
        let found = try drift(source, target, rules: [StructureDriftRule()])
        #expect(found.count == 1)
        let message = found.first?.message ?? ""
        #expect(message.contains("history_v2") && message.contains("history_v1"), "\(message)")
    }

    @Test("Distinct findings get distinct fingerprints, also when their messages are the same")
    func distinctFingerprints() throws {
        let sample = """
            ```jsx
            <img src="https://example.com/images/scientists/QIrZWGIs.jpg" alt="Katherine Johnson" />
            ```
            """
        let source = ja("# 画像\n\n" + (1...3).map { "## 例 \($0)\n\n説明 \($0)。\n\n" + sample }.joined(separator: "\n\n"))
        let target = ru("# Изображения\n\n" + (1...3).map { "## Пример \($0)\n\nОписание \($0).\n\n" + sample.replacingOccurrences(of: "example.com/images/scientists", with: "i.imgur.com") }.joined(separator: "\n\n"))
        let found = try drift(source, target)
        #expect(found.map(\.ruleID) == Array(repeating: "code-sample-mismatch", count: 3), "\(found)")
        #expect(Set(found.map { $0.fingerprint() }).count == 3)
        #expect(found.allSatisfy { $0.message.contains("i.imgur.com") })
    }

    @Test("A finding in a paragraph cmark-gfm gives no position is never at line 0")
    func noLineZero() throws {
        let source = ja("""
            # 表

            |
            最大 500 件
            -|
            """)
        let target = ru("""
            # Таблица

            |
            не более 50 записей
            -|
            """)
        let found = try drift(source, target)
        #expect(found.allSatisfy { ($0.location?.line ?? 0) >= 1 && $0.notes.allSatisfy { ($0.location?.line ?? 0) >= 1 } }, "\(found)")
    }
}

extension Fixture {
    /// The location of the first line containing `text` (column 1).
    func firstLine(of text: String) -> Location {
        let lines = marked.text.components(separatedBy: "\n")
        guard let i = lines.firstIndex(where: { $0.contains(text) }) else {
            Issue.record("fixture \(path) has no line with '\(text)'")
            return Location(file: path, line: 0, column: 0)
        }
        return Location(file: path, line: i + 1, column: 1)
    }

    /// Where `text` first occurs: its line and column (Unicode scalars, as every location), for a
    /// finding or note at a token of a fixture shared by several tests.
    func location(of text: String) -> Location {
        let lines = marked.text.components(separatedBy: "\n")
        for (i, line) in lines.enumerated() {
            if let r = line.range(of: text) {
                return Location(file: path, line: i + 1, column: line[..<r.lowerBound].unicodeScalars.count + 1)
            }
        }
        Issue.record("fixture \(path) has no '\(text)'")
        return Location(file: path, line: 0, column: 0)
    }
}
