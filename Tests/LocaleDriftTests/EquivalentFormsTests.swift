import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel
import Testing

// A Japanese source and its Russian translation (issue 12) that write the same thing in an
// equivalent form: not drift. Each test also plants a real difference next to the equivalent
// form, so a rule that went silent altogether would fail.

@Suite("Equivalent forms, Japanese source and Russian translation")
struct EquivalentFormsTests {
    @Test("The same string literal with other quotes, or re-indented code, is the same code; a changed literal is not")
    func quotesAndIndentationInCode() throws {
        let source = ja("""
            # 例

            ```js
            var xhr = new XMLHttpRequest();
            console.log('UNSENT', xhr.readyState); // readyState は 0
            xhr.onload = function () {
                console.log('DONE', xhr.readyState);
            };
            const s = 'it\\'s';
            ```

            ```js
            console.log('OPENED', xhr.readyState);
            ```
            """)
        let target = ru("""
            # Пример

            ```js
            var xhr = new XMLHttpRequest();
            console.log("UNSENT", xhr.readyState); // readyState равно 0
            xhr.onload = function () {
              console.log("DONE", xhr.readyState);
            };
            const s = 'it\\'s';
            ```

            ```js
            1️⃣console.log("LOADING", xhr.readyState);
            ```
            """)
        try expectDrift(
            source, target, rules: [CodeSampleDriftRule()],
            [Finding("code-sample-mismatch", at: Location(file: target.path, line: target[1].line), note: source.firstLine(of: "OPENED"))])
    }

    @Test("Indentation still counts where it is syntax, and quotes where they mean different things")
    func indentationThatMatters() throws {
        let source = ja("""
            # 例

            ```python
            if ok:
                run()
            ```

            ```rust
            let c = 'a';
            ```
            """)
        let target = ru("""
            # Пример

            ```python
            if ok:
            1️⃣run()
            ```

            ```rust
            2️⃣let c = "a";
            ```
            """)
        try expectDrift(
            source, target, rules: [CodeSampleDriftRule()],
            [
                Finding("code-sample-mismatch", at: Location(file: target.path, line: target[1].line), note: source.firstLine(of: "    run()")),
                Finding("code-sample-mismatch", at: Location(file: target.path, line: target[2].line), note: source.firstLine(of: "let c")),
            ])
    }

    @Test("A code span with the sentence's colon or comma inside names the same identifier as the source's")
    func punctuationInsideACodeSpan() throws {
        let source = ja("""
            # ステータス

            ## 503

            サーバーは過負荷です。

            ## 概要

            可能であれば `Retry-After` ヘッダーで復旧の予定時刻を返してください。
            """)
        let target = ru("""
            # Статусы

            ## 503

            Сервер перегружен. Заголовок `Retry-After:` должен содержать время восстановления, 1️⃣`X-Request-Deadline:` — срок.

            ## Обзор

            По возможности верните время восстановления в заголовке.
            """)
        let found = try drift(source, target, rules: [StructureDriftRule()])
        #expect(found.map(Finding.init) == [Finding("inline-code-mismatch", .warning, at: target[1], notes: [source.firstLine(of: "サーバーは過負荷")])], "\(found)")
        #expect(found.first.map { $0.message.contains("X-Request-Deadline") && !$0.message.contains("Retry-After") } == true, "\(found)")
    }

    @Test("A row the source names in the prose under its list is not an extra row; a row named nowhere is")
    func rowNamedInSourceProse() throws {
        let source = ja("""
            # nodeType

            ## 値

            - `Node.ELEMENT_NODE` (`1`)
              - : {{HTMLElement("p")}} や {{HTMLElement("div")}} のような要素ノード。
            - `Node.TEXT_NODE` (`3`)
              - : 要素の中のテキスト。

            `Node.ENTITY_REFERENCE_NODE` (`5`) と `Node.NOTATION_NODE` (`12`) は非推奨です。
            """)
        let target = ru("""
            # nodeType

            ## Значения

            | Имя | Значение |
            | --- | --- |
            | `ELEMENT_NODE` | `1` |
            | `TEXT_NODE` | `3` |
            | `ENTITY_REFERENCE_NODE` | `5` |
            1️⃣| `DOCUMENT_NODE` | `9` |
            | `NOTATION_NODE` | `12` |

            Узлы `ENTITY_REFERENCE_NODE` и `NOTATION_NODE` устарели.
            """)
        let found = try drift(source, target, rules: [StructureDriftRule()]).filter { $0.ruleID.hasSuffix("-row") }
        #expect(found.map(Finding.init) == [Finding("extra-generic-row", .warning, at: target[1], notes: [source.firstLine(of: "- `Node.ELEMENT_NODE`")])], "\(found)")
    }
    @Test("A link replaced in a paragraph the translator split in two is one finding that names both targets")
    func replacementOverASplitParagraph() throws {
        let source = ja("""
            # インストール

            ## Windows

            `rustup` のインストールには [ビルドツール](https://visualstudio.microsoft.com/visual-cpp-build-tools/) が必要です。
            """)
        let target = ru("""
            # Установка

            ## Windows

            1️⃣Для установки `rustup` нужны инструменты сборки MSVC.

            Для этого установите [Visual Studio](2️⃣https://visualstudio.microsoft.com/downloads/).
            """)
        let found = try drift(source, target, rules: [StructureDriftRule()])
        #expect(found.map(Finding.init) == [Finding("link-mismatch", .warning, at: target[2], notes: [source.location(of: "https://visualstudio.microsoft.com/visual-cpp"), target[1]])], "\(found)")
        #expect(found.first.map { $0.message.contains("downloads") && $0.message.contains("build-tools") } == true, "\(found)")
    }
    @Test("A sample missing at the end of a page without headings is reported where it belongs, not at line 1")
    func missingSampleAtTheEnd() throws {
        let source = ja("""
            JSONPath の式は `{}` で囲みます。

            正規表現はサポートされていません。代わりに `jq` を使ってください。

            ```shell
            kubectl get pods -o json | jq -r '.items[] | .metadata.name'
            ```
            """)
        let target = ru("""
            Выражения JSONPath заключаются в `{}`.

            1️⃣Регулярные выражения не поддерживаются, используйте `jq`.
            """)
        let found = try drift(source, target, rules: [CodeSampleDriftRule()])
        #expect(found.map(\.ruleID) == ["missing-code-sample"], "\(found)")
        #expect(found.first?.location?.line == target[1].line, "\(found)")
    }
    @Test("A key cell rewritten beside a row the translation moved to another table is one key finding, not an extra and a missing row")
    func changedKeyBesideAMovedRow() throws {
        let source = ja("""
            # 記法

            ## タプル

            | 記号 | 説明 |
            |---|---|
            | `(expr, ...)` | タプル式 |
            | `(type, ...)` | タプル型 |
            | `expr(expr, ...)` | 関数呼び出し式 |
            | `ident!(...)` | マクロ呼び出し |
            | `expr.0` | タプルの添字アクセス |

            ## パス

            | 記号 | 説明 |
            |---|---|
            | `ident::ident` | 名前空間パス |
            """)
        let target = ru("""
            # Синтаксис

            ## Кортежи

            | Символ | Описание |
            |---|---|
            | `(expr, ...)` | Выражение кортежа |
            | `(type, ...)` | Тип кортежа |
            | 1️⃣`(type, ...)` | Выражение вызова функции |
            | `expr.0` | Взятие элемента кортежа по индексу |

            ## Пути

            | Символ | Описание |
            |---|---|
            | `ident::ident` | Путь пространства имён |
            | `ident!(...)` | Вызов макроса |
            """)
        try expectDrift(source, target, rules: [StructureDriftRule()], [Finding("inline-code-mismatch", .warning, at: target[1], note: source.location(of: "`expr(expr"))])
    }
}
