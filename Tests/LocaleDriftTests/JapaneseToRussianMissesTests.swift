import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel
import Testing

// Drift a ja→ru review found unreported (issue 12, second review): each fixture plants one
// difference of a kind seen on real pages; markers show where it is expected.

@Suite("Japanese source, Russian translation: drift that was missed")
struct JapaneseToRussianMissesTests {
    @Test("A command written inside a code-showing MDX component is compared like a code sample")
    func terminalBlockCommand() throws {
        let source = ja("""
            # 作成

            新しいプロジェクトを作成するには、以下のコマンドを実行します。

            <TerminalBlock>
            2️⃣npx create-expo-app@latest
            </TerminalBlock>

            詳しくはチュートリアルを参照してください。
            """)
        let target = ru("""
            # Создание

            Чтобы создать новый проект, выполните команду:

            <TerminalBlock>
            1️⃣npx create-expo-app
            </TerminalBlock>

            Подробности смотрите в руководстве.
            """)
        try expectDrift(source, target, rules: [CodeSampleDriftRule()], [Finding("code-sample-mismatch", at: target[1], note: source[2])])
        let agreeing = ru(target.marked.text.replacingOnce("npx create-expo-app\n", with: "npx create-expo-app@latest\n"))
        try expectDrift(source, agreeing, [])
    }

    @Test("A range written as inline code and dropped in the translation is missing, although its letters are code elsewhere")
    func droppedRangeSpan() throws {
        let source = ja("""
            # リスト

            `v-for` は整数を取ることもできます。その場合、`1...n` のような範囲でテンプレートが繰り返されます。

            `n` の値は `0` ではなく `1` から始まります。
            """)
        let target = ru("""
            # Списки

            1️⃣Можно передавать целое число в `v-for` — шаблон повторится указанное число раз.

            Значения `n` начинаются с `1`, а не с `0`.
            """)
        try expectDrift(source, target, [Finding("inline-code-mismatch", .warning, at: target[1], note: source.location(of: "`1...n`"))])
        let agreeing = ru(target.marked.text.replacingOnce("число в `v-for`", with: "число в `v-for` (диапазон `1...n`)"))
        try expectDrift(source, agreeing, [])
    }

    @Test("A table cell left as a placeholder where the source has a description is reported at its row")
    func placeholderCell() throws {
        let source = ja("""
            # 演算子

            | 演算子 | 例 | 説明 |
            |---|---|---|
            | `+` | `expr + expr` | 算術加算 |
            | `->` | `fn(...) -> type` | 関数の戻り値型 |
            | `.` | `expr.ident` | メンバーアクセス |
            """)
        let target = ru("""
            # Операторы

            | Оператор | Пример | Объяснение |
            |---|---|---|
            | `+` | `expr + expr` | Арифметическое сложение |
            1️⃣| `->` | `fn(...) -> type` | ... |
            | `.` | `expr.ident` | Доступ к элементу |
            """)
        try expectDrift(source, target, [Finding("table-shape-mismatch", .warning, at: target[1], note: source.firstLine(of: "| `->`"))])
        let dash = ru(target.marked.text.replacingOnce("| ... |", with: "| Тип результата функции |"))
        try expectDrift(source, dash, [])
    }

    @Test("Code written as HTML <code> in a table cell is compared, and an entity that renders as itself (&amp;vert;) differs")
    func htmlCodeInCells() throws {
        let source = ja("""
            # 演算子

            | 演算子 | 例 | 説明 |
            |---|---|---|
            | `^` | `expr ^ expr` | ビットXOR |
            | <code>\\|</code> | <code>expr \\| expr</code> | ビットOR |
            | `!` | `!expr` | 否定 |
            """)
        let target = ru("""
            # Операторы

            | Оператор | Пример | Объяснение |
            |---|---|---|
            | `^` | `expr ^ expr` | Исключающее ИЛИ |
            1️⃣| <code>&amp;vert;</code> | <code>expr &amp;vert; expr</code> | Побитовое ИЛИ |
            | `!` | `!expr` | Отрицание |
            """)
        try expectDrift(source, target, [Finding("inline-code-mismatch", .warning, at: target[1], note: source.firstLine(of: "ビットOR"))])
        let agreeing = ru(target.marked.text.replacingOnce("<code>&amp;vert;</code> | <code>expr &amp;vert; expr</code>", with: "<code>\\|</code> | `expr \\| expr`"))
        try expectDrift(source, agreeing, [])
    }

    @Test("A row's name in Latin script renamed in the translation, across a definition list and an HTML table")
    func renamedRowName() throws {
        let source = ja("""
            # ステータス

            - {{HTTPStatus(100, "100 Continue")}}
              - : この暫定レスポンスは、クライアントがリクエストを継続してよいことを示します。
            - {{HTTPStatus(101, "101 Switching Protocols")}}
              - : このコードは {{HTTPHeader("Upgrade")}} リクエストヘッダーへの応答として送られます。
            - {{HTTPStatus(103, "103 Early Hints")}}
              - : 主に {{HTTPHeader("Link")}} ヘッダーと共に使用されます。
            """)
        let target = ru("""
            # Статусы

            <table>
              <thead>
                <tr><th>Код</th><th>Название</th><th>Описание</th></tr>
              </thead>
              <tbody>
                <tr><td>100</td><td>Continue</td><td>Клиент может продолжать запрос.</td></tr>
            1️⃣    <tr><td>101</td><td>Switching Protocol</td><td>Ответ на заголовок {{HTTPHeader("Upgrade")}}.</td></tr>
                <tr><td>103</td><td>Early Hints</td><td>Используется с заголовком {{HTTPHeader("Link")}}.</td></tr>
              </tbody>
            </table>
            """)
        try expectDrift(source, target, [Finding("row-key-mismatch", .warning, at: target[1], note: source.firstLine(of: "Switching"))])
        let agreeing = ru(target.marked.text.replacingOnce("Switching Protocol<", with: "Switching Protocols<"))
        try expectDrift(source, agreeing, [])
    }

    @Test("Code fences inside a code component written without blank lines (<Sandpack> then ```js) are code samples compared like fenced ones")
    func fencesSwallowedInComponent() throws {
        let source = ja("""
            # カウンター

            ボタンを押すとカウンターが増えます。

            <Sandpack>
            ```js
            export default function Counter() {
            2️⃣  const [count, setCount] = useState(0);
              return <button onClick={() => setCount(count + 1)}>{count}</button>;
            }
            ```
            </Sandpack>

            `useState` は現在の値と更新関数を返します。
            """)
        let target = ru("""
            # Счётчик

            Нажатие на кнопку увеличивает счётчик.

            <Sandpack>
            ```js
            export default function Counter() {
            1️⃣  const [count, setCount] = useState(1);
              return <button onClick={() => setCount(count + 1)}>{count}</button>;
            }
            ```
            </Sandpack>

            `useState` возвращает текущее значение и функцию обновления.
            """)
        try expectDrift(source, target, rules: [CodeSampleDriftRule()], [Finding("code-sample-mismatch", at: target[1], note: source[2])])
        let agreeing = ru(target.marked.text.replacingOnce("useState(1)", with: "useState(0)"))
        try expectDrift(source, agreeing, [])
        // The same component written with blank lines is the same model.
        let spaced = ru(agreeing.marked.text.replacingOnce("<Sandpack>\n", with: "<Sandpack>\n\n").replacingOnce("```\n</Sandpack>", with: "```\n\n</Sandpack>"))
        try expectDrift(source, spaced, [])
    }
}
