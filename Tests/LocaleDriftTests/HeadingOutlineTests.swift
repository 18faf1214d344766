import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel
import Testing

// Headings of a Japanese source and its Russian translation aligned by the content under them
// (issue 12, pattern 5): a heading whose content matched but whose level changed, that has no
// heading in the translation, or that the translator added, is a note; missing content is still
// a missing section.

@Suite("Headings aligned by their content, Japanese source and Russian translation")
struct HeadingOutlineTests {
    private let rules: [any DriftRule] = [StructureDriftRule()]

    @Test("A heading one level deeper in the translation, over the same content, is a note")
    func levelChanged() throws {
        let source = ja("""
            # compareDocumentPosition()

            ノードの相対位置を報告します。

            ## 返値

            `Node.DOCUMENT_POSITION_DISCONNECTED` (`1`) と `Node.DOCUMENT_POSITION_PRECEDING` (`2`) のビットマスクです。

            ## 例

            `head.compareDocumentPosition(body)` を呼び出します。
            """)
        let target = ru("""
            # compareDocumentPosition()

            Сообщает относительное положение узла.

            1️⃣### Возвращаемое значение

            Битовая маска из `Node.DOCUMENT_POSITION_DISCONNECTED` (`1`) и `Node.DOCUMENT_POSITION_PRECEDING` (`2`).

            ## Пример

            Вызывается `head.compareDocumentPosition(body)`.
            """)
        try expectDrift(source, target, rules: rules, [Finding("heading-mismatch", .note, at: target[1], note: source.firstLine(of: "## 返値"))])
    }

    @Test("An empty source heading the translation leaves out is a note; the sample missing under the next heading is still reported")
    func emptyHeadingLeftOut() throws {
        let source = ja("""
            # nodeType

            ノードの種類を表す整数です。

            ## 例

            ## 様々な種類のノード

            ```js
            document.nodeType === Node.DOCUMENT_NODE; // true
            ```

            ### コメント

            最初の子がコメントノードかを調べます。

            ```js
            const node = document.documentElement.firstChild;
            ```

            ## 仕様書

            {{Specifications}}
            """)
        let target = ru("""
            # nodeType

            Целое число, обозначающее тип узла.

            ## Пример

            Проверяется, является ли первый дочерний узел комментарием.

            ```js
            const node = document.documentElement.firstChild;
            ```

            ## Спецификации

            {{Specifications}}
            """)
        let found = try drift(source, target, rules: rules + [CodeSampleDriftRule()])
        #expect(!found.contains { $0.ruleID == "missing-section" && $0.message.contains("'例'") }, "\(found)")
        #expect(found.contains { $0.ruleID == "missing-code-sample" || $0.ruleID == "missing-section" }, "\(found)")
        #expect(found.filter { $0.severity != .note }.count == 1, "\(found)")
    }

    @Test("Pages with the same outline give no heading notes")
    func sameOutlineIsSilent() throws {
        let source = ja("""
            # 概要

            `npm install` を実行します。

            ## 設定

            ### 詳細

            `port` は `8080` です。
            """)
        let target = ru("""
            # Обзор

            Выполните `npm install`.

            ## Настройка

            ### Подробности

            `port` равен `8080`.
            """)
        try expectDrift(source, target, rules: rules, [])
    }
    @Test("A section that holds only site syntax ({{Compat}}) is content: leaving it out is a missing section")
    func macroOnlySectionIsContent() throws {
        let source = ja("""
            # ステータス

            `200` は成功を示します。

            ## ブラウザーの互換性

            {{Compat}}

            ## 関連情報

            - [HTTP](https://ja.wikipedia.org/wiki/Hypertext_Transfer_Protocol)
            """)
        let target = ru("""
            # Статусы

            `200` означает успех.

            1️⃣## Смотрите также

            - [HTTP](https://ru.wikipedia.org/wiki/Hypertext_Transfer_Protocol)
            """)
        try expectDrift(source, target, rules: rules, [Finding("missing-section", at: target[1], note: source.firstLine(of: "## ブラウザーの互換性"))])
    }
    @Test("A syntax section whose sample the translation rewrote a little, its parameter list written as a plain list, under an added heading: notes only")
    func rewrittenSampleAndPlainList() throws {
        let source = ja("""
            ---
            title: compareDocumentPosition()
            ---

            **`compareDocumentPosition()`** は [Node](/ja/docs/Web/API/Node) のメソッドで、引数のノードの相対位置を報告します。

            ## 構文

            ```js
            compareDocumentPosition(otherNode);
            ```

            ### 引数

            - `otherNode`
              - : このノードとの相対位置を報告するノードです。

            ## 例

            ```js
            const head = document.head;
            ```

            ## 仕様書

            {{Specifications}}
            """)
        let target = ru("""
            ---
            title: compareDocumentPosition()
            ---

            1️⃣## Аннотация

            Метод **`compareDocumentPosition()`** узла [Node](/ru/docs/Web/API/Node) сравнивает позицию узлов.

            ## Синтаксис

            ```js
            node.compareDocumentPosition(otherNode);
            ```

            2️⃣- `otherNode` — узел, с которым идёт сравнение.

            ## Пример

            ```js
            const head = document.head;
            ```

            ## Спецификации

            {{Specifications}}
            """)
        let found = try drift(source, target, rules: rules)
        #expect(
            sorted(found.map(Finding.init)) == sorted([
                Finding("heading-mismatch", .note, at: target[1], notes: [Location(file: source.path, line: 1)]),
                Finding("heading-mismatch", .note, at: target[2], note: source.firstLine(of: "### 引数")),
            ]), "\(found)")
    }

    @Test("A source H3 whose constants the translation holds as a table under a differently named H2: one heading note naming both, never a missing section")
    func renamedHeadingOverRestructuredContent() throws {
        let source = ja("""
            # compareDocumentPosition()

            **`compareDocumentPosition()`** はノードの相対位置を報告します。

            ## 構文

            ```js
            const position = node.compareDocumentPosition(otherNode);
            ```

            ### 返値

            整数値で、以下の定数を組み合わせたビットマスクです。

            - `Node.DOCUMENT_POSITION_DISCONNECTED` (`1`)
              - : 両方のノードが異なる文書にあります。
            - `Node.DOCUMENT_POSITION_PRECEDING` (`2`)
              - : `otherNode` はこのノードより前にあります。
            - `Node.DOCUMENT_POSITION_FOLLOWING` (`4`)
              - : `otherNode` はこのノードより後にあります。
            - `Node.DOCUMENT_POSITION_CONTAINS` (`8`)
              - : `otherNode` はこのノードの祖先ノードです。

            複数の条件に適合する場合、複数のビットが設定されることがあります。例えば、 `otherNode` が文書中でより先にあり、**_かつ_** `compareDocumentPosition()` が呼び出されたノードを含んでいれば、 `DOCUMENT_POSITION_CONTAINS` と `DOCUMENT_POSITION_PRECEDING` の両ビットが設定され、 `10` (`0x0A`) という値になります。

            ## 例

            ```js
            const head = document.head;
            const body = document.body;
            ```

            ## 仕様書

            {{Specifications}}
            """)
        let target = ru("""
            # compareDocumentPosition()

            Метод **`compareDocumentPosition()`** сравнивает позицию узлов.

            ## Синтаксис

            ```js
            const position = node.compareDocumentPosition(otherNode);
            ```

            1️⃣## Примечание

            Возвращаемое значение - это битовая маска со следующими значениями:

            | Имя                              | Значение |
            | -------------------------------- | -------- |
            | `DOCUMENT_POSITION_DISCONNECTED` | 1        |
            | `DOCUMENT_POSITION_PRECEDING`    | 2        |
            | `DOCUMENT_POSITION_FOLLOWING`    | 4        |
            | `DOCUMENT_POSITION_CONTAINS`     | 8        |

            ## Пример

            ```js
            const head = document.head;
            const body = document.body;
            ```

            ## Спецификации

            {{Specifications}}
            """)
        let found = try drift(source, target, rules: rules)
        #expect(!found.contains { $0.ruleID == "missing-section" }, "\(found)")
        let notes = found.filter { $0.ruleID == "heading-mismatch" && $0.location == target[1] }
        #expect(notes.count == 1 && notes[0].message.contains("'返値'") && notes[0].message.contains("'Примечание'"), "\(found)")
        #expect(notes.first?.notes.first?.location == source.firstLine(of: "### 返値"), "\(found)")
    }

    @Test("An empty source heading right before a heading of its level (a heading-level slip) and the translation's one heading for both: the note names that heading as its counterpart, never 'no heading'")
    func emptyHeadingOverTheNextOne() throws {
        let source = ja("""
            # Node.nodeType

            `nodeType` は、ノードの種類を示す整数を返します。

            ## 例

            ## 様々な種類のノード

            ```js
            const p = document.createElement("p");
            p.nodeType === Node.ELEMENT_NODE; // true
            ```

            ## 仕様書

            {{Specifications}}
            """)
        let target = ru("""
            # Node.nodeType

            Свойство `nodeType` возвращает целое число, обозначающее тип узла.

            1️⃣## Пример

            ```js
            const p = document.createElement("p");
            p.nodeType === Node.ELEMENT_NODE; // true
            ```

            ## Спецификации

            {{Specifications}}
            """)
        let found = try drift(source, target, rules: rules)
        #expect(!found.contains { $0.message.contains("has no heading") }, "\(found)")
        let notes = found.filter { $0.ruleID == "heading-mismatch" }
        #expect(notes.count == 1, "\(found)")
        #expect(notes.first?.location == target[1] && notes.first?.notes.first?.location == source.firstLine(of: "## 例"), "\(found)")
        #expect(notes.first.map { $0.message.contains("'例'") && $0.message.contains("'様々な種類のノード'") && $0.message.contains("'Пример'") } == true, "\(found)")
    }
}
