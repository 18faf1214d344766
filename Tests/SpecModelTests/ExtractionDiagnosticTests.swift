import DocDiagnostics
import Testing

@testable import SpecModel

@Suite("Extraction diagnostics")
struct ExtractionDiagnosticTests {
    @Test func unknownKind() throws {
        let m = marked("""
            1️⃣<!-- docspec:table kind=error-list symbol=APIError -->

            | a | b |
            |---|---|
            | 1 | 2 |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["unknown-kind"])
        #expect(x.diagnostics.first?.location == m.location(1))
        #expect(x.page.tables.isEmpty)
        #expect(x.page.directives.count == 1)
    }

    @Test func missingKindIsMalformed() throws {
        let x = try extract("<!-- docspec:table symbol=APIError -->\n\n| a |\n|---|\n| 1 |\n")
        #expect(x.rules == ["malformed-directive"])
    }

    @Test func invalidSymbol() throws {
        let m = marked("""
            # 表

            1️⃣<!-- docspec:table kind=string-enum symbol=1Bad -->

            | 値 | 説明 |
            |---|---|
            | `A` | a |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["invalid-symbol"])
        #expect(x.diagnostics.first?.location == m.location(1))
        #expect(x.page.tables.isEmpty)
    }

    @Test func completeWithoutSymbolIsMalformedButTableIsKept() throws {
        let x = try extract("<!-- docspec:table kind=string-enum complete -->\n\n| 値 | 説明 |\n|---|---|\n| `A` | a |\n")
        #expect(x.rules == ["malformed-directive"])
        #expect(x.table?.id == "string-enum:-")
    }

    @Test func unknownAttributeIsAWarning() throws {
        let x = try extract("<!-- docspec:table kind=string-enum symbol=S colour=red -->\n\n| 値 | 説明 |\n|---|---|\n| `A` | a |\n")
        #expect(x.rules == ["unknown-attribute"])
        #expect(x.diagnostics.first?.severity == .warning)
        #expect(x.page.tables.count == 1)
    }

    @Test func directiveFollowedByParagraphIsOrphan() throws {
        let m = marked("""
            1️⃣<!-- docspec:table kind=string-enum symbol=S -->

            説明の段落。

            | 値 | 説明 |
            |---|---|
            | `A` | a |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["orphan-directive"])
        #expect(x.diagnostics.first?.location == m.location(1))
        #expect(x.diagnostics.first?.message.contains("paragraph") == true)
        #expect(x.page.tables.isEmpty)
        #expect(x.page.directives.count == 1)
    }

    @Test func directiveAtEndOfPageIsOrphan() throws {
        let m = marked("# 最後\n\n1️⃣<!-- docspec:table kind=string-enum symbol=S -->\n")
        let x = try extract(m.text)
        #expect(x.rules == ["orphan-directive"])
        #expect(x.diagnostics.first?.location == m.location(1))
    }

    @Test func directiveBeforeAnotherDirectiveIsOrphan() throws {
        let m = marked("""
            1️⃣<!-- docspec:table kind=string-enum symbol=A -->

            <!-- docspec:table kind=string-enum symbol=B -->

            | 値 | 説明 |
            |---|---|
            | `X` | x |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["orphan-directive"])
        #expect(x.diagnostics.first?.location == m.location(1))
        #expect(x.page.tables.map(\.symbol) == ["B"])
    }

    @Test func directiveDirectlyAboveTableWithoutBlankLineBinds() throws {
        let x = try extract("<!-- docspec:table kind=string-enum symbol=S -->\n| 値 | 説明 |\n|---|---|\n| `A` | a |\n")
        #expect(x.diagnostics.isEmpty)
        #expect(x.page.tables.count == 1)
    }

    @Test func malformedDirectiveIsReportedAndTableIgnored() throws {
        let m = marked("1️⃣<!-- docspec table kind=string-enum symbol=S -->\n\n| 値 | 説明 |\n|---|---|\n| `A` | a |\n")
        let x = try extract(m.text)
        #expect(x.rules == ["malformed-directive"])
        #expect(x.diagnostics.first?.location == m.location(1))
        #expect(x.page.tables.isEmpty)
    }

    @Test func unknownDirectiveIsReported() throws {
        let x = try extract("<!-- docspec:figure id=a -->\n\nText\n")
        #expect(x.rules == ["unknown-directive"])
    }

    @Test func ordinaryCommentsAreIgnored() throws {
        let x = try extract("<!-- 翻訳メモ: 後で直す -->\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
        #expect(x.diagnostics.isEmpty)
        #expect(x.page.directives.isEmpty)
        #expect(x.page.tables.isEmpty)
    }

    @Test func raggedRowsAreReportedAtTheirLineAndKept() throws {
        let m = marked("""
            <!-- docspec:table kind=string-enum symbol=S -->

            | 値 | 説明 |
            |---|---|
            1️⃣| `A` | a | extra |
            | `B` | b |
            2️⃣| `C` |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["ragged-row", "ragged-row"])
        #expect(x.diagnostics.map(\.location) == [m.location(1), m.location(2)])
        #expect(x.diagnostics.first?.message.contains("3 cells") == true)
        #expect(x.table?.rows.map(\.key) == ["A", "B", "C"])
    }

    @Test func escapedPipeIsNotARaggedRow() throws {
        let x = try extract("""
            <!-- docspec:table kind=string-enum symbol=S -->

            | 値 | 説明 |
            |---|---|
            | `a\\|b` | x \\| y |
            """)
        #expect(x.diagnostics.isEmpty)
        #expect(x.table?.rows.first?.key == "a|b")
    }

    @Test func tableInBlockQuoteIsNotRagged() throws {
        let x = try extract("""
            > <!-- docspec:table kind=string-enum symbol=S -->
            >
            > | 値 | 説明 |
            > |---|---|
            > | `A` | a |
            """)
        #expect(x.diagnostics.isEmpty)
        #expect(x.table?.rows.first?.key == "A")
    }

    @Test func duplicateKeyIsReportedAtTheSecondRowsKeyCell() throws {
        let m = marked("""
            <!-- docspec:table kind=int-enum symbol=P -->

            | 値 | ケース |
            |---|---|
            | `1` | `one` |
            | 1️⃣`1` | `uno` |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["duplicate-row"])
        #expect(x.diagnostics.first?.location == m.location(1))
        #expect(x.diagnostics.first?.message.contains("line 5") == true)
        #expect(x.table?.rows.count == 2)
    }

    @Test func twoTablesWithTheSameDefaultIDAreReported() throws {
        let m = marked("""
            <!-- docspec:table kind=string-enum symbol=S -->

            | 値 | 説明 |
            |---|---|
            | `A` | a |

            1️⃣<!-- docspec:table kind=string-enum symbol=S -->

            | 値 | 説明 |
            |---|---|
            | `B` | b |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["duplicate-table-id"])
        #expect(x.diagnostics.first?.location == m.location(1))
        #expect(x.page.tables.map(\.id) == ["string-enum:S", "string-enum:S"])
    }

    @Test func explicitIDsKeepTablesApart() throws {
        let x = try extract("""
            <!-- docspec:table kind=string-enum symbol=S id=first -->

            | 値 | 説明 |
            |---|---|
            | `A` | a |

            <!-- docspec:table kind=string-enum symbol=S id=second -->

            | 値 | 説明 |
            |---|---|
            | `B` | b |
            """)
        #expect(x.diagnostics.isEmpty)
        #expect(x.page.tables.map(\.id) == ["first", "second"])
    }
}

@Suite("Invalid cells")
struct InvalidCellTests {
    @Test func nonIntegerCodeAndBadStatus() throws {
        let m = marked("""
            <!-- docspec:table kind=error-codes symbol=APIError -->

            | エラー名 | コード | HTTP ステータス | 説明 |
            |---|---|---|---|
            | `GeneralBadRequestError` | 1️⃣`abc` | 2️⃣`999` | 不正 |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["invalid-cell", "invalid-cell"])
        #expect(x.diagnostics.map(\.location) == [m.location(1), m.location(2)])
        #expect(x.diagnostics[0].message.contains("'code'"))
        #expect(x.diagnostics[1].message.contains("'status'"))
        #expect(x.table?.rows.count == 1)
    }

    @Test func badRetryableAndBadName() throws {
        let m = marked("""
            <!-- docspec:table kind=error-codes symbol=APIError -->

            | エラー名 | コード | HTTP ステータス | 再試行 | 説明 |
            |---|---|---|---|---|
            | 1️⃣`名前` | `1` | `400` | 2️⃣たぶん | 不正 |
            """)
        let x = try extract(m.text)
        #expect(x.diagnostics.map(\.location) == [m.location(1), m.location(2)])
        #expect(x.rules == ["invalid-cell", "invalid-cell"])
    }

    @Test func badYesNoAndAllowedValueToken() throws {
        let m = marked("""
            <!-- docspec:table kind=fields symbol=R -->

            | Ключ | Тип | Обязательно | Допустимые значения | Ошибка |
            |---|---|---|---|---|
            | `a` | `bool` | 1️⃣может быть | 2️⃣`abc` | — |
            | `b` | `int32` | да | 3️⃣0...7 | — |
            | `c` | `int32` | нет | 4️⃣`7...0` | — |
            """)
        let x = try extract(m.text, locale: "ru")
        #expect(x.rules == ["invalid-cell", "invalid-cell", "invalid-cell", "invalid-cell"])
        #expect(x.diagnostics.map(\.location) == [m.location(1), m.location(2), m.location(3), m.location(4)])
        #expect(x.diagnostics[2].message.contains("inline code"))
    }

    @Test func nonURLBaseURLPathWithoutSlashAndBadMethod() throws {
        let m = marked("""
            <!-- docspec:table kind=endpoint symbol=E -->

            | 環境 | メソッド | ベース URL | パス |
            |---|---|---|---|
            | `Production` | 1️⃣`FETCH` | 2️⃣`api.example.com` | 3️⃣`inApps/v1` |
            | `Sandbox` | `GET` | 4️⃣`ftp://example.com` | `/ok/{id}` |
            """)
        let x = try extract(m.text)
        #expect(x.rules == Array(repeating: "invalid-cell", count: 4))
        #expect(x.diagnostics.map(\.location) == [m.location(1), m.location(2), m.location(3), m.location(4)])
    }

    @Test func invalidCellColumnIsCharacterBasedAfterJapaneseText() throws {
        let m = marked("""
            <!-- docspec:table kind=int-enum symbol=P -->

            | 番号の説明 | 名称 |
            |---|---|
            | `未申告のケース` | 1️⃣`ゼロ` |
            """)
        let x = try extract(m.text)
        // Unknown headers bind by position: value, case. Both cells are wrong for their columns.
        #expect(x.diagnostics.map(\.location).contains(m.location(1)))
    }

    @Test func emptyRawValueIsInvalid() throws {
        let m = marked("<!-- docspec:table kind=string-enum symbol=S -->\n\n| 値 | 説明 |\n|---|---|\n|1️⃣  | a |\n")
        let x = try extract(m.text)
        #expect(x.rules == ["invalid-cell"])
        #expect(x.diagnostics.first?.location == m.location(1))
    }

    @Test func recognisedHeaderAgainstItsPositionIsASchemaError() throws {
        // Unknown headers bind by position (name, code, status, description), but a header
        // recognised as another column must not be silently re-bound.
        let conflict = marked("""
            <!-- docspec:table kind=error-codes symbol=APIError -->

            | 1️⃣コード | 名称 | 状態 | 備考 |
            |---|---|---|---|
            | `4000000` | `GeneralBadRequestError` | `400` | 不正 |
            """)
        let y = try extract(conflict.text)
        #expect(y.rules == ["table-schema"])
        #expect(y.diagnostics.first?.location == conflict.location(1))
        #expect(y.diagnostics.first?.message.contains("'code'") == true)
    }

    @Test func extraColumnIsNamed() throws {
        // The translation adds a column after the last one the schema has: the extra header is
        // named, not the recognised header the position shift would blame.
        let m = marked("""
            <!-- docspec:table kind=error-codes symbol=APIError -->

            | Имя | Код | Статус | Описание | 1️⃣Пример |
            |---|---|---|---|---|
            | `GeneralBadRequestError` | `4000000` | `400` | Неверный запрос. | — |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["table-schema"])
        #expect(x.diagnostics.first?.location == m.location(1))
        #expect(x.diagnostics.first?.message.contains("'Пример' names no column") == true, "\(x.diagnostics)")
        // An unrecognised header where a column is free still binds there (retryable here).
        let bound = try extract("""
            <!-- docspec:table kind=error-codes symbol=APIError -->

            | Имя | Код | Статус | Повторять? | Описание |
            |---|---|---|---|---|
            | `GeneralBadRequestError` | `4000000` | `400` | нет | Неверный запрос. |
            """)
        #expect(!bound.rules.contains("table-schema"), "\(bound.diagnostics)")
    }

    @Test func twoHeadersNamingOneColumnIsASchemaError() throws {
        let m = marked("""
            <!-- docspec:table kind=string-enum symbol=S -->

            1️⃣| 値 | value |
            |---|---|
            | `A` | `B` |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["table-schema"])
        #expect(x.diagnostics.first?.location == m.location(1))
    }
}
