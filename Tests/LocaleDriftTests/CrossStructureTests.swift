import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel
import Testing

// The product's configuration: a Japanese source, a Russian translation, no English in the run.
// These fixtures hold the same data in different structures in the two locales.

private let rules: [any DriftRule] = [StructureDriftRule(), CodeSampleDriftRule()]

/// Status codes as definition lists under one heading per class (as MDN's ja page has them).
private let statusJA = #"""
    HTTP のレスポンスステータスコードは、リクエストが正常に完了したかどうかを示します。

    ## 情報レスポンス

    - {{HTTPStatus(100, "100 Continue")}}
      - : これは暫定レスポンスで、クライアントはリクエストを継続してよいことを示します。
    - {{HTTPStatus(101, "101 Switching Protocols")}}
      - : サーバーはプロトコルを切り替えていることを示します。

    ## 成功レスポンス

    - {{HTTPStatus(200, "200 OK")}}
      - : リクエストが成功したことを示します。
    - {{HTTPStatus(201, "201 Created")}}
      - : 新たなリソースが作成されたことを示します。
    1️⃣- {{HTTPStatus(204, "204 No Content")}}
      - : 送信するコンテンツはありません。

    ## リダイレクトメッセージ

    - {{HTTPStatus(301, "301 Moved Permanently")}}
      - : リソースの URL が恒久的に変更されたことを示します。
    """#

/// The same codes in one HTML table with group rows and no headings (as MDN's ru page has them).
private let statusRU = #"""
    Код ответа HTTP показывает, был ли успешно выполнен запрос.

    <table class="standard-table">
      <thead>
        <tr>
          <th scope="col">Код</th>
          <th scope="col">Название</th>
          <th scope="col">Описание</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th colspan="3"><em>Информационные</em></th>
        </tr>
        <tr>
          <td>100</td>
          <td>Continue</td>
          <td>Промежуточный ответ: клиент может продолжать запрос.</td>
        </tr>
        <tr>
          <td>101</td>
          <td>Switching Protocols</td>
          <td>Сервер переключает протокол.</td>
        </tr>
        <tr>
          <th colspan="3"><em>Успешные</em></th>
        </tr>
        <tr>
          <td>200</td>
          <td>OK</td>
          <td>Запрос выполнен успешно.</td>
        </tr>
        <tr>
          <td>201</td>
          <td>Created</td>
          <td>Создан новый ресурс.</td>
        </tr>
        1️⃣<tr>
          <td>204</td>
          <td>No Content</td>
          <td>Нет содержимого для отправки.</td>
        </tr>
        <tr>
          <th colspan="3"><em>Перенаправления</em></th>
        </tr>
        <tr>
          <td>301</td>
          <td>Moved Permanently</td>
          <td>URL ресурса изменён навсегда.</td>
        </tr>
      </tbody>
    </table>
    """#

@Suite("ja → ru: the same data in different structures")
struct CrossStructureTests {
    @Test("Definition lists under several headings against one HTML table with group rows and no headings: in full agreement, silent")
    func sameDataSilent() throws {
        try expectDrift(ja(statusJA.replacingOnce("1️⃣", with: "")), ru(statusRU.replacingOnce("1️⃣", with: "")), rules: rules, [])
    }

    @Test("A row the translation's table lacks is one missing row where it belongs; a row only the table has is one extra row")
    func missingAndExtraRow() throws {
        let jaPage = ja(statusJA)
        // 204 is gone from the ru table and 206 stands in its place.
        let ruPage = ru(statusRU.replacingOnce("<td>204</td>\n      <td>No Content</td>", with: "<td>206</td>\n      <td>Partial Content</td>"))
        // Rows are located at their line; the ja table that the ru table stands for is the
        // definition list of the section the ru rows paired with (line 12).
        let row = Location(file: ruPage[1].file, line: ruPage[1].line, column: 1)
        try expectDrift(jaPage, ruPage, rules: rules, [
            Finding("missing-generic-row", .warning, at: row, note: jaPage[1]),
            Finding("extra-generic-row", .warning, at: row, notes: [Location(file: "docs-ja/p.md", line: 12, column: 1)]),
        ])
    }
}

/// An operator table whose key column repeats (`-` three times in a row in the translation).
private let operatorsJA = #"""
    ## 演算子

    | 演算子 | 例 | 説明 | オーバーロード可能か |
    |---|---|---|---|
    | `-` | `- expr` | 算術否定 | `Neg` |
    | `-` | `expr - expr` | 引き算 | `Sub` |
    1️⃣| `-=` | `var -= expr` | 引き算後に代入 | `SubAssign` |
    | `->` | `fn(...) -> type` | 関数とクロージャの戻り値型 | |
    """#

private let operatorsRU = #"""
    ## Операторы

    | Оператор | Пример | Объяснение | Перегружаемость |
    |---|---|---|---|
    | `-` | `- expr` | Арифметическое отрицание | `Neg` |
    | `-` | `expr - expr` | Арифметическое вычитание | `Sub` |
    1️⃣| `-=` | `var -= expr` | Арифметическое вычитание и присваивание | `SubAssign` |
    | `->` | `fn(...) -> type` | Тип возвращаемого значения функции и замыкания | |
    """#

@Suite("ja → ru: a key cell changed where keys repeat")
struct RepeatedKeyTests {
    @Test("An operator table in full agreement is silent")
    func silent() throws {
        try expectDrift(ja(operatorsJA), ru(operatorsRU), rules: rules, [])
    }

    @Test("`-=` written as `-` in a table whose keys repeat: the rows pair by their other cells and the key cell is reported")
    func keyChanged() throws {
        let jaPage = ja(operatorsJA)
        let ruPage = ru(operatorsRU.replacingOnce("| `-=` | `var -= expr`", with: "| `-` | `var -= expr`"))
        // At the key cell's code span (after "| "), on both sides.
        let row = Location(file: ruPage[1].file, line: ruPage[1].line, column: 3)
        try expectDrift(jaPage, ruPage, rules: rules, [
            Finding("inline-code-mismatch", .warning, at: row, note: Location(file: jaPage[1].file, line: jaPage[1].line, column: 3))
        ])
        let message = try drift(jaPage, ruPage, rules: rules).first?.message ?? ""
        #expect(message.contains("ru has '-'") && message.contains("has '-='"), "\(message)")
    }
}

/// An ordinary table whose key cells are prose (translated), its values numbers.
private let limitsJA = #"""
    ## 制限

    | 項目 | 上限 | 単位 |
    |---|---|---|
    | 1ページあたりの件数 | 250 | 件 |
    1️⃣| 同時接続数 | 16 | 本 |
    | 保存期間 | 30 | 日 |
    """#

private let limitsRU = #"""
    ## Ограничения

    | Параметр | Предел | Единица |
    |---|---|---|
    | Записей на странице | 250 | шт. |
    1️⃣| Одновременных соединений | 16 | шт. |
    | Срок хранения | 30 | дней |
    """#

@Suite("ja → ru: one number changed in a cell of an ordinary table")
struct GenericCellTests {
    @Test("The table in full agreement is silent")
    func silent() throws {
        try expectDrift(ja(limitsJA), ru(limitsRU), rules: rules, [])
    }

    @Test("16 written as 61 in a row whose other cells are translated prose: one number finding at that row, not an extra and a missing row")
    func oneCell() throws {
        let jaPage = ja(limitsJA)
        let ruPage = ru(limitsRU.replacingOnce("| 16 |", with: "| 61 |"))
        try expectDrift(jaPage, ruPage, rules: rules, [
            Finding(
                "number-mismatch", .warning, at: ruPage.location(of: "61"), note: jaPage.location(of: "16"))
        ])
    }
}
